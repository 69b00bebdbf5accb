package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Where a webhook delivery stands: waiting for its first or next attempt,
// answered with a 2xx, or given up on (its 24 hours passed, or its
// endpoint was deleted or disabled).
const (
	WebhookPending   = "pending"
	WebhookDelivered = "delivered"
	WebhookFailed    = "failed"
)

// WebhookDelivery is one event sent to one endpoint.
type WebhookDelivery struct {
	ID            int64         `db:"id"`
	EndpointID    int64         `db:"endpoint_id"`
	EventID       string        `db:"event_id"` // evt_…, the same on a resend
	EventType     string        `db:"event_type"`
	Payload       string        `db:"payload"` // the JSON body, exactly as sent and signed
	Status        string        `db:"status"`
	Attempts      int           `db:"attempts"`
	ResponseCode  sql.NullInt64 `db:"response_code"` // of the last attempt; NULL when no response came
	ResponseMS    sql.NullInt64 `db:"response_ms"`   // of the last attempt
	LastError     string        `db:"last_error"`
	CreatedAt     time.Time     `db:"created_at"`
	LastAttemptAt sql.NullTime  `db:"last_attempt_at"`
	NextAttemptAt sql.NullTime  `db:"next_attempt_at"` // while pending
	DeliveredAt   sql.NullTime  `db:"delivered_at"`
}

// WebhookAttempt is one try at a delivery, for the delivery log.
type WebhookAttempt struct {
	ID           int64         `db:"id"`
	DeliveryID   int64         `db:"delivery_id"`
	AttemptedAt  time.Time     `db:"attempted_at"`
	ResponseCode sql.NullInt64 `db:"response_code"` // NULL when no response came
	ResponseMS   int64         `db:"response_ms"`
	Error        string        `db:"error"`
}

// NewWebhookEvent is an event to deliver: its id (evt_…), type and the
// JSON body every endpoint receives.
type NewWebhookEvent struct {
	ID, Type, Payload string
	At                time.Time
}

const webhookDeliveryColumns = `id, endpoint_id, event_id, event_type, payload, status, attempts, response_code, response_ms, last_error, created_at, last_attempt_at, next_attempt_at, delivered_at`

// CreateWebhookDeliveries stores a pending delivery of ev to each enabled
// endpoint of the account that asked for its type, and returns them (none
// when no endpoint wants it). Call it on the Store of the transaction that
// changed the record, with the jobs that send them.
func (s *Store) CreateWebhookDeliveries(ctx context.Context, accountID int64, ev NewWebhookEvent) ([]WebhookDelivery, error) {
	es, err := s.WebhookEndpointsOf(ctx, accountID)
	if err != nil {
		return nil, err
	}
	var ds []WebhookDelivery
	for _, e := range es {
		if !e.Enabled() || !e.Wants(ev.Type) {
			continue
		}
		d, err := s.CreateWebhookDelivery(ctx, e.ID, ev)
		if err != nil {
			return nil, err
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// CreateWebhookDelivery stores a pending delivery of ev to one endpoint,
// whatever the events it asked for (a test event, a resend).
func (s *Store) CreateWebhookDelivery(ctx context.Context, endpointID int64, ev NewWebhookEvent) (WebhookDelivery, error) {
	at := ev.At.UTC()
	if ev.At.IsZero() {
		at = time.Now().UTC()
	}
	d := WebhookDelivery{EndpointID: endpointID, EventID: ev.ID, EventType: ev.Type, Payload: ev.Payload, Status: WebhookPending,
		CreatedAt: at, NextAttemptAt: sql.NullTime{Time: at, Valid: true}}
	err := s.db.GetContext(ctx, &d.ID, s.db.Rebind(`INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, status, attempts, created_at, next_attempt_at)
		VALUES (?, ?, ?, ?, 'pending', 0, ?, ?) RETURNING id`), endpointID, ev.ID, ev.Type, ev.Payload, at, at)
	if err != nil {
		return WebhookDelivery{}, fmt.Errorf("store: create webhook delivery: %w", err)
	}
	return d, nil
}

// WebhookDeliveryByID finds a delivery whatever its account (the delivery
// worker's lookup; pages use WebhookDeliveryOf).
func (s *Store) WebhookDeliveryByID(ctx context.Context, id int64) (WebhookDelivery, error) {
	var d WebhookDelivery
	err := s.db.GetContext(ctx, &d, s.db.Rebind(`SELECT `+webhookDeliveryColumns+` FROM webhook_deliveries WHERE id = ?`), id)
	if err != nil {
		return WebhookDelivery{}, notFound(err, "webhook delivery by id")
	}
	return d, nil
}

// WebhookDeliveryOf finds a delivery to one of the account's endpoints;
// ErrNotFound for another account's.
func (s *Store) WebhookDeliveryOf(ctx context.Context, accountID, deliveryID int64) (WebhookDelivery, error) {
	var d WebhookDelivery
	err := s.db.GetContext(ctx, &d, s.db.Rebind(`SELECT d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.status, d.attempts, d.response_code, d.response_ms,
		d.last_error, d.created_at, d.last_attempt_at, d.next_attempt_at, d.delivered_at FROM webhook_deliveries d
		JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = ? AND e.account_id = ?`), deliveryID, accountID)
	if err != nil {
		return WebhookDelivery{}, notFound(err, "webhook delivery of account")
	}
	return d, nil
}

// WebhookDeliveriesOf lists an endpoint's deliveries, newest first, a page
// at a time, with how many there are in all. The caller has checked that
// the endpoint is the account's (WebhookEndpointOf).
func (s *Store) WebhookDeliveriesOf(ctx context.Context, endpointID int64, p Page) ([]WebhookDelivery, int, error) {
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = ?`), endpointID); err != nil {
		return nil, 0, fmt.Errorf("store: count webhook deliveries: %w", err)
	}
	var ds []WebhookDelivery
	err := s.db.SelectContext(ctx, &ds, s.db.Rebind(`SELECT `+webhookDeliveryColumns+` FROM webhook_deliveries WHERE endpoint_id = ?
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), endpointID, p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: webhook deliveries: %w", err)
	}
	return ds, total, nil
}

// WebhookAttemptsOf lists a delivery's attempts, oldest first. The caller
// has checked the delivery is the account's (WebhookDeliveryOf).
func (s *Store) WebhookAttemptsOf(ctx context.Context, deliveryID int64) ([]WebhookAttempt, error) {
	var as []WebhookAttempt
	err := s.db.SelectContext(ctx, &as, s.db.Rebind(`SELECT id, delivery_id, attempted_at, response_code, response_ms, error
		FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempted_at, id`), deliveryID)
	if err != nil {
		return nil, fmt.Errorf("store: webhook attempts: %w", err)
	}
	return as, nil
}

// WebhookOutcome is what an attempt of a delivery came to.
type WebhookOutcome struct {
	At       time.Time
	Code     int           // the response's status; 0 when no response came
	Duration time.Duration // from the request to the response (or the error)
	Error    string        // why the attempt failed; empty when delivered
	// Status is the delivery's status after the attempt: WebhookDelivered,
	// WebhookPending (NextAttemptAt says when it is tried again) or
	// WebhookFailed (no more attempts).
	Status        string
	NextAttemptAt time.Time
}

// RecordWebhookAttempt stores an attempt of delivery id and where the
// delivery stands after it. A delivered attempt clears its endpoint's
// failing_since; a failed one sets it if unset, so that it tells since
// when the endpoint fails without a success.
func (s *Store) RecordWebhookAttempt(ctx context.Context, id int64, o WebhookOutcome) error {
	at := o.At.UTC()
	code := sql.NullInt64{Int64: int64(o.Code), Valid: o.Code != 0}
	ms := o.Duration.Milliseconds()
	next := sql.NullTime{Time: o.NextAttemptAt.UTC(), Valid: o.Status == WebhookPending}
	delivered := sql.NullTime{Time: at, Valid: o.Status == WebhookDelivered}
	return s.InTx(ctx, func(tx *Store) error {
		_, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO webhook_attempts (delivery_id, attempted_at, response_code, response_ms, error)
			VALUES (?, ?, ?, ?, ?)`), id, at, code, ms, clipError(o.Error))
		if err != nil {
			return fmt.Errorf("store: record webhook attempt: %w", err)
		}
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1,
			response_code = ?, response_ms = ?, last_error = ?, last_attempt_at = ?, next_attempt_at = ?, delivered_at = ?
			WHERE id = ?`), o.Status, code, ms, clipError(o.Error), at, next, delivered, id)
		if err := affectedOne(res, err, "update webhook delivery"); err != nil {
			return err
		}
		if o.Status == WebhookDelivered {
			_, err = tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE webhook_endpoints SET failing_since = NULL
				WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ?)`), id)
		} else {
			_, err = tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE webhook_endpoints SET failing_since = ?
				WHERE failing_since IS NULL AND id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ?)`), at, id)
		}
		if err != nil {
			return fmt.Errorf("store: webhook endpoint failing since: %w", err)
		}
		return nil
	})
}

// FailWebhookDelivery gives up on a pending delivery without an attempt
// (its endpoint was disabled), with the reason in its last error.
func (s *Store) FailWebhookDelivery(ctx context.Context, id int64, reason string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = ?
		WHERE id = ? AND status = 'pending'`), clipError(reason), id)
	if err != nil {
		return fmt.Errorf("store: fail webhook delivery: %w", err)
	}
	return nil
}

// DisableWebhookEndpoint stops sending events to endpoint id, with the
// reason the owner reads. It reports whether this call disabled it (false
// when it already was), so that one worker alone tells the owner.
func (s *Store) DisableWebhookEndpoint(ctx context.Context, id int64, at time.Time, reason string) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE webhook_endpoints SET disabled_at = ?, disabled_reason = ?
		WHERE id = ? AND disabled_at IS NULL`), at.UTC(), reason, id)
	if err != nil {
		return false, fmt.Errorf("store: disable webhook endpoint: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: disable webhook endpoint: %w", err)
	}
	return n == 1, nil
}

// WebhookRetention is how long deliveries (and their attempts) are kept
// for the delivery log.
const WebhookRetention = 30 * 24 * time.Hour

// PruneWebhookDeliveries deletes deliveries made before cutoff, with their
// attempts, and says how many.
func (s *Store) PruneWebhookDeliveries(ctx context.Context, cutoff time.Time) (int64, error) {
	// Attempts go with their deliveries (ON DELETE CASCADE on both engines:
	// SQLite runs with foreign_keys on), deleted first all the same so the
	// prune does not depend on it.
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM webhook_attempts WHERE delivery_id IN
		(SELECT id FROM webhook_deliveries WHERE created_at < ?)`), cutoff.UTC()); err != nil {
		return 0, fmt.Errorf("store: prune webhook attempts: %w", err)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM webhook_deliveries WHERE created_at < ?`), cutoff.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: prune webhook deliveries: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
