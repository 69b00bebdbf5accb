package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Insight is a stored piece of AI advice for a business.
type Insight struct {
	ID              int64     `db:"id"`
	BusinessID      int64     `db:"business_id"`
	Type            string    `db:"insight_type"`
	Title           string    `db:"title"`
	Content         string    `db:"content"`
	Recommendations Lines     `db:"recommendations"`
	Provider        string    `db:"provider"`
	CreatedAt       time.Time `db:"created_at"`
}

// AddInsights stores one generation's insights together.
func (s *Store) AddInsights(ctx context.Context, businessID int64, provider string, ins []Insight) error {
	now := time.Now().UTC()
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		for i, in := range ins {
			// Keep the provider's order when sorting by time.
			at := now.Add(-time.Duration(i) * time.Millisecond)
			if _, err := tx.ExecContext(ctx, tx.Rebind(`
				INSERT INTO ai_insights (business_id, insight_type, title, content, recommendations, provider, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`), businessID, in.Type, in.Title, in.Content, in.Recommendations, provider, at); err != nil {
				return fmt.Errorf("store: add insight: %w", err)
			}
		}
		return nil
	})
}

// InsightsFor lists a business's insights, newest first.
func (s *Store) InsightsFor(ctx context.Context, businessID int64, limit int) ([]Insight, error) {
	var ins []Insight
	err := s.db.SelectContext(ctx, &ins, s.db.Rebind(`
		SELECT id, business_id, insight_type, title, content, recommendations, provider, created_at
		FROM ai_insights WHERE business_id = ? ORDER BY created_at DESC, id LIMIT ?`), businessID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: insights: %w", err)
	}
	return ins, nil
}

// CategoryBenchmarks describe the published listings of a category.
type CategoryBenchmarks struct {
	Count       int     `db:"n"`
	AvgRating   float64 `db:"avg_rating"`
	AvgReviews  float64 `db:"avg_reviews"`
	InCity      int     `db:"in_city"`
	PopularTags []string
}

// BenchmarksFor compares with the category: how many listings, their
// average rating (among those with reviews) and reviews, how many in the
// city of the state (Portland, OR is not Portland, ME), and the tags they
// use most.
func (s *Store) BenchmarksFor(ctx context.Context, category, city, state string) (CategoryBenchmarks, error) {
	var b CategoryBenchmarks
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`
		SELECT COUNT(*) AS n,
			COALESCE(AVG(CASE WHEN review_count > 0 THEN rating END), 0) AS avg_rating,
			COALESCE(AVG(review_count), 0) AS avg_reviews,
			COALESCE(SUM(CASE WHEN lower(city) = lower(?) AND upper(state) = upper(?) THEN 1 ELSE 0 END), 0) AS in_city
		FROM businesses WHERE published = TRUE AND category = ?`), city, state, category)
	if err != nil {
		return CategoryBenchmarks{}, fmt.Errorf("store: benchmarks: %w", err)
	}
	var tagRows []Lines
	if err := s.db.SelectContext(ctx, &tagRows, s.db.Rebind(`
		SELECT tags FROM businesses WHERE published = TRUE AND category = ? AND tags <> '' ORDER BY review_count DESC LIMIT 500`), category); err != nil {
		return CategoryBenchmarks{}, fmt.Errorf("store: benchmark tags: %w", err)
	}
	counts := map[string]int{}
	for _, ts := range tagRows {
		for _, t := range ts {
			counts[strings.ToLower(t)]++
		}
	}
	for t := range counts {
		b.PopularTags = append(b.PopularTags, t)
	}
	sort.Slice(b.PopularTags, func(i, j int) bool {
		ti, tj := b.PopularTags[i], b.PopularTags[j]
		if counts[ti] != counts[tj] {
			return counts[ti] > counts[tj]
		}
		return ti < tj
	})
	if len(b.PopularTags) > 8 {
		b.PopularTags = b.PopularTags[:8]
	}
	return b, nil
}
