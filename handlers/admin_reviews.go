package handlers

import (
	"errors"
	"net/http"
	"net/url"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The reported reviews (/admin/reviews): the reviews readers reported
// (review_reports.go), the most reported first, and an administrator's
// decision on each: keep it, hide it (with a reason its author is
// emailed) or delete it. Decisions are recorded in the listing's
// moderation history and change its figures in the same transaction.

// adminReviews is the queue of reported reviews.
func (h *Handlers) adminReviews(w http.ResponseWriter, r *http.Request) {
	h.showReportedReviews(w, r, pageParam(r), http.StatusOK, views.ReviewDecisionError{})
}

// showReportedReviews renders page of the queue with status; failed is a
// decision sent back for its reason.
func (h *Handlers) showReportedReviews(w http.ResponseWriter, r *http.Request, page, status int, failed views.ReviewDecisionError) {
	rs, total, err := h.store.ReportedReviews(r.Context(), pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminReviews{Pager: pager("/admin/reviews", url.Values{}, page, total), Failed: failed}
	if status == http.StatusOK && pastTheEnd(w, r, v.Pager, len(rs)) {
		return
	}
	v.Rows = present.Rows(rs, present.ReportedReviewRow)
	h.render(w, r, status, views.AdminReviewsPage(h.chrome(r), v))
}

// reviewDecisions are the decisions of /admin/reviews/{id}/{decision}:
// the moderation action each records.
var reviewDecisions = map[string]string{
	"keep":   store.ActionKeepReview,
	"hide":   store.ActionHideReview,
	"delete": store.ActionDeleteReview,
}

// decideReview keeps, hides or deletes a reported review (decision is
// keep, hide or delete), and emails the author of a review hidden or
// deleted, through the queue in the same transaction.
func (h *Handlers) decideReview(decision string) http.HandlerFunc {
	action := reviewDecisions[decision]
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, admin, id := r.Context(), currentUser(r), idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		if !h.parseForm(w, r) {
			return
		}
		reason := field(r.PostForm, "reason")
		m, err := h.domain.Moderation.DecideReview(ctx, *admin, domain.ReviewDecision{ReviewID: id, Action: action, Reason: reason})
		var bad domain.Invalid
		if errors.As(err, &bad) {
			page, ok := numberIn(r.PostFormValue("page"), 1, maxListPage)
			if !ok {
				page = 1
			}
			h.showReportedReviews(w, r, int(page), http.StatusUnprocessableEntity, views.ReviewDecisionError{ReviewID: id, Action: decision, Reason: reason, Error: bad["reason"]})
			return
		}
		switch {
		case errors.Is(err, store.ErrNotFound):
			h.flash(r, views.Toast{Title: "Review already deleted", Description: "Another administrator deleted this review first.", Variant: "destructive"})
		case errors.Is(err, store.ErrReviewModerated):
			h.flash(r, views.Toast{Title: "Already decided", Description: "Another administrator decided on this review first.", Variant: "destructive"})
		case err != nil:
			h.serverError(w, r, err)
			return
		default:
			h.flash(r, views.ReviewDecisionToast(decision, m.BusinessName, m.AuthorEmail, m.ReportsClosed))
		}
		http.Redirect(w, r, adminBack(r, "/admin/reviews"), http.StatusSeeOther)
	}
}
