package views

import (
	"strconv"

	"bizprofile/catalog"
)

// DirectoryQuery is every control of the directory, as in its URL.
type DirectoryQuery struct {
	Q         string `json:"q"`
	Category  string `json:"category"`
	Location  string `json:"location"`
	Sort      string `json:"sort"`
	View      string `json:"view"` // grid or list
	MinRating string `json:"min_rating"`
	Verified  bool   `json:"verified"`
	Type      string `json:"type"`
	Page      int    `json:"page"`
	// Exact asks for listings containing Q itself only: the link beside
	// "Showing results for …" (store.Search.Exact).
	Exact bool `json:"exact"`
	// Near is a place as typed (a ZIP code, "City, ST", coordinates) and
	// Radius the miles around it (catalog.DefaultRadius when 0); Open
	// keeps the listings open now.
	Near   string `json:"near"`
	Radius int    `json:"radius"`
	Open   bool   `json:"open"`
}

// HasFilters reports whether any of the additional filters is set.
func (q DirectoryQuery) HasFilters() bool {
	return q.MinRating != "" || q.Verified || q.Type != "" || q.Open
}

// RadiusOrDefault is the miles a search near a place reaches.
func (q DirectoryQuery) RadiusOrDefault() int {
	if q.Radius <= 0 {
		return catalog.DefaultRadius
	}
	return q.Radius
}

// Refinements counts the controls besides the text search that narrow or
// order the results: the phone's closed 'Filters & sort' says how many
// are set.
func (q DirectoryQuery) Refinements() int {
	n := 0
	for _, set := range []bool{q.Category != "", q.Location != "", q.Near != "", q.Sort != "relevance", q.MinRating != "", q.Verified, q.Type != "", q.Open} {
		if set {
			n++
		}
	}
	return n
}

// HasAny reports whether the search narrows the directory at all.
func (q DirectoryQuery) HasAny() bool {
	return q.Q != "" || q.Category != "" || q.Location != "" || q.Near != "" || q.HasFilters()
}

// URL is the directory link for this query at page (0 keeps the page),
// leaving out defaults so links stay short.
func (q DirectoryQuery) URL(page int) string {
	v := make([]string, 0, 9)
	add := func(k, val string) {
		if val != "" {
			v = append(v, k+"="+queryEscape(val))
		}
	}
	add("q", q.Q)
	if q.Exact {
		add("exact", "1")
	}
	add("category", q.Category)
	add("location", q.Location)
	add("near", q.Near)
	if q.Near != "" && q.RadiusOrDefault() != catalog.DefaultRadius {
		add("radius", strconv.Itoa(q.Radius))
	}
	if q.Sort != "relevance" {
		add("sort", q.Sort)
	}
	if q.View == "list" {
		add("view", "list")
	}
	add("min_rating", q.MinRating)
	if q.Verified {
		add("verified", "1")
	}
	add("type", q.Type)
	if q.Open {
		add("open", "now")
	}
	if page == 0 {
		page = q.Page
	}
	if page > 1 {
		add("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return "/directory"
	}
	s := "/directory?" + v[0]
	for _, p := range v[1:] {
		s += "&" + p
	}
	return s
}

// BusinessCard is a listing as the directory shows it: only what its owner
// made public.
type BusinessCard struct {
	Slug        string   `json:"slug"`
	Name        string   `json:"name"`
	Tagline     string   `json:"tagline"`
	Description string   `json:"description"`
	Category    string   `json:"category"` // label
	SubCategory string   `json:"subCategory"`
	Location    string   `json:"location"`
	Phone       string   `json:"phone,omitempty"`
	Rating      float64  `json:"rating"`
	Reviews     int      `json:"reviews"`
	Verified    bool     `json:"verified"`
	Featured    bool     `json:"featured"`
	Claimed     bool     `json:"claimed"`
	Tags        []string `json:"tags"`     // at most three
	MoreTags    int      `json:"moreTags"` // how many more there are
	Saved       bool     `json:"saved"`    // by the signed-in visitor
	// Logo is the listing's logo, or its initials placeholder: a square
	// box by the name (decorative: alt is empty, the name says it).
	Logo Image `json:"logo"`
	// LazyLogo: the card is below the first screen, so its logo loads as
	// the visitor scrolls to it.
	LazyLogo bool `json:"lazyLogo"`
	// Distance is how far it is from the place searched near ("3.2 mi";
	// "" without one).
	Distance string `json:"distance,omitempty"`
	// Hours says whether it is open now ("Open until 6 pm", "Opens at 9
	// am"; "" when it shows no hours), Open whether it is.
	Hours string `json:"hours,omitempty"`
	Open  bool   `json:"open"`
	// At is where it is, for the map of the results (nil: not located).
	At *LatLng `json:"at,omitempty"`
}

// LatLng is a point on a map.
type LatLng struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// DirectoryResult is one page of the directory, for the page and for the
// island's JSON alike.
type DirectoryResult struct {
	Query     DirectoryQuery `json:"query"`
	Total     int            `json:"total"`
	Page      int            `json:"page"`
	Pages     int            `json:"pages"`
	Summary   string         `json:"summary"`   // "5 Businesses Found"
	SortLabel string         `json:"sortLabel"` // "Sorted by Rating"
	Cards     []BusinessCard `json:"cards"`
	// Corrected is the text the results are for when the search corrected
	// a typo in Query.Q ("" when it did not).
	Corrected string `json:"corrected"`
	// NearLabel is the place the search was near as understood ("78664
	// (Round Rock, TX)"), and NearError why a place was not understood
	// (shown by the field; the search then finds nothing).
	NearLabel string `json:"nearLabel,omitempty"`
	NearError string `json:"nearError,omitempty"`
	// MapTiles are the site's map tiles, for the map of the results (the
	// page's, and the island's for whatever results it shows).
	MapTiles MapTiles `json:"mapTiles"`
}

// ResultsMap is the map of the page's results that have a place, nil when
// none has.
func (r DirectoryResult) ResultsMap() *MapView {
	m := MapView{Label: "Map of these results", Tiles: r.MapTiles}
	for _, c := range r.Cards {
		if c.At == nil {
			continue
		}
		detail := c.Location
		if c.Distance != "" {
			detail += " · " + c.Distance
		}
		m.Markers = append(m.Markers, MapMarker{Lat: c.At.Lat, Lng: c.At.Lng, Title: c.Name, URL: "/directory/" + c.Slug, Detail: detail})
	}
	if len(m.Markers) == 0 || m.Tiles.URL == "" {
		return nil
	}
	return &m
}

// PastEnd reports whether the page asked for is past the last page of a
// search that has results.
func (r DirectoryResult) PastEnd() bool { return len(r.Cards) == 0 && r.Total > 0 }

// ExactURL is the link to search exactly what was typed, beside "Showing
// results for …".
func (r DirectoryResult) ExactURL() string {
	q := r.Query
	q.Exact, q.Page = true, 1
	return q.URL(1)
}

// BrowseLink is a landing page the directory links to: a category or a
// city, with how many listings it has.
type BrowseLink struct {
	Label string // "Food & Beverage", "Austin, TX"
	Path  string // CategoryPath, CityPath
	Count int
}

// DirectoryBrowse are the directory's ways into its landing pages, below
// the results: every category with listings, and the cities with the most.
type DirectoryBrowse struct {
	Categories []BrowseLink // in the order of catalog.Categories
	Cities     []BrowseLink // most listings first
}

// FoundLine is the result line: 'N Business(es) Found'.
func FoundLine(n int) string {
	if n == 1 {
		return "1 Business Found"
	}
	return formatInt(n) + " Businesses Found"
}

// pagesLine is "1 page" or "N pages".
func pagesLine(n int) string {
	if n == 1 {
		return "1 page"
	}
	return formatInt(n) + " pages"
}

// SortedBy is the 'Sorted by …' line.
func SortedBy(sort string) string {
	return "Sorted by " + catalog.OptionLabel(catalog.SortOptions, sort)
}

// ratingText is a rating to one decimal (see RoundRating).
func ratingText(r float64) string { return strconv.FormatFloat(RoundRating(r), 'f', 1, 64) }
