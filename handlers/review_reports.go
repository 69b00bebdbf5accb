package handlers

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// Reports of reviews: a signed-in reader tells the administrators what is
// wrong with a published review, once (admin_reviews.go is where they
// decide). The form is a page of its own, or the dialog of the listing's
// page with htmx.

// reportableReview loads the review of the URL and its listing, answering
// 404 for an unknown review, a hidden one, or one of a listing that is not
// published. A signed-out visitor is sent to sign in first, and back to
// the report form after (htmx is told to load the sign-in page in place of
// the page, not in the dialog). It reports whether the handler may go on.
func (h *Handlers) reportableReview(w http.ResponseWriter, r *http.Request) (store.Review, store.Business, bool) {
	id := idParam(r)
	if currentUser(r) == nil && id != 0 {
		target := "/login?next=" + url.QueryEscape(reportPath(id))
		if isHTMX(r) {
			w.Header().Set("HX-Redirect", target)
			w.WriteHeader(http.StatusOK)
			return store.Review{}, store.Business{}, false
		}
		http.Redirect(w, r, target, http.StatusSeeOther)
		return store.Review{}, store.Business{}, false
	}
	w.Header().Set("Cache-Control", "no-store")
	if id == 0 {
		h.notFound(w, r)
		return store.Review{}, store.Business{}, false
	}
	rev, b, err := h.publishedReview(r.Context(), id)
	if h.failed(w, r, err) {
		return store.Review{}, store.Business{}, false
	}
	return rev, b, true
}

// reportPath is the report form of the review id.
func reportPath(id int64) string { return "/reviews/" + strconv.FormatInt(id, 10) + "/report" }

// inDialog reports whether htmx sent the request from the listing's page
// (the report dialog) rather than from the report form's own page.
func inDialog(r *http.Request, id int64) bool {
	if !isHTMX(r) {
		return false
	}
	u, err := url.Parse(r.Header.Get("HX-Current-URL"))
	return err == nil && u.Path != reportPath(id)
}

// reportForm is the report form of rev for the signed-in reader, or what
// stands in its way.
func (h *Handlers) reportForm(r *http.Request, rev store.Review, b store.Business) (views.ReportForm, error) {
	u := currentUser(r)
	f := views.ReportForm{ReviewID: rev.ID, Business: b.Name, Slug: b.Slug, Author: rev.AuthorName, Title: rev.Title, Rating: rev.Rating, Errors: catalog.FieldErrors{}}
	if rev.WrittenBy(u.ID) {
		f.State = views.ReportOwnReview
		return f, nil
	}
	reported, err := h.store.HasReported(r.Context(), rev.ID, u.ID)
	if reported {
		f.State = views.ReportAlready
	}
	return f, err
}

// answerReport shows the report form with status: the fragment for the
// dialog (htmx), the page otherwise.
func (h *Handlers) answerReport(w http.ResponseWriter, r *http.Request, status int, f views.ReportForm) {
	if isHTMX(r) {
		// htmx swaps in 2xx, 422, 429 and 503 answers only: a refusal
		// (403, 409) reaches the dialog as a 200 that says it.
		if status == http.StatusForbidden || status == http.StatusConflict {
			status = http.StatusOK
		}
		h.render(w, r, status, views.ReviewReportFragment(f))
		return
	}
	h.render(w, r, status, views.ReviewReportPage(h.chrome(r), f))
}

// reportRefusal is the status of a report that cannot be made: 403 for
// the review's own author, 409 for a second report.
func reportRefusal(s views.ReportState) int {
	if s == views.ReportOwnReview {
		return http.StatusForbidden
	}
	return http.StatusConflict
}

// reviewReportPage shows the report form of a review.
func (h *Handlers) reviewReportPage(w http.ResponseWriter, r *http.Request) {
	rev, b, ok := h.reportableReview(w, r)
	if !ok {
		return
	}
	f, err := h.reportForm(r, rev, b)
	if h.broken(w, r, err) {
		return
	}
	h.answerReport(w, r, http.StatusOK, f)
}

// reportReview stores a report of a review, then goes back to the review
// on its listing's page with a toast (or says thanks in the dialog).
func (h *Handlers) reportReview(w http.ResponseWriter, r *http.Request) {
	rev, b, ok := h.reportableReview(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	u := currentUser(r)
	f, err := h.reportForm(r, rev, b)
	if h.broken(w, r, err) {
		return
	}
	if f.State != views.ReportOpen {
		h.answerReport(w, r, reportRefusal(f.State), f)
		return
	}
	f.Reason, f.Detail = field(r.PostForm, "reason"), strings.TrimSpace(r.PostFormValue("detail"))
	in := domain.ReportInput{Reason: f.Reason, Detail: f.Detail}
	if f.Errors = in.Check(); len(f.Errors) > 0 {
		h.answerReport(w, r, http.StatusUnprocessableEntity, f)
		return
	}
	if ok, retry := h.limits.formIP.Allow(r.Context(), "report:"+strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		f.Problem = views.TooManyMessage(retry)
		h.answerReport(w, r, http.StatusTooManyRequests, f)
		return
	}
	_, err = h.domain.Reviews.Report(r.Context(), rev, u.ID, in)
	switch {
	case errors.Is(err, store.ErrAlreadyReported):
		f.State = views.ReportAlready
		h.answerReport(w, r, http.StatusConflict, f)
		return
	case errors.Is(err, store.ErrOwnReview):
		f.State = views.ReportOwnReview
		h.answerReport(w, r, http.StatusForbidden, f)
		return
	case errors.Is(err, store.ErrNotFound):
		// Hidden or deleted while the reader was writing.
		h.notFound(w, r)
		return
	case err != nil:
		clientgone.Error(h.log, r, "review report not stored", "error", err, "review_id", rev.ID, "user_id", u.ID, "request_id", requestID(r.Context()))
		f.Problem = "Your report could not be sent just now. Please try again in a moment: what you wrote is still here."
		h.answerReport(w, r, http.StatusServiceUnavailable, f)
		return
	}
	t := views.Toast{Title: "Thanks, our team will look at this review"}
	if inDialog(r, rev.ID) {
		setToastTrigger(w, t)
		f.State = views.ReportSent
		h.render(w, r, http.StatusOK, views.ReviewReportFragment(f))
		return
	}
	h.flash(r, t)
	back := "/directory/" + b.Slug + "#" + views.ReviewAnchor(rev.ID)
	if isHTMX(r) {
		// The form's own page goes back to the review, as without htmx.
		w.Header().Set("HX-Redirect", back)
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}
