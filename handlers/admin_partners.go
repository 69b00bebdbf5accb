package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The partner accounts' administration (issue 36): the list, a partner's
// page with its decision, and the attributions administrators change.

// adminPartners lists the partner accounts, pending first.
func (h *Handlers) adminPartners(w http.ResponseWriter, r *http.Request) {
	page := pageParam(r)
	ps, total, err := h.store.AdminPartners(r.Context(), pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminPartners{Pager: pager("/admin/partners", nil, page, total)}
	if pastTheEnd(w, r, v.Pager, len(ps)) {
		return
	}
	for _, p := range ps {
		v.Rows = append(v.Rows, present.PartnerRow(p.Partner, p.Referrals))
	}
	h.render(w, r, http.StatusOK, views.AdminPartnersPage(h.chrome(r), v))
}

// adminPartner shows one partner account.
func (h *Handlers) adminPartner(w http.ResponseWriter, r *http.Request) {
	h.showAdminPartner(w, r, http.StatusOK, views.AdminPartner{})
}

// showAdminPartner renders partner {id}'s page with what a form sent (f:
// its Decide and Attribute) and status.
func (h *Handlers) showAdminPartner(w http.ResponseWriter, r *http.Request, status int, f views.AdminPartner) {
	ctx := r.Context()
	p, err := h.domain.Partners.Account(ctx, idParam(r))
	if h.failed(w, r, err) {
		return
	}
	referred, err := h.store.ReferredAccounts(ctx, p.UserID)
	if h.failed(w, r, err) {
		return
	}
	changes, err := h.store.ReferralChanges(ctx, p.UserID)
	if h.failed(w, r, err) {
		return
	}
	v := present.AdminPartner(p, h.domain.Partners.Link(p), f, referred, changes)
	h.render(w, r, status, views.AdminPartnerPage(h.chrome(r), v))
}

// decidePartner approves or declines partner {id}; the partner is emailed.
func (h *Handlers) decidePartner(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.parseForm(w, r) {
			return
		}
		d := domain.PartnerDecision{Approve: approve, Plan: field(r.PostForm, "plan"), Reason: strings.TrimSpace(r.PostFormValue("reason"))}
		f := views.PartnerDecisionForm{Approve: approve, Plan: d.Plan, Reason: d.Reason}
		if approve {
			d.Reason = strings.TrimSpace(r.PostFormValue("note"))
			f.Note = d.Reason
		}
		toast := views.Toast{Title: "Partner approved", Description: "They were emailed their referral link."}
		if !approve {
			toast = views.Toast{Title: "Partner declined", Description: "They were emailed your reason."}
		}
		h.adminPartnerDone(w, r, h.domain.Partners.Decide(r.Context(), *currentUser(r), idParam(r), d), toast, views.AdminPartner{Decide: f})
	}
}

// partnerReferral attributes an account (by email) to partner {id}, or
// removes one of its accounts (user_id), with the reason logged.
func (h *Handlers) partnerReferral(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	f := views.ReferralForm{Email: field(r.PostForm, "email"), Reason: strings.TrimSpace(r.PostFormValue("reason")), PartnerID: idParam(r)}
	c := domain.ReferralChange{PartnerID: f.PartnerID, Reason: f.Reason}
	if id, ok := numberIn(r.PostFormValue("user_id"), 1, 1<<62); ok {
		f.UserID, c.UserID, c.PartnerID = id, id, 0
	} else if u, err := h.store.UserByEmail(ctx, f.Email); err == nil {
		c.UserID = u.ID
	} else if errors.Is(err, store.ErrNotFound) {
		f.Errors = catalog.FieldErrors{"email": "No account has this email."}
		h.showAdminPartner(w, r, http.StatusUnprocessableEntity, views.AdminPartner{Attribute: f})
		return
	}
	err := h.domain.Partners.ChangeReferral(ctx, *currentUser(r), c)
	h.adminPartnerDone(w, r, err, views.Toast{Title: "Attribution changed", Description: "The change and its reason are in the log."}, views.AdminPartner{Attribute: f})
}

// adminPartnerDone answers a form of the partner's page: its page again
// with the messages by the form sent (f: a decision, or else an
// attribution) (422), or back to it with toast.
func (h *Handlers) adminPartnerDone(w http.ResponseWriter, r *http.Request, err error, toast views.Toast, f views.AdminPartner) {
	var invalid domain.Invalid
	switch {
	case errors.As(err, &invalid) && f.Attribute.PartnerID == 0:
		f.Decide.Errors = catalog.FieldErrors(invalid)
		h.showAdminPartner(w, r, http.StatusUnprocessableEntity, f)
		return
	case errors.As(err, &invalid):
		f.Attribute.Errors = catalog.FieldErrors(invalid)
		h.showAdminPartner(w, r, http.StatusUnprocessableEntity, f)
		return
	case h.failed(w, r, err):
		return
	}
	h.redirect(w, r, "/admin/partners/"+strconv.FormatInt(idParam(r), 10), toast)
}

// adminReferral is the referral of a listing's owner account, for the
// listing's administration page (nil for a listing nobody owns).
func (h *Handlers) adminReferral(ctx context.Context, businessID, ownerID int64, f views.ReferralForm) (*views.AdminReferral, error) {
	if ownerID == 0 {
		return nil, nil
	}
	v := &views.AdminReferral{BusinessID: businessID, Form: f}
	ref, err := h.store.ReferralOf(ctx, ownerID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	v.PartnerID = ref.PartnerID
	ps, err := h.store.ApprovedPartners(ctx)
	if err != nil {
		return nil, err
	}
	v.Choices, v.Partner = present.PartnerChoices(ps, ref.PartnerID)
	if v.PartnerID != 0 && v.Partner == "" {
		p, err := h.store.PartnerByUser(ctx, v.PartnerID)
		if err != nil {
			return nil, err
		}
		v.Partner = p.Company + " (" + p.Email + ", " + views.PartnerStateLabel(p.State) + ")"
	}
	if f.Reason == "" && f.Errors == nil {
		v.Form.PartnerID = ref.PartnerID
	}
	changes, err := h.store.ReferralChangesOf(ctx, ownerID)
	v.Changes = present.ReferralChangeRows(changes)
	return v, err
}

// businessReferral sets or clears the partner of listing {id}'s owner
// account, with the reason logged.
func (h *Handlers) businessReferral(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	id := idParam(r)
	b, err := h.store.BusinessByID(ctx, id)
	if err == nil && !b.OwnerID.Valid {
		err = store.ErrNotFound
	}
	if h.failed(w, r, err) {
		return
	}
	partnerID, _ := numberIn(r.PostFormValue("partner_id"), 0, 1<<62)
	f := views.ReferralForm{PartnerID: partnerID, Reason: strings.TrimSpace(r.PostFormValue("reason"))}
	err = h.domain.Partners.ChangeReferral(ctx, *currentUser(r), domain.ReferralChange{UserID: b.OwnerID.Int64, PartnerID: partnerID, Reason: f.Reason})
	var invalid domain.Invalid
	switch {
	case errors.As(err, &invalid):
		f.Errors = catalog.FieldErrors(invalid)
		h.showAdminBusiness(w, r, http.StatusUnprocessableEntity, f)
		return
	case h.failed(w, r, err):
		return
	}
	h.redirect(w, r, "/admin/businesses/"+strconv.FormatInt(id, 10), views.Toast{Title: "Referral changed", Description: "The change and its reason are in the log."})
}
