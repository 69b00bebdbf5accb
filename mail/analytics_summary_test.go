package mail

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The summary gives each figure of the month with its change against the
// month before, in a table of the HTML body and a line each in the text
// body, names the best listing, links the month's report and says how to
// turn it off.
func TestAnalyticsSummary(t *testing.T) {
	const report = "https://bizprofile.test/dashboard/analytics?range=2026-04"
	const off = "https://bizprofile.test/profile#analytics-summary"
	a := AnalyticsMonth{
		Month: "April 2026", PrevMonth: "March 2026", Listings: 2,
		This:        MonthFigures{Views: 1250, Visitors: 900, Impressions: 5000, ContactClicks: 40, Leads: 25, Reviews: 3, Conversion: 0.02, Rating: 4.67},
		Prev:        MonthFigures{Views: 1000, Visitors: 0, Impressions: 5000, ContactClicks: 50, Leads: 20, Reviews: 2, Conversion: 0.02, Rating: 4.5},
		Best:        "Harbor Bakery",
		BestFigures: MonthFigures{Views: 1000, Leads: 1},
		ReportLink:  report, OffLink: off,
	}
	m := AnalyticsSummary(testSite, "owner@example.com", a)
	if m.To != "owner@example.com" || m.Subject != "Your April 2026 on BizProfile: 1,250 views, 25 leads" {
		t.Fatalf("message %q to %q", m.Subject, m.To)
	}
	rows := [][]string{
		{"Views", "1,250", "+25%"},
		{"Unique visitors (counted once per day)", "900", "—"},
		{"Appearances in search results", "5,000", "0%"},
		{"Contact clicks", "40", "−20%"},
		{"Leads", "25", "+25%"},
		{"Conversion (leads per view)", "2.0%", "0%"},
		{"Reviews", "3", "+50%"},
		{"Average rating", "4.7 stars", "+0.2"},
	}
	for _, r := range rows {
		if line := r[0] + ": " + r[1] + " (" + r[2] + " vs March 2026)"; !strings.Contains(m.Text, line) {
			t.Errorf("the text body lacks %q:\n%s", line, m.Text)
		}
	}
	for _, s := range []string{"Here is how your 2 listings did on BizProfile in April 2026, against March 2026.",
		"Your best listing was Harbor Bakery, with 1 lead from 1,000 views.",
		"See the full report:\n" + report, "Turn it off on your profile: " + off, "on a paid plan"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text body lacks %q:\n%s", s, m.Text)
		}
	}

	doc, err := goquery.NewDocumentFromReader(strings.NewReader(m.HTML))
	if err != nil {
		t.Fatal(err)
	}
	table := doc.Find("table")
	if table.Length() != 1 || strings.TrimSpace(table.Find("caption").Text()) != "April 2026 in figures" {
		t.Fatalf("the HTML body has %d tables, caption %q", table.Length(), table.Find("caption").Text())
	}
	var heads []string
	table.Find("thead th[scope=col]").Each(func(_ int, s *goquery.Selection) { heads = append(heads, s.Text()) })
	if strings.Join(heads, "|") != "Figure|April 2026|Change vs March 2026" {
		t.Errorf("column headings %q", heads)
	}
	trs := table.Find("tbody tr")
	if trs.Length() != len(rows) {
		t.Fatalf("%d rows, want %d", trs.Length(), len(rows))
	}
	trs.Each(func(i int, tr *goquery.Selection) {
		got := []string{tr.Find("th[scope=row]").Text()}
		tr.Find("td").Each(func(_ int, td *goquery.Selection) { got = append(got, td.Text()) })
		if strings.Join(got, "|") != strings.Join(rows[i], "|") {
			t.Errorf("row %d: %q, want %q", i, got, rows[i])
		}
	})
	if doc.Find(`a[href="`+report+`"]`).Length() == 0 || doc.Find(`a[href="`+off+`"]`).Length() == 0 {
		t.Error("the HTML body does not link the report and the opt-out")
	}
}

// One listing is named; a month with nothing to compare with shows "—",
// and no conversion or rating is made up from no views or reviews.
func TestAnalyticsSummaryOfAQuietMonth(t *testing.T) {
	m := AnalyticsSummary(testSite, "owner@example.com", AnalyticsMonth{
		Month: "April 2026", PrevMonth: "March 2026", Listings: 1, Listing: "Corner Cafe",
		ReportLink: "https://bizprofile.test/dashboard/analytics?range=2026-04", OffLink: "https://bizprofile.test/profile",
	})
	for _, s := range []string{"Here is how Corner Cafe did", "Views: 0 (— vs March 2026)", "Conversion (leads per view): — (— vs March 2026)", "Average rating: — (— vs March 2026)"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text body lacks %q:\n%s", s, m.Text)
		}
	}
	if strings.Contains(m.Text, "best listing") {
		t.Error("a single listing is called the best")
	}
	if m.Subject != "Your April 2026 on BizProfile: 0 views, 0 leads" {
		t.Errorf("subject %q", m.Subject)
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -4500: "−4,500"} {
		if got := count(n); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
}
