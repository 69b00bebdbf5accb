package jobs_test

import (
	"testing"
	"time"

	"bizprofile/jobs"
)

// The agencies' reports of a month go out at 10:00 UTC on the first of
// the month after (after the summaries and the payouts); the next run is
// of the month before until then.
func TestAgencyReportsJob(t *testing.T) {
	for _, tc := range []struct {
		now  time.Time
		want string
	}{
		{time.Date(2026, 5, 1, 9, 59, 59, 0, time.UTC), "2026-04"},
		{time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), "2026-05"},
		{time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC), "2025-12"},
	} {
		if got := jobs.NextAgencyReportMonth(tc.now); got != tc.want {
			t.Errorf("NextAgencyReportMonth(%v) = %s, want %s", tc.now, got, tc.want)
		}
	}
	j := jobs.AgencyReports("2026-12")
	if j.Kind != jobs.KindAgencyReports || string(j.Payload) != `{"month":"2026-12"}` || j.RunAt.Format(time.RFC3339) != "2027-01-01T10:00:00Z" {
		t.Errorf("job %s %s at %v", j.Kind, j.Payload, j.RunAt)
	}
	if d := jobs.Describe(j.Kind, j.Payload); d != "Agencies' client reports of December 2026" {
		t.Errorf("described as %q", d)
	}
}
