package mail

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A client's report carries the agency's brand alone (its name heads and
// signs it, its link is the footer's), its figures with their change, and
// the printable page's link only in the agency's copy; what the agency
// typed is escaped.
func TestAgencyReport(t *testing.T) {
	a := AgencyReportMonth{
		Brand: "Brightside <Digital>", BrandURL: "https://brightside.example", Listing: "Lone Star Plumbing",
		Month: "April 2026", PrevMonth: "March 2026",
		This:       MonthFigures{Views: 1250, ContactClicks: 40, Leads: 3, Reviews: 2, Rating: 4.5},
		Prev:       MonthFigures{Views: 1000, ContactClicks: 50, Leads: 0},
		ReportLink: "https://bizprofile.test/partners/clients/7/report?month=2026-04",
	}
	agency := AgencyReport("pia@agency.example", a, false)
	client := AgencyReport("owner@plumbing.example", a, true)
	if agency.Subject != "Lone Star Plumbing: April 2026 report" || client.Subject != "Your April 2026 report for Lone Star Plumbing, from Brightside <Digital>" {
		t.Errorf("subjects %q and %q", agency.Subject, client.Subject)
	}
	for _, m := range []Message{agency, client} {
		for _, line := range []string{"Views: 1,250 (+25% vs March 2026)", "Contact clicks: 40 (−20% vs March 2026)", "Leads: 3 (— vs March 2026)", "Average rating of new reviews: 4.5 stars"} {
			if !strings.Contains(m.Text, line) {
				t.Errorf("to %s: no %q in\n%s", m.To, line, m.Text)
			}
		}
		if strings.Contains(m.Text+m.HTML, testSite.Name) {
			t.Errorf("the report to %s names the site", m.To)
		}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(m.HTML))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.HTML, "<Digital>") || !strings.Contains(doc.Text(), "Brightside <Digital>") {
			t.Errorf("to %s: the brand is not escaped", m.To)
		}
		if doc.Find(`a[href="https://brightside.example"]`).Length() == 0 {
			t.Errorf("to %s: no link to the agency's site", m.To)
		}
	}
	if !strings.Contains(agency.Text, a.ReportLink) || strings.Contains(client.Text, "/partners/") || strings.Contains(client.HTML, "/partners/") {
		t.Error("the printable report's link belongs in the agency's copy alone")
	}
}
