package handlers

import (
	"context"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The directory's landing pages: a category's listings
// (/directory/category/food), a state's (/directory/in/tx, with its cities)
// and a city's (/directory/in/tx/austin). Each has one spelling, lower case;
// another (/directory/in/TX, /directory/in/texas, /directory/in/tx/Austin)
// redirects to it.

// categoryPage shows the listings of a category.
func (h *Handlers) categoryPage(w http.ResponseWriter, r *http.Request) {
	param := chi.URLParam(r, "category")
	category := strings.ToLower(param)
	if !catalog.ValidOption(catalog.Categories, category) {
		h.notFound(w, r)
		return
	}
	if category != param {
		redirectCanonical(w, r, views.CategoryPath(category))
		return
	}
	p := present.CategoryLanding(category)
	h.landing(w, r, p, store.Search{Category: category})
}

// statePage shows the listings of a state, below links to its cities.
func (h *Handlers) statePage(w http.ResponseWriter, r *http.Request) {
	code, ok := places.StateCode(chi.URLParam(r, "state"))
	if !ok {
		h.notFound(w, r)
		return
	}
	if path := views.StatePath(code); path != r.URL.Path {
		redirectCanonical(w, r, path)
		return
	}
	cities, err := h.citiesOf(r.Context(), code)
	if h.broken(w, r, err) {
		return
	}
	p := present.StateLanding(code, cities)
	h.landing(w, r, p, store.Search{State: code})
}

// cityPage shows the listings of a city: 404 for a city without any.
func (h *Handlers) cityPage(w http.ResponseWriter, r *http.Request) {
	code, ok := places.StateCode(chi.URLParam(r, "state"))
	if !ok {
		h.notFound(w, r)
		return
	}
	cities, err := h.citiesOf(r.Context(), code)
	if h.broken(w, r, err) {
		return
	}
	slug := places.CitySlug(chi.URLParam(r, "city"))
	i := -1
	for j, c := range cities {
		if places.CitySlug(c.City) == slug {
			i = j
		}
	}
	if slug == "" || i < 0 {
		h.notFound(w, r)
		return
	}
	city := cities[i].City
	if path := views.CityPath(code, city); path != r.URL.Path {
		redirectCanonical(w, r, path)
		return
	}
	p := present.CityLanding(code, city)
	all, err := h.store.Places(r.Context())
	if h.broken(w, r, err) {
		return
	}
	p.Nearby, p.NearURL = present.NearbyCities(code, city, all)
	h.landing(w, r, p, store.Search{State: code, City: city})
}

// landing shows one page (?page=N) of a landing page's listings, those
// search finds. A page past the last is not found; so is a category or a
// state without listings, which says so.
func (h *Handlers) landing(w http.ResponseWriter, r *http.Request, p views.LandingPage, search store.Search) {
	search.Page = 1
	if n, ok := numberIn(r.URL.Query().Get("page"), 1, catalog.MaxDirectoryPage); ok {
		search.Page = int(n)
	}
	res, err := h.store.SearchBusinesses(r.Context(), search)
	if h.broken(w, r, err) {
		return
	}
	if res.Total > 0 && res.Page > res.Pages {
		h.notFound(w, r)
		return
	}
	p.Total, p.Page, p.Pages, p.PageSize = res.Total, res.Page, res.Pages, store.PageSize
	p.Cards = h.present.Cards(res.Businesses)
	h.markSaved(r, p.Cards, res.Businesses)
	h.countImpressions(r, res.Businesses)
	status := http.StatusOK
	if res.Total == 0 {
		h.log.Info("page not found", "path", r.URL.Path, "reason", "no listings", "request_id", requestID(r.Context()))
		status = http.StatusNotFound
	} else {
		p.JSONLD = []any{views.BreadcrumbJSONLD(h.site.BaseURL, p.Trail), p.ItemListJSONLD(h.site.BaseURL)}
	}
	h.render(w, r, status, views.LandingPageView(h.chrome(r), p))
}

// citiesOf are the cities of a state with listings, by name.
func (h *Handlers) citiesOf(ctx context.Context, code string) ([]store.Place, error) {
	all, err := h.store.Places(ctx)
	if err != nil {
		return nil, err
	}
	var out []store.Place
	for _, p := range all {
		if p.State == code {
			out = append(out, p)
		}
	}
	return out, nil
}

// redirectCanonical sends a landing page asked for in another spelling to
// its own, keeping the query (its page).
func redirectCanonical(w http.ResponseWriter, r *http.Request, path string) {
	if r.URL.RawQuery != "" {
		path += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, path, http.StatusMovedPermanently)
}
