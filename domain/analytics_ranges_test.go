package domain

import (
	"slices"
	"testing"
	"time"

	"bizprofile/plans"
)

// The picker offers the months since the first listing: as many as the
// plan opens, then the earlier ones as one choice locked with the plan
// that opens them.
func TestAnalyticsPickerOffersTheMonthsThePlanOpens(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	first := time.Date(2024, 11, 3, 0, 0, 0, 0, time.UTC) // 25 months, November 2024 to this one
	for _, c := range []struct {
		plan   plans.Plan
		months int
		locked []string // the locked choices, with their plan
	}{
		{plans.Starter, 0, []string{"Last 90 days Growth", "All time Pro", "Past months Growth"}},
		{plans.Growth, 12, []string{"All time Pro", "Earlier months Pro"}},
		{plans.Pro, 25, nil},
	} {
		t.Run(c.plan.ID, func(t *testing.T) {
			var months int
			var locked []string
			for _, ch := range (Billing{Plan: c.plan}).RangeChoices(first, now, "30d") {
				if ch.Plan != "" {
					locked = append(locked, ch.Label+" "+ch.Plan)
				} else if ch.Month {
					months++
				}
			}
			if months != c.months || !slices.Equal(locked, c.locked) {
				t.Errorf("%d months open, locked %q; want %d, %q", months, locked, c.months, c.locked)
			}
		})
	}
}

// Each range is compared with the period before it: as many days before
// a range of the last days, the month before a month, and the same days of
// the month before while a month is in progress.
func TestAnalyticsPreviousPeriod(t *testing.T) {
	now := time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC)
	first := time.Date(2025, 1, 10, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		key, from, to, name string
	}{
		{"7d", "2026-11-12", "2026-11-18", "the previous 7 days"},
		{"30d", "2026-09-27", "2026-10-26", "the previous 30 days"},
		{"2026-10", "2026-09-01", "2026-09-30", "September 2026"},
		{"2026-03", "2026-02-01", "2026-02-28", "February 2026"},
		{"2026-11", "2026-10-01", "2026-10-25", "October 1–25"},
	}
	for _, tc := range cases {
		r, _, ok := RangeOf(tc.key, first, now)
		if !ok {
			t.Fatalf("range %q not read", tc.key)
		}
		from, to, name, ok := PreviousRange(r)
		if !ok || from != tc.from || to != tc.to || name != tc.name {
			t.Errorf("before %s: %s to %s (%q), want %s to %s (%q)", tc.key, from, to, name, tc.from, tc.to, tc.name)
		}
	}
	all, _, _ := RangeOf("all", first, now)
	if _, _, _, ok := PreviousRange(all); ok {
		t.Error("all time has a period before it")
	}
}
