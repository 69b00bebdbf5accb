package views

// AnalyticsFigures are a period's totals as the headline metrics read
// them; a rate or an average is 0 without its denominator.
type AnalyticsFigures struct {
	Views, Visitors, Impressions, Clicks, Leads, Reviews int64
	ClickThrough                                         float64 // views per impression
	Conversion                                           float64 // leads per view
	Rating                                               float64 // average stars of the reviews
}

// AnalyticsMetrics are the headline figures of t, each with the same
// figure of prev (nil: no previous period).
func AnalyticsMetrics(t AnalyticsFigures, prev *AnalyticsFigures) []AnalyticsMetric {
	type metric struct {
		key, label, kind, note string
		of                     func(AnalyticsFigures) (float64, bool) // false: no figure
	}
	count := func(f func(AnalyticsFigures) int64) func(AnalyticsFigures) (float64, bool) {
		return func(t AnalyticsFigures) (float64, bool) { return float64(f(t)), true }
	}
	metrics := []metric{
		{"views", "Views", MetricCount, "of your listing pages", count(func(t AnalyticsFigures) int64 { return t.Views })},
		{"visitors", "Unique visitors", MetricCount, "counted once per day", count(func(t AnalyticsFigures) int64 { return t.Visitors })},
		{"impressions", "Impressions", MetricCount, "in directory and search results", count(func(t AnalyticsFigures) int64 { return t.Impressions })},
		{"click-through", "Click-through", MetricPercent, "views per impression; views from search engines and links count too, so it can pass 100%", func(t AnalyticsFigures) (float64, bool) { return t.ClickThrough, t.Impressions > 0 }},
		{"contact-clicks", "Contact clicks", MetricCount, "website, phone, email and 'Contact'", count(func(t AnalyticsFigures) int64 { return t.Clicks })},
		{"leads", "Leads", MetricCount, "enquiries and quote requests", count(func(t AnalyticsFigures) int64 { return t.Leads })},
		{"conversion", "Conversion", MetricPercent, "leads per view", func(t AnalyticsFigures) (float64, bool) { return t.Conversion, t.Views > 0 }},
		{"reviews", "Reviews", MetricCount, "published", count(func(t AnalyticsFigures) int64 { return t.Reviews })},
		{"rating", "Average rating", MetricRating, "of those reviews, out of 5", func(t AnalyticsFigures) (float64, bool) { return t.Rating, t.Reviews > 0 }},
	}
	out := make([]AnalyticsMetric, len(metrics))
	for i, m := range metrics {
		v, ok := m.of(t)
		out[i] = AnalyticsMetric{Key: m.key, Label: m.label, Kind: m.kind, Note: m.note, Value: v, None: !ok}
		if prev != nil {
			p, ok := m.of(*prev)
			out[i].Previous, out[i].PrevNone, out[i].HasPrevious = p, !ok, true
		}
	}
	return out
}
