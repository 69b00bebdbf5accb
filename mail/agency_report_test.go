package mail

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A client's report, and an agency's email of its clients' month, carry
// the agency's brand alone (its name heads and signs them, its link is
// the footer's) and the figures with their change; only the agency's
// links the printable reports; what the agency typed is escaped.
func TestAgencyReports(t *testing.T) {
	a := AgencyReportMonth{
		Brand: "Brightside <Digital>", BrandURL: "https://brightside.example", Listing: "Lone Star Plumbing",
		Month: "April 2026", PrevMonth: "March 2026",
		This: MonthFigures{Views: 1250, ContactClicks: 40, Leads: 3, Reviews: 2, Rating: 4.5},
		Prev: MonthFigures{Views: 1000, ContactClicks: 50, Leads: 0},
	}
	link := "https://bizprofile.test/partners/clients/7/report?month=2026-04"
	client := AgencyReport("owner@plumbing.example", a)
	agency := AgencyDigest("pia@agency.example", a.Brand, a.BrandURL, a.Month, a.PrevMonth, []AgencyClientMonth{
		{Listing: "Lone Star Plumbing", This: a.This, Prev: a.Prev, ReportLink: link},
		{Listing: "Hill Country Roofing", This: MonthFigures{Views: 1}, ReportLink: link + "8"},
	})
	if agency.Subject != "Your clients' April 2026 reports: 2 listings" || client.Subject != "Your April 2026 report for Lone Star Plumbing, from Brightside <Digital>" {
		t.Errorf("subjects %q and %q", agency.Subject, client.Subject)
	}
	for _, line := range []string{"Views: 1,250 (+25% vs March 2026)", "Contact clicks: 40 (−20% vs March 2026)", "Leads: 3 (— vs March 2026)", "Average rating of new reviews: 4.5 stars"} {
		if !strings.Contains(client.Text, line) {
			t.Errorf("the client's report: no %q in\n%s", line, client.Text)
		}
	}
	for _, line := range []string{"Lone Star Plumbing: 1,250 views, 40 contact clicks, 3 leads, 2 new reviews (views +25% vs March 2026)", "Hill Country Roofing: 1 view, 0 contact clicks, 0 leads, 0 new reviews (views — vs March 2026)", "Lone Star Plumbing: printable report: " + link} {
		if !strings.Contains(agency.Text, line) {
			t.Errorf("the agency's email: no %q in\n%s", line, agency.Text)
		}
	}
	for _, m := range []Message{agency, client} {
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
	if strings.Contains(client.Text+client.HTML, "/partners/") {
		t.Error("the client's report links the agency's pages")
	}
}
