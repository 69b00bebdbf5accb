package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// Reputation alerts: how an owner hears of new reviews of their listings
// (users.review_alerts), the daily digest's bookkeeping
// (users.review_digest_at), and the review figures of an owner's
// dashboard. Which plans bring alerts is the plan catalogue's business
// (plans.Plan.ReviewAlerts); the store keeps the owner's choice whatever
// their plan, so that it holds again after an upgrade.

// Review alert settings.
const (
	ReviewAlertsEach  = "each"  // an email for each new review
	ReviewAlertsDaily = "daily" // one email a day with the new reviews
	ReviewAlertsOff   = "off"   // no review emails
)

// ErrReviewAlertSetting is returned for a setting that is none of
// ReviewAlertsEach, ReviewAlertsDaily and ReviewAlertsOff.
var ErrReviewAlertSetting = errors.New("store: unknown review alert setting")

// ValidReviewAlerts reports whether v is a review alert setting.
func ValidReviewAlerts(v string) bool {
	return v == ReviewAlertsEach || v == ReviewAlertsDaily || v == ReviewAlertsOff
}

// ReviewAlertsOf is userID's review alert setting.
func (s *Store) ReviewAlertsOf(ctx context.Context, userID int64) (string, error) {
	var v string
	if err := s.db.GetContext(ctx, &v, s.db.Rebind(`SELECT review_alerts FROM users WHERE id = ?`), userID); err != nil {
		return "", notFound(err, "review alerts of")
	}
	return v, nil
}

// SetReviewAlerts stores userID's review alert setting. Moving to the
// daily digest starts it now: the reviews before were emailed one by one,
// or were not to be emailed at all.
func (s *Store) SetReviewAlerts(ctx context.Context, userID int64, setting string) error {
	if !ValidReviewAlerts(setting) {
		return ErrReviewAlertSetting
	}
	q, args := `UPDATE users SET review_alerts = ? WHERE id = ?`, []any{setting, userID}
	if setting == ReviewAlertsDaily {
		// SET reads the row as it was: review_alerts is the old setting.
		q = `UPDATE users SET review_digest_at = CASE WHEN review_alerts = 'daily' THEN review_digest_at ELSE ` + s.timeParam() + ` END,
			review_alerts = ? WHERE id = ?`
		args = append([]any{time.Now().UTC()}, args...)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(q), args...)
	return affectedOne(res, err, "set review alerts")
}

// timeParam is a time parameter where PostgreSQL cannot infer its type
// (inside CASE).
func (s *Store) timeParam() string {
	if s.dialect == Postgres {
		return "CAST(? AS TIMESTAMPTZ)"
	}
	return "?"
}

// lockUser takes userID's row lock for the rest of the transaction
// (PostgreSQL; SQLite writes one transaction at a time anyway) and returns
// when its last review digest was sent.
func (s *Store) lockUser(ctx context.Context, userID int64) (sql.NullTime, error) {
	q := `SELECT review_digest_at FROM users WHERE id = ?`
	if s.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	var at sql.NullTime
	if err := s.db.GetContext(ctx, &at, s.db.Rebind(q), userID); err != nil {
		return at, notFound(err, "lock user")
	}
	return at, nil
}

// DigestOutcome says what EnqueueReviewDigest did with a new review.
type DigestOutcome int

const (
	// DigestQueued: a digest was queued; it carries the review.
	DigestQueued DigestOutcome = iota
	// DigestWaiting: a digest was already queued; it carries the review.
	DigestWaiting
	// DigestPassed: a digest sent while the review's transaction waited
	// already covers the time it was written, without it. No digest will
	// carry it: the caller tells the owner of it on its own.
	DigestPassed
)

// EnqueueReviewDigest enqueues j, the digest job of ownerID that tells of
// a review written at writtenAt, unless a job of the same kind and payload
// is queued and has not run yet. Called inside InTx (the review's
// transaction), it holds the owner's row lock, which the digest's
// transaction takes too: two reviews written at once queue one digest,
// and a review whose transaction committed while a digest ran is told of
// (DigestPassed) instead of lost.
func (s *Store) EnqueueReviewDigest(ctx context.Context, ownerID int64, j NewJob, writtenAt time.Time) (DigestOutcome, error) {
	last, err := s.lockUser(ctx, ownerID)
	if err != nil {
		return 0, err
	}
	if last.Valid && !writtenAt.After(last.Time) {
		return DigestPassed, nil
	}
	var waiting int
	err = s.db.GetContext(ctx, &waiting, s.db.Rebind(`SELECT COUNT(*) FROM jobs WHERE kind = ? AND payload = ? AND status = 'queued'`),
		j.Kind, string(j.Payload))
	if err != nil {
		return 0, fmt.Errorf("store: waiting digest: %w", err)
	}
	if waiting > 0 {
		return DigestWaiting, nil
	}
	return DigestQueued, s.Enqueue(ctx, j)
}

// ReviewDigestSince is the instant ownerID's next review digest starts
// from: when the last one was sent, or a day before now when none was. It
// takes the owner's row lock, so call it inside InTx, first.
func (s *Store) ReviewDigestSince(ctx context.Context, ownerID int64, now time.Time) (time.Time, error) {
	at, err := s.lockUser(ctx, ownerID)
	if err != nil {
		return time.Time{}, err
	}
	if !at.Valid {
		return now.UTC().Add(-24 * time.Hour), nil
	}
	return at.Time.UTC(), nil
}

// SetReviewDigestAt records that ownerID's review digest covered the
// reviews written up to at.
func (s *Store) SetReviewDigestAt(ctx context.Context, ownerID int64, at time.Time) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE users SET review_digest_at = ? WHERE id = ?`), at.UTC(), ownerID)
	return affectedOne(res, err, "set review digest time")
}

// OwnerReview is a review of one of an owner's listings, with the
// listing's name.
type OwnerReview struct {
	Review
	BusinessName string `db:"business_name"`
}

// ownerReviewColumns are reviewColumns of alias r and the listing's name.
var ownerReviewColumns = prefixed("r.", reviewColumns) + `, b.name AS business_name`

// OwnerReviewsSince lists the published reviews of ownerID's listings
// written after since and up to until, oldest first, at most limit of
// them, and how many there are in all.
func (s *Store) OwnerReviewsSince(ctx context.Context, ownerID int64, since, until time.Time, limit int) ([]OwnerReview, int, error) {
	const where = ` FROM reviews r JOIN businesses b ON b.id = r.business_id
		WHERE b.owner_id = ? AND r.status = 'published' AND r.created_at > ? AND r.created_at <= ?`
	args := []any{ownerID, since.UTC(), until.UTC()}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*)`+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count owner reviews: %w", err)
	}
	var rs []OwnerReview
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`SELECT `+ownerReviewColumns+where+` ORDER BY r.created_at, r.id LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: owner reviews: %w", err)
	}
	return rs, total, nil
}

// NewestOwnerReviews lists the newest published reviews of ownerID's
// listings, at most limit.
func (s *Store) NewestOwnerReviews(ctx context.Context, ownerID int64, limit int) ([]OwnerReview, error) {
	var rs []OwnerReview
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`SELECT `+ownerReviewColumns+` FROM reviews r JOIN businesses b ON b.id = r.business_id
		WHERE b.owner_id = ? AND r.status = 'published' ORDER BY r.created_at DESC, r.id DESC LIMIT ?`), ownerID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: newest owner reviews: %w", err)
	}
	return rs, nil
}

// ReviewFigures are the published reviews of an owner's listings in
// figures, for the dashboard: in all and by listing.
type ReviewFigures struct {
	Count      int
	Average    float64 // the mean of the stars, to two decimals; 0 without reviews
	ThisMonth  int     // written in the calendar month of now (UTC)
	Unanswered int     // without the owner's reply
	Listings   []ListingReviewFigures
}

// ListingReviewFigures are one listing's published reviews in figures.
type ListingReviewFigures struct {
	BusinessID int64   `db:"business_id"`
	Name       string  `db:"name"`
	Count      int     `db:"n"`
	Sum        int     `db:"stars"`
	ThisMonth  int     `db:"this_month"`
	Unanswered int     `db:"unanswered"`
	Average    float64 `db:"-"`
}

// ReviewFiguresFor counts the published reviews of ownerID's listings at
// now. Listings come newest first, as BusinessesOwnedBy lists them, with
// or without reviews.
func (s *Store) ReviewFiguresFor(ctx context.Context, ownerID int64, now time.Time) (ReviewFigures, error) {
	var ls []ListingReviewFigures
	err := s.db.SelectContext(ctx, &ls, s.db.Rebind(`
		SELECT b.id AS business_id, b.name,
			COUNT(r.id) AS n,
			COALESCE(SUM(r.rating), 0) AS stars,
			COALESCE(SUM(CASE WHEN r.created_at >= ? THEN 1 ELSE 0 END), 0) AS this_month,
			COALESCE(SUM(CASE WHEN r.id IS NOT NULL AND r.reply = '' THEN 1 ELSE 0 END), 0) AS unanswered
		FROM businesses b LEFT JOIN reviews r ON r.business_id = b.id AND r.status = 'published'
		WHERE b.owner_id = ?
		GROUP BY b.id, b.name, b.created_at
		ORDER BY b.created_at DESC, b.id DESC`), monthStart(now), ownerID)
	if err != nil {
		return ReviewFigures{}, fmt.Errorf("store: review figures: %w", err)
	}
	var f ReviewFigures
	sum := 0
	for i := range ls {
		l := &ls[i]
		l.Average = meanStars(l.Sum, l.Count)
		f.Count += l.Count
		sum += l.Sum
		f.ThisMonth += l.ThisMonth
		f.Unanswered += l.Unanswered
	}
	f.Average = meanStars(sum, f.Count)
	f.Listings = ls
	return f, nil
}

// meanStars is sum/n to two decimals, as a listing's rating is kept; 0
// when n is 0.
func meanStars(sum, n int) float64 {
	if n == 0 {
		return 0
	}
	return math.Round(float64(sum)/float64(n)*100) / 100
}
