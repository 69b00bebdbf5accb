package jobs

import (
	"encoding/json"
	"fmt"
	"time"

	"bizprofile/store"
)

// KindAgencyReports is the monthly run that emails Partner+ agencies (and
// the clients they chose) each client listing's report of the month just
// ended, under the agency's brand (issue 37).
const KindAgencyReports = "agency_reports"

// AgencyReportHour is when, in UTC, on the first of each month, the
// agencies' reports go out: after the partners' payouts.
const AgencyReportHour = PayoutHour + 1

// AgencyReports is the run that reports month ("YYYY-MM"), at
// AgencyReportHour on the first of the month after it. Its payload is the
// same for every run of a month, so only one waits (EnqueueUnlessWaiting).
func AgencyReports(month string) store.NewJob {
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		// Months come from NextAgencyReportMonth or a stored payload: a
		// bad one is a bug.
		panic(fmt.Sprintf("jobs: agency reports: month %q", month))
	}
	runAt := time.Date(m.Year(), m.Month()+1, 1, AgencyReportHour, 0, 0, 0, time.UTC)
	return store.NewJob{Kind: KindAgencyReports, Payload: mustJSON(monthPayload{Month: month}), RunAt: runAt}
}

// NextAgencyReportMonth is the month whose reports go out next after now:
// the month before, until AgencyReportHour on the first, then the current
// one.
func NextAgencyReportMonth(now time.Time) string {
	now = now.UTC()
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	if now.Before(month.Add(AgencyReportHour * time.Hour)) {
		month = month.AddDate(0, -1, 0)
	}
	return month.Format(store.MonthFormat)
}

// describeAgencyReportsJob says what a reports run is for, for /admin/jobs.
func describeAgencyReportsJob(kind string, payload []byte) (string, bool) {
	if kind != KindAgencyReports {
		return "", false
	}
	var p monthPayload
	if json.Unmarshal(payload, &p) != nil {
		return "", false
	}
	m, err := time.Parse(store.MonthFormat, p.Month)
	if err != nil {
		return "", false
	}
	return "Agencies' client reports of " + m.Format("January 2006"), true
}
