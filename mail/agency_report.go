package mail

// White label (issue 37): the monthly reports of client listings, emailed
// to the Partner+ agency that manages them (one email, every client in
// it) and, when the agency chose, to each listing's owner. They carry the
// agency's brand in place of the site's: the heading and footer name the
// agency and link its site; nothing in them names the site.

// AgencyReportMonth is what a client's report email tells.
type AgencyReportMonth struct {
	Brand, BrandURL  string // the agency's brand name and its https address ("" none)
	Listing          string
	Month, PrevMonth string // "April 2026", "March 2026"
	This, Prev       MonthFigures
}

// AgencyReport is client listing a.Listing's report of a.Month, to its
// owner (the agency gets AgencyDigest).
func AgencyReport(to string, a AgencyReportMonth) Message {
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
	return build(to, "Your "+a.Month+" report for "+a.Listing+", from "+a.Brand, email{
		Site:  Site{Name: a.Brand, BaseURL: a.BrandURL},
		Intro: []string{"Here is how " + a.Listing + " did in " + a.Month + ", against " + a.PrevMonth + "."},
		Table: tab,
		Why:   "You receive this because " + a.Brand + " manages " + a.Listing + " for you and sends you its report on the first of each month.",
	})
}

// AgencyClientMonth is one client listing's line in an agency's monthly
// email: its figures, the month before's, and its printable report.
type AgencyClientMonth struct {
	Listing    string
	This, Prev MonthFigures
	ReportLink string
}

// AgencyDigest is an agency's monthly email: each of its client listings'
// month in a table, with the link of each one's printable report, under
// the agency's brand (brand, brandURL) alone.
func AgencyDigest(to, brand, brandURL, month, prevMonth string, clients []AgencyClientMonth) Message {
	tab := &table{Caption: "Your clients in " + month + " (change vs " + prevMonth + ")", Head: []string{"Client listing", "Views", "Contact clicks", "Leads", "New reviews"}}
	var links []paragraph
	for _, c := range clients {
		t, p := c.This, c.Prev
		cells := []string{c.Listing,
			count(t.Views) + " (" + change(t.Views, p.Views) + ")",
			count(t.ContactClicks) + " (" + change(t.ContactClicks, p.ContactClicks) + ")",
			count(t.Leads) + " (" + change(t.Leads, p.Leads) + ")",
			count(t.Reviews) + " (" + change(t.Reviews, p.Reviews) + ")"}
		tab.Rows = append(tab.Rows, tableRow{Cells: cells, Text: c.Listing + ": " + counted(t.Views, "view", "views") + ", " +
			counted(t.ContactClicks, "contact click", "contact clicks") + ", " + counted(t.Leads, "lead", "leads") + ", " +
			counted(t.Reviews, "new review", "new reviews") + " (views " + change(t.Views, p.Views) + " vs " + prevMonth + ")"})
		links = append(links, paragraph{Text: c.Listing + ":", Link: linkTo("printable report", c.ReportLink)})
	}
	return build(to, "Your clients' "+month+" reports: "+counted(int64(len(clients)), "listing", "listings"), email{
		Site:  Site{Name: brand, BaseURL: brandURL},
		Intro: []string{"Here is how the listings you manage did in " + month + ", against " + prevMonth + ". Each one's printable report, under your brand, is linked below."},
		Table: tab,
		Outro: links,
		Why:   "You receive this because your agency manages these listings for its clients. It goes out on the first of each month.",
	})
}
