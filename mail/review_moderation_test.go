package mail

import (
	"strings"
	"testing"
)

func TestReviewModerationEmails(t *testing.T) {
	const link = "https://bizprofile.test/directory/harbor-bakery"
	for _, tc := range []struct {
		name    string
		m       Message
		subject string
		says    []string // in the text body
		never   []string // nowhere in the text body
	}{
		{"hidden", ReviewHidden(testSite, "a@example.com", "Harbor Bakery", "Buy my bread instead", "Written by a competitor.", link),
			"Your review of Harbor Bakery was hidden",
			[]string{"hid your review “Buy my bread instead” of Harbor Bakery", "“Written by a competitor.”", "write to help@bizprofile.test"}, nil},
		{"deleted with a reason", ReviewDeleted(testSite, "a@example.com", "Harbor Bakery", "Buy my bread instead", "Advertising.", link),
			"Your review of Harbor Bakery was deleted",
			[]string{"deleted your review “Buy my bread instead” of Harbor Bakery", "“Advertising.”"}, nil},
		{"deleted without a reason", ReviewDeleted(testSite, "a@example.com", "Harbor Bakery", "Buy my bread instead", "", link),
			"Your review of Harbor Bakery was deleted",
			[]string{"deleted your review"}, []string{"The reason", "“”"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m.To != "a@example.com" || m.Subject != tc.subject || m.HTML == "" {
				t.Fatalf("message = %+v", m)
			}
			if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
				t.Error("the listing's link is missing from a body")
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
	// Without a support address, the email points to the contact page.
	m := ReviewHidden(Site{Name: "BizProfile", BaseURL: "https://bizprofile.test"}, "a@example.com", "Harbor Bakery", "T", "R", link)
	if !strings.Contains(m.Text, "https://bizprofile.test/contact") {
		t.Errorf("no way to ask for a second look:\n%s", m.Text)
	}
}
