package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A broadcast is one email to every confirmed subscriber of a list (a
// newsletter, an incident's update). The job queue sends it in batches
// (jobs/broadcasts.go); a delivery row per address, whose primary key is
// (broadcast_id, email), records each send, so a batch that stopped
// carries on where it was and no address is sent the same broadcast twice.

// Delivery outcomes of one address of a broadcast.
const (
	DeliverySent    = "sent"
	DeliveryFailed  = "failed"  // the mail server refused it; the error says why
	DeliverySkipped = "skipped" // the address left the list while the broadcast was sending
)

// Broadcast is an email to a list, with how its sending went.
type Broadcast struct {
	ID         int64         `db:"id"`
	List       MailingList   `db:"list"`
	Subject    string        `db:"subject"`
	Body       string        `db:"body"` // Markdown
	CreatedBy  sql.NullInt64 `db:"created_by"`
	CreatedAt  time.Time     `db:"created_at"`
	FinishedAt sql.NullTime  `db:"finished_at"` // when the last address was done
	DeliveryCounts
}

// DeliveryCounts are how the sending of a broadcast goes, when read
// (deliveryCountColumns): of a broadcast, and of a sent newsletter.
type DeliveryCounts struct {
	Sent    int `db:"sent"`
	Failed  int `db:"failed"`
	Skipped int `db:"skipped"`
	// Remaining is how many confirmed subscribers of the list have no
	// delivery yet (0 once finished).
	Remaining int `db:"remaining"`
}

// Total is how many addresses the broadcast is for: those done, and while
// it sends, the confirmed subscribers still waiting.
func (c DeliveryCounts) Total() int { return c.Sent + c.Failed + c.Skipped + c.Remaining }

// Finished reports whether every address was done.
func (b Broadcast) Finished() bool { return b.FinishedAt.Valid }

// deliveryCountColumns reads the DeliveryCounts of a broadcast b (all 0
// when b is missing, as on a draft newsletter's outer join).
const deliveryCountColumns = `
	(SELECT COUNT(*) FROM broadcast_deliveries d WHERE d.broadcast_id = b.id AND d.status = 'sent') AS sent,
	(SELECT COUNT(*) FROM broadcast_deliveries d WHERE d.broadcast_id = b.id AND d.status = 'failed') AS failed,
	(SELECT COUNT(*) FROM broadcast_deliveries d WHERE d.broadcast_id = b.id AND d.status = 'skipped') AS skipped,
	CASE WHEN b.id IS NULL OR b.finished_at IS NOT NULL THEN 0 ELSE
	(SELECT COUNT(*) FROM subscribers s WHERE s.list = b.list AND s.confirmed_at IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM broadcast_deliveries d WHERE d.broadcast_id = b.id AND d.email = s.email)) END AS remaining`

// broadcastColumns reads a broadcast b with its counts.
const broadcastColumns = `b.id, b.list, b.subject, b.body, b.created_by, b.created_at, b.finished_at,` + deliveryCountColumns

// CreateBroadcast stores b (its ID, counts and FinishedAt are ignored) and
// returns its ID. Its sending is the caller's to enqueue, in the same
// transaction.
func (s *Store) CreateBroadcast(ctx context.Context, b Broadcast) (int64, error) {
	var id int64
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`INSERT INTO broadcasts (list, subject, body, created_by, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), string(b.List), b.Subject, b.Body, b.CreatedBy, time.Now().UTC()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: create broadcast: %w", err)
	}
	return id, nil
}

// BroadcastByID returns broadcast id with its counts.
func (s *Store) BroadcastByID(ctx context.Context, id int64) (Broadcast, error) {
	var b Broadcast
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`SELECT `+broadcastColumns+` FROM broadcasts b WHERE b.id = ?`), id)
	if err != nil {
		return Broadcast{}, notFound(err, "broadcast")
	}
	return b, nil
}

// BroadcastRecipients returns up to n confirmed subscribers of broadcast
// id's list that have no delivery of it yet, in the order of their
// addresses: the next batch to send (SubscriberLink makes each one's
// unsubscribe link). Addresses unsubscribed (their rows are gone) or never
// confirmed are not among them.
func (s *Store) BroadcastRecipients(ctx context.Context, id int64, n int) ([]Subscriber, error) {
	var subs []Subscriber
	err := s.db.SelectContext(ctx, &subs, s.db.Rebind(`SELECT s.id, s.email, s.list, s.created_at, s.confirmed_at
		FROM subscribers s JOIN broadcasts b ON b.list = s.list
		WHERE b.id = ? AND s.confirmed_at IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM broadcast_deliveries d WHERE d.broadcast_id = b.id AND d.email = s.email)
		ORDER BY s.email LIMIT ?`), id, n)
	if err != nil {
		return nil, fmt.Errorf("store: broadcast recipients: %w", err)
	}
	return subs, nil
}

// RecordDelivery records how broadcast id went for email: status is
// DeliverySent, DeliveryFailed (errText says why; it is clipped) or
// DeliverySkipped. An address already recorded keeps its first outcome.
func (s *Store) RecordDelivery(ctx context.Context, id int64, email, status, errText string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO broadcast_deliveries (broadcast_id, email, status, error, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (broadcast_id, email) DO NOTHING`), id, email, status, clipError(errText), time.Now().UTC())
	if err != nil {
		return fmt.Errorf("store: record delivery: %w", err)
	}
	return nil
}

// FinishBroadcast records that broadcast id has no address left; the
// first time counts.
func (s *Store) FinishBroadcast(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE broadcasts SET finished_at = ? WHERE id = ? AND finished_at IS NULL`), time.Now().UTC(), id)
	if err != nil {
		return fmt.Errorf("store: finish broadcast: %w", err)
	}
	return nil
}

// BroadcastFailures lists broadcast id's failed addresses with their
// errors, in the order of the addresses, up to n.
func (s *Store) BroadcastFailures(ctx context.Context, id int64, n int) ([]Delivery, error) {
	var ds []Delivery
	err := s.db.SelectContext(ctx, &ds, s.db.Rebind(`SELECT email, status, error, created_at FROM broadcast_deliveries
		WHERE broadcast_id = ? AND status = 'failed' ORDER BY email LIMIT ?`), id, n)
	if err != nil {
		return nil, fmt.Errorf("store: broadcast failures: %w", err)
	}
	return ds, nil
}

// Delivery is how a broadcast went for one address.
type Delivery struct {
	Email     string    `db:"email"`
	Status    string    `db:"status"`
	Error     string    `db:"error"`
	CreatedAt time.Time `db:"created_at"`
}
