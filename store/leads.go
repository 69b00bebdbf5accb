package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"

	"bizprofile/catalog"
)

// Leads: the enquiries visitors send to a listing, and how many of them
// an owner's plan lets them read each month.

// Statuses of a lead in its owner's inbox (the catalogue's).
const (
	LeadNew       = catalog.LeadNew
	LeadContacted = catalog.LeadContacted
	LeadWon       = catalog.LeadWon
	LeadLost      = catalog.LeadLost
)

// LeadStatuses are the statuses in the order the inbox offers them.
var LeadStatuses = catalog.Values(catalog.LeadStatusOptions)

// Where a lead came from.
const (
	SourceListing = "listing" // the listing's contact form
	SourceRequest = "request" // a quote request matched to the listing
)

// Lead is an enquiry sent to a business.
type Lead struct {
	ID         int64         `db:"id"`
	BusinessID int64         `db:"business_id"`
	Name       string        `db:"name"`
	Email      string        `db:"email"`
	Phone      string        `db:"phone"`
	Message    string        `db:"message"`
	Status     string        `db:"status"`
	Source     string        `db:"source"`
	RequestID  sql.NullInt64 `db:"request_id"`
	UserID     sql.NullInt64 `db:"user_id"` // the sender's account, when they were signed in
	Score      int           `db:"score"`   // 0-100, with its reasons
	Reasons    ScoreReasons  `db:"score_reasons"`
	// FirstResponseAt is when the owner first answered: a status change
	// or a reply.
	FirstResponseAt sql.NullTime `db:"first_response_at"`
	CreatedAt       time.Time    `db:"created_at"`
}

// ScoreReason is one line of a lead's score: what earned (or cost) the
// points.
type ScoreReason struct {
	Points int    `json:"points"`
	Text   string `json:"text"`
}

// ScoreReasons are a lead's score reasons, stored as a JSON list.
type ScoreReasons []ScoreReason

// Value implements driver.Valuer.
func (r ScoreReasons) Value() (driver.Value, error) {
	if r == nil {
		r = ScoreReasons{}
	}
	b, err := json.Marshal(r)
	return string(b), err
}

// Scan implements sql.Scanner.
func (r *ScoreReasons) Scan(src any) error {
	*r = nil
	return scanJSON(src, "score reasons", r)
}

// DuplicateWindow is how far back a lead from the same address to the
// same listing makes a new one a duplicate (its score says so).
const DuplicateWindow = 30 * 24 * time.Hour

// CreateLead stores an enquiry for a business with its score (ScoreLead),
// which it computes itself from the listing, the quote request the lead
// came from (RequestID) and the listing's recent leads, so that every lead
// is scored the same way whoever stores it.
func (s *Store) CreateLead(ctx context.Context, l Lead) (Lead, error) {
	if l.CreatedAt.IsZero() {
		l.CreatedAt = time.Now()
	}
	l.CreatedAt = l.CreatedAt.UTC()
	if l.Status == "" {
		l.Status = LeadNew
	}
	if l.Source == "" {
		l.Source = SourceListing
	}
	in := ScoreInput{Lead: l}
	var err error
	if in.Listing, err = s.BusinessByID(ctx, l.BusinessID); err != nil {
		return Lead{}, fmt.Errorf("store: create lead: %w", err)
	}
	if l.RequestID.Valid {
		q, err := s.QuoteRequestByID(ctx, l.RequestID.Int64)
		if err != nil {
			return Lead{}, fmt.Errorf("store: create lead: %w", err)
		}
		in.Request = &q
	}
	var earlier int
	err = s.db.GetContext(ctx, &earlier, s.db.Rebind(`
		SELECT COUNT(*) FROM leads WHERE email = ? AND business_id = ? AND created_at >= ? AND created_at <= ?`),
		l.Email, l.BusinessID, l.CreatedAt.Add(-DuplicateWindow), l.CreatedAt)
	if err != nil {
		return Lead{}, fmt.Errorf("store: create lead: earlier leads: %w", err)
	}
	in.Duplicate = earlier > 0
	l.Score, l.Reasons = ScoreLead(in)
	err = s.db.QueryRowxContext(ctx, s.db.Rebind(`
		INSERT INTO leads (business_id, name, email, phone, message, status, source, request_id, user_id, score, score_reasons, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		l.BusinessID, l.Name, l.Email, l.Phone, l.Message, l.Status, l.Source, l.RequestID, l.UserID, l.Score, l.Reasons, l.CreatedAt).Scan(&l.ID)
	if err != nil {
		return Lead{}, fmt.Errorf("store: create lead: %w", err)
	}
	return l, nil
}

// OwnerLead is a lead with the name of the listing it came to.
type OwnerLead struct {
	Lead
	BusinessName string `db:"business_name"`
	// Locked is set by MarkLockedLeads: the lead came after the owner's
	// plan's monthly cap, so its details stay hidden until an upgrade.
	Locked bool `db:"-"`
}

// RecentLeadsFor lists the newest leads of every listing ownerID owns.
func (s *Store) RecentLeadsFor(ctx context.Context, ownerID int64, limit int) ([]OwnerLead, error) {
	var ls []OwnerLead
	err := s.db.SelectContext(ctx, &ls, s.db.Rebind(`
		SELECT l.id, l.business_id, l.name, l.email, l.phone, l.message, l.created_at, b.name AS business_name
		FROM leads l JOIN businesses b ON b.id = l.business_id
		WHERE b.owner_id = ? AND l.deleted_at IS NULL ORDER BY l.created_at DESC, l.id DESC LIMIT ?`), ownerID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: recent leads: %w", err)
	}
	return ls, nil
}

// MarkLockedLeads sets Locked on each of leads (all of ownerID's) that is
// past monthlyCap within its calendar month (UTC), counting the owner's
// leads on every listing in the order they arrived. A negative cap means
// no cap. Nothing is stored: the lock follows the owner's plan at the time
// of reading, so an upgrade unlocks at once.
func (s *Store) MarkLockedLeads(ctx context.Context, ownerID int64, monthlyCap int, leads []OwnerLead) error {
	if monthlyCap < 0 {
		return nil
	}
	allowed := map[time.Time]map[int64]bool{} // month → ids within the cap
	for i := range leads {
		month := monthStart(leads[i].CreatedAt)
		ids, ok := allowed[month]
		if !ok {
			var first []int64
			err := s.db.SelectContext(ctx, &first, s.db.Rebind(`
				SELECT l.id FROM leads l JOIN businesses b ON b.id = l.business_id
				WHERE b.owner_id = ? AND l.created_at >= ? AND l.created_at < ?
				ORDER BY l.created_at, l.id LIMIT ?`), ownerID, month, month.AddDate(0, 1, 0), monthlyCap)
			if err != nil {
				return fmt.Errorf("store: leads within cap: %w", err)
			}
			ids = make(map[int64]bool, len(first))
			for _, id := range first {
				ids[id] = true
			}
			allowed[month] = ids
		}
		leads[i].Locked = !ids[leads[i].ID]
	}
	return nil
}

// LeadCounts are the leads of all of an owner's listings.
type LeadCounts struct {
	Total     int `db:"total"`
	ThisMonth int `db:"this_month"`
	LastMonth int `db:"last_month"`
}

// LeadCountsFor counts the leads of every listing ownerID owns, in total and
// for the calendar month of now and the one before (UTC).
func (s *Store) LeadCountsFor(ctx context.Context, ownerID int64, now time.Time) (LeadCounts, error) {
	return s.leadCounts(ctx, "b.owner_id = ?", ownerID, now)
}

// LeadCountsForBusiness counts one listing's leads the same way.
func (s *Store) LeadCountsForBusiness(ctx context.Context, businessID int64, now time.Time) (LeadCounts, error) {
	return s.leadCounts(ctx, "l.business_id = ?", businessID, now)
}

// leadCounts counts the leads matching where (one ? for arg): in total, in
// the calendar month of now and in the one before (UTC).
func (s *Store) leadCounts(ctx context.Context, where string, arg any, now time.Time) (LeadCounts, error) {
	thisMonth := monthStart(now)
	lastMonth := thisMonth.AddDate(0, -1, 0)
	var c LeadCounts
	err := s.db.GetContext(ctx, &c, s.db.Rebind(`
		SELECT COUNT(*) AS total,
			COALESCE(SUM(CASE WHEN l.created_at >= ? THEN 1 ELSE 0 END), 0) AS this_month,
			COALESCE(SUM(CASE WHEN l.created_at >= ? AND l.created_at < ? THEN 1 ELSE 0 END), 0) AS last_month
		FROM leads l JOIN businesses b ON b.id = l.business_id
		WHERE `+where), thisMonth, lastMonth, thisMonth, arg)
	if err != nil {
		return LeadCounts{}, fmt.Errorf("store: lead counts: %w", err)
	}
	return c, nil
}

// monthStart is the first instant of t's calendar month, in UTC: the unit
// plans count leads in.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
