package domain

import (
	"strconv"
	"strings"

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

// HoldRow is a hold as the administrators' export of held listings writes
// it; base is the site's address, which makes the listings' links.
func HoldRow(hold store.Hold, base string) []string {
	decided, similarAt := "", ""
	if hold.DecidedAt.Valid {
		decided = csvexport.Time(hold.DecidedAt.Time)
	}
	if hold.Similar.ID != 0 {
		similarAt = base + "/directory/" + hold.Similar.Slug
	}
	return []string{csvexport.Time(hold.CreatedAt), hold.Listing.Name, base + "/directory/" + hold.Listing.Slug, hold.Listing.City, hold.Listing.State,
		hold.Listing.OwnerEmail.String, hold.Similar.Name, similarAt, hold.Similar.OwnerEmail.String, hold.Status, hold.Reason, decided, hold.DeciderEmail,
		strings.Join(HoldGrounds(hold.Resembles, hold.Similar.Name, hold.Scripts), " ")}
}

// ClaimRow is a claim as the administrators' export of claims writes it;
// base is the site's address, role names the claimant's role.
func ClaimRow(c store.Claim, base string, role func(string) string) []string {
	decided := ""
	if c.DecidedAt.Valid {
		decided = csvexport.Time(c.DecidedAt.Time)
	}
	return []string{csvexport.Time(c.CreatedAt), c.BusinessName, base + "/directory/" + c.BusinessSlug, c.UserEmail,
		role(c.Role), c.Message, c.Status, decided, c.DeciderEmail}
}
