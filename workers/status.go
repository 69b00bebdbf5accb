package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/jobs"
	"bizprofile/status"
	"bizprofile/store"
)

// StatusChecker checks the app's parts for the status page: the database,
// the job queue and email delivery, and the outside services configured
// (Stripe when stripeClient is set, the AI provider when ai has a base
// URL).
func StatusChecker(st *store.Store, stripeClient *stripe.Client, ai status.AIServer, log *slog.Logger) *status.Checker {
	checks := []status.Check{
		status.Database(st),
		status.Jobs(func(ctx context.Context, now time.Time) (status.QueueHealth, error) {
			q, err := st.JobQueueHealth(ctx, now.Add(-status.LateAfter), now.Add(-time.Hour))
			return status.QueueHealth{Late: q.Late, Failed: q.Failed}, err
		}),
		status.Email(func(ctx context.Context, since time.Time) (status.Deliveries, error) {
			o, err := st.JobOutcomesSince(ctx, jobs.KindEmail, since)
			return status.Deliveries{Sent: o.Done, Failing: o.Failing}, err
		}),
	}
	if stripeClient != nil {
		checks = append(checks, status.Stripe(stripeClient))
	}
	if ai.BaseURL != "" {
		checks = append(checks, status.AI(ai, nil))
	}
	return status.New(log, 0, checks...)
}

// RecordStatus runs c's checks every interval until ctx ends and records
// each part's result for the uptime /status shows (the checks older than
// the page shows are deleted by the housekeeping).
func RecordStatus(ctx context.Context, c *status.Checker, st *store.Store, every time.Duration) {
	c.Record(ctx, every, func(ctx context.Context, at time.Time, results []status.Result) error {
		checks := make([]store.ComponentCheck, len(results))
		for i, r := range results {
			checks[i] = store.ComponentCheck{Component: r.Key, Failed: r.State.Failure()}
		}
		return st.RecordStatusChecks(ctx, at, checks)
	})
}
