package handlers

import (
	"context"
	"encoding/gob"
	"errors"
	"net/http"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/qrcode"
	"bizprofile/store"
	"bizprofile/views"
)

// Review requests: the owner's ways to ask customers for a review (a link,
// its QR code, emails) and the customers' way to stop the emails. The caps
// are the store's (RecordReviewRequests); the requests and their emails
// commit together.

func init() {
	// A send's results travel in the session to the page after its
	// redirect (without JavaScript).
	gob.Register(requestResults{})
}

// requestResultsKey holds the results of the last send for the reviews
// page it redirects to.
const requestResultsKey = "review_request_results"

// requestResults are what became of a send's addresses, for one listing.
type requestResults struct {
	BusinessID int64
	Results    []views.ReviewRequestResult
}

// reviewRequestForm is an empty request form for b, with what userID may
// still send today.
func (h *Handlers) reviewRequestForm(ctx context.Context, b store.Business, userID int64) (views.ReviewRequestForm, error) {
	left, err := h.store.ReviewRequestsLeft(ctx, userID, time.Now())
	if err != nil {
		return views.ReviewRequestForm{}, err
	}
	return views.ReviewRequestForm{BusinessID: b.ID, Published: b.Published, Left: left, PerDay: store.ReviewRequestsPerDay, Errors: catalog.FieldErrors{}}, nil
}

// sendReviewRequests emails each address a request for a review of the
// listing, as far as the caps allow, and says what became of each.
func (h *Handlers) sendReviewRequests(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	f, err := h.reviewRequestForm(ctx, b, u.ID)
	if h.broken(w, r, err) {
		return
	}
	f.Emails, f.Note = strings.TrimSpace(r.PostFormValue("emails")), strings.TrimSpace(r.PostFormValue("note"))
	done, err := h.domain.Reviews.Request(ctx, b, u.ID, domain.RequestInput{Emails: f.Emails, Note: f.Note})
	var bad domain.Invalid
	switch {
	case errors.Is(err, domain.ErrNotPublished):
		f.Problem = "Publish your listing first: the review form opens only for listings in the directory."
		h.answerRequests(w, r, http.StatusConflict, b, f)
		return
	case errors.As(err, &bad):
		f.Errors = bad.Fields()
		h.answerRequests(w, r, http.StatusUnprocessableEntity, b, f)
		return
	case err != nil:
		clientgone.Error(h.log, r, "review requests not sent", "error", err, "business_id", b.ID)
		f.Problem = "Your requests could not be sent just now. Please try again in a moment: nothing was sent, and what you typed is still here."
		h.answerRequests(w, r, http.StatusServiceUnavailable, b, f)
		return
	}
	results, sent := make([]views.ReviewRequestResult, len(done)), 0
	for i, d := range done {
		results[i] = views.ReviewRequestResult(d)
		if d.Sent {
			sent++
		}
	}

	t := views.Toast{Title: "Review requests sent", Description: "Sent to " + itoa(sent) + " of " + itoa(len(results)) + " addresses."}
	if sent == 0 {
		t = views.Toast{Title: "No review request sent", Description: "The page says why for each address.", Variant: "destructive"}
	}
	if !isHTMX(r) {
		h.sessions.Put(ctx, requestResultsKey, requestResults{BusinessID: b.ID, Results: results})
		h.redirect(w, r, views.OwnerReviewsPath(b.ID, views.OwnerReviewQuery{})+"#requests", t)
		return
	}
	next, err := h.reviewRequestForm(ctx, b, u.ID)
	if h.broken(w, r, err) {
		return
	}
	next.Results = results
	setToastTrigger(w, t)
	h.render(w, r, http.StatusOK, views.ReviewRequestSection(next))
}

// answerRequests answers a request form that failed with status: the
// form's section (htmx), or the whole page with the form as it was sent.
func (h *Handlers) answerRequests(w http.ResponseWriter, r *http.Request, status int, b store.Business, f views.ReviewRequestForm) {
	if isHTMX(r) {
		h.render(w, r, status, views.ReviewRequestSection(f))
		return
	}
	v, err := h.ownerReviewsView(r.Context(), b, ownerReviewQuery(nil), currentUser(r).ID)
	if h.broken(w, r, err) {
		return
	}
	v.Requests = f
	h.render(w, r, status, views.OwnerReviewsPage(h.chrome(r), v))
}

// reviewQRCode is the listing's review link as a QR code to print: an SVG
// image, or its download with ?download=1.
func (h *Handlers) reviewQRCode(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	svg, err := qrcode.SVG(h.domain.Reviews.ReviewFormURL(b.Slug), "Review "+b.Name+" on "+h.site.Name)
	if h.broken(w, r, err) {
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, no-cache")
	if r.URL.Query().Get("download") == "1" {
		w.Header().Set("Content-Disposition", `attachment; filename="`+b.Slug+`-review-qr-code.svg"`)
	}
	_, _ = w.Write(svg)
}

// reviewUnsubscribePage asks to confirm stopping review requests: the
// link in an email only shows this page (mail scanners open links), its
// button opts the address out.
func (h *Handlers) reviewUnsubscribePage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	req, err := h.store.ReviewRequestByToken(r.Context(), token)
	v := views.ReviewUnsubscribe{Token: token, Email: req.Email, Business: req.BusinessName, Done: req.OptedOut}
	switch {
	case errors.Is(err, store.ErrNotFound):
		v.Gone = true
		h.render(w, r, http.StatusNotFound, views.ReviewUnsubscribePage(h.chrome(r), v))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.ReviewUnsubscribePage(h.chrome(r), v))
}

// reviewUnsubscribe stops every review request to the token's address.
// Doing it twice is not an error. The token comes from the confirmation
// form, or from the URL when a mail client posts to the List-Unsubscribe
// link (RFC 8058 one-click).
func (h *Handlers) reviewUnsubscribe(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	token := r.PostFormValue("token")
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	email, err := h.store.OptOutReviewRequests(r.Context(), token)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.render(w, r, http.StatusNotFound, views.ReviewUnsubscribePage(h.chrome(r), views.ReviewUnsubscribe{Gone: true}))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.log.Info("review requests opted out")
	c := h.chrome(r)
	c.Toasts = append(c.Toasts, views.Toast{Title: "Unsubscribed", Description: "No more review requests will reach this address."})
	h.render(w, r, http.StatusOK, views.ReviewUnsubscribePage(c, views.ReviewUnsubscribe{Email: email, Done: true}))
}
