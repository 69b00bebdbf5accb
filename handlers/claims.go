package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/views"
)

// Claims: a listing nobody owns (a sample, an imported one) shows 'Claim
// this business'; a business user says how it is theirs; an administrator
// approves (admin_claims.go) and the listing becomes theirs.

// claimState is where a listing's ownership stands for the viewer u (nil
// when signed out).
func (h *Handlers) claimState(ctx context.Context, u *store.User, b store.Business) (views.ClaimState, error) {
	switch {
	case u != nil && b.OwnedBy(u.Account()):
		// The account's owner and its members manage it.
		return views.ClaimYours, nil
	case b.OwnerID.Valid || b.Claimed:
		return views.ClaimTaken, nil
	case u == nil:
		return views.ClaimOpen, nil
	}
	if u.Kind != store.KindBusiness && !u.Member() {
		// A personal account that manages a listing (made with the
		// profile wizard) is a business user too, as is a member of a
		// business account, who claims for that account (the listing
		// goes to the account the claimant works in when approved).
		owned, err := h.store.BusinessesOwnedBy(ctx, u.ID)
		if err != nil {
			return views.ClaimNone, err
		}
		if len(owned) == 0 {
			return views.ClaimNotBusiness, nil
		}
	}
	_, err := h.store.PendingClaim(ctx, b.ID, u.ID)
	switch {
	case err == nil:
		return views.ClaimPendingReview, nil
	case errors.Is(err, store.ErrNotFound):
		return views.ClaimOpen, nil
	}
	return views.ClaimNone, err
}

// claimForm is the claim page of b for the signed-in user.
func (h *Handlers) claimForm(r *http.Request, b store.Business) (views.ClaimForm, error) {
	u := currentUser(r)
	state, err := h.claimState(r.Context(), u, b)
	return views.ClaimForm{BusinessID: b.ID, Business: b.Name, Slug: b.Slug, Email: u.Email, State: state, Errors: catalog.FieldErrors{}}, err
}

// claimPage shows the claim form of a listing, or why it cannot be claimed.
func (h *Handlers) claimPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	f, err := h.claimForm(r, b)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.ClaimPage(h.chrome(r), f))
}

// claimStatus is the answer to a claim that cannot be made: 403 for a
// personal account, 409 when the listing is taken or already claimed by
// the same person.
func claimStatus(s views.ClaimState) int {
	if s == views.ClaimNotBusiness {
		return http.StatusForbidden
	}
	return http.StatusConflict
}

// claimBusiness records a claim and tells the administrators.
func (h *Handlers) claimBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	u := currentUser(r)
	f, err := h.claimForm(r, b)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if f.State != views.ClaimOpen {
		h.render(w, r, claimStatus(f.State), views.ClaimPage(h.chrome(r), f))
		return
	}
	f.Role, f.Message = field(r.PostForm, "role"), strings.TrimSpace(r.PostFormValue("message"))
	checkOption(f.Errors, "role", f.Role, views.ClaimRoles, "Choose your role at the business.")
	required(f.Errors, "message", f.Message, "Tell us how we can confirm the business is yours.")
	if n := utf8.RuneCountInString(f.Message); n > 0 && n < 20 && !f.Errors.Has("message") {
		f.Errors["message"] = "Give a little more detail (at least 20 characters), so we can check your claim."
	}
	checkLength(f.Errors, "message", f.Message, 2000)
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ClaimPage(h.chrome(r), f))
		return
	}
	if ok, retry := h.limits.formIP.Allow(r.Context(), "claim:"+strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		f.Problem = tooManyMessage(retry)
		h.render(w, r, http.StatusTooManyRequests, views.ClaimPage(h.chrome(r), f))
		return
	}
	var c store.Claim
	err = h.store.InTx(r.Context(), func(tx *store.Store) error {
		var err error
		c, err = tx.CreateClaim(r.Context(), store.Claim{BusinessID: b.ID, UserID: u.ID, Role: f.Role, Message: f.Message})
		if err != nil {
			return err
		}
		return h.domain.Moderation.NotifyAdmins(r.Context(), tx, func(to string) bizmail.Message {
			return bizmail.ClaimReceived(h.domain.Site(), to, b.Name, u.Email, catalog.OptionLabel(views.ClaimRoles, c.Role), c.Message, h.site.BaseURL+"/admin/claims")
		})
	})
	switch {
	case errors.Is(err, store.ErrAlreadyClaimed):
		f.State = views.ClaimTaken
	case errors.Is(err, store.ErrClaimPending):
		f.State = views.ClaimPendingReview
	case err != nil:
		h.log.Error("claim not stored", "error", err, "business_id", b.ID, "user_id", u.ID, "request_id", requestID(r.Context()))
		f.Problem = "We could not send your claim just now. Please try again in a moment: what you wrote is still here."
		h.render(w, r, http.StatusServiceUnavailable, views.ClaimPage(h.chrome(r), f))
		return
	}
	if f.State != views.ClaimOpen {
		h.render(w, r, claimStatus(f.State), views.ClaimPage(h.chrome(r), f))
		return
	}
	h.log.Info("listing claimed", "claim_id", c.ID, "business_id", b.ID, "user_id", u.ID)
	h.flash(r, views.Toast{Title: "Claim sent", Description: "We will email " + u.Email + " once an administrator has reviewed it."})
	http.Redirect(w, r, "/directory/"+b.Slug, http.StatusSeeOther)
}
