package views

// AnalyticsRange is the stretch of days /dashboard/analytics shows: the
// last 7, 30 or 90 days, a calendar month, or all of it.
type AnalyticsRange struct {
	Key      string // "7d", "30d", "90d", "all" or a month, "2026-10": the ?range= value
	Label    string // "Last 30 days", "October 2026", "All time"
	From, To string // store.DayFormat, both included
}
