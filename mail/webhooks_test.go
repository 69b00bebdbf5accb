package mail

import (
	"strings"
	"testing"
	"time"
)

func TestWebhookDisabled(t *testing.T) {
	const link = "https://bizprofile.test/dashboard/api/webhooks/7"
	since := time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)
	m := WebhookDisabled(testSite, "owner@example.com", "https://crm.example.com/hooks", since, link)
	if m.To != "owner@example.com" || !strings.Contains(m.Subject, "https://crm.example.com/hooks") || m.HTML == "" {
		t.Fatalf("incomplete message %+v", m)
	}
	if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
		t.Error("the link to the endpoint's page is missing from a body")
	}
	for _, s := range []string{"https://crm.example.com/hooks", "2 March 2026 at 09:30 UTC", "enable it on that page", "Resend"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text body lacks %q:\n%s", s, m.Text)
		}
	}
}
