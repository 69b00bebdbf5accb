package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/views"
)

// The claims queue: administrators approve or reject the claims that
// business users send from a listing (claims.go).

func claimRow(c store.Claim) views.AdminClaimRow {
	return views.AdminClaimRow{
		ID: c.ID, BusinessID: c.BusinessID, BusinessName: c.BusinessName, BusinessSlug: c.BusinessSlug,
		UserEmail: c.UserEmail, Role: c.Role, Message: c.Message, Status: c.Status,
		CreatedAt: c.CreatedAt, DecidedAt: c.DecidedAt.Time, DeciderEmail: c.DeciderEmail,
	}
}

// claimsQueue is the claims list's statuses and filters.
var claimsQueue = decisionQueue{path: "/admin/claims", pending: store.ClaimPending, approved: store.ClaimApproved, rejected: store.ClaimRejected}

// adminClaims is the claims queue.
func (h *Handlers) adminClaims(w http.ResponseWriter, r *http.Request) {
	q, page := claimsQueue.query(r), pageParam(r)
	status := claimsQueue.status(q)
	cs, total, err := h.store.Claims(r.Context(), status, pageWindow(page))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v := views.AdminClaims{Status: status, Pager: pager(claimsQueue.path, q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(cs)) {
		return
	}
	v.Filters = claimsQueue.filters(q)
	for _, c := range cs {
		v.Rows = append(v.Rows, claimRow(c))
	}
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
				decided := ""
				if c.DecidedAt.Valid {
					decided = csvTime(c.DecidedAt.Time)
				}
				rows[i] = []string{csvTime(c.CreatedAt), c.BusinessName, h.site.BaseURL + "/directory/" + c.BusinessSlug, c.UserEmail,
					catalog.OptionLabel(views.ClaimRoles, c.Role), c.Message, c.Status, decided, c.DeciderEmail}
			}
			return rows, total, err
		},
	}
}

// decideClaim approves or rejects a claim and emails the claimant, and on
// approval the people whose open claims it closed; the enquiries the
// listing received without an owner are handed to the claimant, who is
// told how many wait in their inbox. The decision stands
// even when an email cannot be sent: the toast says so.
func (h *Handlers) decideClaim(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, admin, id := r.Context(), currentUser(r), idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		var (
			c            store.Claim
			closedOthers int
		)
		err := h.store.InTx(ctx, func(tx *store.Store) error {
			decided, closed, err := tx.DecideClaim(ctx, id, *admin, approve)
			if err != nil {
				return err
			}
			c = decided
			ms := []bizmail.Message{h.claimDecidedMail(c, approve)}
			if n := c.HandedOverLeads; approve && n > 0 {
				ms = append(ms, bizmail.HeldLeads(h.domain.Site(), c.UserEmail, c.BusinessName, n,
					h.site.BaseURL+"/dashboard/leads?listing="+strconv.FormatInt(c.BusinessID, 10)))
			}
			for _, o := range closed {
				ms = append(ms, bizmail.ClaimClosed(h.domain.Site(), o.UserEmail, o.BusinessName, h.site.BaseURL+"/directory/"+o.BusinessSlug))
			}
			closedOthers = len(closed)
			return domain.QueueMail(ctx, tx, ms...)
		})
		back := "/admin/claims"
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
			h.log.Info("claim decided", "claim_id", c.ID, "business_id", c.BusinessID, "status", c.Status, "admin_id", admin.ID)
			if n := c.HandedOverLeads; approve && n > 0 {
				enquiries, were := bizmail.EnquiriesWere(n)
				t.Description += " " + enquiries + " it received without an owner " + were + " handed to them."
			}
			if closedOthers > 0 {
				t.Description += fmt.Sprintf(" %d other open claim(s) on it were closed and their claimants will be told.", closedOthers)
			}
			h.flash(r, t)
		}
		http.Redirect(w, r, adminBack(r, back), http.StatusSeeOther)
	}
}

// claimDecidedMail tells the claimant of c the decision.
func (h *Handlers) claimDecidedMail(c store.Claim, approved bool) bizmail.Message {
	if approved {
		return bizmail.ClaimApproved(h.domain.Site(), c.UserEmail, c.BusinessName, h.site.BaseURL+"/dashboard/businesses/"+strconv.FormatInt(c.BusinessID, 10))
	}
	return bizmail.ClaimRejected(h.domain.Site(), c.UserEmail, c.BusinessName, h.site.BaseURL+"/directory/"+c.BusinessSlug)
}
