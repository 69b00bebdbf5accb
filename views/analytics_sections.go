package views

// AnalyticsSections are the analytics page's sections beyond views,
// clicks and leads: lead quality and return on investment (Growth), the
// listings side by side (Pro). What the plan lacks names the plan that
// brings it.
type AnalyticsSections struct{}
