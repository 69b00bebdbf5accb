package mail

import (
	"fmt"
	"math"
	"strconv"
)

// The monthly analytics summary: last month's figures of an owner's
// listings, each against the month before, for owners on paid plans who
// did not turn it off on /profile.

// MonthFigures are a month's figures of some listings.
type MonthFigures struct {
	Views, Visitors, Impressions, ContactClicks, Leads, Reviews int64
	Conversion                                                  float64 // leads per view
	Rating                                                      float64 // average stars of the month's reviews; 0 without
}

// AnalyticsMonth is what a summary tells.
type AnalyticsMonth struct {
	Month, PrevMonth string // "April 2026", "March 2026"
	This, Prev       MonthFigures
	// Listings is how many listings the figures add up; Listing names the
	// one when there is one.
	Listings int
	Listing  string
	// Best is the listing with the most leads (then views) when there are
	// several and one had any; BestFigures are its own.
	Best        string
	BestFigures MonthFigures
	ReportLink  string // the month on /dashboard/analytics
	OffLink     string // where the owner turns the summary off
}

// AnalyticsSummary is the monthly email of an owner's analytics.
func AnalyticsSummary(s Site, to string, a AnalyticsMonth) Message {
	of := "your " + strconv.Itoa(a.Listings) + " listings"
	if a.Listings == 1 {
		of = a.Listing
	}
	intro := []string{"Here is how " + of + " did on " + s.Name + " in " + a.Month + ", against " + a.PrevMonth + "."}
	if a.Best != "" {
		intro = append(intro, "Your best listing was "+a.Best+", with "+counted(a.BestFigures.Leads, "lead", "leads")+" from "+counted(a.BestFigures.Views, "view", "views")+".")
	}
	t, p := a.This, a.Prev
	rows := []struct {
		label, value, change string
	}{
		{"Views", count(t.Views), change(t.Views, p.Views)},
		{"Unique visitors (counted once per day)", count(t.Visitors), change(t.Visitors, p.Visitors)},
		{"Appearances in search results", count(t.Impressions), change(t.Impressions, p.Impressions)},
		{"Contact clicks", count(t.ContactClicks), change(t.ContactClicks, p.ContactClicks)},
		{"Leads", count(t.Leads), change(t.Leads, p.Leads)},
		{"Conversion (leads per view)", percent(t.Conversion, t.Views > 0), changeOf(t.Conversion, p.Conversion, p.Views > 0)},
		{"Reviews", count(t.Reviews), change(t.Reviews, p.Reviews)},
		{"Average rating", stars1(t.Rating, t.Reviews > 0), starsChange(t, p)},
	}
	tab := &table{Caption: a.Month + " in figures", Head: []string{"Figure", a.Month, "Change vs " + a.PrevMonth}}
	for _, r := range rows {
		tab.Rows = append(tab.Rows, tableRow{Cells: []string{r.label, r.value, r.change}, Text: r.label + ": " + r.value + " (" + r.change + " vs " + a.PrevMonth + ")"})
	}
	return build(to, "Your "+a.Month+" on "+s.Name+": "+counted(t.Views, "view", "views")+", "+counted(t.Leads, "lead", "leads"), email{
		Site:   s,
		Intro:  intro,
		Table:  tab,
		Button: linkTo("See the full report", a.ReportLink),
		Outro:  []paragraph{{Text: "You get this summary on the first of each month.", Link: linkTo("Turn it off on your profile", a.OffLink)}},
		Why:    "You receive this because you manage listings on " + s.Name + " on a paid plan, which brings a monthly analytics summary.",
	})
}

// count writes n with thousands separators: 12,345.
func count(n int64) string {
	s := strconv.FormatInt(max(n, -n), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if n < 0 {
		return "−" + s
	}
	return s
}

func counted(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return count(n) + " " + many
}

// change is the change from before to now in percent ("+12%", "−5%"), or
// "—" when there was nothing before to compare with.
func change(now, before int64) string {
	return changeOf(float64(now), float64(before), before > 0)
}

func changeOf(now, before float64, comparable bool) string {
	if !comparable || before == 0 {
		return "—"
	}
	pct := math.Round((now - before) / before * 100)
	switch {
	case pct > 0:
		return "+" + strconv.FormatFloat(pct, 'f', 0, 64) + "%"
	case pct < 0:
		return "−" + strconv.FormatFloat(-pct, 'f', 0, 64) + "%"
	}
	return "0%"
}

// percent writes a ratio as a percentage to one decimal, or "—" when it
// has no meaning (no views to convert).
func percent(r float64, meaningful bool) string {
	if !meaningful {
		return "—"
	}
	return strconv.FormatFloat(r*100, 'f', 1, 64) + "%"
}

func stars1(avg float64, has bool) string {
	if !has {
		return "—"
	}
	return fmt.Sprintf("%.1f stars", avg)
}

// starsChange is the change of the average rating in stars ("+0.3").
func starsChange(now, before MonthFigures) string {
	if now.Reviews == 0 || before.Reviews == 0 {
		return "—"
	}
	d := math.Round((now.Rating-before.Rating)*10) / 10
	switch {
	case d > 0:
		return fmt.Sprintf("+%.1f", d)
	case d < 0:
		return fmt.Sprintf("−%.1f", -d)
	}
	return "0.0"
}
