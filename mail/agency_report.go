package mail

// White label (issue 37): a client listing's monthly report, emailed to
// the Partner+ agency that manages it and, when the agency chose, to the
// listing's owner. It carries the agency's brand in place of the site's:
// the heading and footer name the agency and link its site; nothing in
// it names the site.

// AgencyReportMonth is what a report email tells.
type AgencyReportMonth struct {
	Brand, BrandURL  string // the agency's brand name and its https address ("" none)
	Listing          string
	Month, PrevMonth string // "April 2026", "March 2026"
	This, Prev       MonthFigures
	// ReportLink is the printable report, for the agency; "" in the
	// client's email (the page is the agency's).
	ReportLink string
}

// AgencyReport is client listing a.Listing's report of a.Month, to its
// agency (forClient false) or to its owner.
func AgencyReport(to string, a AgencyReportMonth, forClient bool) Message {
	t, p := a.This, a.Prev
	rows := []struct {
		label, value, change string
	}{
		{"Views", count(t.Views), change(t.Views, p.Views)},
		{"Contact clicks", count(t.ContactClicks), change(t.ContactClicks, p.ContactClicks)},
		{"Leads", count(t.Leads), change(t.Leads, p.Leads)},
		{"New reviews", count(t.Reviews), change(t.Reviews, p.Reviews)},
		{"Average rating of new reviews", stars1(t.Rating, t.Reviews > 0), starsChange(t, p)},
	}
	tab := &table{Caption: a.Listing + " in " + a.Month, Head: []string{"Figure", a.Month, "Change vs " + a.PrevMonth}}
	for _, r := range rows {
		tab.Rows = append(tab.Rows, tableRow{Cells: []string{r.label, r.value, r.change}, Text: r.label + ": " + r.value + " (" + r.change + " vs " + a.PrevMonth + ")"})
	}
	e := email{
		Site:  Site{Name: a.Brand, BaseURL: a.BrandURL},
		Intro: []string{"Here is how " + a.Listing + " did in " + a.Month + ", against " + a.PrevMonth + "."},
		Table: tab,
	}
	subject := a.Listing + ": " + a.Month + " report"
	if forClient {
		subject = "Your " + a.Month + " report for " + a.Listing + ", from " + a.Brand
		e.Why = "You receive this because " + a.Brand + " manages " + a.Listing + " for you and sends you its report on the first of each month."
	} else {
		e.Button = linkTo("Open the printable report", a.ReportLink)
		e.Why = "You receive this because your agency manages " + a.Listing + " for a client. The report goes out on the first of each month."
	}
	return build(to, subject, e)
}
