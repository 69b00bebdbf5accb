package domain_test

import (
	"strings"
	"testing"

	"bizprofile/catalog"
	"bizprofile/domain"
)

// An administrator's reason is what the owner is emailed: required to
// reject a held listing or remove an image, and bounded.
func TestModerationReasons(t *testing.T) {
	long := strings.Repeat("é", catalog.HoldReasonMax+1)
	for _, tc := range []struct {
		name  string
		check func() catalog.FieldErrors
		want  string // the reason's message, "" for none
	}{
		{"approval without a reason", domain.Decision{Approve: true}.Check, ""},
		{"rejection with a reason", domain.Decision{Reason: "A copy of another listing"}.Check, ""},
		{"rejection without one", domain.Decision{Reason: "  "}.Check, "Give the reason: the owner is emailed it."},
		{"rejection with a long one", domain.Decision{Reason: long}.Check, "Keep the reason to 500 characters."},
		{"removal with a reason", domain.ImageRemoval{Reason: "Shows a phone number"}.Check, ""},
		{"removal without one", domain.ImageRemoval{}.Check, "Give the reason: the owner is emailed it."},
		{"removal with a long one", domain.ImageRemoval{Reason: long}.Check, "Keep the reason to 500 characters."},
		{"removal at the limit", domain.ImageRemoval{Reason: long[len("é"):]}.Check, ""},
	} {
		if got := tc.check()["reason"]; got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
