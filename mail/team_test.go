package mail

import (
	"strings"
	"testing"
)

func TestTeamEmails(t *testing.T) {
	const link = "https://bizprofile.test/team/invite?token=t1"
	for _, tc := range []struct {
		name string
		m    Message
		link string
		says []string // in the text body
	}{
		{"invitation", TeamInvitation(testSite, "a@example.com", "Maria Lopez", "Maria Lopez (Taco Palace)", link), link,
			[]string{"Maria Lopez invited you to join the team of Maria Lopez (Taco Palace)", "valid for 7 days and works once", "a@example.com"}},
		{"removed", TeamMemberRemoved(testSite, "a@example.com", "Taco Palace"), testSite.BaseURL + "/dashboard",
			[]string{"removed you from its team", "Your account stays open"}},
		{"ownership", TeamOwnershipReceived(testSite, "a@example.com", "Taco Palace", "Maria Lopez", testSite.BaseURL+"/dashboard/team"), testSite.BaseURL + "/dashboard/team",
			[]string{"transferred the ownership of Taco Palace to you", "Maria Lopez stays on the team as a member"}},
		{"joined", TeamMemberJoined(testSite, "a@example.com", "Sam Lee (sam@example.com)", testSite.BaseURL+"/dashboard/team"), testSite.BaseURL + "/dashboard/team",
			[]string{"Sam Lee (sam@example.com) accepted your invitation", "remove them from the team page"}},
		{"left", TeamMemberLeft(testSite, "a@example.com", "Sam Lee (sam@example.com)", testSite.BaseURL+"/dashboard/team"), testSite.BaseURL + "/dashboard/team",
			[]string{"Sam Lee (sam@example.com) left your team", "Their seat is free again"}},
		{"integrations retired", TeamIntegrationsRetired(testSite, "a@example.com", "Sam Lee (sam@example.com)", "left the team",
			[]string{"CRM (bp_abc123…)"}, []string{"https://crm.example/hooks"}, testSite.BaseURL+"/dashboard/api"), testSite.BaseURL + "/dashboard/api",
			[]string{"Sam Lee (sam@example.com) left the team, so the API keys they created were revoked", "API key: CRM (bp_abc123…)",
				"Webhook endpoint: https://crm.example/hooks", "re-enable it from its page"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m.To != "a@example.com" || m.Subject == "" || m.HTML == "" {
				t.Fatalf("incomplete message %+v", m)
			}
			if !strings.Contains(m.Text, tc.link) || !strings.Contains(m.HTML, `href="`+tc.link+`"`) {
				t.Errorf("the link %s is missing from a body", tc.link)
			}
			for _, s := range tc.says {
				if !strings.Contains(m.Text, s) {
					t.Errorf("the text body lacks %q:\n%s", s, m.Text)
				}
			}
		})
	}
}
