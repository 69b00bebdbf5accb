package mail

import (
	"strings"
	"testing"
)

func TestListingEmails(t *testing.T) {
	const link = "https://bizprofile.test/x?token=t1"
	for _, tc := range []struct {
		name string
		m    Message
		says []string // in the text body, with the link
	}{
		{"confirm the contact email", ConfirmListingEmail(testSite, "a@example.com", "Taco Palace", link), []string{"Taco Palace", "72 hours", "If you don't know Taco Palace, ignore this email"}},
		{"held", ListingHeld(testSite, "a@example.com", "Harbour Bakery", "Portland, OR", []string{"Its name is close to Harbor Bakery's."}, link), []string{"Harbour Bakery (Portland, OR)", "Its name is close to Harbor Bakery's."}},
		{"approved", ListingApproved(testSite, "a@example.com", "Harbour Bakery", link), []string{"approved it"}},
		{"rejected", ListingRejected(testSite, "a@example.com", "Harbour Bakery", "Another bakery's name.", link), []string{"“Another bakery's name.”"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m.To != "a@example.com" || m.Subject == "" || m.HTML == "" {
				t.Fatalf("incomplete message %+v", m)
			}
			if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
				t.Error("the link is missing from a body")
			}
			for _, s := range tc.says {
				if !strings.Contains(m.Text, s) {
					t.Errorf("the text body lacks %q:\n%s", s, m.Text)
				}
			}
		})
	}
}
