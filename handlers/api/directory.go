package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/resource"
	"bizprofile/store"
)

// The public directory, as the site's /directory and listing pages show
// it: the same search (store.SearchDirectory, the index behind the page)
// with the same choices (catalog.Categories, SortOptions, RatingOptions,
// BusinessTypes). Where the page quietly drops a control it does not
// know, the API says what is wrong with it (422), so a typo in a client
// does not pass for an empty filter.

// directoryParams are the query parameters GET /directory takes.
var directoryParams = []string{"q", "category", "location", "state", "city", "type", "min_rating", "verified", "sort", "limit", "cursor"}

// DirectoryPage is one page of GET /directory.
type DirectoryPage struct {
	Data       []resource.ListingSummary `json:"data"`
	Total      int                       `json:"total"`
	HasMore    bool                      `json:"has_more"`
	NextCursor *string                   `json:"next_cursor"`
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
	out := DirectoryPage{Data: make([]resource.ListingSummary, 0, len(res.Businesses)), Total: res.Total}
	for _, b := range res.Businesses {
		out.Data = append(out.Data, resource.ListingSummaryOf(b, a.base))
	}
	if next := offset + len(res.Businesses); next < res.Total && len(res.Businesses) > 0 {
		c := searchCursor{Offset: next, Query: fp}.String()
		out.HasMore, out.NextCursor = true, &c
	}
	writeJSON(w, http.StatusOK, out)
}

// parseDirectory reads GET /directory's parameters into a search, the page
// size and the position, with the fingerprint of the search (for the
// cursors). Every wrong parameter is named in the 422 it returns.
func parseDirectory(v url.Values) (q store.Search, limit, offset int, fingerprint string, err error) {
	var errs []FieldError
	bad := func(field, msg string) { errs = append(errs, FieldError{Field: field, Message: msg}) }
	for name, vals := range v {
		switch {
		case !slices.Contains(directoryParams, name):
			bad(name, "Unknown parameter: the directory takes "+strings.Join(directoryParams, ", ")+".")
		case len(vals) > 1:
			bad(name, "Give this parameter once.")
		}
	}
	text := func(name string) string {
		s := strings.Join(strings.Fields(v.Get(name)), " ")
		if !utf8.ValidString(s) {
			bad(name, "Must be UTF-8 text.")
			return ""
		}
		if utf8.RuneCountInString(s) > catalog.MaxQueryLen {
			bad(name, "Use at most "+strconv.Itoa(catalog.MaxQueryLen)+" characters.")
		}
		return s
	}
	choice := func(name, what string, opts []catalog.Option) string {
		s := v.Get(name)
		if s != "" && !catalog.ValidOption(opts, s) {
			bad(name, "Choose "+what+": "+optionValues(opts)+".")
		}
		return s
	}
	q = store.Search{
		Query:    text("q"),
		Category: choice("category", "one of the directory's categories", catalog.Categories),
		Location: text("location"),
		Type:     choice("type", "a business type", catalog.BusinessTypes),
		Sort:     choice("sort", "how to sort", catalog.SortOptions),
	}
	if q.Sort == "" {
		q.Sort = store.SortRelevance
	}
	if s := choice("min_rating", "a minimum rating", catalog.RatingOptions); s != "" {
		q.MinRating, _ = strconv.ParseFloat(s, 64)
	}
	if s := v.Get("state"); s != "" {
		code, ok := places.StateCode(s)
		if !ok {
			bad("state", "Give a US state by its two-letter code or its name, such as TX or Texas.")
		}
		q.State = code
	}
	if s := places.CleanCity(v.Get("city")); s != "" {
		switch {
		case v.Get("state") == "":
			bad("city", "Give the city's state too (state).")
		case !places.ValidCity(s):
			bad("city", "Enter a city name of letters, spaces, periods, apostrophes and hyphens.")
		}
		q.City = s
	}
	switch v.Get("verified") {
	case "", "false", "0":
	case "true", "1":
		q.VerifiedOnly = true
	default:
		bad("verified", "Use true or false.")
	}
	limit = pageLimit(v, &errs)
	fingerprint = searchFingerprint(q)
	if s := v.Get("cursor"); s != "" {
		c, ok := parseSearchCursor(s)
		switch {
		case !ok:
			bad("cursor", "Not a cursor from this API: pass next_cursor as it was given.")
		case c.Query != fingerprint:
			bad("cursor", "This cursor belongs to a search with other parameters: send the same q, category, location, state, city, type, min_rating, verified and sort as the page it came from.")
		default:
			offset = c.Offset
		}
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b FieldError) int {
			return slices.Index(directoryParams, a.Field) - slices.Index(directoryParams, b.Field)
		})
		return store.Search{}, 0, 0, "", invalid(errs...)
	}
	return q, limit, offset, fingerprint, nil
}

// optionValues lists the values of opts for a message: "a, b or c".
func optionValues(opts []catalog.Option) string {
	vals := make([]string, len(opts))
	for i, o := range opts {
		vals[i] = o.Value
	}
	if len(vals) < 2 {
		return strings.Join(vals, "")
	}
	return strings.Join(vals[:len(vals)-1], ", ") + " or " + vals[len(vals)-1]
}

// searchFingerprint names a search (not its page): two requests with the
// same fingerprint page through the same results.
func searchFingerprint(q store.Search) string {
	b, _ := json.Marshal([]any{q.Query, q.Category, q.Location, q.State, q.City, q.Type, q.MinRating, q.VerifiedOnly, q.Sort})
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
