package jobs

import (
	"encoding/json"
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
// AgencyReportHour on the first of the month after it.
func AgencyReports(month string) store.NewJob {
	return afterMonth(KindAgencyReports, month, AgencyReportHour)
}

// NextAgencyReportMonth is the month whose reports go out next after now:
// the month before, until AgencyReportHour on the first, then the current
// one.
func NextAgencyReportMonth(now time.Time) string { return lastMonthUntil(now, AgencyReportHour) }

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
