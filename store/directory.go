package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
)

// PageSize is how many listings a directory page shows.
const PageSize = 20

// Sorts of the directory (spec §5).
const (
	SortRelevance = "relevance"
	SortRating    = "rating"
	SortReviews   = "reviews"
	SortName      = "name"
)

// Search is one directory query: every control of the directory page.
type Search struct {
	Query        string  // substring of name, description, a tag or the sub-category
	Category     string  // exact category
	Location     string  // what a visitor typed: "TX", "Austin", "Austin, TX", or a substring of "city, state"
	State        string  // two-letter state code, exact ("" = any)
	City         string  // a city of State, by name or places.CitySlug ("" = any)
	Sort         string  // SortRelevance (default), SortRating, SortReviews, SortName
	MinRating    float64 // 0 = any
	VerifiedOnly bool
	Type         string // business type, "" = any
	Page         int    // 1-based
}

// SearchResult is one page of matching listings.
type SearchResult struct {
	Businesses []Business
	Total      int
	Page       int
	Pages      int
	// Places and Categories are what the whole directory holds (as
	// Places and CategoryCounts say), as the search saw it: pages that
	// link to the landing pages need no second look. Shared: callers
	// must not modify them.
	Places     []Place
	Categories map[string]int
	Version    int64 // the directory's version the search saw: it changes whenever a listing does
}

// directory holds a process's search index (store/search_index.go) and
// keeps it in step with the database: every search reads the database's
// directory version, and a newer one sends the index to re-read the
// listings changed since (migration 00014 records them), so a change any
// process commits is searchable at once.
type directory struct {
	index atomic.Pointer[searchIndex]
	sync  sync.Mutex // one refresh at a time
}

// SearchBusinesses runs a directory search among published listings. It
// reads the directory's version from the database and, when the index is
// behind, brings it up to date first; the index then finds the page and
// counts every match. The page's listings carry what a directory card
// shows (Business.Hours, for one, is not filled).
func (s *Store) SearchBusinesses(ctx context.Context, q Search) (SearchResult, error) {
	page := max(q.Page, 1)
	return s.SearchDirectory(ctx, q, (page-1)*PageSize, PageSize)
}

// SearchDirectory is SearchBusinesses for limit listings from offset on
// (the API's pages); q.Page is ignored, and Page and Pages count pages of
// limit listings.
func (s *Store) SearchDirectory(ctx context.Context, q Search, offset, limit int) (SearchResult, error) {
	ix, err := s.currentIndex(ctx)
	if err != nil {
		return SearchResult{}, err
	}
	limit = max(limit, 1)
	res := SearchResult{Page: offset/limit + 1}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	page, total := ix.search(q, offset, limit)
	res.Businesses = make([]Business, len(page))
	for i, d := range page {
		res.Businesses[i] = ix.business(d)
	}
	res.Total, res.Pages = total, int(math.Ceil(float64(total)/float64(limit)))
	st := ix.statistics()
	res.Places, res.Categories, res.Version = st.places, st.categories, ix.version
	return res, nil
}

// Places are the cities with published listings, by state then city: the
// directory's landing pages and the sitemap list them.
func (s *Store) Places(ctx context.Context) ([]Place, error) {
	st, err := s.directoryStatistics(ctx)
	if err != nil {
		return nil, err
	}
	return slices.Clone(st.places), nil
}

// CategoryCounts are how many published listings each category has
// (categories without any are absent).
func (s *Store) CategoryCounts(ctx context.Context) (map[string]int, error) {
	st, err := s.directoryStatistics(ctx)
	if err != nil {
		return nil, err
	}
	return maps.Clone(st.categories), nil
}

func (s *Store) directoryStatistics(ctx context.Context) (*indexStats, error) {
	ix, err := s.currentIndex(ctx)
	if err != nil {
		return nil, err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.statistics(), nil
}

// Place is a city with published listings, and how many.
type Place struct {
	State string // two-letter code, "TX"
	City  string // as listings spell it, "Austin"
	Count int
}

// WarmDirectory builds the search index ahead of the first search (which
// would otherwise wait for it).
func (s *Store) WarmDirectory(ctx context.Context) error {
	_, err := s.searchIndex(ctx)
	return err
}

// searchIndex is the index, built on first use.
func (s *Store) searchIndex(ctx context.Context) (*searchIndex, error) {
	if ix := s.dir.index.Load(); ix != nil {
		return ix, nil
	}
	if err := s.refreshDirectory(ctx); err != nil {
		return nil, err
	}
	return s.dir.index.Load(), nil
}

// currentIndex is the index once it has caught up with the database.
func (s *Store) currentIndex(ctx context.Context) (*searchIndex, error) {
	ix, err := s.searchIndex(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.directoryVersion(ctx)
	if err != nil {
		return nil, err
	}
	ix.mu.RLock()
	behind := ix.version != v
	ix.mu.RUnlock()
	if !behind {
		return ix, nil
	}
	if err := s.refreshDirectory(ctx); err != nil {
		return nil, err
	}
	return s.dir.index.Load(), nil
}

// directoryVersion is the database's directory version: it moves with
// every change to a listing.
func (s *Store) directoryVersion(ctx context.Context) (int64, error) {
	var v int64
	if err := s.pool.GetContext(ctx, &v, `SELECT version FROM directory_state`); err != nil {
		return 0, fmt.Errorf("store: directory version: %w", err)
	}
	return v, nil
}

// refreshDirectory brings the index up to the database's version: it
// re-reads the listings changed since the index's version, or builds the
// index anew when there is none yet, when it is too far behind (the
// changes it missed were pruned, or are many), or when changes have left
// it with many dead documents.
func (s *Store) refreshDirectory(ctx context.Context) error {
	s.dir.sync.Lock()
	defer s.dir.sync.Unlock()
	var st struct {
		Version int64 `db:"version"`
		Pruned  int64 `db:"pruned_through"`
	}
	if err := s.pool.GetContext(ctx, &st, `SELECT version, pruned_through FROM directory_state`); err != nil {
		return fmt.Errorf("store: directory version: %w", err)
	}
	ix := s.dir.index.Load()
	if ix != nil && ix.version == st.Version {
		return nil
	}
	if ix == nil || ix.version < st.Pruned {
		return s.rebuildDirectory(ctx)
	}
	var changed []int64
	if err := s.pool.SelectContext(ctx, &changed, s.pool.Rebind(`SELECT DISTINCT business_id FROM directory_changes WHERE version > ? AND version <= ?`), ix.version, st.Version); err != nil {
		return fmt.Errorf("store: directory changes: %w", err)
	}
	if len(changed) > max(1000, len(ix.byID)/20) || ix.dead+len(changed) > max(1000, len(ix.byID)/4) {
		return s.rebuildDirectory(ctx)
	}
	var rows []indexRow
	for chunk := range slices.Chunk(changed, 500) {
		got, err := s.indexRows(ctx, `WHERE id IN (`+inList(len(chunk))+`)`, anys(chunk)...)
		if err != nil {
			return err
		}
		rows = append(rows, got...)
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.changed()
	for _, id := range changed {
		if d, ok := ix.byID[id]; ok {
			ix.remove(d)
		}
	}
	for _, r := range rows {
		if r.Published {
			ix.insertOrdered(ix.add(r))
		}
	}
	ix.version = st.Version
	return nil
}

// rebuildDirectory builds the index from every published listing. The
// version is read first: changes committed while the listings are read
// are applied again by the next refresh, which does no harm.
func (s *Store) rebuildDirectory(ctx context.Context) error {
	ix := newSearchIndex()
	var err error
	if ix.version, err = s.directoryVersion(ctx); err != nil {
		return err
	}
	rows, err := s.indexRows(ctx, `WHERE published = TRUE`)
	if err != nil {
		return err
	}
	for _, r := range rows {
		ix.add(r)
	}
	ix.sortOrders()
	s.dir.index.Store(ix)
	return nil
}

// indexRows reads the listings the condition selects as the index needs
// them. It scans by hand: a million listings read through reflection
// would take seconds longer.
func (s *Store) indexRows(ctx context.Context, cond string, args ...any) ([]indexRow, error) {
	rows, err := s.pool.QueryContext(ctx, s.pool.Rebind(`SELECT `+indexColumns+` FROM businesses `+cond), args...)
	if err != nil {
		return nil, fmt.Errorf("store: read listings to index: %w", err)
	}
	defer rows.Close()
	var out []indexRow
	for rows.Next() {
		var r indexRow
		var reviews sql.NullInt64
		if err := rows.Scan(&r.ID, &r.Published, &r.Slug, &r.Name, &r.Tagline, &r.Description, &r.Tags, &r.SubCategory, &r.Category,
			&r.City, &r.State, &r.Type, &r.Rating, &reviews, &r.Featured, &r.Verified, &r.Claimed, &r.Phone, &r.ShowPhone, &r.Logo); err != nil {
			return nil, fmt.Errorf("store: read listings to index: %w", err)
		}
		r.ReviewCount = int(reviews.Int64)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: read listings to index: %w", err)
	}
	return out, nil
}

// PruneDirectoryChanges forgets the record of listing changes older than
// age; a process whose index is older than that rebuilds it.
func (s *Store) PruneDirectoryChanges(ctx context.Context, age time.Duration) error {
	old, arg := `changed_at < datetime('now', ?)`, any(fmt.Sprintf("-%d seconds", int(age.Seconds())))
	if s.dialect == Postgres {
		old, arg = `changed_at < now() - make_interval(secs => ?)`, age.Seconds()
	}
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE directory_state SET pruned_through =
			COALESCE((SELECT MAX(version) FROM directory_changes WHERE `+old+`), pruned_through)`), arg); err != nil {
			return fmt.Errorf("store: prune directory changes: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM directory_changes WHERE version <= (SELECT pruned_through FROM directory_state)`); err != nil {
			return fmt.Errorf("store: prune directory changes: %w", err)
		}
		return nil
	})
}

// inList is n placeholders for an IN list: "?, ?, ?".
func inList(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// anys are values as query arguments.
func anys[T any](vs []T) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}
