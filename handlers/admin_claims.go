package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The claims queue: administrators approve or reject the claims that
// business users send from a listing (claims.go).

// claimsQueue is the claims list's statuses and filters.
var claimsQueue = decisionQueue{path: "/admin/claims", pending: store.ClaimPending, approved: store.ClaimApproved, rejected: store.ClaimRejected}

// adminClaims is the claims queue.
func (h *Handlers) adminClaims(w http.ResponseWriter, r *http.Request) {
	q, page := claimsQueue.query(r), pageParam(r)
	status := claimsQueue.status(q)
	cs, total, err := h.store.Claims(r.Context(), status, pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminClaims{Status: status, Pager: pager(claimsQueue.path, q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(cs)) {
		return
	}
	v.Filters = claimsQueue.filters(q)
	v.Rows = present.Rows(cs, present.ClaimRow)
	h.render(w, r, http.StatusOK, views.AdminClaimsPage(h.chrome(r), v))
}

// claimsList is the claims list as CSV.
func (h *Handlers) claimsList() adminList {
	return adminList{
		path:    "/admin/claims",
		columns: []string{"Sent", "Listing", "Address", "Claimant", "Role", "Message", "Status", "Decided", "Decided by"},
		query:   claimsQueue.query,
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			cs, total, err := h.store.Claims(ctx, claimsQueue.status(q), p)
			rows := make([][]string, len(cs))
			for i, c := range cs {
				rows[i] = domain.ClaimRow(c, h.site.BaseURL, func(role string) string { return catalog.OptionLabel(views.ClaimRoles, role) })
			}
			return rows, total, err
		},
	}
}

// decideClaim approves or rejects a claim (domain.Listings.DecideClaim).
// The decision stands even when an email cannot be sent: the toast says
// so.
func (h *Handlers) decideClaim(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		c, err := h.domain.Listings.DecideClaim(r.Context(), *currentUser(r), id, approve)
		switch {
		case errors.Is(err, store.ErrNotFound):
			h.notFound(w, r)
			return
		case errors.Is(err, store.ErrClaimDecided):
			h.flash(r, views.Toast{Title: "Already decided", Description: "Another administrator decided this claim first.", Variant: "destructive"})
		case errors.Is(err, store.ErrAlreadyClaimed):
			h.flash(r, views.Toast{Title: "The listing has an owner already", Description: "Reject this claim, or ask the current owner to release the listing first.", Variant: "destructive"})
		case err != nil:
			h.serverError(w, r, err)
			return
		default:
			t := views.Toast{Title: "Claim rejected", Description: c.UserEmail + " will be told by email."}
			if approve {
				t = views.Toast{Title: "Claim approved", Description: c.BusinessName + " now belongs to " + c.UserEmail + "; they will be told by email."}
			}
			if n := c.HandedOverLeads; approve && n > 0 {
				enquiries, were := bizmail.EnquiriesWere(n)
				t.Description += " " + enquiries + " it received without an owner " + were + " handed to them."
			}
			if c.ClosedOthers > 0 {
				t.Description += fmt.Sprintf(" %d other open claim(s) on it were closed and their claimants will be told.", c.ClosedOthers)
			}
			h.flash(r, t)
		}
		http.Redirect(w, r, adminBack(r, "/admin/claims"), http.StatusSeeOther)
	}
}
