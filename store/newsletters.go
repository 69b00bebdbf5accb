package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNewsletterSent is the answer to editing or sending a newsletter that
// was sent already: a newsletter goes out once, as it was.
var ErrNewsletterSent = errors.New("store: newsletter already sent")

// Newsletter is a newsletter an administrator writes on /admin/newsletter:
// a draft until it is sent, then its broadcast's counts.
type Newsletter struct {
	ID          int64         `db:"id"`
	Subject     string        `db:"subject"`
	Body        string        `db:"body"` // Markdown
	BroadcastID sql.NullInt64 `db:"broadcast_id"`
	CreatedBy   sql.NullInt64 `db:"created_by"`
	CreatedAt   time.Time     `db:"created_at"`
	UpdatedAt   time.Time     `db:"updated_at"`
	// Its sending, once sent: when it started and finished, and the
	// counts of its broadcast.
	SentAt     sql.NullTime `db:"sent_at"`
	FinishedAt sql.NullTime `db:"finished_at"`
	DeliveryCounts
}

// IsSent reports whether the newsletter was sent (or is sending).
func (n Newsletter) IsSent() bool { return n.BroadcastID.Valid }

const newsletterSelect = `SELECT n.id, n.subject, n.body, n.broadcast_id, n.created_by, n.created_at, n.updated_at,
	b.created_at AS sent_at, b.finished_at,` + deliveryCountColumns + `
	FROM newsletters n LEFT JOIN broadcasts b ON b.id = n.broadcast_id`

// CreateNewsletter stores a draft and returns its ID.
func (s *Store) CreateNewsletter(ctx context.Context, n Newsletter) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`INSERT INTO newsletters (subject, body, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), n.Subject, n.Body, n.CreatedBy, now, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: create newsletter: %w", err)
	}
	return id, nil
}

// UpdateNewsletter saves a draft's subject and body; ErrNewsletterSent
// once it was sent, ErrNotFound when there is none.
func (s *Store) UpdateNewsletter(ctx context.Context, n Newsletter) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE newsletters SET subject = ?, body = ?, updated_at = ?
		WHERE id = ? AND broadcast_id IS NULL`), n.Subject, n.Body, time.Now().UTC(), n.ID)
	if err != nil {
		return fmt.Errorf("store: update newsletter: %w", err)
	}
	return s.newsletterChanged(ctx, res, n.ID)
}

// DeleteNewsletter deletes a draft; ErrNewsletterSent once it was sent
// (its record stays with its counts), ErrNotFound when there is none.
func (s *Store) DeleteNewsletter(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM newsletters WHERE id = ? AND broadcast_id IS NULL`), id)
	if err != nil {
		return fmt.Errorf("store: delete newsletter: %w", err)
	}
	return s.newsletterChanged(ctx, res, id)
}

// MarkNewsletterSent records broadcastID as newsletter id's sending: once
// only, so call it in the transaction that creates the broadcast, which
// rolls back on ErrNewsletterSent (a second click, another tab).
func (s *Store) MarkNewsletterSent(ctx context.Context, id, broadcastID int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE newsletters SET broadcast_id = ?, updated_at = ?
		WHERE id = ? AND broadcast_id IS NULL`), broadcastID, time.Now().UTC(), id)
	if err != nil {
		return fmt.Errorf("store: mark newsletter sent: %w", err)
	}
	return s.newsletterChanged(ctx, res, id)
}

// newsletterChanged turns a change of no row into why: the newsletter is
// sent, or there is none.
func (s *Store) newsletterChanged(ctx context.Context, res sql.Result, id int64) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: newsletter changed: %w", err)
	}
	if n > 0 {
		return nil
	}
	if _, err := s.NewsletterByID(ctx, id); err != nil {
		return err
	}
	return ErrNewsletterSent
}

// NewsletterByID returns newsletter id, with its sending's counts.
func (s *Store) NewsletterByID(ctx context.Context, id int64) (Newsletter, error) {
	var n Newsletter
	err := s.db.GetContext(ctx, &n, s.db.Rebind(newsletterSelect+` WHERE n.id = ?`), id)
	if err != nil {
		return Newsletter{}, notFound(err, "newsletter")
	}
	return n, nil
}

// Newsletters lists the newsletters, drafts and sent, the last changed
// first, a page at a time, with how many there are in all.
func (s *Store) Newsletters(ctx context.Context, p Page) ([]Newsletter, int, error) {
	var ns []Newsletter
	err := s.db.SelectContext(ctx, &ns, s.db.Rebind(newsletterSelect+` ORDER BY n.updated_at DESC, n.id DESC LIMIT ? OFFSET ?`), p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: newsletters: %w", err)
	}
	total, err := s.countRows(ctx, "newsletters")
	return ns, total, err
}
