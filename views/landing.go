package views

import (
	"cmp"
	"slices"
	"strconv"

	"bizprofile/places"
)

// The directory's landing pages: one per category, per state and per city
// with listings, each a plain list of cards that search engines can crawl.

// CategoryPath is the landing page of a category value: /directory/category/food.
func CategoryPath(category string) string { return "/directory/category/" + category }

// StatePath is the landing page of a state by its code: /directory/in/tx.
func StatePath(code string) string { return "/directory/in/" + places.StateSlug(code) }

// CityPath is the landing page of a city of a state: /directory/in/tx/austin.
func CityPath(code, city string) string { return StatePath(code) + "/" + places.CitySlug(city) }

// PagePath is page n of the list at path: path itself for the first page.
func PagePath(path string, n int) string {
	if n <= 1 {
		return path
	}
	return path + "?page=" + strconv.Itoa(n)
}

// Crumb is one step of a breadcrumb trail, from the directory down to the
// page shown, which is the trail's last crumb.
type Crumb struct {
	Label string
	Path  string
}

// LandingPage is one page of a landing page's listings. Category is set on
// a category's page, State (and City on a city's page) on a place's.
type LandingPage struct {
	Category string // label, "Food & Beverage"
	State    string // code, "TX"
	City     string // as listings spell it, "Austin"
	Path     string // the landing page's path, without ?page
	Search   string // the directory search that shows the same listings, to narrow them further
	Trail    []Crumb
	Cities   []BrowseLink // a state's page: its cities, by name
	// Nearby are a city's page's neighbours with listings, nearest
	// first, each with its distance (NearbyCity.Miles), and NearURL the
	// directory's search within NearbyRadius miles of the city.
	Nearby   []NearbyCity
	NearURL  string
	Cards    []BusinessCard
	Total    int // listings on every page
	Page     int
	Pages    int
	PageSize int   // listings on a full page
	JSONLD   []any // schema.org BreadcrumbList and ItemList
}

// NearbyCity is a city near a city's landing page.
type NearbyCity struct {
	BrowseLink
	Miles string // "12 mi"
}

// NearbyRadius is how far a city's page looks for its neighbours, in
// miles, and NearbyMax how many it lists.
const (
	NearbyRadius = 50
	NearbyMax    = 12
)

// Place is where the page's listings are: "Austin, Texas", "Texas", or ""
// on a category's page.
func (p LandingPage) Place() string {
	if p.City != "" {
		return p.City + ", " + places.StateName(p.State)
	}
	if p.State != "" {
		return places.StateName(p.State)
	}
	return ""
}

// Heading is the page's h1: "Businesses in Austin, Texas", "Food &
// Beverage businesses".
func (p LandingPage) Heading() string {
	if p.Category != "" {
		return p.Category + " businesses"
	}
	return "Businesses in " + p.Place()
}

// Title is the page's title, which tells its pages apart.
func (p LandingPage) Title() string {
	t := p.Heading()
	if p.Category != "" {
		t += " in the directory"
	}
	if p.Page > 1 {
		t += " - Page " + itoa(p.Page)
	}
	return t
}

// Summary says how many listings there are, and where: "42 businesses in
// Austin, TX", "42 businesses in Texas, in 3 cities".
func (p LandingPage) Summary() string {
	s := businesses(p.Total)
	switch {
	case p.Category != "":
		s += " in " + p.Category
	case p.City != "":
		s += " in " + places.Place(p.City, p.State)
	default:
		s += " in " + places.StateName(p.State)
		if n := len(p.Cities); n == 1 {
			s += ", in 1 city"
		} else if n > 1 {
			s += ", in " + formatInt(n) + " cities"
		}
	}
	return s
}

// Description is the page's meta description.
func (p LandingPage) Description() string {
	if p.Total == 0 {
		return p.Summary() + "."
	}
	return p.Summary() + ": compare ratings and reviews, see their services and contact them directly."
}

// Showing says which of the listings the page shows: "Showing 21–40 of
// 42 businesses".
func (p LandingPage) Showing() string {
	switch {
	case p.Total == 1:
		return "Showing 1 business"
	case p.Pages <= 1:
		return "Showing all " + businesses(p.Total)
	}
	first := (p.Page-1)*p.PageSize + 1
	return "Showing " + formatInt(first) + "–" + formatInt(first+len(p.Cards)-1) + " of " + businesses(p.Total)
}

// shownCities is how many of a state's cities its page shows before
// 'N more cities'.
const shownCities = 24

// CityGroups are the state's cities the page shows at once, those with the
// most listings first, and the others, by name, behind 'N more cities'.
func (p LandingPage) CityGroups() (top, more []BrowseLink) {
	if len(p.Cities) <= shownCities {
		return p.Cities, nil
	}
	byCount := slices.Clone(p.Cities)
	slices.SortStableFunc(byCount, func(a, b BrowseLink) int { return cmp.Compare(b.Count, a.Count) })
	top = byCount[:shownCities]
	for _, c := range p.Cities {
		if !slices.Contains(top, c) {
			more = append(more, c)
		}
	}
	return top, more
}

// meta is what the layout says of the page: canonical to itself (with its
// page), linked to the pages before and after it.
func (p LandingPage) meta() Meta {
	m := Meta{Title: p.Title(), Description: p.Description(), Path: PagePath(p.Path, p.Page), NoIndex: p.Total == 0}
	if p.Page > 1 {
		m.Prev = PagePath(p.Path, p.Page-1)
	}
	if p.Page < p.Pages {
		m.Next = PagePath(p.Path, p.Page+1)
	}
	return m
}

// businesses counts listings in words: "1 business", "1,204 businesses".
func businesses(n int) string { return formatInt(n) + " " + noun(n) }

// noun is what n listings are called: "business" or "businesses".
func noun(n int) string {
	if n == 1 {
		return "business"
	}
	return "businesses"
}
