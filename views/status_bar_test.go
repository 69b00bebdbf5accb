package views

import (
	"testing"
	"time"
)

// A day's colour follows its uptime: all passed, at least 99%, at least
// 95%, below; a day without checks has none.
func TestUptimeLevel(t *testing.T) {
	for _, tt := range []struct {
		d    UptimeDay
		want string
	}{
		{UptimeDay{}, "uptime-none"},
		{UptimeDay{Checks: 1440}, "uptime-full"},
		{UptimeDay{Checks: 1440, Failures: 1}, "uptime-high"},
		{UptimeDay{Checks: 100, Failures: 1}, "uptime-high"},
		{UptimeDay{Checks: 100, Failures: 2}, "uptime-mid"},
		{UptimeDay{Checks: 100, Failures: 5}, "uptime-mid"},
		{UptimeDay{Checks: 100, Failures: 6}, "uptime-low"},
	} {
		if got := uptimeLevel(tt.d); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.d, got, tt.want)
		}
	}
}

// With many failing days the summary names the worst instead of each.
func TestUptimeBarSummaryOfManyFailingDays(t *testing.T) {
	start := time.Date(2026, 8, 29, 0, 0, 0, 0, time.UTC)
	days := make([]UptimeDay, 90)
	for i := range days {
		days[i] = UptimeDay{Day: start.AddDate(0, 0, i), Checks: 100}
		if i%10 == 0 {
			days[i].Failures = 1 + i/10
		}
	}
	want := "9 days with failed checks in the last 90 days; the lowest uptime was 91.00% on Nov 17."
	if got := uptimeBarSummary(days); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}
