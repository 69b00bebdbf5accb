package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Owner analytics, the reading side: a range of days of some listings,
// from the counted days (analytics.go) and from the leads and reviews
// themselves, day by day and in total.

// AnalyticsTotals are the figures of a listing, a day or a range.
type AnalyticsTotals struct {
	StatCounts
	Leads         int64
	LeadsBySource map[string]int64 // SourceListing, SourceRequest → leads
	Reviews       int64            // published reviews written
	RatingSum     int64            // of those reviews' stars
}

// ClickThrough is views per impression (0 without impressions).
func (t AnalyticsTotals) ClickThrough() float64 { return ratio(t.Views, t.Impressions) }

// Conversion is leads per view (0 without views).
func (t AnalyticsTotals) Conversion() float64 { return ratio(t.Leads, t.Views) }

// AverageRating is the average stars of the reviews written (0 without).
func (t AnalyticsTotals) AverageRating() float64 { return ratio(t.RatingSum, t.Reviews) }

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (t *AnalyticsTotals) add(o AnalyticsTotals) {
	t.StatCounts = t.StatCounts.Add(o.StatCounts)
	t.Leads += o.Leads
	t.Reviews += o.Reviews
	t.RatingSum += o.RatingSum
	for k, n := range o.LeadsBySource {
		if t.LeadsBySource == nil {
			t.LeadsBySource = map[string]int64{}
		}
		t.LeadsBySource[k] += n
	}
}

// AnalyticsDay is one day of a report.
type AnalyticsDay struct {
	Day string // DayFormat
	AnalyticsTotals
}

// AnalyticsReport is a range of days of some listings.
type AnalyticsReport struct {
	From, To  string         // DayFormat, both included
	Days      []AnalyticsDay // every day of the range, in order, zero when nothing happened
	Totals    AnalyticsTotals
	ByListing map[int64]AnalyticsTotals
}

// AnalyticsReport adds up the listings' figures from one day to another
// (DayFormat, both included; at most about ten years): views, visitors,
// impressions and clicks as counted, leads (by source) and published
// reviews by the day they arrived (UTC).
func (s *Store) AnalyticsReport(ctx context.Context, ids []int64, from, to string) (AnalyticsReport, error) {
	first, err := time.Parse(DayFormat, from)
	if err != nil {
		return AnalyticsReport{}, fmt.Errorf("store: analytics report: from: %w", err)
	}
	last, err := time.Parse(DayFormat, to)
	if err != nil {
		return AnalyticsReport{}, fmt.Errorf("store: analytics report: to: %w", err)
	}
	if last.Before(first) || last.Sub(first) > 3700*24*time.Hour {
		return AnalyticsReport{}, fmt.Errorf("store: analytics report: %s to %s is not a range", from, to)
	}
	rep := AnalyticsReport{From: from, To: to, ByListing: map[int64]AnalyticsTotals{}}
	index := map[string]int{}
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		index[Day(d)] = len(rep.Days)
		rep.Days = append(rep.Days, AnalyticsDay{Day: Day(d)})
	}
	if len(ids) == 0 {
		return rep, nil
	}
	add := func(id int64, day string, t AnalyticsTotals) {
		i, ok := index[day]
		if !ok {
			return
		}
		rep.Days[i].add(t)
		rep.Totals.add(t)
		l := rep.ByListing[id]
		l.add(t)
		rep.ByListing[id] = l
	}
	days, err := s.ListingDays(ctx, ids, from, to)
	if err != nil {
		return rep, err
	}
	for _, d := range days {
		add(d.BusinessID, d.Day, AnalyticsTotals{StatCounts: d.StatCounts})
	}
	start, end := first, last.AddDate(0, 0, 1)
	var leads []struct {
		BusinessID int64     `db:"business_id"`
		CreatedAt  time.Time `db:"created_at"`
		Source     string    `db:"source"`
	}
	if err := s.selectIn(ctx, &leads, `SELECT business_id, created_at, source FROM leads
		WHERE business_id IN (?) AND created_at >= ? AND created_at < ?`, ids, start, end); err != nil {
		return rep, fmt.Errorf("store: analytics leads: %w", err)
	}
	for _, l := range leads {
		add(l.BusinessID, Day(l.CreatedAt), AnalyticsTotals{Leads: 1, LeadsBySource: map[string]int64{l.Source: 1}})
	}
	var reviews []struct {
		BusinessID int64     `db:"business_id"`
		CreatedAt  time.Time `db:"created_at"`
		Rating     int64     `db:"rating"`
	}
	if err := s.selectIn(ctx, &reviews, `SELECT business_id, created_at, rating FROM reviews
		WHERE business_id IN (?) AND status = 'published' AND created_at >= ? AND created_at < ?`, ids, start, end); err != nil {
		return rep, fmt.Errorf("store: analytics reviews: %w", err)
	}
	for _, r := range reviews {
		add(r.BusinessID, Day(r.CreatedAt), AnalyticsTotals{Reviews: 1, RatingSum: r.Rating})
	}
	return rep, nil
}

// selectIn runs a query whose (?) takes a list (sqlx.In) into dest.
func (s *Store) selectIn(ctx context.Context, dest any, query string, args ...any) error {
	q, args, err := sqlx.In(query, args...)
	if err != nil {
		return err
	}
	return s.db.SelectContext(ctx, dest, s.db.Rebind(q), args...)
}
