package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// The owner's lead inbox: every lead of their listings with its status,
// the history of what was done with it (status changes, private notes,
// replies, the hand-over after a claim), and its deletion.

// Kinds of a lead's events.
const (
	LeadEventStatus     = "status"      // FromStatus -> Status
	LeadEventNote       = "note"        // a private note (Body)
	LeadEventReply      = "reply"       // a reply emailed to the sender (Body)
	LeadEventHandedOver = "handed_over" // given to the owner whose claim was approved
)

// ErrInvalidStatus is returned for a status that is none of LeadStatuses.
var ErrInvalidStatus = errors.New("store: not a lead status")

// LeadFilter narrows an owner's inbox; zero values keep everything.
type LeadFilter struct {
	BusinessID int64     // one of the owner's listings
	Status     string    // one of LeadStatuses
	From, To   time.Time // dates (UTC), both included
	// Query keeps the leads whose name, email or message contains it, in
	// any case.
	Query string
	// SortByScore orders by score (highest first), then newest.
	SortByScore bool
	// After, when set, keeps the leads that come after it in the
	// newest-first order (not with SortByScore): the API's next page.
	After Position
}

// Position is a record's place in a newest-first list (created_at, then
// id): where a page ended, for the next page to start after it.
type Position struct {
	At time.Time
	ID int64
}

// IsZero reports whether p marks no position (the list's start).
func (p Position) IsZero() bool { return p.ID == 0 }

// after is the condition that keeps the rows of alias that come after p
// in the newest-first order, and its arguments.
func (p Position) after(alias string) (string, []any) {
	at := p.At.UTC()
	return "(" + alias + ".created_at < ? OR (" + alias + ".created_at = ? AND " + alias + ".id < ?))", []any{at, at, p.ID}
}

// leadColumns are a lead's columns, aliased l.
const leadColumns = `l.id, l.business_id, l.name, l.email, l.phone, l.message, l.status, l.source, l.request_id, l.user_id,
	l.score, l.score_reasons, l.first_response_at, l.created_at`

// OwnerLeads is a page of the leads of ownerID's listings that f keeps,
// newest first (or by score), and how many it keeps in all. Deleted leads
// are left out.
func (s *Store) OwnerLeads(ctx context.Context, ownerID int64, f LeadFilter, p Page) ([]OwnerLead, int, error) {
	where, args := []string{"b.owner_id = ?", "l.deleted_at IS NULL"}, []any{ownerID}
	if f.BusinessID != 0 {
		where, args = append(where, "l.business_id = ?"), append(args, f.BusinessID)
	}
	if f.Status != "" {
		where, args = append(where, "l.status = ?"), append(args, f.Status)
	}
	if !f.From.IsZero() {
		where, args = append(where, "l.created_at >= ?"), append(args, dayStart(f.From))
	}
	if !f.To.IsZero() {
		where, args = append(where, "l.created_at < ?"), append(args, dayStart(f.To).AddDate(0, 0, 1))
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		like := "LIKE" // SQLite's LIKE ignores case (of ASCII letters)
		if s.dialect == Postgres {
			like = "ILIKE"
		}
		where = append(where, `(l.name `+like+` ? ESCAPE '\' OR l.email `+like+` ? ESCAPE '\' OR l.message `+like+` ? ESCAPE '\')`)
		pattern := "%" + escapeLike(q) + "%"
		args = append(args, pattern, pattern, pattern)
	}
	if !f.After.IsZero() {
		cond, more := f.After.after("l")
		where, args = append(where, cond), append(args, more...)
	}
	from := ` FROM leads l JOIN businesses b ON b.id = l.business_id WHERE ` + strings.Join(where, " AND ")
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*)`+from), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count owner leads: %w", err)
	}
	order := ` ORDER BY l.created_at DESC, l.id DESC`
	if f.SortByScore {
		order = ` ORDER BY l.score DESC, l.created_at DESC, l.id DESC`
	}
	var ls []OwnerLead
	err := s.db.SelectContext(ctx, &ls, s.db.Rebind(`SELECT `+leadColumns+`, b.name AS business_name`+from+order+` LIMIT ? OFFSET ?`),
		append(args, p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: owner leads: %w", err)
	}
	return ls, total, nil
}

// dayStart is the first instant of t's date, in UTC.
func dayStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// LeadForOwner returns a lead of one of ownerID's listings; ErrNotFound
// when it is not theirs or was deleted.
func (s *Store) LeadForOwner(ctx context.Context, ownerID, leadID int64) (OwnerLead, error) {
	var l OwnerLead
	err := s.db.GetContext(ctx, &l, s.db.Rebind(`SELECT `+leadColumns+`, b.name AS business_name
		FROM leads l JOIN businesses b ON b.id = l.business_id
		WHERE l.id = ? AND b.owner_id = ? AND l.deleted_at IS NULL`), leadID, ownerID)
	if err != nil {
		return OwnerLead{}, notFound(err, "lead for owner")
	}
	return l, nil
}

// LeadPlaceInMonth is the place of l among its owner's leads of its
// calendar month (UTC), in the order they arrived, deleted ones included:
// the number a plan's monthly cap must reach to open it.
func (s *Store) LeadPlaceInMonth(ctx context.Context, ownerID int64, l OwnerLead) (int, error) {
	month := monthStart(l.CreatedAt)
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`
		SELECT COUNT(*) FROM leads l JOIN businesses b ON b.id = l.business_id
		WHERE b.owner_id = ? AND l.created_at >= ? AND l.created_at < ?
			AND (l.created_at < ? OR (l.created_at = ? AND l.id <= ?))`),
		ownerID, month, month.AddDate(0, 1, 0), l.CreatedAt.UTC(), l.CreatedAt.UTC(), l.ID)
	if err != nil {
		return 0, fmt.Errorf("store: lead place in month: %w", err)
	}
	return n, nil
}

// LeadEvent is one thing that happened to a lead.
type LeadEvent struct {
	ID         int64         `db:"id"`
	LeadID     int64         `db:"lead_id"`
	UserID     sql.NullInt64 `db:"user_id"` // who did it; none: the app
	Kind       string        `db:"kind"`
	FromStatus string        `db:"from_status"`
	Status     string        `db:"status"`
	Body       string        `db:"body"`
	CreatedAt  time.Time     `db:"created_at"`
	UserEmail  string        `db:"user_email"` // of UserID; "" for the app
}

// LeadEvents is a lead's history, oldest first.
func (s *Store) LeadEvents(ctx context.Context, leadID int64) ([]LeadEvent, error) {
	var es []LeadEvent
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`
		SELECT e.id, e.lead_id, e.user_id, e.kind, e.from_status, e.status, e.body, e.created_at, COALESCE(u.email, '') AS user_email
		FROM lead_events e LEFT JOIN users u ON u.id = e.user_id
		WHERE e.lead_id = ? ORDER BY e.created_at, e.id`), leadID)
	if err != nil {
		return nil, fmt.Errorf("store: lead events: %w", err)
	}
	return es, nil
}

// addLeadEvent records e on tx at now.
func addLeadEvent(ctx context.Context, tx *sqlx.Tx, e LeadEvent, now time.Time) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO lead_events (lead_id, user_id, kind, from_status, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		e.LeadID, e.UserID, e.Kind, e.FromStatus, e.Status, e.Body, now)
	if err != nil {
		return fmt.Errorf("store: add lead event: %w", err)
	}
	return nil
}

// setLeadStatus moves a lead to status on tx, recording the change by
// byUserID, and records the first answer; it reports whether the status
// changed (not when it was status already).
func setLeadStatus(ctx context.Context, tx *sqlx.Tx, leadID, byUserID int64, status string, now time.Time) (bool, error) {
	if !slices.Contains(LeadStatuses, status) {
		return false, ErrInvalidStatus
	}
	from, err := liveLeadStatus(ctx, tx, leadID)
	if err != nil {
		return false, err
	}
	if from == status {
		return false, nil
	}
	// Only the status read above changes: of two changes at once, the
	// second records its own from_status.
	res, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE leads SET status = ?, first_response_at = COALESCE(first_response_at, ?) WHERE id = ? AND status = ?`),
		status, now, leadID, from)
	if err := affectedOne(res, err, "set lead status"); err != nil {
		return false, err
	}
	return true, addLeadEvent(ctx, tx, LeadEvent{LeadID: leadID, UserID: userRef(byUserID), Kind: LeadEventStatus, FromStatus: from, Status: status}, now)
}

// userRef is a user id as a nullable reference (0: none).
func userRef(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// SetLeadStatus moves a lead to status, recording the change in its
// history by byUserID; the first change is the owner's first answer
// (FirstResponseAt). A lead already in status is left as it is, with no
// event. It returns ErrInvalidStatus for a status that is none of
// LeadStatuses, ErrNotFound for a missing or deleted lead.
func (s *Store) SetLeadStatus(ctx context.Context, leadID, byUserID int64, status string) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		_, err := setLeadStatus(ctx, tx, leadID, byUserID, status, time.Now().UTC())
		return err
	})
}

// AddLeadNote records a private note on a lead by byUserID.
func (s *Store) AddLeadNote(ctx context.Context, leadID, byUserID int64, body string) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := liveLeadStatus(ctx, tx, leadID); err != nil {
			return err
		}
		return addLeadEvent(ctx, tx, LeadEvent{LeadID: leadID, UserID: userRef(byUserID), Kind: LeadEventNote, Body: body}, time.Now().UTC())
	})
}

// liveLeadStatus is the status of leadID; ErrNotFound when it is missing
// or deleted.
func liveLeadStatus(ctx context.Context, tx *sqlx.Tx, leadID int64) (string, error) {
	var status string
	if err := tx.GetContext(ctx, &status, tx.Rebind(`SELECT status FROM leads WHERE id = ? AND deleted_at IS NULL`), leadID); err != nil {
		return "", notFound(err, "lead")
	}
	return status, nil
}

// RecordLeadReply records a reply emailed to a lead's sender by byUserID:
// the owner's first answer if none came before, and a new lead becomes
// contacted (with its status event).
func (s *Store) RecordLeadReply(ctx context.Context, leadID, byUserID int64, body string) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		status, err := liveLeadStatus(ctx, tx, leadID)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		if err := addLeadEvent(ctx, tx, LeadEvent{LeadID: leadID, UserID: userRef(byUserID), Kind: LeadEventReply, Body: body}, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE leads SET first_response_at = COALESCE(first_response_at, ?) WHERE id = ?`), now, leadID)
		if err != nil {
			return fmt.Errorf("store: lead first response: %w", err)
		}
		if status == LeadNew {
			_, err = setLeadStatus(ctx, tx, leadID, byUserID, LeadContacted, now)
		}
		return err
	})
}

// DeleteLead erases a lead: what its sender wrote (name, email, phone,
// message, and the score's reasons drawn from it) and its history. The
// emptied row stays, marked deleted, so that the plan's monthly count of
// leads does not change; it shows nowhere any more.
func (s *Store) DeleteLead(ctx context.Context, leadID int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`
			UPDATE leads SET name = '', email = '', phone = '', message = '', score_reasons = '[]', deleted_at = ?
			WHERE id = ? AND deleted_at IS NULL`), time.Now().UTC(), leadID)
		if err := affectedOne(res, err, "delete lead"); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM lead_events WHERE lead_id = ?`), leadID); err != nil {
			return fmt.Errorf("store: delete lead events: %w", err)
		}
		return nil
	})
}

// handOverLeads gives the leads a listing received without an owner to
// the owner just approved, recording the hand-over in each lead's
// history; it returns how many there were.
func handOverLeads(ctx context.Context, tx *sqlx.Tx, businessID int64, now time.Time) (int, error) {
	res, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO lead_events (lead_id, kind, created_at)
		SELECT id, ?, ? FROM leads WHERE business_id = ? AND deleted_at IS NULL`), LeadEventHandedOver, now, businessID)
	if err != nil {
		return 0, fmt.Errorf("store: hand over leads: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: hand over leads: %w", err)
	}
	return int(n), nil
}
