package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/jmoiron/sqlx"
)

// Subscription statuses, as Stripe names them. The store keeps whatever
// Stripe sends; these are the ones the app gives a meaning to.
const (
	StatusTrialing = "trialing"
	StatusActive   = "active"
	StatusPastDue  = "past_due"
	StatusCanceled = "canceled"
	StatusUnpaid   = "unpaid"
	// StatusIncomplete is a subscription whose first payment has not gone
	// through.
	StatusIncomplete = "incomplete"
	// StatusIncompleteExpired is an incomplete subscription whose first
	// payment never came: Stripe will not charge it.
	StatusIncompleteExpired = "incomplete_expired"
	// StatusPending is a subscription whose checkout completed but whose
	// state no subscription event has described yet.
	StatusPending = ""
)

// Subscription is a paid plan of a user, as Stripe's webhooks last
// described it.
type Subscription struct {
	ID                string        `db:"stripe_subscription_id"`
	UserID            sql.NullInt64 `db:"user_id"`
	CustomerID        string        `db:"stripe_customer_id"`
	Plan              string        `db:"plan"` // a plan ID of the catalogue
	Status            string        `db:"status"`
	CurrentPeriodEnd  sql.NullTime  `db:"current_period_end"`
	CancelAtPeriodEnd bool          `db:"cancel_at_period_end"`
	StateAt           int64         `db:"state_at"`   // created time (Unix) of the event the state came from
	StateRank         int           `db:"state_rank"` // orders events of the same second
	UpdatedAt         time.Time     `db:"updated_at"`
}

// InForce reports whether the subscription's plan applies at now. A trial,
// an active plan and one whose payment is being retried (past due) apply;
// a plan set to cancel at the end of its period, or already canceled,
// applies until that period ends (the FAQ: the account stays active to the
// end of the billing period). Anything else (incomplete, unpaid, paused, or
// a status not known yet) does not.
func (s Subscription) InForce(now time.Time) bool {
	beforeEnd := s.CurrentPeriodEnd.Valid && now.Before(s.CurrentPeriodEnd.Time)
	switch s.Status {
	case StatusTrialing, StatusActive, StatusPastDue:
		return !s.CancelAtPeriodEnd || !s.CurrentPeriodEnd.Valid || beforeEnd
	case StatusCanceled:
		return beforeEnd
	}
	return false
}

// Live reports whether Stripe may still charge the subscription: it is
// neither canceled nor expired before it started.
func (s Subscription) Live() bool {
	return s.Status != StatusCanceled && s.Status != StatusIncompleteExpired
}

// Ending reports whether the plan stops at the end of the current period:
// canceled, or set to cancel then.
func (s Subscription) Ending() bool {
	return s.Status == StatusCanceled || s.CancelAtPeriodEnd
}

const subscriptionColumns = `stripe_subscription_id, user_id, stripe_customer_id, plan, status, current_period_end,
	cancel_at_period_end, state_at, state_rank, updated_at`

// SubscriptionsOf lists a user's subscriptions, the most recently changed
// first.
func (s *Store) SubscriptionsOf(ctx context.Context, userID int64) ([]Subscription, error) {
	var subs []Subscription
	err := s.db.SelectContext(ctx, &subs, s.db.Rebind(`SELECT `+subscriptionColumns+` FROM subscriptions
		WHERE user_id = ? ORDER BY updated_at DESC, stripe_subscription_id`), userID)
	if err != nil {
		return nil, fmt.Errorf("store: subscriptions of: %w", err)
	}
	return subs, nil
}

// LiveSubscriptions are userID's subscriptions that Stripe may still charge
// (Live), the most recently changed first: closing the account cancels
// each of them at Stripe first.
func (s *Store) LiveSubscriptions(ctx context.Context, userID int64) ([]Subscription, error) {
	subs, err := s.SubscriptionsOf(ctx, userID)
	return slices.DeleteFunc(subs, func(sub Subscription) bool { return !sub.Live() }), err
}

// SubscriptionByID finds a subscription by its Stripe id.
func (s *Store) SubscriptionByID(ctx context.Context, id string) (Subscription, error) {
	var sub Subscription
	err := s.db.GetContext(ctx, &sub, s.db.Rebind(`SELECT `+subscriptionColumns+` FROM subscriptions WHERE stripe_subscription_id = ?`), id)
	if err != nil {
		return Subscription{}, notFound(err, "subscription")
	}
	return sub, nil
}

// BillingTx applies one Stripe event inside the transaction that records
// it.
type BillingTx struct {
	tx *sqlx.Tx
}

// ProcessStripeEvent records the event id and runs apply in the same
// transaction, so an event is applied exactly once: a repeated delivery
// (same id) returns first == false without calling apply, and a failed
// apply records nothing, so Stripe's retry applies it again.
func (s *Store) ProcessStripeEvent(ctx context.Context, id, eventType string, apply func(*BillingTx) error) (first bool, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?)
			ON CONFLICT (id) DO NOTHING`), id, eventType, time.Now().UTC())
		if err != nil {
			return fmt.Errorf("store: record stripe event: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		first = true
		return apply(&BillingTx{tx: tx})
	})
	if err != nil {
		return false, err
	}
	return first, nil
}

// SubscriptionLink ties a subscription to the user who bought it, from a
// completed checkout.
type SubscriptionLink struct {
	SubscriptionID string
	CustomerID     string
	UserID         int64
	Plan           string
}

// A subscription's stored user_id wins over the one an event or a checkout
// names (the user id in the Stripe metadata, written at checkout): once
// known, it changes only when the account's ownership is transferred
// (TransferTeamOwnership), and Stripe's later events, which still carry
// the old owner's id, must not move the plan back to them.

// LinkSubscription records who bought a subscription. It never touches the
// state (status, period) that subscription events bring, nor a plan they
// already set; other subscriptions of the same customer that arrived before
// their user was known are given that user too.
func (b *BillingTx) LinkSubscription(ctx context.Context, l SubscriptionLink) error {
	now := time.Now().UTC()
	_, err := b.tx.ExecContext(ctx, b.tx.Rebind(`
		INSERT INTO subscriptions (stripe_subscription_id, user_id, stripe_customer_id, plan, updated_at)
		VALUES (?, (SELECT id FROM users WHERE id = ?), ?, ?, ?)
		ON CONFLICT (stripe_subscription_id) DO UPDATE SET
			user_id = COALESCE(subscriptions.user_id, excluded.user_id),
			stripe_customer_id = CASE WHEN subscriptions.stripe_customer_id = '' THEN excluded.stripe_customer_id ELSE subscriptions.stripe_customer_id END,
			plan = CASE WHEN subscriptions.plan = '' THEN excluded.plan ELSE subscriptions.plan END,
			updated_at = excluded.updated_at`),
		l.SubscriptionID, l.UserID, l.CustomerID, l.Plan, now)
	if err != nil {
		return fmt.Errorf("store: link subscription: %w", err)
	}
	if l.CustomerID == "" {
		return nil
	}
	_, err = b.tx.ExecContext(ctx, b.tx.Rebind(`UPDATE subscriptions SET user_id = (SELECT id FROM users WHERE id = ?)
		WHERE stripe_customer_id = ? AND user_id IS NULL`), l.UserID, l.CustomerID)
	if err != nil {
		return fmt.Errorf("store: link customer: %w", err)
	}
	return nil
}

// SubscriptionState is the whole state of a subscription as one event saw
// it.
type SubscriptionState struct {
	SubscriptionID    string
	CustomerID        string
	UserID            int64  // 0: unknown (another subscription of the customer may tell)
	Plan              string // "": keep the one known
	Status            string
	CurrentPeriodEnd  time.Time // zero: unknown
	CancelAtPeriodEnd bool
	At                int64 // the event's created time (Unix seconds)
	Rank              int   // orders events of the same second
}

// staleGuard is true when the row's state is no newer than the event's
// (at, rank) given as the two following parameters (at twice).
const staleGuard = `(subscriptions.state_at < ? OR (subscriptions.state_at = ? AND subscriptions.state_rank <= ?))`

// ApplySubscriptionState stores st unless the subscription already holds
// the state of a newer event, and reports whether it did.
func (b *BillingTx) ApplySubscriptionState(ctx context.Context, st SubscriptionState) (applied bool, err error) {
	var userID sql.NullInt64
	if st.UserID > 0 {
		userID = sql.NullInt64{Int64: st.UserID, Valid: true}
	}
	var periodEnd sql.NullTime
	if !st.CurrentPeriodEnd.IsZero() {
		periodEnd = sql.NullTime{Time: st.CurrentPeriodEnd.UTC(), Valid: true}
	}
	res, err := b.tx.ExecContext(ctx, b.tx.Rebind(`
		INSERT INTO subscriptions (stripe_subscription_id, user_id, stripe_customer_id, plan, status, current_period_end,
			cancel_at_period_end, state_at, state_rank, updated_at)
		VALUES (?, COALESCE(
				(SELECT id FROM users WHERE id = ?),
				(SELECT o.user_id FROM subscriptions o WHERE o.stripe_customer_id = ? AND o.stripe_customer_id <> '' AND o.user_id IS NOT NULL
					ORDER BY o.updated_at DESC LIMIT 1)),
			?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (stripe_subscription_id) DO UPDATE SET
			user_id = COALESCE(subscriptions.user_id, excluded.user_id),
			stripe_customer_id = CASE WHEN excluded.stripe_customer_id <> '' THEN excluded.stripe_customer_id ELSE subscriptions.stripe_customer_id END,
			plan = CASE WHEN excluded.plan <> '' THEN excluded.plan ELSE subscriptions.plan END,
			status = excluded.status,
			current_period_end = COALESCE(excluded.current_period_end, subscriptions.current_period_end),
			cancel_at_period_end = excluded.cancel_at_period_end,
			state_at = excluded.state_at,
			state_rank = excluded.state_rank,
			updated_at = excluded.updated_at
		WHERE `+staleGuard),
		st.SubscriptionID, userID, st.CustomerID,
		st.CustomerID, st.Plan, st.Status, periodEnd, st.CancelAtPeriodEnd, st.At, st.Rank, time.Now().UTC(),
		st.At, st.At, st.Rank)
	if err != nil {
		return false, fmt.Errorf("store: apply subscription state: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// ChangeSubscriptionStatus moves a subscription to status to when its
// status is one of from and it holds no newer event's state than (at,
// rank); it reports whether it did. Invoice events use it: they say what
// happened to a payment, not the whole state of the subscription.
func (b *BillingTx) ChangeSubscriptionStatus(ctx context.Context, id string, from []string, to string, at int64, rank int) (changed bool, err error) {
	q, args, err := sqlx.In(`UPDATE subscriptions SET status = ?, state_at = ?, state_rank = ?, updated_at = ?
		WHERE stripe_subscription_id = ? AND status IN (?) AND `+staleGuard,
		to, at, rank, time.Now().UTC(), id, from, at, at, rank)
	if err != nil {
		return false, fmt.Errorf("store: change subscription status: %w", err)
	}
	res, err := b.tx.ExecContext(ctx, b.tx.Rebind(q), args...)
	if err != nil {
		return false, fmt.Errorf("store: change subscription status: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// ExtendSubscriptionPeriod moves the end of a live subscription's current
// period to end, if that is later than the one known (a paid renewal
// invoice tells it before, or without, the subscription event).
func (b *BillingTx) ExtendSubscriptionPeriod(ctx context.Context, id string, end time.Time) error {
	end = end.UTC()
	_, err := b.tx.ExecContext(ctx, b.tx.Rebind(`UPDATE subscriptions SET current_period_end = ?, updated_at = ?
		WHERE stripe_subscription_id = ? AND status IN (?, ?, ?) AND (current_period_end IS NULL OR current_period_end < ?)`),
		end, time.Now().UTC(), id, StatusTrialing, StatusActive, StatusPastDue, end)
	if err != nil {
		return fmt.Errorf("store: extend subscription period: %w", err)
	}
	return nil
}
