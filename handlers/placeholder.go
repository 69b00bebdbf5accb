package handlers

import (
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/images"
)

// A listing without a logo shows a placeholder: its initials on its
// category's colour, an SVG made from the URL alone
// (/placeholders/food/HB.svg). Nothing is stored and nothing queried, so
// the address is the whole of it: a year's caching, and a listing's cards
// cost no more than a string each. (Changing a category's colour means a
// new path, e.g. /placeholders/v2/….)

// placeholder answers GET /placeholders/{category}/{initials}.svg: 404 for
// a category that is not one or initials images.Initials would not make.
func (h *Handlers) placeholder(w http.ResponseWriter, r *http.Request) {
	category := chi.URLParam(r, "category")
	initials, err := url.PathUnescape(chi.URLParam(r, "initials"))
	if err != nil || !catalog.ValidOption(catalog.Categories, category) || !images.ValidInitials(initials) {
		http.NotFound(w, r)
		return
	}
	svg := images.Placeholder(initials, catalog.CategoryColour(category))
	hd := w.Header()
	hd.Set("Content-Type", "image/svg+xml")
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	// An SVG opened on its own is a document: it may run nothing.
	hd.Set("Content-Security-Policy", "default-src 'none'")
	_, _ = w.Write(svg)
}
