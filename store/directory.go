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
	"time"

	"log/slog"

	"github.com/jmoiron/sqlx"

	"bizprofile/geo"
	"bizprofile/search"
)

// PageSize is how many listings a directory page shows.
const PageSize = 20

// Sorts of the directory (spec §5), as the search engine names them.
const (
	SortRelevance = search.SortRelevance
	SortRating    = search.SortRating
	SortReviews   = search.SortReviews
	SortName      = search.SortName
	SortDistance  = search.SortDistance // nearest first, with Search.Near
)

// Search is one directory query: every control of the directory page.
// Its fields but Page are those of search.Query, which says what each
// matches (Query is its Text).
type Search struct {
	Query        string
	Category     string
	Location     string
	State        string
	City         string
	Sort         string // SortRelevance (default), SortRating, SortReviews, SortName
	MinRating    float64
	VerifiedOnly bool
	Type         string
	Page         int  // 1-based
	Exact        bool // only listings containing Query itself (search.Query.Exact)
	// Near and Radius keep the listings within Radius miles of a place
	// (search.Query.Near); OpenAt those open at a moment.
	Near   *geo.Point
	Radius float64
	OpenAt time.Time
}

// query is q as the search engine takes it.
func (q Search) query() search.Query {
	return search.Query{
		Text: q.Query, Category: q.Category, Location: q.Location, State: q.State, City: q.City,
		Sort: q.Sort, MinRating: q.MinRating, VerifiedOnly: q.VerifiedOnly, Type: q.Type, Exact: q.Exact,
		Near: q.Near, Radius: q.Radius, OpenAt: q.OpenAt,
	}
}

// SearchResult is one page of matching listings.
type SearchResult struct {
	Businesses []Business
	Total      int
	Page       int
	Pages      int
	Corrected  string // the query with a typo corrected, when the search did ("": it did not)
	// Places and Categories are what the whole directory holds (as
	// Places and CategoryCounts say), as the search saw it: pages that
	// link to the landing pages need no second look. Shared: callers
	// must not modify them.
	Places     []Place
	Categories map[string]int
	Version    int64 // the directory's version the search saw: it changes whenever a listing does
}

// directory holds a process's search engine (package search) and keeps
// it in step with the database: every search reads the database's
// directory version, and a newer one sends the engine the listings
// changed since (migration 00014 records them), so a change any process
// commits is searchable at once.
type directory struct {
	engine   search.Engine
	sync     sync.Mutex // one refresh at a time
	versions versionReads

	mu    sync.Mutex
	build *buildCall // the first build, under way or done

	snapshot string       // the index's snapshot file ("": none kept)
	log      *slog.Logger // of the snapshot's reads and writes
	saving   sync.WaitGroup
}

// buildCall is the engine's first build (or its read from a snapshot),
// which searches wait for.
type buildCall struct {
	done chan struct{}
	err  error
}

// newDirectory is a directory whose engine is the in-memory search.Index,
// built on the first search.
func newDirectory() *directory { return &directory{engine: search.NewIndex()} }

// UseSearchEngine puts e in the place of the store's search engine (the
// in-memory search.Index), before the first search: the seam through
// which another engine — partitioned, or an external search server —
// serves the directory without a change to the store's callers.
func (s *Store) UseSearchEngine(e search.Engine) { s.dir.engine = e }

// SearchBusinesses runs a directory search among published listings. It
// reads the directory's version from the database and, when the search
// engine is behind, brings it up to date first; the engine then finds the
// page and counts every match. The page's listings carry what a directory
// card shows (Business.Hours, for one, is not filled).
func (s *Store) SearchBusinesses(ctx context.Context, q Search) (SearchResult, error) {
	page := max(q.Page, 1)
	return s.SearchDirectory(ctx, q, (page-1)*PageSize, PageSize)
}

// SearchDirectory is SearchBusinesses for limit listings from offset on
// (the API's pages); q.Page is ignored, and Page and Pages count pages of
// limit listings.
func (s *Store) SearchDirectory(ctx context.Context, q Search, offset, limit int) (SearchResult, error) {
	if err := s.currentDirectory(ctx); err != nil {
		return SearchResult{}, err
	}
	limit = max(limit, 1)
	found, err := s.dir.engine.Search(ctx, q.query(), offset, limit)
	if err != nil {
		return SearchResult{}, fmt.Errorf("store: search: %w: %w", ErrSearchUnavailable, err)
	}
	res := SearchResult{
		Businesses: make([]Business, len(found.Listings)), Total: found.Total, Corrected: found.Corrected,
		Page: offset/limit + 1, Pages: int(math.Ceil(float64(found.Total) / float64(limit))),
		Places: found.Places, Categories: found.Categories, Version: found.Version,
	}
	for i, l := range found.Listings {
		res.Businesses[i] = cardBusiness(l)
	}
	return res, nil
}

// cardBusiness is a listing the engine found as a Business: what a
// directory card shows.
func cardBusiness(l search.Listing) Business {
	var tags Lines
	_ = tags.Scan(l.Tags)
	logo, _ := ParsePicture(l.Logo) // as stored: valid, or none
	b := Business{
		ID: l.ID, Slug: l.Slug, Name: l.Name, Tagline: l.Tagline, Description: l.Description,
		Category: l.Category, SubCategory: l.SubCategory, Tags: tags,
		City: l.City, State: l.State, Phone: l.Phone, ShowPhone: l.Phone != "",
		BusinessType: l.Type, Rating: l.Rating, ReviewCount: l.ReviewCount,
		Verified: l.Verified, Featured: l.Featured, Claimed: l.Claimed, Published: true, Logo: logo,
		Distance: l.Distance,
	}
	if l.Located {
		b.Lat, b.Lng = sql.NullFloat64{Float64: l.At.Lat, Valid: true}, sql.NullFloat64{Float64: l.At.Lng, Valid: true}
	}
	b.Week = l.Week
	return b
}

// Places are the cities with published listings, by state then city: the
// directory's landing pages and the sitemap list them.
func (s *Store) Places(ctx context.Context) ([]Place, error) {
	if err := s.currentDirectory(ctx); err != nil {
		return nil, err
	}
	sum, err := s.dir.engine.Summary(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: directory places: %w: %w", ErrSearchUnavailable, err)
	}
	return slices.Clone(sum.Places), nil
}

// CategoryCounts are how many published listings each category has
// (categories without any are absent).
func (s *Store) CategoryCounts(ctx context.Context) (map[string]int, error) {
	if err := s.currentDirectory(ctx); err != nil {
		return nil, err
	}
	sum, err := s.dir.engine.Summary(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: directory categories: %w: %w", ErrSearchUnavailable, err)
	}
	return maps.Clone(sum.Categories), nil
}

// DirectoryStats is what the directory's search engine holds and the
// memory it takes; it asks nothing of the database.
func (s *Store) DirectoryStats() search.Stats { return s.dir.engine.Stats() }

// Place is a city with published listings, and how many.
type Place = search.Place

// WarmDirectory builds the search engine ahead of the first search (which
// would otherwise wait for it).
func (s *Store) WarmDirectory(ctx context.Context) error {
	return s.builtDirectory(ctx)
}

// builtDirectory builds the engine on first use. The build runs on its
// own: a search that gives up waiting for it leaves it running for the
// next; a build that fails is tried again by the next search.
func (s *Store) builtDirectory(ctx context.Context) error {
	if s.dir.engine.Version() >= 0 {
		return nil
	}
	s.dir.mu.Lock()
	c := s.dir.build
	if c == nil {
		c = &buildCall{done: make(chan struct{})}
		s.dir.build = c
		go func() {
			bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Minute)
			defer cancel()
			c.err = s.refreshDirectory(bctx)
			if c.err != nil {
				s.dir.mu.Lock()
				s.dir.build = nil
				s.dir.mu.Unlock()
			}
			close(c.done)
		}()
	}
	s.dir.mu.Unlock()
	select {
	case <-c.done:
		return c.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// currentDirectory brings the engine up to the database's version.
func (s *Store) currentDirectory(ctx context.Context) error {
	if err := s.builtDirectory(ctx); err != nil {
		return err
	}
	v, err := s.dir.versions.read(ctx, s.directoryVersion)
	if err != nil {
		return err
	}
	if s.dir.engine.Version() == v {
		return nil
	}
	return s.refreshDirectory(ctx)
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

// refreshDirectory brings the engine up to the database's version: it
// re-reads the listings changed since the engine's version, or builds the
// engine anew when it has not been built yet, when the changes it missed
// were pruned, or when it would rather be built than take them all
// (search.Engine.Incremental).
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
	e := s.dir.engine
	v := e.Version()
	if v < 0 && s.loadSnapshot(ctx) {
		v = e.Version()
	}
	if v == st.Version {
		return nil
	}
	if v < 0 || v < st.Pruned {
		return s.rebuildDirectory(ctx)
	}
	var changed []int64
	if err := s.pool.SelectContext(ctx, &changed, s.pool.Rebind(`SELECT DISTINCT business_id FROM directory_changes WHERE version > ? AND version <= ?`), v, st.Version); err != nil {
		return fmt.Errorf("store: directory changes: %w", err)
	}
	if !e.Incremental(len(changed)) {
		return s.rebuildDirectory(ctx)
	}
	var listings []search.Listing
	for chunk := range slices.Chunk(changed, 500) {
		got, err := s.publishedListings(ctx, `AND id IN (`+inList(len(chunk))+`)`, anys(chunk)...)
		if err != nil {
			return err
		}
		listings = append(listings, got...)
	}
	if err := e.Apply(ctx, st.Version, changed, listings); err != nil {
		return fmt.Errorf("store: search engine: %w: %w", ErrSearchUnavailable, err)
	}
	return nil
}

// rebuildDirectory builds the engine from every published listing. The
// version is read first: changes committed while the listings are read
// are applied again by the next refresh, which does no harm.
func (s *Store) rebuildDirectory(ctx context.Context) error {
	v, err := s.directoryVersion(ctx)
	if err != nil {
		return err
	}
	listings, err := s.publishedListings(ctx, ``)
	if err != nil {
		return err
	}
	if err := s.dir.engine.Build(ctx, v, listings); err != nil {
		return fmt.Errorf("store: search engine: %w: %w", ErrSearchUnavailable, err)
	}
	s.saveAfterBuild()
	return nil
}

// publishedListings reads the published listings the condition selects
// (cond follows "WHERE published = TRUE") as the engine needs them. It
// scans by hand: a million listings read through reflection would take
// seconds longer.
func (s *Store) publishedListings(ctx context.Context, cond string, args ...any) ([]search.Listing, error) {
	rows, err := s.pool.QueryContext(ctx, s.pool.Rebind(`SELECT id, slug, name, tagline, description, tags, sub_category, category, city, state,
		business_type, rating, review_count, featured, verified, claimed, phone, show_phone, logo, lat, lng, hours, show_hours
		FROM businesses WHERE published = TRUE `+cond), args...)
	if err != nil {
		return nil, fmt.Errorf("store: read listings to index: %w", err)
	}
	defer rows.Close()
	var out []search.Listing
	for rows.Next() {
		var l search.Listing
		var reviews sql.NullInt64
		var showPhone bool
		var logo Picture
		var lat, lng sql.NullFloat64
		var hours string
		var showHours bool
		if err := rows.Scan(&l.ID, &l.Slug, &l.Name, &l.Tagline, &l.Description, &l.Tags, &l.SubCategory, &l.Category,
			&l.City, &l.State, &l.Type, &l.Rating, &reviews, &l.Featured, &l.Verified, &l.Claimed, &l.Phone, &showPhone, &logo,
			&lat, &lng, &hours, &showHours); err != nil {
			return nil, fmt.Errorf("store: read listings to index: %w", err)
		}
		l.ReviewCount = int(reviews.Int64)
		if !showPhone {
			l.Phone = ""
		}
		l.Logo = logo.String()
		indexPlace(&l, lat, lng, hours, showHours)
		out = append(out, l)
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
