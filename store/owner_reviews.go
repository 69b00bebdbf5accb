package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// What a listing's owner sees of its reviews: every review, hidden ones
// included (with the administrator's reason), the figures that say what
// needs an answer, and how the customers' mood moves month by month.

// OwnerReviewFilter narrows an owner's list of reviews.
type OwnerReviewFilter struct {
	// Unanswered keeps the published reviews without a reply (a hidden
	// review cannot be answered).
	Unanswered bool
	// Stars keeps the reviews that gave this many stars (1-5); 0: any.
	Stars int
}

// OwnerReviews is a page of a listing's reviews, published and hidden,
// newest first, and how many match the filter in all.
func (s *Store) OwnerReviews(ctx context.Context, businessID int64, f OwnerReviewFilter, p Page) ([]Review, int, error) {
	where, args := `business_id = ?`, []any{businessID}
	if f.Unanswered {
		where += ` AND status = 'published' AND reply = ''`
	}
	if f.Stars >= 1 && f.Stars <= 5 {
		where += ` AND rating = ?`
		args = append(args, f.Stars)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM reviews WHERE `+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count owner reviews: %w", err)
	}
	var rs []Review
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE `+where+`
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: owner reviews: %w", err)
	}
	return rs, total, nil
}

// OwnerReviewSummary is a listing's reviews in the figures its owner acts
// on. Count and Average are the public figures (published reviews only).
type OwnerReviewSummary struct {
	Count        int
	Average      float64 // 0 without reviews
	Unanswered   int     // published reviews without a reply
	NewThisMonth int     // published reviews written since the first of the month (UTC)
	Hidden       int     // hidden by an administrator
}

// ReviewSummaryForOwner counts a listing's reviews for its owner, the
// month being now's (UTC).
func (s *Store) ReviewSummaryForOwner(ctx context.Context, businessID int64, now time.Time) (OwnerReviewSummary, error) {
	var f struct {
		Count      int `db:"n"`
		Total      int `db:"total"`
		Unanswered int `db:"unanswered"`
		New        int `db:"new"`
		Hidden     int `db:"hidden"`
	}
	err := s.db.GetContext(ctx, &f, s.db.Rebind(`
		SELECT
			COALESCE(SUM(CASE WHEN status = 'published' THEN 1 ELSE 0 END), 0) AS n,
			COALESCE(SUM(CASE WHEN status = 'published' THEN rating ELSE 0 END), 0) AS total,
			COALESCE(SUM(CASE WHEN status = 'published' AND reply = '' THEN 1 ELSE 0 END), 0) AS unanswered,
			COALESCE(SUM(CASE WHEN status = 'published' AND created_at >= ? THEN 1 ELSE 0 END), 0) AS new,
			COALESCE(SUM(CASE WHEN status = 'hidden' THEN 1 ELSE 0 END), 0) AS hidden
		FROM reviews WHERE business_id = ?`), monthStart(now), businessID)
	if err != nil {
		return OwnerReviewSummary{}, fmt.Errorf("store: owner review summary: %w", err)
	}
	return OwnerReviewSummary{Count: f.Count, Average: meanStars(f.Total, f.Count), Unanswered: f.Unanswered, NewThisMonth: f.New, Hidden: f.Hidden}, nil
}

// MonthSentiment counts one month's published reviews by sentiment.
type MonthSentiment struct {
	Month    time.Time // the first instant of the month, UTC
	Positive int
	Neutral  int
	Negative int
	Unrated  int // not analysed yet
}

// Total is the month's number of reviews.
func (m MonthSentiment) Total() int { return m.Positive + m.Neutral + m.Negative + m.Unrated }

// SentimentByMonth counts a listing's published reviews by sentiment for
// each of the months calendar months up to now's, oldest first; a month
// without reviews is there with zeros.
func (s *Store) SentimentByMonth(ctx context.Context, businessID int64, months int, now time.Time) ([]MonthSentiment, error) {
	if months < 1 {
		return nil, nil
	}
	first := monthStart(now).AddDate(0, 1-months, 0)
	out := make([]MonthSentiment, months)
	for i := range out {
		out[i].Month = first.AddDate(0, i, 0)
	}
	// The months are counted here rather than in SQL: the engines name a
	// timestamp's month differently, and a listing's year of reviews is
	// small.
	var rows []struct {
		CreatedAt time.Time `db:"created_at"`
		Sentiment string    `db:"sentiment"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`
		SELECT created_at, sentiment FROM reviews WHERE business_id = ? AND status = 'published' AND created_at >= ?`),
		businessID, first); err != nil {
		return nil, fmt.Errorf("store: sentiment by month: %w", err)
	}
	for _, r := range rows {
		t := r.CreatedAt.UTC()
		i := (t.Year()-first.Year())*12 + int(t.Month()) - int(first.Month())
		if i < 0 || i >= months {
			continue // written after now
		}
		m := &out[i]
		switch r.Sentiment {
		case SentimentPositive:
			m.Positive++
		case SentimentNeutral:
			m.Neutral++
		case SentimentNegative:
			m.Negative++
		default:
			m.Unrated++
		}
	}
	return out, nil
}

// AccountReviewFilter narrows the reviews of an account's listings; zero
// values keep everything.
type AccountReviewFilter struct {
	BusinessID int64 // one of the account's listings
	Stars      int   // 1-5; 0: any
	// Replied keeps the reviews with a reply (true) or without (false);
	// nil: both.
	Replied *bool
	After   Position // the API's next page: the reviews after it, newest first
}

// AccountReviews lists the reviews (published and hidden) of the listings
// of accountID that f keeps, newest first, at most limit, each with its
// listing's name.
func (s *Store) AccountReviews(ctx context.Context, accountID int64, f AccountReviewFilter, limit int) ([]OwnerReview, error) {
	where, args := []string{"b.owner_id = ?"}, []any{accountID}
	if f.BusinessID != 0 {
		where, args = append(where, "r.business_id = ?"), append(args, f.BusinessID)
	}
	if f.Stars >= 1 && f.Stars <= 5 {
		where, args = append(where, "r.rating = ?"), append(args, f.Stars)
	}
	if f.Replied != nil && *f.Replied {
		where = append(where, "r.reply <> ''")
	} else if f.Replied != nil {
		where = append(where, "r.reply = ''")
	}
	if !f.After.IsZero() {
		cond, more := f.After.after("r")
		where, args = append(where, cond), append(args, more...)
	}
	var rs []OwnerReview
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`SELECT `+ownerReviewColumns+` FROM reviews r JOIN businesses b ON b.id = r.business_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY r.created_at DESC, r.id DESC LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: account reviews: %w", err)
	}
	return rs, nil
}
