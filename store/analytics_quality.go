package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"
)

// Owner analytics, lead quality: how the leads of a range of days went
// (the statuses the owner gave them in the inbox, how soon they answered),
// and the owner's average order value that turns won leads into an
// estimate of revenue. Leads count by the day they arrived (UTC), as in
// AnalyticsReport, deleted ones included: their status stays.

// LeadOutcomes are the statuses and response times of some leads.
type LeadOutcomes struct {
	Leads    int64
	ByStatus map[string]int64 // LeadStatuses → leads
	// Answered are the leads the owner answered (a status change or a
	// reply); MedianResponse is the median of their waits.
	Answered       int64
	MedianResponse time.Duration
	waits          []time.Duration
}

// WonShare is the share of the leads won (0 without leads).
func (o LeadOutcomes) WonShare() float64 { return ratio(o.ByStatus[LeadWon], o.Leads) }

// LostShare is the share of the leads lost (0 without leads).
func (o LeadOutcomes) LostShare() float64 { return ratio(o.ByStatus[LeadLost], o.Leads) }

// add counts a lead in status, answered after wait when answered.
func (o *LeadOutcomes) add(status string, wait time.Duration, answered bool) {
	if o.ByStatus == nil {
		o.ByStatus = map[string]int64{}
	}
	o.Leads++
	o.ByStatus[status]++
	if answered {
		o.Answered++
		o.waits = append(o.waits, wait)
	}
}

// settle works out the median of the waits added.
func (o *LeadOutcomes) settle() {
	slices.Sort(o.waits)
	if n := len(o.waits); n > 0 {
		o.MedianResponse = (o.waits[(n-1)/2] + o.waits[n/2]) / 2
	}
	o.waits = nil
}

// LeadQuality is how the leads of some listings over a range of days
// went: in all, by source, by the listing's category, and the leads won
// by calendar month (for the return on investment).
type LeadQuality struct {
	LeadOutcomes
	BySource   map[string]LeadOutcomes // SourceListing, SourceRequest
	ByCategory map[string]LeadOutcomes // a listing's category value
	WonByMonth map[string]int64        // "2006-01" → leads won that arrived that month
}

// LeadQuality reads the leads of the listings ids that arrived from one
// day to another (DayFormat, both included).
func (s *Store) LeadQuality(ctx context.Context, ids []int64, from, to string) (LeadQuality, error) {
	q := LeadQuality{BySource: map[string]LeadOutcomes{}, ByCategory: map[string]LeadOutcomes{}, WonByMonth: map[string]int64{}}
	first, err := time.Parse(DayFormat, from)
	if err != nil {
		return q, fmt.Errorf("store: lead quality: from: %w", err)
	}
	last, err := time.Parse(DayFormat, to)
	if err != nil {
		return q, fmt.Errorf("store: lead quality: to: %w", err)
	}
	if len(ids) == 0 {
		return q, nil
	}
	var leads []struct {
		Source    string       `db:"source"`
		Status    string       `db:"status"`
		Category  string       `db:"category"`
		CreatedAt time.Time    `db:"created_at"`
		Answered  sql.NullTime `db:"first_response_at"`
	}
	if err := s.selectIn(ctx, &leads, `SELECT l.source, l.status, b.category, l.created_at, l.first_response_at
		FROM leads l JOIN businesses b ON b.id = l.business_id
		WHERE l.business_id IN (?) AND l.created_at >= ? AND l.created_at < ?`, ids, first, last.AddDate(0, 0, 1)); err != nil {
		return q, fmt.Errorf("store: lead quality: %w", err)
	}
	for _, l := range leads {
		// An answer stamped before its lead (clocks apart) was no wait.
		wait, answered := max(l.Answered.Time.Sub(l.CreatedAt), 0), l.Answered.Valid
		q.add(l.Status, wait, answered)
		src, cat := q.BySource[l.Source], q.ByCategory[l.Category]
		src.add(l.Status, wait, answered)
		cat.add(l.Status, wait, answered)
		q.BySource[l.Source], q.ByCategory[l.Category] = src, cat
		if l.Status == LeadWon {
			q.WonByMonth[l.CreatedAt.UTC().Format(MonthFormat)]++
		}
	}
	q.settle()
	for k, o := range q.BySource {
		o.settle()
		q.BySource[k] = o
	}
	for k, o := range q.ByCategory {
		o.settle()
		q.ByCategory[k] = o
	}
	return q, nil
}

// OrderValueOf is the average order value userID entered for the return
// on investment, in cents (0: none yet).
func (s *Store) OrderValueOf(ctx context.Context, userID int64) (int64, error) {
	var cents int64
	err := s.db.GetContext(ctx, &cents, s.db.Rebind(`SELECT order_value_cents FROM users WHERE id = ?`), userID)
	if err != nil {
		return 0, notFound(err, "order value")
	}
	return cents, nil
}

// SetOrderValue keeps userID's average order value, in cents.
func (s *Store) SetOrderValue(ctx context.Context, userID, cents int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE users SET order_value_cents = ? WHERE id = ?`), cents, userID)
	return affectedOne(res, err, "set order value")
}
