package present

import (
	"bizprofile/jobs"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/webhooks"
)

// JobFilters are the links of the background jobs' list by status (status
// is the one shown; "" all).
func JobFilters(status string) []views.AdminFilter {
	var filters []views.AdminFilter
	filters = append(filters, views.AdminFilter{Label: "All", Href: "/admin/jobs", Current: status == ""})
	for _, s := range views.JobStatuses {
		filters = append(filters, views.AdminFilter{Label: s.Label, Href: "/admin/jobs?status=" + s.Value, Current: status == s.Value})
	}
	return filters
}

// JobRows are the jobs as the list shows them, with what each is about.
func JobRows(js []store.Job) []views.AdminJobRow {
	var rows []views.AdminJobRow
	for _, j := range js {
		summary := jobs.Describe(j.Kind, []byte(j.Payload))
		if j.Kind == webhooks.Kind { // package webhooks runs on the queue: jobs cannot import it
			summary = webhooks.Describe([]byte(j.Payload))
		}
		row := views.AdminJobRow{
			ID: j.ID, Kind: j.Kind, Summary: summary, Status: j.Status,
			Attempts: j.Attempts, MaxAttempts: j.MaxAttempts, RunAt: j.RunAt, CreatedAt: j.CreatedAt,
			LastError: j.LastError.String,
		}
		if j.FinishedAt.Valid {
			row.FinishedAt = j.FinishedAt.Time
		}
		rows = append(rows, row)
	}
	return rows
}
