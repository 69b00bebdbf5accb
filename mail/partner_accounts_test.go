package mail

import (
	"strings"
	"testing"
)

func TestPartnerDecisionEmails(t *testing.T) {
	s := Site{Name: "BizProfile", BaseURL: "https://bizprofile.test", SupportEmail: "support@bizprofile.test"}
	m := PartnerApproved(s, "ann@example.com", "Ann", "Partner+", 25, "Welcome aboard", "https://bizprofile.test/r/abcd2345", "https://bizprofile.test/partners/dashboard")
	for _, want := range []string{"Partner+", "25%", "https://bizprofile.test/r/abcd2345", "https://bizprofile.test/partners/dashboard", "Welcome aboard", "Hi Ann,"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("approval lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, `href="https://bizprofile.test/partners/dashboard"`) {
		t.Error("approval's HTML has no button to the dashboard")
	}
	m = PartnerDeclined(s, "ann@example.com", "Ann", "No website yet", "https://bizprofile.test/partners/dashboard")
	if m.Subject != "Your partner application was declined" || !strings.Contains(m.Text, "No website yet") {
		t.Errorf("decline = %q\n%s", m.Subject, m.Text)
	}
}
