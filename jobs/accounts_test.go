package jobs_test

import (
	"context"
	"testing"

	"bizprofile/jobs"
)

// An account job carries the normalized address and nothing else; its
// handler gets the address back, and /admin/jobs says what it was for.
func TestAccountJobsCarryOnlyTheAddress(t *testing.T) {
	for _, tc := range []struct {
		job      func(string) []byte
		kind     string
		describe string
	}{
		{func(e string) []byte { return jobs.PasswordReset(e).Payload }, jobs.KindPasswordReset, "Password reset asked for rae@example.com"},
		{func(e string) []byte { return jobs.VerificationResend(e).Payload }, jobs.KindVerificationResend, "New verification link asked for rae@example.com"},
	} {
		payload := tc.job("  Rae@Example.COM ")
		if string(payload) != `{"email":"rae@example.com"}` {
			t.Errorf("%s payload %s", tc.kind, payload)
		}
		var got string
		err := jobs.ForAddress(func(_ context.Context, email string) error { got = email; return nil })(context.Background(), payload)
		if err != nil || got != "rae@example.com" {
			t.Errorf("%s handler got %q, %v", tc.kind, got, err)
		}
		if d := jobs.Describe(tc.kind, payload); d != tc.describe {
			t.Errorf("Describe(%s) = %q, want %q", tc.kind, d, tc.describe)
		}
	}
	if jobs.PasswordReset("a@example.com").Kind != jobs.KindPasswordReset || jobs.VerificationResend("a@example.com").Kind != jobs.KindVerificationResend {
		t.Error("the jobs are not of their kinds")
	}
	if err := jobs.ForAddress(func(context.Context, string) error { return nil })(context.Background(), []byte("{")); err == nil {
		t.Error("a broken payload was accepted")
	}
}
