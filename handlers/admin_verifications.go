package handlers

import (
	"errors"
	"net/http"
	"strings"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The verification queue: administrators approve or reject, with a
// reason, what owners ask from their listing's page (verification.go).
// The owner is emailed the decision, through the queue, in the decision's
// transaction.

// waitingShown bounds the waiting requests the page lists at once.
const waitingShown = 100

// adminVerificationsView is the queue and a page of the decisions.
func (h *Handlers) adminVerificationsView(r *http.Request) (views.AdminVerifications, error) {
	ctx, page := r.Context(), pageParam(r)
	waiting, err := h.store.WaitingVerifications(ctx, waitingShown)
	if err != nil {
		return views.AdminVerifications{}, err
	}
	decided, total, err := h.store.VerificationDecisions(ctx, pageWindow(page))
	if err != nil {
		return views.AdminVerifications{}, err
	}
	v := views.AdminVerifications{Pager: pager("/admin/verifications", nil, page, total)}
	v.Waiting = present.Rows(waiting, present.VerificationRow)
	v.Decisions = present.Rows(decided, present.VerificationRow)
	return v, nil
}

// adminVerifications is the queue: the requests that wait, the oldest
// first, then the decisions, the latest first.
func (h *Handlers) adminVerifications(w http.ResponseWriter, r *http.Request) {
	v, err := h.adminVerificationsView(r)
	if h.broken(w, r, err) {
		return
	}
	if pastTheEnd(w, r, v.Pager, len(v.Decisions)) {
		return
	}
	h.render(w, r, http.StatusOK, views.AdminVerificationsPage(h.chrome(r), v))
}

// decideVerification approves or rejects a request and emails the owner
// (domain.Listings.DecideVerification). A rejection without a reason (or
// with a long one) answers 422, the reason's field saying why.
func (h *Handlers) decideVerification(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		if !h.parseForm(w, r) {
			return
		}
		reason := strings.TrimSpace(r.PostFormValue("reason"))
		decided, err := h.domain.Listings.DecideVerification(r.Context(), *currentUser(r), id, approve, reason)
		var bad domain.Invalid
		switch {
		case errors.As(err, &bad):
			v, err := h.adminVerificationsView(r)
			if h.broken(w, r, err) {
				return
			}
			v.Errors, v.Reasons = map[int64]string{id: bad.Fields()["reason"]}, map[int64]string{id: reason}
			h.render(w, r, http.StatusUnprocessableEntity, views.AdminVerificationsPage(h.chrome(r), v))
			return
		case errors.Is(err, store.ErrNotFound):
			h.notFound(w, r)
			return
		case errors.Is(err, store.ErrVerificationDecided):
			h.flash(r, views.Toast{Title: "Already decided", Description: "Another administrator decided this request first.", Variant: "destructive"})
		case err != nil:
			h.serverError(w, r, err)
			return
		default:
			told := ""
			if decided.UserEmail != "" {
				told = " " + decided.UserEmail + " will be told by email."
			}
			t := views.Toast{Title: "Verification rejected", Description: decided.BusinessName + " stays unverified." + told}
			if approve {
				t = views.Toast{Title: "Verification approved", Description: decided.BusinessName + " is verified by our team." + told}
			}
			h.flash(r, t)
		}
		http.Redirect(w, r, "/admin/verifications", http.StatusSeeOther)
	}
}
