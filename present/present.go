// Package present holds the records as the pages show them: pure
// functions that turn the store's and the domain's records into the views'
// view models, as package resource does for the API's answers. The
// handlers load the records and render the views; nothing here reads a
// request or queries the database.
package present

import (
	"cmp"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/geo"
	"bizprofile/images"
	"bizprofile/places"
	"bizprofile/storage"
	"bizprofile/store"
	"bizprofile/views"
)

// Pages is what the view models of listings need from the site's settings:
// its address (for absolute URLs) and where the images are kept (for their
// URLs). The handlers build one when they start.
type Pages struct {
	// BaseURL is the site's address, without a trailing slash.
	BaseURL string
	// Media keeps listing images (a folder or a bucket): their URLs.
	Media storage.Store
}

// Listing images (issue 22) are kept by domain.Images; the pages show
// them from Media (a folder under DATA_DIR or an S3-compatible bucket).

// Image is how a page shows picture p, displayed about display CSS pixels
// wide: the variant that fits as src, every variant in srcset (sizes says
// how wide it shows), and the src's size as width and height so the page
// keeps its place before it loads.
func (pg Pages) Image(p store.Picture, alt string, display int, sizes string) views.Image {
	if p.IsZero() {
		return views.Image{}
	}
	w := p.Fit(display)
	img := views.Image{Src: pg.Media.URL(p.Key(w)), Width: w, Height: p.HeightAt(w), Alt: alt, Sizes: sizes}
	if len(p.Widths) > 1 {
		parts := make([]string, len(p.Widths))
		for i, vw := range p.Widths {
			parts[i] = pg.Media.URL(p.Key(vw)) + " " + strconv.Itoa(vw) + "w"
		}
		img.Srcset = strings.Join(parts, ", ")
	}
	return img
}

// CardLogoPx is the width and height of the logo box of a card, in CSS
// pixels (assets/static/css/app.css .business-logo).
const CardLogoPx = 64

// PlaceholderPath is the placeholder of a listing named name in category.
func PlaceholderPath(category, name string) string {
	if !catalog.ValidOption(catalog.Categories, category) {
		category = "other"
	}
	in := images.Initials(name)
	if in == "" {
		in = images.Initials(catalog.CategoryLabel(category))
	}
	return "/placeholders/" + category + "/" + url.PathEscape(in) + ".svg"
}

// BrandCSSPath is the stylesheet of an accent colour (as stored).
func BrandCSSPath(colour string) string { return "/brand/" + strings.TrimPrefix(colour, "#") + ".css" }

// eagerCards is how many cards of a page load their logo at once: those a
// first screen may show; the others' load as the visitor scrolls to them.
const eagerCards = 4

// Card is what the directory may show of a listing: nothing its
// owner made private. i is its place on the page (from 0). The logo is
// the search result's (no query per card): its variants as a 64-pixel box
// shows them, or the initials placeholder.
func (pg Pages) Card(b store.Business, i int) views.BusinessCard {
	c := views.BusinessCard{
		Slug: b.Slug, Name: b.Name, Tagline: b.Tagline, Description: b.Description,
		Category: catalog.CategoryLabel(b.Category), SubCategory: b.SubCategory,
		Location: places.Place(b.City, b.State), Rating: b.Rating, Reviews: b.ReviewCount,
		Verified: b.Verified, Featured: b.Featured, Claimed: b.Claimed, Tags: []string(b.Tags),
		Logo: pg.Logo(b, CardLogoPx), LazyLogo: i >= eagerCards,
	}
	if c.Tags == nil {
		c.Tags = []string{}
	}
	if len(c.Tags) > 3 {
		c.MoreTags = len(c.Tags) - 3
		c.Tags = c.Tags[:3]
	}
	if b.ShowPhone {
		c.Phone = b.Phone
	}
	if st := b.OpenState(time.Now()); st.Known {
		c.Hours, c.Open = st.Label, st.Open
	}
	if p, ok := b.Place(); ok {
		// To about 100 metres: a map of results needs no more.
		c.At = &views.LatLng{Lat: math.Round(p.Lat*1000) / 1000, Lng: math.Round(p.Lng*1000) / 1000}
	}
	return c
}

// NearbyCities are the cities with listings within views.NearbyRadius
// miles of city, state (as the gazetteer places each), nearest first, at
// most views.NearbyMax; and the directory's search within that radius of
// the city. None when the gazetteer does not know the city.
func NearbyCities(state, city string, all []store.Place) ([]views.NearbyCity, string) {
	here, ok := geo.City(city, state)
	if !ok {
		return nil, ""
	}
	type near struct {
		p     store.Place
		miles float64
	}
	var found []near
	for _, p := range all {
		if p.State == state && places.CitySlug(p.City) == places.CitySlug(city) {
			continue
		}
		at, ok := geo.City(p.City, p.State)
		if !ok {
			continue
		}
		if d := geo.Distance(here, at); d <= views.NearbyRadius {
			found = append(found, near{p, d})
		}
	}
	slices.SortFunc(found, func(a, b near) int { return cmp.Compare(a.miles, b.miles) })
	out := make([]views.NearbyCity, 0, min(len(found), views.NearbyMax))
	for _, n := range found[:min(len(found), views.NearbyMax)] {
		out = append(out, views.NearbyCity{BrowseLink: views.BrowseLink{Label: places.Place(n.p.City, n.p.State), Path: views.CityPath(n.p.State, n.p.City), Count: n.p.Count},
			Miles: Miles(n.miles)})
	}
	q := views.DirectoryQuery{Near: city + ", " + state, Radius: views.NearbyRadius, Sort: store.SortDistance, View: "grid"}
	return out, q.URL(1)
}

// PlacedBy says how a listing's place was found, for its owner: "your ZIP
// code", "your city", "your pin".
func PlacedBy(source string) string {
	switch source {
	case store.GeoZIP:
		return "your ZIP code"
	case store.GeoCity:
		return "your city"
	case store.GeoPin:
		return "your pin"
	}
	return ""
}

// Distances gives each card of a search near a place how far its listing
// is (bs are the cards' listings, in their order).
func Distances(cards []views.BusinessCard, bs []store.Business) {
	for i, b := range bs {
		if _, ok := b.Place(); ok && i < len(cards) {
			cards[i].Distance = Miles(b.Distance)
		}
	}
}

// Miles says a distance as the directory shows it: "0.4 mi", "3.2 mi",
// "12 mi".
func Miles(d float64) string {
	if d = math.Round(d*10) / 10; d < 10 {
		return strconv.FormatFloat(d, 'f', 1, 64) + " mi"
	}
	return strconv.FormatFloat(math.Round(d), 'f', 0, 64) + " mi"
}

// Cards are the cards of a page of listings, in their order (an empty
// list, not nil, for none: the directory's JSON answers []).
func (pg Pages) Cards(bs []store.Business) []views.BusinessCard {
	cards := make([]views.BusinessCard, 0, len(bs))
	for i, b := range bs {
		cards = append(cards, pg.Card(b, i))
	}
	return cards
}

// Logo is b's logo shown in a px-wide square box, or its initials
// placeholder. Its alt is empty: it stands by the listing's name, which
// says what it would.
func (pg Pages) Logo(b store.Business, px int) views.Image {
	if !b.Logo.IsZero() {
		return pg.Image(b.Logo, "", px, strconv.Itoa(px)+"px")
	}
	return views.Image{Src: PlaceholderPath(b.Category, b.Name), Width: px, Height: px}
}

// Rows are the records of a list as its rows, row making each: the admin
// lists' and the partner's zones'. None make nil, as appending would.
func Rows[T, R any](records []T, row func(T) R) []R {
	var rows []R
	for _, rec := range records {
		rows = append(rows, row(rec))
	}
	return rows
}
