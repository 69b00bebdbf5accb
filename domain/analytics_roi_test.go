package domain

import (
	"slices"
	"testing"
	"time"

	"bizprofile/plans"
)

func TestPlanCostByMonth(t *testing.T) {
	growth := plans.Growth // $19 a month
	for _, c := range []struct {
		name      string
		plan      plans.Plan
		rng       AnalyticsRange
		wantCents []int64
		since     time.Time // the first listing made; zero: long before
	}{
		{"a calendar month", growth, AnalyticsRange{Key: "2026-02", From: "2026-02-01", To: "2026-02-28"}, []int64{1900}, time.Time{}},
		{"the month in progress", growth, AnalyticsRange{Key: "2026-03", From: "2026-03-01", To: "2026-03-10"}, []int64{1900}, time.Time{}},
		{"a month's days", growth, AnalyticsRange{Key: "30d", From: "2026-11-01", To: "2026-11-30"}, []int64{1900}, time.Time{}},
		{"7 days of a 31-day month", growth, AnalyticsRange{Key: "7d", From: "2026-03-10", To: "2026-03-16"}, []int64{429}, time.Time{}},
		{"days across two months", growth, AnalyticsRange{Key: "7d", From: "2026-10-28", To: "2026-11-03"}, []int64{245, 190}, time.Time{}},
		{"a free plan", plans.Starter, AnalyticsRange{Key: "30d", From: "2026-10-15", To: "2026-11-13"}, []int64{0, 0}, time.Time{}},
		{"days before the first listing", growth, AnalyticsRange{Key: "30d", From: "2026-10-27", To: "2026-11-25"}, []int64{0, 380}, time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)},
		{"the month the first listing was made", growth, AnalyticsRange{Key: "2026-11", From: "2026-11-01", To: "2026-11-25"}, []int64{1077}, time.Date(2026, 11, 14, 0, 0, 0, 0, time.UTC)},
	} {
		var got []int64
		for _, m := range PlanCostByMonth(c.plan, c.rng, c.since) {
			got = append(got, m.Cents)
		}
		if !slices.Equal(got, c.wantCents) {
			t.Errorf("%s: %v cents, want %v", c.name, got, c.wantCents)
		}
	}
}

// An order value is read as people type dollars, in cents, more than 0
// and at most the catalogue's maximum.
func TestParseOrderValue(t *testing.T) {
	for _, c := range []struct {
		typed string
		cents int64
		ok    bool
	}{
		{"250", 25000, true}, {"$1,250.50", 125050, true}, {"99.5", 9950, true}, {"$ 12", 1200, true},
		{"1,000,000", 100000000, true}, {"1,000,000.01", 0, false}, {"0", 0, false}, {"", 0, false},
		{"12,34", 0, false}, {"-5", 0, false}, {"1.234", 0, false}, {"ten", 0, false},
	} {
		if cents, ok := ParseOrderValue(c.typed); cents != c.cents || ok != c.ok {
			t.Errorf("%q: %d, %v; want %d, %v", c.typed, cents, ok, c.cents, c.ok)
		}
	}
}
