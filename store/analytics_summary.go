package store

import (
	"context"
	"fmt"
	"time"
)

// The monthly analytics summary: an email to the owners of listings on a
// paid plan with last month's figures (users.analytics_summary is their
// opt-out, on by default; users.analytics_summary_month the last month
// summarised, "YYYY-MM", which is how a retried or concurrent run knows
// whom it already told). Which plans bring it is the catalogue's business:
// the caller names them.

// AnalyticsSummaryOf reports whether userID wants the monthly summary.
func (s *Store) AnalyticsSummaryOf(ctx context.Context, userID int64) (bool, error) {
	var on bool
	if err := s.db.GetContext(ctx, &on, s.db.Rebind(`SELECT analytics_summary FROM users WHERE id = ?`), userID); err != nil {
		return false, notFound(err, "analytics summary of")
	}
	return on, nil
}

// SetAnalyticsSummary stores whether userID wants the monthly summary.
func (s *Store) SetAnalyticsSummary(ctx context.Context, userID int64, on bool) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE users SET analytics_summary = ? WHERE id = ?`), on, userID)
	return affectedOne(res, err, "set analytics summary")
}

// AnalyticsSummaryDue lists, by id, the owners due the summary of month
// ("YYYY-MM") at now: they own a listing, want the summary, were not sent
// that month's (nor a later one's), and have a subscription to one of
// paidPlans in force.
func (s *Store) AnalyticsSummaryDue(ctx context.Context, month string, paidPlans []string, now time.Time) ([]int64, error) {
	if len(paidPlans) == 0 {
		return nil, nil
	}
	var subs []Subscription
	err := s.selectIn(ctx, &subs, `SELECT `+prefixed("s.", subscriptionColumns)+`
		FROM subscriptions s JOIN users u ON u.id = s.user_id
		WHERE s.plan IN (?) AND u.analytics_summary = TRUE AND u.analytics_summary_month < ?
			AND EXISTS (SELECT 1 FROM businesses b WHERE b.owner_id = u.id)
		ORDER BY u.id`, paidPlans, month)
	if err != nil {
		return nil, fmt.Errorf("store: analytics summaries due: %w", err)
	}
	// Whether a subscription is in force is InForce's rule, kept in Go.
	var ids []int64
	for _, sub := range subs {
		if sub.InForce(now) && (len(ids) == 0 || ids[len(ids)-1] != sub.UserID.Int64) {
			ids = append(ids, sub.UserID.Int64)
		}
	}
	return ids, nil
}

// MarkAnalyticsSummary records that userID's summary of month is sent,
// and reports false when it was already (another run got there first) or
// the owner no longer wants it. Call it inside InTx with the email's job:
// on PostgreSQL the row lock makes a concurrent run wait for this
// transaction and then find the month marked.
func (s *Store) MarkAnalyticsSummary(ctx context.Context, userID int64, month string) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE users SET analytics_summary_month = ?
		WHERE id = ? AND analytics_summary = TRUE AND analytics_summary_month < ?`), month, userID, month)
	if err != nil {
		return false, fmt.Errorf("store: mark analytics summary: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: mark analytics summary: %w", err)
	}
	return n == 1, nil
}

// EnqueueUnlessWaiting enqueues j unless a job of the same kind and
// payload is queued or running, and reports whether it did. For work that
// must wait exactly once (the next monthly run): two instances starting
// at once take turns on PostgreSQL's advisory lock of the kind, and
// SQLite has one writer at a time anyway.
func (s *Store) EnqueueUnlessWaiting(ctx context.Context, j NewJob) (bool, error) {
	queued := false
	err := s.InTx(ctx, func(tx *Store) error {
		if tx.dialect == Postgres {
			if _, err := tx.db.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, "jobs|"+j.Kind); err != nil {
				return err
			}
		}
		var waiting int
		err := tx.db.GetContext(ctx, &waiting, tx.db.Rebind(`SELECT COUNT(*) FROM jobs WHERE kind = ? AND payload = ? AND status IN ('queued', 'running')`),
			j.Kind, string(j.Payload))
		if err != nil || waiting > 0 {
			return err
		}
		queued = true
		return tx.Enqueue(ctx, j)
	})
	if err != nil {
		return false, fmt.Errorf("store: enqueue %s once: %w", j.Kind, err)
	}
	return queued, nil
}
