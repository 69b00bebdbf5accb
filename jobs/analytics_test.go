package jobs_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/jobs"
)

// The next summaries run is of the month before until 8:00 UTC on the
// first, then of the current month, whatever the clock's time zone.
func TestNextSummaryMonth(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		ny = time.FixedZone("EST", -5*3600)
	}
	for _, tc := range []struct {
		now  time.Time
		want string
	}{
		{time.Date(2026, 5, 1, 7, 59, 59, 0, time.UTC), "2026-04"},
		{time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC), "2026-05"},
		{time.Date(2026, 5, 17, 12, 0, 0, 0, time.UTC), "2026-05"},
		{time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC), "2025-12"},
		{time.Date(2026, 4, 30, 23, 0, 0, 0, ny), "2026-04"}, // 03:00 UTC on May 1st
	} {
		if got := jobs.NextSummaryMonth(tc.now); got != tc.want {
			t.Errorf("NextSummaryMonth(%v) = %s, want %s", tc.now, got, tc.want)
		}
	}
}

// A run carries its month and waits for 8:00 UTC on the first of the
// month after; its handler gets the month back, and /admin/jobs says what
// the run is for.
func TestAnalyticsSummariesJob(t *testing.T) {
	for _, tc := range []struct {
		month, payload, runAt, describe string
	}{
		{"2026-04", `{"month":"2026-04"}`, "2026-05-01T08:00:00Z", "Monthly analytics summaries of April 2026 to owners on paid plans"},
		{"2026-12", `{"month":"2026-12"}`, "2027-01-01T08:00:00Z", "Monthly analytics summaries of December 2026 to owners on paid plans"},
	} {
		j := jobs.AnalyticsSummaries(tc.month)
		if j.Kind != jobs.KindAnalyticsSummaries || string(j.Payload) != tc.payload || j.RunAt.Format(time.RFC3339) != tc.runAt {
			t.Errorf("%s: job %s %s at %v", tc.month, j.Kind, j.Payload, j.RunAt)
		}
		var got string
		err := jobs.ForMonth(func(_ context.Context, m string) error { got = m; return nil })(context.Background(), j.Payload)
		if err != nil || got != tc.month {
			t.Errorf("%s: handler got %q, %v", tc.month, got, err)
		}
		if d := jobs.Describe(j.Kind, j.Payload); d != tc.describe {
			t.Errorf("%s: described as %q", tc.month, d)
		}
	}
	for _, bad := range []string{"{", `{"month":"April"}`, `{}`} {
		if jobs.ForMonth(func(context.Context, string) error { return nil })(context.Background(), []byte(bad)) == nil {
			t.Errorf("the payload %s was accepted", bad)
		}
	}
}
