// Package search is the directory's search engine: it holds every
// published listing and answers the directory's searches (a text, filters,
// a sort, a page) in microseconds, without asking the database.
//
// It knows nothing of the database: the store (store/directory.go) reads
// the listings, follows the database's changes and drives an Engine
// through its interface, so that another engine (partitioned, external)
// can stand in for Index, the one this package keeps in memory.
package search

import (
	"context"
	"time"

	"bizprofile/geo"
	"bizprofile/opening"
)

// Engine is a directory search engine as the store drives it: built from
// every published listing, then kept in step by applying the listings that
// changed, each time at the directory version the change brings it to.
// Searches may run at any time, alongside a Build or an Apply; each sees
// the directory at one version, which its Result names (the pages cached
// under it must show that version's listings).
//
// It is the seam for engines other than this package's Index (one
// partitioned across machines, or an external search server: see the
// README's capacity plan): those that work over a network take a context
// and may fail, and the store reports their failure as it reports the
// database's.
type Engine interface {
	// Build replaces everything the engine holds with listings (every
	// published listing) at version.
	Build(ctx context.Context, version int64, listings []Listing) error
	// Apply brings the engine to version: every listing in changed is
	// taken out (edited, unpublished, deleted), and listings (those of
	// changed still published, as they are now) are put in.
	Apply(ctx context.Context, version int64, changed []int64, listings []Listing) error
	// Incremental reports whether Apply should take n changed listings,
	// or a Build from every listing would serve better: each engine knows
	// what a change costs it.
	Incremental(n int) bool
	// Version is the version of the last Build or Apply, -1 before the
	// first Build: the store compares it with the database's to know
	// whether the engine is behind.
	Version() int64
	// Search finds the page of offset and limit among the listings q
	// matches, in q's order, and counts them all.
	Search(ctx context.Context, q Query, offset, limit int) (Result, error)
	// Summary is the directory as a whole, without a search: its places
	// and category counts (the landing pages and the sitemap list them).
	Summary(ctx context.Context) (Summary, error)
	// Stats is what the engine holds and what it costs, for the
	// operators' metrics.
	Stats() Stats
}

// Stats is what an engine holds: its listings, the memory they take, and
// the version it reflects (-1 before the first Build).
type Stats struct {
	Listings int
	Bytes    int64 // memory the engine's own structures take
	Version  int64
}

// Listing is a published listing as an engine holds it: the fields a
// search reads, and what a directory card shows, so that a search needs
// no second look in the database.
type Listing struct {
	ID          int64
	Slug        string
	Name        string
	Tagline     string
	Description string
	Tags        string // one per line
	SubCategory string
	Category    string
	City        string
	State       string
	Type        string // business type
	Rating      float64
	ReviewCount int
	Featured    bool
	Verified    bool
	Claimed     bool
	Phone       string // "" unless the listing shows it
	// Logo is the caller's own text for the listing's logo ("" for
	// none), returned as given: an engine neither reads nor indexes it.
	Logo string
	// Located says the listing has coordinates: At, where it is.
	Located bool
	At      geo.Point
	// Zone is the IANA time zone of its hours ("America/Chicago"), and
	// Week its hours as opening.Compact made them (zero: none given).
	Zone string
	Week opening.Weekly
	// Distance is the miles from a search's Near, in the results of a
	// search that had one (0 otherwise).
	Distance float64
}

// Sorts of the directory (spec §5): the values of Query.Sort.
const (
	SortRelevance = "relevance" // how well the text matched, then featured first, then as SortRating
	SortRating    = "rating"
	SortReviews   = "reviews"
	SortName      = "name"
	SortDistance  = "distance" // nearest first, with Query.Near (else SortRelevance)
)

// Radius bounds, in miles: a search near a place looks DefaultRadius
// around it unless it says otherwise, up to MaxRadius.
const (
	DefaultRadius = 25
	MaxRadius     = 100
)

// Query is one directory search: what it matches and its order. The page
// is not part of it; Search takes an offset and a limit.
type Query struct {
	Text         string  // substring of name, description, a tag or the sub-category
	Category     string  // exact category
	Location     string  // what a visitor typed: "TX", "Austin", "Austin, TX", or a substring of "city, state"
	State        string  // two-letter state code, exact ("" = any)
	City         string  // a city of State, by name or places.CitySlug ("" = any)
	Sort         string  // SortRelevance (default), SortRating, SortReviews, SortName
	MinRating    float64 // 0 = any
	VerifiedOnly bool
	Type         string // business type, "" = any
	// Exact finds only listings containing Text itself: without its
	// words' other forms, synonyms and typos.
	Exact bool
	// Near, when not nil, keeps the listings within Radius miles of it
	// (DefaultRadius when 0, at most MaxRadius), each result with its
	// Distance.
	Near   *geo.Point
	Radius float64
	// OpenAt, when not zero, keeps the listings open at that moment in
	// their own time zones.
	OpenAt time.Time
}

// Result is a page of a search and the directory it was found in.
type Result struct {
	Listings []Listing // the page, in order
	Total    int       // every listing the query matches
	// Corrected is the query's text with a typo corrected, when the search
	// found listings through one: what the directory says it showed
	// results for ("" when nothing was corrected).
	Corrected string
	Summary   // the directory as the search saw it
}

// Summary is the directory as a whole at one version. Its Places and
// Categories are shared by every search until the directory changes:
// callers must not modify them.
type Summary struct {
	Version    int64          // the directory version it reflects
	Places     []Place        // cities with listings, by state then city
	Categories map[string]int // listings by category (none: absent)
}

// Place is a city with published listings, and how many.
type Place struct {
	State string // two-letter code, "TX"
	City  string // as listings spell it, "Austin"
	Count int
}
