package handlers

import (
	"errors"
	"net/http"

	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// publishedBusiness loads the listing of the URL, answering 404 for an
// unknown or unpublished slug. It reports whether the handler may go on.
func (h *Handlers) publishedBusiness(w http.ResponseWriter, r *http.Request) (store.Business, bool) {
	slug, ok := slugParam(r)
	if !ok {
		h.notFound(w, r)
		return store.Business{}, false
	}
	b, err := h.store.BusinessBySlug(r.Context(), slug)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.Published) {
		h.notFound(w, r)
		return store.Business{}, false
	}
	if h.broken(w, r, err) {
		return store.Business{}, false
	}
	return b, true
}

// businessPage shows a listing: everything its owner made public, nothing
// else (not in the HTML, not in the JSON-LD).
func (h *Handlers) businessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	reviews, _, err := h.listingReviews(r.Context(), b, currentUser(r), store.ReviewsNewest, store.Page{Limit: views.ReviewsShown})
	if h.broken(w, r, err) {
		return
	}
	reviews.Back = "/directory/" + b.Slug
	photos, branded, err := h.domain.Images.Look(r.Context(), b)
	if h.broken(w, r, err) {
		return
	}
	h.countView(r, b)
	v := h.present.Business(b, reviews, photos, branded)
	v.MapTiles = h.site.MapTiles
	v.Save = h.saveToggle(r, b)
	agency, managed, err := h.domain.Agencies.ManagedBadge(r.Context(), b.ID)
	if h.broken(w, r, err) {
		return
	}
	if managed {
		v.ManagedBy = h.present.Badge(agency, present.BadgeLogoPx)
	}
	state, err := h.claimState(r.Context(), currentUser(r), b)
	if h.broken(w, r, err) {
		return
	}
	switch state {
	case views.ClaimOpen, views.ClaimPendingReview, views.ClaimYours:
		v.Claim = state
	}
	h.render(w, r, http.StatusOK, views.BusinessPage(h.chrome(r), v))
}
