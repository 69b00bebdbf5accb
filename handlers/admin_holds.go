package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The held listings: a new or renamed listing whose name is alike that of
// a published listing in its city, or mixes alphabets, waits here (store/
// holds.go; domain.HoldGrounds says why) until an administrator approves
// it (it goes live) or rejects it with a reason. The owner is emailed.

// holdsQueue is the holds list's statuses and filters.
var holdsQueue = decisionQueue{path: "/admin/held", pending: store.HoldPending, approved: store.HoldApproved, rejected: store.HoldRejected}

// adminHolds is the queue of held listings.
func (h *Handlers) adminHolds(w http.ResponseWriter, r *http.Request) {
	q, page := holdsQueue.query(r), pageParam(r)
	status := holdsQueue.status(q)
	hs, total, err := h.store.Holds(r.Context(), status, pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminHolds{Status: status, Pager: pager(holdsQueue.path, q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(hs)) {
		return
	}
	v.Filters = holdsQueue.filters(q)
	v.Rows = present.Rows(hs, present.HoldRow)
	h.render(w, r, http.StatusOK, views.AdminHoldsPage(h.chrome(r), v))
}

// holdsList is the held listings as CSV.
func (h *Handlers) holdsList() adminList {
	return adminList{
		path: "/admin/held",
		columns: []string{"Held", "Listing", "Address", "City", "State", "Owner", "Resembles", "Its address", "Its owner",
			"Status", "Reason", "Decided", "Decided by", "Why held"},
		query: holdsQueue.query,
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			hs, total, err := h.store.Holds(ctx, holdsQueue.status(q), p)
			rows := make([][]string, len(hs))
			for i, hold := range hs {
				rows[i] = domain.HoldRow(hold, h.site.BaseURL)
			}
			return rows, total, err
		},
	}
}

// decideHold approves or rejects a held listing
// (domain.Moderation.DecideHold).
func (h *Handlers) decideHold(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		if !h.parseForm(w, r) {
			return
		}
		back := adminBack(r, "/admin/held")
		hold, err := h.domain.Moderation.DecideHold(r.Context(), *currentUser(r), domain.Decision{HoldID: id, Approve: approve, Reason: r.PostFormValue("reason")})
		switch {
		case errors.As(err, new(domain.Invalid)):
			h.flash(r, views.Toast{Title: "Give a reason", Description: "Say in a sentence (500 characters at most) why the listing cannot be published: the owner is emailed it.", Variant: "destructive"})
		case errors.Is(err, store.ErrNotFound):
			h.notFound(w, r)
			return
		case errors.Is(err, store.ErrHoldDecided):
			h.flash(r, views.Toast{Title: "Already decided", Description: "Another administrator decided on this listing first.", Variant: "destructive"})
		case err != nil:
			h.serverError(w, r, err)
			return
		default:
			told := ""
			if hold.Listing.OwnerEmail.String != "" {
				told = " " + hold.Listing.OwnerEmail.String + " will be told by email."
			}
			t := views.Toast{Title: "Listing rejected", Description: hold.Listing.Name + " stays unpublished." + told}
			if approve {
				t = views.Toast{Title: "Listing approved", Description: hold.Listing.Name + " is live." + told}
			}
			h.flash(r, t)
		}
		http.Redirect(w, r, back, http.StatusSeeOther)
	}
}
