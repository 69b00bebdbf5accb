package handlers

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"bizprofile/analytics"
	"bizprofile/store"
	"bizprofile/views"
)

// Counting for the owners' analytics (package analytics): each counted
// request adds to counts in memory, written in batches, so counting costs
// the visitor nothing they would notice. Only a person's browser counts
// (analytics.Human), and never the owner looking at their own listing.

// countView counts a view of b's page.
func (h *Handlers) countView(r *http.Request, b store.Business) {
	if h.counts(r, b) {
		h.analytics.View(b.ID, clientIP(r), r.UserAgent())
	}
}

// countEvent counts a contact click (or another event) on b.
func (h *Handlers) countEvent(r *http.Request, b store.Business, e analytics.Event) {
	if h.counts(r, b) {
		h.analytics.Count(e, b.ID)
	}
}

// countImpressions counts the listings of a page of results as shown,
// except the viewer's own.
func (h *Handlers) countImpressions(r *http.Request, bs []store.Business) {
	if h.analytics == nil || len(bs) == 0 || !analytics.Human(r) {
		return
	}
	// Results come from the search index, which does not know owners: a
	// signed-in business account's own listings (its owner's and members')
	// are read (visitors and individuals, most of them, own none and cost
	// no query).
	own := map[int64]bool{}
	if u := currentUser(r); u != nil && worksForBusiness(u) {
		owned, err := h.store.BusinessesOwnedBy(r.Context(), u.Account())
		if err != nil {
			h.log.Warn("analytics: impressions not counted", "request_id", requestID(r.Context()), slog.Any("error", err))
			return
		}
		for _, b := range owned {
			own[b.ID] = true
		}
	}
	ids := make([]int64, 0, len(bs))
	for _, b := range bs {
		if !own[b.ID] {
			ids = append(ids, b.ID)
		}
	}
	h.analytics.Count(analytics.Impression, ids...)
}

// contactLink is where b's page's link (website, phone or email) goes; ""
// when the page does not show it.
func contactLink(b store.Business, link string) string {
	switch {
	case link == "website":
		return b.Website
	case link == "phone" && b.ShowPhone && b.Phone != "":
		return "tel:" + views.TelDigits(b.Phone)
	case link == "email" && b.PublicEmail() != "":
		return "mailto:" + b.PublicEmail()
	}
	return ""
}

// counts reports whether r counts for b's analytics: not when its own
// account (owner or member) looks at it.
func (h *Handlers) counts(r *http.Request, b store.Business) bool {
	if h.analytics == nil || !analytics.Human(r) {
		return false
	}
	u := currentUser(r)
	return u == nil || !b.OwnedBy(u.Account())
}

// outLinks are the contact links a listing's page sends through
// /directory/{slug}/out/{link}, which counts the click and redirects to
// the listing's own website, phone number or email address.
var outLinks = map[string]analytics.Event{
	"website": analytics.WebsiteClick,
	"phone":   analytics.PhoneClick,
	"email":   analytics.EmailClick,
}

// listingOut counts a click on one of a listing's contact links and
// redirects to it. The target is the listing's own, as its page shows it
// (nothing of the URL but the link's name is used: no open redirect); a
// link the page does not show is not found.
func (h *Handlers) listingOut(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	e, known := outLinks[chi.URLParam(r, "link")]
	to := contactLink(b, chi.URLParam(r, "link"))
	if !known || to == "" {
		h.notFound(w, r)
		return
	}
	h.countEvent(r, b, e)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	http.Redirect(w, r, to, http.StatusFound)
}
