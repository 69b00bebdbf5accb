package store

import (
	"context"
	"fmt"
	"time"
)

// ReviewFacts are a listing's published reviews in the figures the
// insights read: how many, the stars, the trend by month and by quarter,
// and how many wait for the owner's answer.
type ReviewFacts struct {
	Published      int
	Average        float64 // 0 without reviews
	Unanswered     int
	ThisMonth      int     // written in the calendar month of now (UTC)
	LastMonth      int     // in the month before
	AvgThisQuarter float64 // stars of the reviews written in the calendar quarter of now; 0 without any
	AvgPrevQuarter float64 // in the quarter before
}

// ReviewFactsOf counts a listing's published reviews at now.
func (s *Store) ReviewFactsOf(ctx context.Context, businessID int64, now time.Time) (ReviewFacts, error) {
	month := monthStart(now)
	lastMonth := month.AddDate(0, -1, 0)
	quarter := quarterStart(now)
	lastQuarter := quarter.AddDate(0, -3, 0)
	var row struct {
		N          int `db:"n"`
		Stars      int `db:"stars"`
		Unanswered int `db:"unanswered"`
		ThisMonth  int `db:"this_month"`
		LastMonth  int `db:"last_month"`
		NQuarter   int `db:"n_quarter"`
		SQuarter   int `db:"s_quarter"`
		NPrev      int `db:"n_prev"`
		SPrev      int `db:"s_prev"`
	}
	err := s.db.GetContext(ctx, &row, s.db.Rebind(`
		SELECT COUNT(*) AS n, COALESCE(SUM(rating), 0) AS stars,
			COALESCE(SUM(CASE WHEN reply = '' THEN 1 ELSE 0 END), 0) AS unanswered,
			COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0) AS this_month,
			COALESCE(SUM(CASE WHEN created_at >= ? AND created_at < ? THEN 1 ELSE 0 END), 0) AS last_month,
			COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0) AS n_quarter,
			COALESCE(SUM(CASE WHEN created_at >= ? THEN rating ELSE 0 END), 0) AS s_quarter,
			COALESCE(SUM(CASE WHEN created_at >= ? AND created_at < ? THEN 1 ELSE 0 END), 0) AS n_prev,
			COALESCE(SUM(CASE WHEN created_at >= ? AND created_at < ? THEN rating ELSE 0 END), 0) AS s_prev
		FROM reviews WHERE business_id = ? AND status = 'published'`),
		month, lastMonth, month, quarter, quarter, lastQuarter, quarter, lastQuarter, quarter, businessID)
	if err != nil {
		return ReviewFacts{}, fmt.Errorf("store: review facts: %w", err)
	}
	return ReviewFacts{
		Published: row.N, Average: meanStars(row.Stars, row.N), Unanswered: row.Unanswered,
		ThisMonth: row.ThisMonth, LastMonth: row.LastMonth,
		AvgThisQuarter: meanStars(row.SQuarter, row.NQuarter), AvgPrevQuarter: meanStars(row.SPrev, row.NPrev),
	}, nil
}

// quarterStart is the first instant of t's calendar quarter, in UTC.
func quarterStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month()-(t.Month()-1)%3, 1, 0, 0, 0, 0, time.UTC)
}

// ReviewWords is what a review says, without who said it.
type ReviewWords struct {
	Title string `db:"title"`
	Body  string `db:"body"`
}

// ReviewWordsOf lists the titles and texts of a listing's published
// reviews, newest first, at most limit.
func (s *Store) ReviewWordsOf(ctx context.Context, businessID int64, limit int) ([]ReviewWords, error) {
	var ws []ReviewWords
	err := s.db.SelectContext(ctx, &ws, s.db.Rebind(`SELECT title, body FROM reviews
		WHERE business_id = ? AND status = 'published' ORDER BY created_at DESC, id DESC LIMIT ?`), businessID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: review words: %w", err)
	}
	return ws, nil
}
