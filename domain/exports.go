package domain

import (
	"strconv"

	"bizprofile/catalog"
	"bizprofile/csvexport"
	"bizprofile/store"
)

// The owners' CSV exports (their leads, their analytics) as columns and
// rows; csvexport writes them.

// LeadColumns are the leads export's columns; the score's with lead
// scoring only.
func LeadColumns(scoring bool) []string {
	columns := []string{"Received", "Listing", "Name", "Email", "Phone", "Message", "Status", "Source", "Locked"}
	if scoring {
		columns = append(columns, "Score")
	}
	return columns
}

// LeadRow is l as the leads export writes it, its source named by label:
// a locked lead's row has no name, contact details or message.
func LeadRow(l store.OwnerLead, scoring bool, label func(string) string) []string {
	row := []string{csvexport.Time(l.CreatedAt), l.BusinessName, l.Name, l.Email, l.Phone, l.Message,
		catalog.LeadStatusLabel(l.Status), label(l.Source), csvexport.YesNo(l.Locked)}
	if l.Locked {
		row[2], row[3], row[4], row[5] = "", "", "", ""
	}
	if scoring {
		row = append(row, strconv.Itoa(l.Score))
	}
	return row
}

// AnalyticsTable is the analytics' days as the CSV export writes them:
// one row per day, with each day's figures and its leads by source
// (SourceOrder of sources' keys, each column named by label of its key).
func AnalyticsTable(days []store.AnalyticsDay, sources []string, label func(string) string) (columns []string, rows [][]string) {
	columns = []string{"Day", "Views", "Unique visitors", "Impressions", "Click-through (%)", "Website clicks", "Phone clicks", "Email clicks", "Contact clicks"}
	for _, src := range sources {
		columns = append(columns, "Leads: "+label(src))
	}
	columns = append(columns, "Reviews", "Average rating")
	n := func(v int64) string { return strconv.FormatInt(v, 10) }
	for _, d := range days {
		ctr, rating := "", ""
		if d.Impressions > 0 {
			ctr = strconv.FormatFloat(d.ClickThrough()*100, 'f', 1, 64)
		}
		if d.Reviews > 0 {
			rating = strconv.FormatFloat(d.AverageRating(), 'f', 1, 64)
		}
		row := []string{d.Day, n(d.Views), n(d.Visitors), n(d.Impressions), ctr, n(d.WebsiteClicks), n(d.PhoneClicks), n(d.EmailClicks), n(d.ContactClicks)}
		for _, src := range sources {
			row = append(row, n(d.LeadsBySource[src]))
		}
		rows = append(rows, append(row, n(d.Reviews), rating))
	}
	return columns, rows
}
