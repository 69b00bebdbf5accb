package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/geo"
	"bizprofile/pagecache"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// maxQueryLen bounds free-text controls: longer input is cut, not refused.
const maxQueryLen = catalog.MaxQueryLen

// clipQuery cuts s to maxQueryLen characters (never inside one).
func clipQuery(s string) string {
	if utf8.RuneCountInString(s) > maxQueryLen {
		return string([]rune(s)[:maxQueryLen])
	}
	return s
}

// parseDirectoryQuery reads the directory's controls from a URL query,
// replacing anything unknown with its default, so every link (however
// mangled) shows a sensible page.
func parseDirectoryQuery(v url.Values) (views.DirectoryQuery, store.Search) {
	q, s, _, _ := parseDirectorySearch(v)
	return q, s
}

// parseDirectorySearch is parseDirectoryQuery with the place the search is
// near as understood (zero for none), or why it was not (a
// *geo.PlaceError).
func parseDirectorySearch(v url.Values) (views.DirectoryQuery, store.Search, geo.Place, error) {
	text := func(name string) string {
		return strings.TrimSpace(clipQuery(strings.Join(strings.Fields(strings.ToValidUTF8(v.Get(name), "")), " ")))
	}
	pick := func(name string, opts []catalog.Option, def string) string {
		if s := v.Get(name); catalog.ValidOption(opts, s) {
			return s
		}
		return def
	}
	q := views.DirectoryQuery{
		Q:         text("q"),
		Category:  pick("category", catalog.Categories, ""),
		Location:  text("location"),
		Sort:      pick("sort", catalog.SortOptions, store.SortRelevance),
		View:      pick("view", []catalog.Option{{Value: "grid"}, {Value: "list"}}, "grid"),
		MinRating: pick("min_rating", catalog.RatingOptions, ""),
		Type:      pick("type", catalog.BusinessTypes, ""),
		Page:      1,
	}
	q.Verified = slices.Contains([]string{"1", "on", "true"}, v.Get("verified"))
	q.Exact = q.Q != "" && v.Get("exact") == "1"
	if p, ok := numberIn(v.Get("page"), 1, catalog.MaxDirectoryPage); ok {
		q.Page = int(p)
	}
	q.Near, q.Open = text("near"), v.Get("open") == "now"
	if r, ok := numberIn(pick("radius", catalog.RadiusOptions, ""), 1, catalog.MaxRadius); ok && q.Near != "" {
		q.Radius = int(r)
	}
	minRating, _ := strconv.ParseFloat(q.MinRating, 64)
	s := store.Search{
		Query: q.Q, Category: q.Category, Location: q.Location, Sort: q.Sort,
		MinRating: minRating, VerifiedOnly: q.Verified, Type: q.Type, Page: q.Page, Exact: q.Exact,
		Radius: float64(q.RadiusOrDefault()),
	}
	if q.Open {
		s.OpenAt = time.Now()
	}
	if q.Near == "" {
		return q, s, geo.Place{}, nil
	}
	place, err := geo.Parse(q.Near)
	if err != nil {
		return q, s, geo.Place{}, err
	}
	s.Near = &place.Point
	return q, s, place, nil
}

// searchDirectory runs the directory search for a request: the one code
// path behind both the page and its JSON. It also answers what the whole
// directory holds, as the search saw it (for the page's links).
//
// A place it cannot find ("near" an unknown ZIP code) is the visitor's to
// correct: the result says why by the field (NearError), finds nothing,
// and the caller answers 422.
func (h *Handlers) searchDirectory(r *http.Request) (views.DirectoryResult, store.SearchResult, error) {
	q, s, place, nearErr := parseDirectorySearch(r.URL.Query())
	if nearErr != nil {
		// Nothing is searched (no category is "-"), but the page still
		// links what the directory holds.
		s = store.Search{Category: "-"}
	}
	res, err := h.store.SearchBusinesses(r.Context(), s)
	if err != nil {
		return views.DirectoryResult{}, res, err
	}
	out := views.DirectoryResult{
		Query: q, Total: res.Total, Page: res.Page, Pages: res.Pages,
		Summary: views.FoundLine(res.Total), SortLabel: views.SortedBy(q.Sort),
		Cards: h.present.Cards(res.Businesses), Corrected: res.Corrected, MapTiles: h.site.MapTiles,
	}
	switch {
	case nearErr != nil:
		out.NearError = nearErr.Error()
	case s.Near != nil:
		out.NearLabel = place.Label
		present.Distances(out.Cards, res.Businesses)
	case q.Sort == store.SortDistance: // nearest first needs a place
		out.SortLabel = views.SortedBy(store.SortRelevance)
	}
	h.markSaved(r, out.Cards, res.Businesses)
	h.countImpressions(r, res.Businesses)
	return out, res, nil
}

// directoryStatus is the status of a directory answer: 422 when its place
// was not understood.
func directoryStatus(res views.DirectoryResult) int {
	if res.NearError != "" {
		return http.StatusUnprocessableEntity
	}
	return http.StatusOK
}

// directory shows the directory page.
func (h *Handlers) directory(w http.ResponseWriter, r *http.Request) {
	res, all, err := h.searchDirectory(r)
	if h.broken(w, r, err) {
		return
	}
	// The search costs microseconds; rendering and compressing its page
	// are what a kept page saves.
	cacheable := h.cacheable(r) && res.NearError == ""
	if cacheable {
		if page, ok := h.pages.Get(all.Version, directoryPageKey(r)); ok {
			writeGzipped(w, page)
			return
		}
	}
	page := views.DirectoryPage(h.chrome(r), res, store.PageSize, present.DirectoryBrowse(all))
	if !cacheable {
		h.render(w, r, directoryStatus(res), page)
		return
	}
	buf := pageBuffer()
	defer putPageBuffer(buf)
	if h.broken(w, r, page.Render(r.Context(), buf)) {
		return
	}
	gz := pagecache.Gzip(buf.Bytes())
	h.pages.Put(all.Version, directoryPageKey(r), gz)
	writeGzipped(w, gz)
}

// directoryJSON answers the directory island with the same search as JSON.
func (h *Handlers) directoryJSON(w http.ResponseWriter, r *http.Request) {
	res, _, err := h.searchDirectory(r)
	if err != nil {
		switch {
		case clientgone.Handled(h.log, w, r, err): // the island dropped the fetch (typed on), or the page closed
		case store.Unavailable(err): // as the page answers: 503, a moment to wait
			h.log.Warn("database unavailable", "error", err, "path", r.URL.Path, "request_id", requestID(r.Context()))
			w.Header().Set("Retry-After", retryAfterUnavailable)
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "The directory is briefly unavailable. Please try again in a moment."})
		default:
			h.log.Error("directory search", "error", err, "request_id", requestID(r.Context()))
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "The search failed. Please try again."})
		}
		return
	}
	writeJSON(w, directoryStatus(res), res)
}
