package mail

import (
	"strings"
	"testing"
)

func TestAccountEmails(t *testing.T) {
	const link = "https://bizprofile.test/x?token=t1"
	for _, tc := range []struct {
		name  string
		m     Message
		links []string // must appear in both bodies
		says  []string // must appear in the text body
	}{
		{"verify", VerifyEmail(testSite, "a@example.com", "Jane", link), []string{link}, []string{"Hi Jane,", "24 hours"}},
		{"already registered", AlreadyRegistered(testSite, "a@example.com"), []string{"https://bizprofile.test/login", "https://bizprofile.test/login#forgot"}, []string{"Hello,", "wasn't you, ignore"}},
		{"reset", PasswordReset(testSite, "a@example.com", link), []string{link}, []string{"1 hour", "only once", "password is unchanged"}},
		{"changed", PasswordChanged(testSite, "a@example.com"), []string{"https://bizprofile.test/login#forgot"}, []string{"wasn't you, reset your password now"}},
		{"confirm change", ConfirmEmailChange(testSite, "a@example.com", link), []string{link}, []string{"24 hours"}},
		{"claim approved", ClaimApproved(testSite, "a@example.com", "Harbor Bakery", link), []string{link}, []string{"Harbor Bakery is now yours"}},
		{"claim rejected", ClaimRejected(testSite, "a@example.com", "Harbor Bakery", link), []string{link}, []string{"could not confirm that you manage Harbor Bakery"}},
		{"claim closed", ClaimClosed(testSite, "a@example.com", "Harbor Bakery", link), []string{link}, []string{"Another claim on Harbor Bakery was confirmed", "your claim was closed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m.To != "a@example.com" || m.Subject == "" || m.Text == "" || m.HTML == "" {
				t.Fatalf("incomplete message %+v", m)
			}
			for _, l := range tc.links {
				if !strings.Contains(m.Text, l) || !strings.Contains(m.HTML, `href="`+l+`"`) {
					t.Errorf("link %s missing from a body", l)
				}
			}
			for _, s := range append(tc.says, testSite.Name, testSite.SupportEmail) {
				if !strings.Contains(m.Text, s) {
					t.Errorf("text body lacks %q:\n%s", s, m.Text)
				}
			}
			for _, s := range []string{`<html lang="en">`, "<title>", testSite.Name, "mailto:" + testSite.SupportEmail} {
				if !strings.Contains(m.HTML, s) {
					t.Errorf("HTML body lacks %q", s)
				}
			}
		})
	}
}

func TestAccountEmailsEscapeWhatTheyAreGiven(t *testing.T) {
	m := VerifyEmail(Site{Name: `A&B <Co>`, BaseURL: "https://b.test"}, "a@example.com", "<b>Eve</b>", `javascript:alert(1)`)
	if strings.Contains(m.HTML, "<b>Eve</b>") || !strings.Contains(m.HTML, "Hi &lt;b&gt;Eve&lt;/b&gt;,") {
		t.Error("the name is not escaped in HTML")
	}
	if strings.Contains(m.HTML, "<Co>") {
		t.Error("the site name is not escaped in HTML")
	}
	if strings.Contains(m.HTML, `href="javascript:`) {
		t.Error("a javascript: link survived")
	}
	if !strings.Contains(VerifyEmail(testSite, "a@example.com", "  ", "https://b.test/v").Text, "Hello,") {
		t.Error("a blank name should give the plain greeting")
	}
}
