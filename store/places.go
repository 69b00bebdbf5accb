package store

import (
	"context"
	"fmt"
	"sort"

	"bizprofile/places"
)

// Place is a city with published listings, and how many.
type Place struct {
	State string // two-letter code, "TX"
	City  string // as listings spell it, "Austin"
	Count int
}

// Places are the cities with published listings, by state then city: the
// directory's landing pages and the sitemap list them.
func (s *Store) Places(ctx context.Context) ([]Place, error) {
	var rows []Place
	err := s.db.SelectContext(ctx, &rows, `SELECT upper(state) AS state, city, COUNT(*) AS count
		FROM businesses WHERE published = TRUE AND city <> '' AND state <> ''
		GROUP BY upper(state), city`)
	if err != nil {
		return nil, fmt.Errorf("store: places: %w", err)
	}
	// Spellings of one city that share a slug are one place.
	merged := map[[2]string]*Place{}
	var out []Place
	for _, p := range rows {
		key := [2]string{p.State, places.CitySlug(p.City)}
		if m, ok := merged[key]; ok {
			m.Count += p.Count
			continue
		}
		out = append(out, p)
		merged[key] = &out[len(out)-1]
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].State != out[j].State {
			return out[i].State < out[j].State
		}
		return places.CitySlug(out[i].City) < places.CitySlug(out[j].City)
	})
	return out, nil
}

// CategoryCounts are how many published listings each category has
// (categories without any are absent).
func (s *Store) CategoryCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Category string `db:"category"`
		Count    int    `db:"count"`
	}
	if err := s.db.SelectContext(ctx, &rows, `SELECT category, COUNT(*) AS count FROM businesses WHERE published = TRUE GROUP BY category`); err != nil {
		return nil, fmt.Errorf("store: category counts: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Category] = r.Count
	}
	return out, nil
}
