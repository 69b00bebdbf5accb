package handlers

import (
	"errors"
	"net/http"

	"bizprofile/store"
	"bizprofile/views"
)

// reviewBadge answers GET /directory/{slug}/badge.svg: the listing's rating
// and review count as an SVG image for its owner's own website
// (views.ReviewBadgeSVG). Public and cached, with no session, so no cookie;
// 404 for a listing that is unknown, unpublished or managed by nobody.
func (h *Handlers) reviewBadge(w http.ResponseWriter, r *http.Request) {
	slug, _ := slugParam(r)
	b, err := h.store.BusinessBySlug(r.Context(), slug)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (!b.Published || !b.OwnerID.Valid)) {
		http.NotFound(w, r)
		return
	} else if err != nil {
		h.log.Error("review badge", "error", err, "slug", slug, "request_id", requestID(r.Context()))
		http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "image/svg+xml")
	hd.Set("Cache-Control", "public, max-age=3600")
	// Other sites show it; opened on its own it is a document that may run nothing.
	hd.Set("Cross-Origin-Resource-Policy", "cross-origin")
	hd.Set("Content-Security-Policy", "default-src 'none'")
	_, _ = w.Write(views.ReviewBadgeSVG(h.site.Name, b.Name, b.Rating, b.ReviewCount))
}
