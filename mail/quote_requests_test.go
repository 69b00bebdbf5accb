package mail

import (
	"strings"
	"testing"
)

func TestNewRequestLead(t *testing.T) {
	const link = "https://bizprofile.test/dashboard/leads/42"
	m := NewRequestLead(testSite, "owner@example.com", RequestLead{
		Business: "Peak Roofing", Name: "Jane Doe", Email: "jane@example.com", Phone: "512 555 0147",
		Description: "Two shingles blew off in the storm.", Place: "Austin, TX", Timing: "Within a week", Budget: "Not stated", Link: link,
	})
	if m.To != "owner@example.com" || m.Subject != "Quote request for Peak Roofing from Jane Doe" {
		t.Fatalf("message %q to %q", m.Subject, m.To)
	}
	for _, s := range []string{"serve Austin, TX", "“Two shingles blew off in the storm.”", "When: Within a week. Budget: Not stated.", "Contact: jane@example.com, phone 512 555 0147", "Open the request:\n" + link} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text body lacks %q:\n%s", s, m.Text)
		}
	}
	if !strings.Contains(m.HTML, `href="`+link+`"`) {
		t.Error("the HTML body does not link the lead")
	}
}

func TestQuoteRequestSent(t *testing.T) {
	const link = "https://bizprofile.test/requests/ABC"
	for _, tc := range []struct {
		name       string
		businesses []string
		says       string
	}{
		{"none", nil, "no business that manages its listing here matches it, so it went to no one"},
		{"one", []string{"Peak Roofing"}, "went to 1 business: Peak Roofing."},
		{"several", []string{"Peak Roofing", "Dry Gutters"}, "went to 2 businesses: Peak Roofing, Dry Gutters."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := QuoteRequestSent(testSite, "jane@example.com", "Jane", tc.businesses, link)
			for _, s := range []string{"Hi Jane,", tc.says, "See your request:\n" + link} {
				if !strings.Contains(m.Text, s) {
					t.Errorf("the text body lacks %q:\n%s", s, m.Text)
				}
			}
		})
	}
}
