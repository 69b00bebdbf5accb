package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"
	"bizprofile/views"
)

// Writing a review: one per account and listing, by a signed-in person
// with a verified address who does not own the listing; the author edits
// it for store.ReviewEditWindow and deletes it at any time. The form keeps
// what was typed on every error.

// reviewer is the published listing of the URL (or 404) and the
// signed-in visitor who may write (or edit) a review of it. Otherwise it
// answers: sign in first, verify the address first (403), or not your own
// listing (403); and reports that the handler must stop.
func (h *Handlers) reviewer(w http.ResponseWriter, r *http.Request) (store.Business, *store.User, bool) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return b, nil, false
	}
	u := currentUser(r)
	refuse := func(reason views.RefusalReason, email string) (store.Business, *store.User, bool) {
		h.refuseReview(w, r, b, reason, email)
		return b, nil, false
	}
	switch {
	case u == nil:
		// Signed up in this browser but not verified yet: sign-in would
		// refuse them, so say what to do instead.
		if pending := h.sessions.GetString(r.Context(), sessionPending); pending != "" {
			return refuse(views.RefusedUnverified, pending)
		}
		h.signInFirst(w, r, "/directory/"+b.Slug+"/review", "")
		return b, nil, false
	case !u.Verified():
		return refuse(views.RefusedUnverified, u.Email)
	case b.OwnedBy(u.Account()):
		// The owner and the account's members manage it.
		return refuse(views.RefusedOwnListing, "")
	}
	w.Header().Set("Cache-Control", "no-store")
	return b, u, true
}

// refuseReview answers 403 with why the viewer may not write or edit a
// review of b; htmx is sent to the form's page, which says it.
func (h *Handlers) refuseReview(w http.ResponseWriter, r *http.Request, b store.Business, reason views.RefusalReason, email string) {
	w.Header().Set("Cache-Control", "no-store")
	if isHTMX(r) {
		w.Header().Set("HX-Redirect", "/directory/"+b.Slug+"/review")
		w.WriteHeader(http.StatusOK)
		return
	}
	h.render(w, r, http.StatusForbidden, views.ReviewRefusedPage(h.chrome(r), views.ReviewRefusal{Slug: b.Slug, Business: b.Name, Reason: reason, Email: email}))
}

// reviewFormPage shows the form: empty, with the name the viewer's
// profile suggests, or holding the viewer's review to edit.
func (h *Handlers) reviewFormPage(w http.ResponseWriter, r *http.Request) {
	b, u, ok := h.reviewer(w, r)
	if !ok {
		return
	}
	own, editing, err := h.domain.Reviews.By(r.Context(), b.ID, u.ID)
	if h.broken(w, r, err) {
		return
	}
	f := h.newReviewForm(b)
	switch {
	case editing && !own.EditableAt(time.Now()):
		h.refuseReview(w, r, b, views.RefusedEditClosed, "")
		return
	case editing:
		f.Editing = true
		f.Rating, f.Title, f.Body, f.VisitedOn, f.Name = strconv.Itoa(own.Rating), own.Title, own.Body, own.VisitedOn, own.AuthorName
	default:
		p, err := h.store.ProfileOf(r.Context(), u.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			h.serverError(w, r, err)
			return
		}
		f.Name = domain.ReviewerName(u.Kind, p)
	}
	h.render(w, r, http.StatusOK, views.ReviewFormPage(h.chrome(r), f))
}

func (h *Handlers) newReviewForm(b store.Business) views.ReviewForm {
	return views.ReviewForm{Slug: b.Slug, Business: b.Name, Today: h.domain.Reviews.Today(), Errors: catalog.FieldErrors{}}
}

// saveReview writes the viewer's review of the listing, or changes the one
// they wrote (domain.Reviews.Write).
func (h *Handlers) saveReview(w http.ResponseWriter, r *http.Request) {
	b, u, ok := h.reviewer(w, r)
	if !ok {
		return
	}
	if !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	f := h.newReviewForm(b)
	f.Rating, f.Title, f.VisitedOn, f.Name = field(r.PostForm, "rating"), field(r.PostForm, "title"), field(r.PostForm, "visited_on"), field(r.PostForm, "author_name")
	f.Body = strings.TrimSpace(strings.ReplaceAll(r.PostFormValue("body"), "\r\n", "\n"))
	answer := func(status int, f views.ReviewForm) {
		if isHTMX(r) {
			// The layout's htmx config swaps 422, 429 and 503 answers.
			h.render(w, r, status, views.ReviewFormFragment(f))
			return
		}
		h.render(w, r, status, views.ReviewFormPage(h.chrome(r), f))
	}
	own, editing, err := h.domain.Reviews.By(r.Context(), b.ID, u.ID)
	if err != nil {
		clientgone.Error(h.log, r, "review not stored", "error", err, "business_id", b.ID, "user_id", u.ID)
		f.Problem = reviewNotSaved
		answer(http.StatusServiceUnavailable, f)
		return
	}
	f.Editing = editing
	if editing && !own.EditableAt(time.Now()) {
		h.refuseReview(w, r, b, views.RefusedEditClosed, "")
		return
	}
	in := domain.ReviewInput{Rating: f.Rating, Title: f.Title, Body: f.Body, VisitedOn: f.VisitedOn, Name: f.Name}
	if f.Errors, _ = in.Check(f.Today); len(f.Errors) > 0 {
		answer(http.StatusUnprocessableEntity, f)
		return
	}
	for _, l := range []struct {
		lim *ratelimit.Limiter
		key string
	}{{h.limits.reviewUser, "user:" + strconv.FormatInt(u.ID, 10)}, {h.limits.reviewIP, clientIP(r)}} {
		if ok, retry := l.lim.Allow(ctx, l.key); !ok {
			h.log.Info("review refused", "reason", "rate_limited", "limit", l.lim.Name(), "user_id", u.ID, "ip", clientIP(r))
			f.Problem = "You have written or changed many reviews today. Please wait " + views.RetryText(retry) + " and send this again; what you wrote is kept below."
			setRetryAfter(w, retry)
			answer(http.StatusTooManyRequests, f)
			return
		}
	}
	var editOf *store.Review
	if editing {
		editOf = &own
	}
	saved, err := h.domain.Reviews.Write(ctx, b, *u, editOf, in)
	switch {
	case errors.Is(err, store.ErrOwnListing):
		h.refuseReview(w, r, b, views.RefusedOwnListing, "") // it changed hands meanwhile
		return
	case errors.Is(err, store.ErrEditWindowClosed):
		h.refuseReview(w, r, b, views.RefusedEditClosed, "")
		return
	case errors.Is(err, store.ErrAlreadyReviewed):
		// Sent twice (two tabs): this form now edits the review stored.
		f.Editing = true
		f.Problem = "You had already reviewed " + b.Name + " (perhaps in another tab). Saving again replaces that review with what is below."
		answer(http.StatusConflict, f)
		return
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrNotAuthor):
		// Deleted meanwhile (another tab): sending again writes it anew.
		f.Editing = false
		f.Problem = "Your review was deleted meanwhile. Publishing now writes it again with what is below."
		answer(http.StatusConflict, f)
		return
	case err != nil:
		clientgone.Error(h.log, r, "review not stored", "error", err, "business_id", b.ID, "user_id", u.ID)
		f.Problem = reviewNotSaved
		answer(http.StatusServiceUnavailable, f)
		return
	}
	t := views.Toast{Title: "Review published", Description: "Thank you for reviewing " + b.Name + "."}
	if editing {
		t = views.Toast{Title: "Review updated", Description: "Your changes to your review of " + b.Name + " are published."}
	}
	h.flash(r, t)
	to := "/directory/" + b.Slug + "#review-" + strconv.FormatInt(saved.ID, 10)
	if isHTMX(r) {
		w.Header().Set("HX-Redirect", to)
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// reviewNotSaved is the problem shown when the database fails.
const reviewNotSaved = "Your review could not be saved just now. Please try again in a moment; nothing you wrote was lost."

// deleteReviewPage asks the viewer to confirm deleting their review of the
// listing.
func (h *Handlers) deleteReviewPage(w http.ResponseWriter, r *http.Request) {
	b, _, _, ok := h.reviewToDelete(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.DeleteReviewPage(h.chrome(r), b.Slug, b.Name))
}

// deleteReview deletes the viewer's review of the listing; the listing's
// figures follow in the same transaction.
func (h *Handlers) deleteReview(w http.ResponseWriter, r *http.Request) {
	b, u, own, ok := h.reviewToDelete(w, r)
	if !ok {
		return
	}
	if err := h.store.DeleteReview(r.Context(), own.ID, u.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("review deleted", "review_id", own.ID, "business_id", b.ID, "user_id", u.ID)
	h.redirect(w, r, "/directory/"+b.Slug+"#reviews", views.Toast{Title: "Review deleted", Description: "Your review of " + b.Name + " was deleted."})
}

// reviewToDelete is the listing of the URL and the signed-in viewer's
// review of it; without one, it answers (sign in, or not found).
func (h *Handlers) reviewToDelete(w http.ResponseWriter, r *http.Request) (store.Business, *store.User, store.Review, bool) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return b, nil, store.Review{}, false
	}
	u := currentUser(r)
	if u == nil {
		h.signInFirst(w, r, "/directory/"+b.Slug+"/review/delete", "")
		return b, nil, store.Review{}, false
	}
	w.Header().Set("Cache-Control", "no-store")
	own, found, err := h.domain.Reviews.By(r.Context(), b.ID, u.ID)
	if h.broken(w, r, err) {
		return b, u, own, false
	}
	if !found {
		h.redirect(w, r, "/directory/"+b.Slug+"#reviews", views.Toast{Title: "No review to delete", Description: "You have not reviewed " + b.Name + "."})
		return b, u, own, false
	}
	return b, u, own, true
}
