package mail

import (
	"strings"
	"testing"
)

func TestVerificationEmails(t *testing.T) {
	const link = "https://bizprofile.test/dashboard/businesses/7"
	for _, tc := range []struct {
		name    string
		m       Message
		to      string
		subject string
		says    []string // in the text body
		never   []string
	}{
		{"requested, with all the evidence", VerificationRequested(testSite, "admin@example.com", "Harbor Bakery", "ann@harbor.example", "I bake there.", "(503) 555-0100", "https://harbor.example/about", link),
			"admin@example.com", "Verification requested for Harbor Bakery",
			[]string{"ann@harbor.example asks us to verify Harbor Bakery", "“I bake there.”", "Phone to call back: (503) 555-0100", "Link: https://harbor.example/about"}, nil},
		{"requested, with a statement only", VerificationRequested(testSite, "admin@example.com", "Harbor Bakery", "ann@harbor.example", "I bake there.", "", "", link),
			"admin@example.com", "Verification requested for Harbor Bakery",
			[]string{"“I bake there.”"}, []string{"Phone to call back", "Link:"}},
		{"approved", VerificationApproved(testSite, "ann@harbor.example", "Harbor Bakery", link),
			"ann@harbor.example", "Harbor Bakery is verified",
			[]string{"verified it", "Verified by our team"}, nil},
		{"rejected", VerificationRejected(testSite, "ann@harbor.example", "Harbor Bakery", "Nobody answered the phone.", link),
			"ann@harbor.example", "We could not verify Harbor Bakery yet",
			[]string{"“Nobody answered the phone.”", "ask again"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m.To != tc.to || m.Subject != tc.subject || m.HTML == "" {
				t.Fatalf("message = %+v", m)
			}
			if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
				t.Error("the link is missing from a body")
			}
			for _, s := range tc.says {
				if !strings.Contains(m.Text, s) {
					t.Errorf("the text body lacks %q:\n%s", s, m.Text)
				}
			}
			for _, s := range tc.never {
				if strings.Contains(m.Text, s) {
					t.Errorf("the text body has %q:\n%s", s, m.Text)
				}
			}
		})
	}
}
