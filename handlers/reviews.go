package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Reviews as visitors see them: a listing's summary and newest reviews on
// its page (business.go), all of them on its reviews page, and the
// 'Helpful' button. Writing, editing and deleting one is review_form.go.

// listingReviews reads what a listing's pages show of its reviews: the
// summary, one page of its published reviews in order, and what the
// viewer (nil: signed out) has done: written one, marked some helpful.
// total is how many published reviews there are.
func (h *Handlers) listingReviews(ctx context.Context, b store.Business, viewer *store.User, order string, p store.Page) (views.ListingReviews, int, error) {
	l := views.ListingReviews{Slug: b.Slug, Business: b.Name}
	got, err := h.domain.Reviews.OfListing(ctx, b, viewer, order, p)
	if err != nil {
		return l, 0, err
	}
	l.Summary, l.HasOwn = views.NewRatingSummary(got.Summary.Stars, got.Summary.Average), got.HasOwn
	if viewer != nil && b.OwnedBy(viewer.Account()) {
		l.ManageURL = "/dashboard/businesses/" + strconv.FormatInt(b.ID, 10) + "/reviews"
	}
	for _, r := range got.Reviews {
		l.Reviews = append(l.Reviews, present.ReviewItem(r, viewer, got.Marked[r.ID]))
	}
	return l, got.Total, nil
}

// reviewsPage lists every published review of a listing, in the order
// asked for (newest when none or unknown), a page at a time.
func (h *Handlers) reviewsPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	sort := r.URL.Query().Get("sort")
	if !catalog.ValidOption(catalog.ReviewSorts, sort) {
		sort = store.ReviewsNewest
	}
	page, per := pageParam(r), views.ReviewsPerPage
	l, total, err := h.listingReviews(r.Context(), b, currentUser(r), sort, store.Page{Limit: per, Offset: (page - 1) * per})
	if h.broken(w, r, err) {
		return
	}
	pages := max(1, (total+per-1)/per)
	if page > pages {
		h.notFound(w, r)
		return
	}
	l.Back = views.ReviewsPath(b.Slug, sort, page)
	h.render(w, r, http.StatusOK, views.ReviewsPage(h.chrome(r), views.ReviewsPageView{ListingReviews: l, Sort: sort, Page: page, Pages: pages}))
}

// markHelpful records that the signed-in visitor found a review helpful,
// once per account; its author cannot. htmx gets the button with the new
// count; a plain form goes back to the review.
func (h *Handlers) markHelpful(w http.ResponseWriter, r *http.Request) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return
	}
	if !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	rv, b, err := h.publishedReview(ctx, id)
	if h.failed(w, r, err) {
		return
	}
	back := reviewBack(r.PostFormValue("back"), b.Slug)
	anchor := back + "#review-" + strconv.FormatInt(id, 10)
	u := currentUser(r)
	if u == nil {
		h.signInFirst(w, r, anchor, "")
		return
	}
	added, err := h.store.MarkHelpful(ctx, id, u.ID)
	var t views.Toast
	status := http.StatusOK
	switch {
	case errors.Is(err, store.ErrOwnReview):
		t = views.Toast{Title: "That's your review", Description: "You can't mark your own review helpful.", Variant: "destructive"}
		status = http.StatusForbidden
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case err != nil:
		clientgone.Error(h.log, r, "helpful mark not stored", "error", err, "review_id", id, "user_id", u.ID)
		t = views.Toast{Title: "Not saved", Description: "Your mark could not be saved just now. Please try again in a moment.", Variant: "destructive"}
		status = http.StatusServiceUnavailable
	case added:
		t = views.Toast{Title: "Thanks for your feedback", Description: "You marked this review helpful."}
	default:
		t = views.Toast{Title: "You already marked this review helpful"}
	}
	if !isHTMX(r) {
		if status == http.StatusForbidden {
			h.render(w, r, status, views.ReviewRefusedPage(h.chrome(r), views.ReviewRefusal{Slug: b.Slug, Business: b.Name, Reason: views.RefusedOwnReview}))
			return
		}
		h.redirect(w, r, anchor, t)
		return
	}
	// The button as it is now: the count may have changed either way.
	if now, err := h.store.ReviewByID(ctx, id); err == nil {
		rv = now
	}
	setToastTrigger(w, t)
	if status == http.StatusForbidden {
		// htmx swaps no 403: the toast says why, the button stays.
		w.WriteHeader(status)
		return
	}
	h.render(w, r, status, views.HelpfulButton(present.ReviewItem(rv, u, err == nil), back))
}

// publishedReview is a published review of a published listing, with the
// listing (ErrNotFound otherwise).
func (h *Handlers) publishedReview(ctx context.Context, id int64) (store.Review, store.Business, error) {
	rv, err := h.store.ReviewByID(ctx, id)
	if err != nil {
		return rv, store.Business{}, err
	}
	if rv.Status != store.ReviewPublished {
		return rv, store.Business{}, store.ErrNotFound
	}
	b, err := h.store.BusinessByID(ctx, rv.BusinessID)
	if err == nil && !b.Published {
		err = store.ErrNotFound
	}
	return rv, b, err
}

// reviewBack is where a form about a review of the listing slug comes back
// to: the listing's page or its reviews page (any order and page), as the
// form says; the listing's page otherwise.
func reviewBack(sent, slug string) string {
	page := "/directory/" + slug
	sent, _, _ = strings.Cut(localPath(sent, page), "#")
	if rest, ok := strings.CutPrefix(sent, page); ok && (rest == "" || rest == "/reviews" || strings.HasPrefix(rest, "/reviews?")) {
		return sent
	}
	return page
}

// signInFirst sends a signed-out visitor to sign in, then to back; htmx is
// told to load the sign-in page in place of the page.
func (h *Handlers) signInFirst(w http.ResponseWriter, r *http.Request, back, why string) {
	target := views.SignInPath(back, why)
	w.Header().Set("Cache-Control", "no-store")
	if isHTMX(r) {
		w.Header().Set("HX-Redirect", target)
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}
