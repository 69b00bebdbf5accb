package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The owner's reviews page: a listing's reviews with their replies, the
// figures, the sentiment trend and the ways to ask for reviews
// (review_requests.go).

// trendMonths is how many months the sentiment trend shows.
const trendMonths = 12

// ownerReviewQuery reads the list's filter and page from a query; values
// out of range are the defaults.
func ownerReviewQuery(q url.Values) views.OwnerReviewQuery {
	v := views.OwnerReviewQuery{Show: views.ShowAll, Page: 1}
	if q.Get("show") == views.ShowUnanswered {
		v.Show = views.ShowUnanswered
	}
	if n, ok := numberIn(q.Get("stars"), 1, 5); ok {
		v.Stars = int(n)
	}
	if n, ok := numberIn(q.Get("page"), 1, maxListPage); ok {
		v.Page = int(n)
	}
	return v
}

// ownerReviewsPage shows a listing's reviews to its owner; anyone else
// gets 404.
func (h *Handlers) ownerReviewsPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	v, err := h.ownerReviewsView(r.Context(), b, ownerReviewQuery(r.URL.Query()), currentUser(r).ID)
	if h.broken(w, r, err) {
		return
	}
	if v.Query.Page > v.Pages {
		h.notFound(w, r) // past the last page
		return
	}
	if res, ok := h.sessions.Pop(r.Context(), requestResultsKey).(requestResults); ok && res.BusinessID == b.ID {
		v.Requests.Results = res.Results
	}
	h.render(w, r, http.StatusOK, views.OwnerReviewsPage(h.chrome(r), v))
}

// ownerReviewsView gathers the page of b's reviews that q asks for, as
// userID sees it.
func (h *Handlers) ownerReviewsView(ctx context.Context, b store.Business, q views.OwnerReviewQuery, userID int64) (views.OwnerReviewsView, error) {
	filter := store.OwnerReviewFilter{Unanswered: q.Show == views.ShowUnanswered, Stars: q.Stars}
	per := views.OwnerReviewsPerPage
	o, err := h.domain.Reviews.OwnerPage(ctx, b.ID, filter, store.Page{Limit: per, Offset: (q.Page - 1) * per}, trendMonths)
	if err != nil {
		return views.OwnerReviewsView{}, err
	}
	requests, err := h.reviewRequestForm(ctx, b, userID)
	if err != nil {
		return views.OwnerReviewsView{}, err
	}
	return present.OwnerReviews(b, q, o, requests, h.domain.Reviews.ReviewFormURL(b.Slug)), nil
}

// ownedReview loads the review of the URL and its listing if the listing
// belongs to the account the signed-in user works in (owner or member:
// both reply); anyone else gets 404.
func (h *Handlers) ownedReview(w http.ResponseWriter, r *http.Request) (store.Review, store.Business, bool) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return store.Review{}, store.Business{}, false
	}
	rev, b, err := h.domain.Reviews.OfAccount(r.Context(), currentUser(r).Account(), currentUser(r).ID, id)
	if h.failed(w, r, err) {
		return store.Review{}, store.Business{}, false
	}
	return rev, b, true
}

// replyToReview writes or rewrites the owner's reply to a review. htmx
// swaps the review's block; without JavaScript the owner goes back to the
// review in the list with a toast.
func (h *Handlers) replyToReview(w http.ResponseWriter, r *http.Request) {
	rev, b, ok := h.ownedReview(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	q := ownerReviewQuery(backQuery(r))
	o := present.OwnerReview(b, rev, q.Values().Encode())
	o.Draft = strings.TrimSpace(r.PostFormValue("reply"))
	o.Editing = rev.Reply != ""
	updated, err := h.domain.Reviews.Reply(r.Context(), rev, currentUser(r).ID, o.Draft)
	var bad domain.Invalid
	switch {
	case errors.Is(err, domain.ErrReviewHidden):
		o.Draft, o.Editing = rev.Reply, false
		o.Problem = "An administrator hid this review, so it cannot be answered."
		if isHTMX(r) {
			setToastTrigger(w, views.Toast{Title: "Reply not posted", Description: o.Problem, Variant: "destructive"})
		}
		h.answerReview(w, r, http.StatusConflict, b, q, o)
		return
	case errors.As(err, &bad):
		o.Error = bad["reply"]
		h.answerReview(w, r, http.StatusUnprocessableEntity, b, q, o)
		return
	case errors.Is(err, store.ErrNotAuthor), errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case err != nil:
		clientgone.Error(h.log, r, "reply not saved", "error", err, "review_id", rev.ID)
		o.Problem = "Your reply could not be saved just now. Please try again in a moment; what you wrote is still here."
		h.answerReview(w, r, http.StatusServiceUnavailable, b, q, o)
		return
	}
	h.log.Info("review answered", "review_id", rev.ID, "business_id", b.ID, "edit", rev.Reply != "")
	t := views.Toast{Title: "Reply posted", Description: "It shows under the review on the page of " + b.Name + "."}
	if rev.Reply != "" {
		t = views.Toast{Title: "Reply updated", Description: "The page of " + b.Name + " shows the new text."}
	}
	h.reviewChanged(w, r, t, b, q, present.OwnerReview(b, updated, q.Values().Encode()))
}

// deleteReply removes the owner's reply to a review.
func (h *Handlers) deleteReply(w http.ResponseWriter, r *http.Request) {
	rev, b, ok := h.ownedReview(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	q := ownerReviewQuery(backQuery(r))
	updated, err := h.domain.Reviews.DeleteReply(r.Context(), rev, currentUser(r).ID)
	if errors.Is(err, store.ErrNotAuthor) || errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		clientgone.Error(h.log, r, "reply not deleted", "error", err, "review_id", rev.ID)
		o := present.OwnerReview(b, rev, q.Values().Encode())
		o.Problem = "Your reply could not be deleted just now. Please try again in a moment."
		h.answerReview(w, r, http.StatusServiceUnavailable, b, q, o)
		return
	}
	h.log.Info("review reply deleted", "review_id", rev.ID, "business_id", b.ID)
	h.reviewChanged(w, r, views.Toast{Title: "Reply deleted", Description: "The review shows without an answer."}, b, q, present.OwnerReview(b, updated, q.Values().Encode()))
}

// backQuery is the list's query a reply form came from.
func backQuery(r *http.Request) url.Values {
	q, err := url.ParseQuery(r.PostFormValue("back"))
	if err != nil {
		return url.Values{}
	}
	return q
}

// reviewChanged answers a reply saved or deleted: the review's new block
// and a toast (htmx), or the list at the review with the toast.
func (h *Handlers) reviewChanged(w http.ResponseWriter, r *http.Request, t views.Toast, b store.Business, q views.OwnerReviewQuery, o views.OwnerReview) {
	if isHTMX(r) {
		setToastTrigger(w, t)
		h.render(w, r, http.StatusOK, views.OwnerReviewBlock(o))
		return
	}
	h.redirect(w, r, views.OwnerReviewsPath(b.ID, q)+"#review-"+strconv.FormatInt(o.ID, 10), t)
}

// answerReview answers a reply form that failed with status: the review's
// block (htmx), or the whole page with the review as it was sent.
func (h *Handlers) answerReview(w http.ResponseWriter, r *http.Request, status int, b store.Business, q views.OwnerReviewQuery, o views.OwnerReview) {
	if isHTMX(r) {
		h.render(w, r, status, views.OwnerReviewBlock(o))
		return
	}
	v, err := h.ownerReviewsView(r.Context(), b, q, currentUser(r).ID)
	if h.broken(w, r, err) {
		return
	}
	found := false
	for i := range v.Reviews {
		if v.Reviews[i].ID == o.ID {
			v.Reviews[i], found = o, true
		}
	}
	if !found {
		// The list moved on (a filter, a new review): the review leads.
		v.Reviews = append([]views.OwnerReview{o}, v.Reviews...)
	}
	h.render(w, r, status, views.OwnerReviewsPage(h.chrome(r), v))
}
