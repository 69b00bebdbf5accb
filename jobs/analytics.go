package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"bizprofile/store"
)

// KindAnalyticsSummaries is the monthly run that emails owners on paid
// plans the figures of the month just ended.
const KindAnalyticsSummaries = "analytics_summaries"

// SummaryHour is when, in UTC, on the first of each month, the analytics
// summaries go out: the hour of the review digests.
const SummaryHour = DigestHour

// monthPayload is a summaries run's payload: the month it summarises. Its
// JSON is the same for every run of a month, which is how the store tells
// whether one is already waiting.
type monthPayload struct {
	Month string `json:"month"`
}

// AnalyticsSummaries is the run that summarises month ("YYYY-MM"), at
// SummaryHour on the first of the month after it.
func AnalyticsSummaries(month string) store.NewJob {
	return afterMonth(KindAnalyticsSummaries, month, SummaryHour)
}

// NextSummaryMonth is the month whose summaries run next after now: the
// month before, until SummaryHour on the first, then the current one.
func NextSummaryMonth(now time.Time) string { return lastMonthUntil(now, SummaryHour) }

// afterMonth is the run of kind for month ("YYYY-MM"), at hour (UTC) on
// the first of the month after it; its payload is the same for every run
// of a month, so only one waits (EnqueueUnlessWaiting).
func afterMonth(kind, month string, hour int) store.NewJob {
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		// Months come from lastMonthUntil or a stored payload: a bad one
		// is a bug.
		panic(fmt.Sprintf("jobs: %s: month %q", kind, month))
	}
	runAt := time.Date(m.Year(), m.Month()+1, 1, hour, 0, 0, 0, time.UTC)
	return store.NewJob{Kind: kind, Payload: mustJSON(monthPayload{Month: month}), RunAt: runAt}
}

// lastMonthUntil is the month whose monthly run at hour (UTC) on the first
// comes next after now: the month before, until that hour on the first,
// then the current one.
func lastMonthUntil(now time.Time, hour int) string {
	now = now.UTC()
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	if now.Before(month.Add(time.Duration(hour) * time.Hour)) {
		month = month.AddDate(0, -1, 0)
	}
	return month.Format(store.MonthFormat)
}

// ForMonth is the handler of summaries runs: it reads the month and has do
// the work for it.
func ForMonth(do func(ctx context.Context, month string) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p monthPayload
		if err := json.Unmarshal(payload, &p); err != nil {
			return fmt.Errorf("analytics summaries job: %w", err)
		}
		if _, err := time.Parse(store.MonthFormat, p.Month); err != nil {
			return fmt.Errorf("analytics summaries job: month %q: %w", p.Month, err)
		}
		return do(ctx, p.Month)
	}
}

// describeAnalyticsJob says what a summaries run is for, for /admin/jobs.
func describeAnalyticsJob(kind string, payload []byte) (string, bool) {
	if kind != KindAnalyticsSummaries {
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
	return "Monthly analytics summaries of " + m.Format("January 2006") + " to owners on paid plans", true
}
