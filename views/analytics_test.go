package views

import "testing"

// TestMetricChange: a card's change against the previous period, in plain
// words, one point or star in the singular.
func TestMetricChange(t *testing.T) {
	tests := []struct {
		name string
		m    AnalyticsMetric
		want string
	}{
		{"count up", AnalyticsMetric{Kind: MetricCount, Value: 15, Previous: 2, HasPrevious: true}, "+650%"},
		{"count down", AnalyticsMetric{Kind: MetricCount, Value: 5, Previous: 10, HasPrevious: true}, "−50%"},
		{"nothing before", AnalyticsMetric{Kind: MetricCount, Value: 3, HasPrevious: true}, ""},
		{"percent", AnalyticsMetric{Kind: MetricPercent, Value: 0.625, Previous: 0.2, HasPrevious: true}, "+42.5 points"},
		{"one point", AnalyticsMetric{Kind: MetricPercent, Value: 0.21, Previous: 0.2, HasPrevious: true}, "+1 point"},
		{"one star", AnalyticsMetric{Kind: MetricRating, Value: 3, Previous: 4, HasPrevious: true}, "−1 star"},
		{"stars", AnalyticsMetric{Kind: MetricRating, Value: 4.5, Previous: 4, HasPrevious: true}, "+0.5 stars"},
		{"same", AnalyticsMetric{Kind: MetricCount, Value: 4, Previous: 4, HasPrevious: true}, "No change"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := metricChange(tt.m); got != tt.want {
				t.Errorf("metricChange = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNiceMax: the daily chart's scale holds the top value with little
// room to spare, and its half (the middle grid line) is a whole number.
func TestNiceMax(t *testing.T) {
	for top, want := range map[int64]int64{0: 2, 1: 2, 3: 4, 5: 6, 9: 10, 10: 10, 11: 20, 15: 20, 25: 30, 100: 100, 101: 200, 950: 1000} {
		if got := niceMax(top); got != want {
			t.Errorf("niceMax(%d) = %d, want %d", top, got, want)
		}
	}
}

// TestLockedRanges: the line under the period picker names what each plan
// brings, in a sentence whose verb agrees with it.
func TestLockedRanges(t *testing.T) {
	tests := []struct {
		name    string
		choices []AnalyticsChoice
		want    string
	}{
		{"starter", []AnalyticsChoice{{Label: "Last 30 days"}, {Label: "Last 90 days", Plan: "Growth"}, {Label: "All time", Plan: "Pro"}, {Label: "Past months", Plan: "Growth"}},
			"Last 90 days and past months come with Growth; all time with Pro"},
		{"growth", []AnalyticsChoice{{Label: "Last 90 days"}, {Label: "All time", Plan: "Pro"}}, "All time comes with Pro"},
		{"pro", []AnalyticsChoice{{Label: "All time"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lockedRanges(tt.choices); got != tt.want {
				t.Errorf("lockedRanges = %q, want %q", got, tt.want)
			}
		})
	}
}
