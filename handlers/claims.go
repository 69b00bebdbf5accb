package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// Claims: a listing nobody owns (a sample, an imported one) shows 'Claim
// this business'; a business user says how it is theirs; an administrator
// approves (admin_claims.go) and the listing becomes theirs. The rules are
// the domain's (domain/claims.go).

// claimStates are where a listing's ownership stands, as its pages show it.
var claimStates = map[domain.ClaimState]views.ClaimState{
	domain.ClaimNone: views.ClaimNone, domain.ClaimOpen: views.ClaimOpen, domain.ClaimPendingReview: views.ClaimPendingReview,
	domain.ClaimYours: views.ClaimYours, domain.ClaimTaken: views.ClaimTaken, domain.ClaimNotBusiness: views.ClaimNotBusiness,
}

// claimState is where b's ownership stands for the viewer u (nil when
// signed out).
func (h *Handlers) claimState(ctx context.Context, u *store.User, b store.Business) (views.ClaimState, error) {
	s, err := h.domain.Listings.ClaimState(ctx, u, b)
	return claimStates[s], err
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
	if h.broken(w, r, err) {
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
	if h.broken(w, r, err) {
		return
	}
	if f.State != views.ClaimOpen {
		h.render(w, r, claimStatus(f.State), views.ClaimPage(h.chrome(r), f))
		return
	}
	in := domain.ClaimInput{Role: field(r.PostForm, "role"), Message: strings.TrimSpace(r.PostFormValue("message"))}
	f.Role, f.Message, f.Errors = in.Role, in.Message, in.Check()
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ClaimPage(h.chrome(r), f))
		return
	}
	if ok, retry := h.limits.formIP.Allow(r.Context(), "claim:"+strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		f.Problem = views.TooManyMessage(retry)
		h.render(w, r, http.StatusTooManyRequests, views.ClaimPage(h.chrome(r), f))
		return
	}
	_, err = h.domain.Listings.Claim(r.Context(), *u, b, in)
	switch {
	case errors.Is(err, store.ErrAlreadyClaimed):
		f.State = views.ClaimTaken
	case errors.Is(err, store.ErrClaimPending):
		f.State = views.ClaimPendingReview
	case err != nil:
		clientgone.Error(h.log, r, "claim not stored", "error", err, "business_id", b.ID, "user_id", u.ID, "request_id", requestID(r.Context()))
		f.Problem = "We could not send your claim just now. Please try again in a moment: what you wrote is still here."
		h.render(w, r, http.StatusServiceUnavailable, views.ClaimPage(h.chrome(r), f))
		return
	}
	if f.State != views.ClaimOpen {
		h.render(w, r, claimStatus(f.State), views.ClaimPage(h.chrome(r), f))
		return
	}
	h.redirect(w, r, "/directory/"+b.Slug, views.Toast{Title: "Claim sent", Description: "We will email " + u.Email + " once an administrator has reviewed it."})
}
