package api

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/geo"
	"bizprofile/places"
	"bizprofile/resource"
	"bizprofile/store"
)

// The public directory, as the site's /directory and listing pages show
// it: the same search (store.SearchDirectory, the index behind the page)
// with the same choices (catalog.Categories, SortOptions, RatingOptions,
// BusinessTypes, which the document's enums are made of). Where the page
// quietly drops a control it does not know, the API says what is wrong
// with it (422), so a typo in a client does not pass for an empty filter.

// DirectoryPage is one page of GET /directory.
type DirectoryPage struct {
	Data       []resource.ListingSummary `json:"data"`
	Total      int                       `json:"total"`
	HasMore    bool                      `json:"has_more"`
	NextCursor *string                   `json:"next_cursor"`
	Corrected  string                    `json:"corrected"`
}

// searchDirectory answers GET /directory.
func (a *API) searchDirectory(w http.ResponseWriter, r *http.Request) {
	q, limit, offset, fp, err := parseDirectory(r.URL.Query())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	res, err := a.store.SearchDirectory(r.Context(), q, offset, limit)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	out := DirectoryPage{Data: make([]resource.ListingSummary, 0, len(res.Businesses)), Total: res.Total, Corrected: res.Corrected}
	for _, b := range res.Businesses {
		l := resource.ListingSummaryOf(b, a.base)
		if _, ok := b.Place(); ok && q.Near != nil {
			miles := math.Round(b.Distance*100) / 100
			l.DistanceMiles = &miles
		}
		out.Data = append(out.Data, l)
	}
	if next := offset + len(res.Businesses); next < res.Total && len(res.Businesses) > 0 {
		c := searchCursor{Offset: next, Query: fp}.String()
		out.HasMore, out.NextCursor = true, &c
	}
	writeJSON(w, http.StatusOK, out)
}

// parseDirectory reads GET /directory's parameters (which conform
// checked against the document) into a search, the page size and the
// position, with the fingerprint of the search (for the cursors). What the
// document cannot say (a city needs its state; a cursor belongs to its
// search) is named in the 422 it returns.
func parseDirectory(v url.Values) (q store.Search, limit, offset int, fingerprint string, err error) {
	q = store.Search{
		Query:    strings.Join(strings.Fields(v.Get("q")), " "),
		Category: v.Get("category"),
		Location: strings.Join(strings.Fields(v.Get("location")), " "),
		City:     places.CleanCity(v.Get("city")),
		Type:     v.Get("type"),
		Sort:     cmp.Or(v.Get("sort"), store.SortRelevance),
		// Only true and false get through conform.
		VerifiedOnly: v.Get("verified") == "true", Exact: v.Get("exact") == "true",
	}
	q.State, _ = places.StateCode(v.Get("state"))
	q.MinRating, _ = strconv.ParseFloat(v.Get("min_rating"), 64)
	var errs []FieldError
	near := strings.Join(strings.Fields(v.Get("near")), " ")
	q.Radius, _ = strconv.ParseFloat(cmp.Or(v.Get("radius"), strconv.Itoa(catalog.DefaultRadius)), 64)
	switch place, err := geo.Parse(near); {
	case near != "" && err != nil:
		errs = append(errs, FieldError{Field: "near", Message: err.Error()})
	case near != "":
		q.Near = &place.Point
	case v.Get("radius") != "":
		errs = append(errs, FieldError{Field: "radius", Message: "A radius needs a place to be around (near)."})
	}
	if v.Get("open") == "now" {
		q.OpenAt = time.Now()
	}
	limit, fingerprint = pageLimit(v), searchFingerprint(q)
	if q.City != "" && q.State == "" {
		errs = append(errs, FieldError{Field: "city", Message: "Give the city's state too (state)."})
	}
	if s := v.Get("cursor"); s != "" {
		c, ok := parseSearchCursor(s)
		switch {
		case !ok:
			errs = append(errs, FieldError{Field: "cursor", Message: "Not a cursor from this API: pass next_cursor as it was given."})
		case c.Query != fingerprint:
			errs = append(errs, FieldError{Field: "cursor", Message: "This cursor belongs to a search with other parameters: send the same q, exact, category, location, state, city, type, min_rating, verified, near, radius, open and sort as the page it came from."})
		default:
			offset = c.Offset
		}
	}
	if len(errs) > 0 {
		return store.Search{}, 0, 0, "", invalid(errs...)
	}
	return q, limit, offset, fingerprint, nil
}

// searchFingerprint names a search (not its page): two requests with the
// same fingerprint page through the same results.
func searchFingerprint(q store.Search) string {
	// Open now is part of the search, not the moment it ran at.
	b, _ := json.Marshal([]any{q.Query, q.Category, q.Location, q.State, q.City, q.Type, q.MinRating, q.VerifiedOnly, q.Sort, q.Exact,
		q.Near, q.Radius, !q.OpenAt.IsZero()})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// publicListing answers GET /listings/{slug}: a published listing, as its
// page shows it. A listing that is not in the directory (unpublished, held
// for review, suspended) is not found.
func (a *API) publicListing(w http.ResponseWriter, r *http.Request) {
	b, err := a.store.BusinessBySlug(r.Context(), chi.URLParam(r, "slug"))
	if errors.Is(err, store.ErrNotFound) || (err == nil && (!b.Published || b.Held || b.Suspended)) {
		a.problem(w, r, errNotFound.With("No published listing has this slug."))
		return
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resource.PublicListingOf(b, a.base))
}
