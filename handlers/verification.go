package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Verification an owner starts from the listing's manage page: by the
// domain of their address when it is the website's (store.CheckDomain),
// decided at once, or by a request with evidence that an administrator
// decides at /admin/verifications (admin_verifications.go).

// verificationPanel is the manage page's Verification section of b for
// its owner u, with the request form f (its values and errors).
func (h *Handlers) verificationPanel(ctx context.Context, u *store.User, b store.Business, f views.VerificationForm) (views.VerificationPanel, error) {
	news, err := h.domain.Listings.VerificationNews(ctx, b.ID)
	if err != nil {
		return views.VerificationPanel{}, err
	}
	return present.VerificationPanel(u, b, f, news), nil
}

// renderManage shows the manage page of b with its form f and the
// Verification section's request form vf.
func (h *Handlers) renderManage(w http.ResponseWriter, r *http.Request, status int, c views.Chrome, b store.Business, f views.ListingForm, vf views.VerificationForm) {
	h.renderManageWith(w, r, status, c, b, f, vf, views.ListingMedia{})
}

// renderManageWith is renderManage with the logo, photos and branding
// sections as a failed post of theirs left them; a section left zero is
// shown as stored.
func (h *Handlers) renderManageWith(w http.ResponseWriter, r *http.Request, status int, c views.Chrome, b store.Business, f views.ListingForm, vf views.VerificationForm, m views.ListingMedia) {
	ctx, u := r.Context(), currentUser(r)
	p, err := h.verificationPanel(ctx, u, b, vf)
	if err == nil {
		// A member sees who deletes listings instead of the button.
		f.DeleteBy, err = h.domain.Accounts.OwnerName(ctx, *u)
	}
	if err == nil && m.Images.BusinessID == 0 {
		m.Images, err = h.imagesPanel(ctx, u, b)
	}
	if err == nil && m.Branding.BusinessID == 0 {
		m.Branding, err = h.brandingPanel(ctx, u, b)
	}
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, status, views.ManageBusinessPage(c, f, p, m))
}

// verifiable loads the owner's listing of the URL and says whether it can
// be verified now: a listing taken down or held for its name cannot (409,
// the page says why), nor one verified already (back to the page).
func (h *Handlers) verifiable(w http.ResponseWriter, r *http.Request) (store.Business, bool) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return b, false
	}
	switch {
	case b.Suspended || b.Held:
		h.manageRefused(w, r, http.StatusConflict, b, views.VerificationForm{}, &views.Toast{Title: "This listing can't be verified now", Description: "The Verification section says why.", Variant: "destructive"})
		return b, false
	case b.Verified:
		h.redirect(w, r, manageURL(b.ID)+"#verification", views.Toast{Title: "Already verified", Description: b.Name + " has the Verified badge."})
		return b, false
	}
	return b, true
}

// verifyByDomain verifies the owner's listing at once when their address
// is at its website's domain. Told by a toast only: the owner is on the
// page when it happens, so an email would repeat what they just saw.
func (h *Handlers) verifyByDomain(w http.ResponseWriter, r *http.Request) {
	b, ok := h.verifiable(w, r)
	if !ok {
		return
	}
	switch err := h.domain.Listings.VerifyByDomain(r.Context(), *currentUser(r), b); {
	case errors.Is(err, domain.ErrDomainMismatch):
		h.manageRefused(w, r, http.StatusUnprocessableEntity, b, views.VerificationForm{}, &views.Toast{Title: "Your email's domain can't verify this listing", Description: "The Verification section says why; you can ask our team instead.", Variant: "destructive"})
		return
	case errors.Is(err, store.ErrAlreadyVerified):
		h.flash(r, views.Toast{Title: "Already verified", Description: b.Name + " has the Verified badge."})
	case err != nil:
		h.serverError(w, r, err)
		return
	default:
		h.flash(r, views.Toast{Title: "Verified", Description: b.Name + " now shows “Verified: domain” on its page and the Verified badge in the directory."})
	}
	http.Redirect(w, r, manageURL(b.ID)+"#verification", http.StatusSeeOther)
}

// manageRefused shows b's manage page again with status, the Verification
// section's form vf and, when not nil, toast.
func (h *Handlers) manageRefused(w http.ResponseWriter, r *http.Request, status int, b store.Business, vf views.VerificationForm, toast *views.Toast) {
	f, err := h.manageForm(r.Context(), b)
	if h.broken(w, r, err) {
		return
	}
	c := h.chrome(r)
	if toast != nil {
		c.Toasts = append(c.Toasts, *toast)
	}
	h.renderManage(w, r, status, c, b, f, vf)
}

// requestVerification records the owner's request that our team verify
// the listing, with their evidence, and tells the administrators.
func (h *Handlers) requestVerification(w http.ResponseWriter, r *http.Request) {
	b, ok := h.verifiable(w, r)
	if !ok {
		return
	}
	ctx, u, v := r.Context(), currentUser(r), r.PostForm
	in := domain.VerificationInput{Statement: strings.TrimSpace(v.Get("statement")), Phone: field(v, "callback_phone"), Link: field(v, "evidence_url")}
	vf := views.VerificationForm{Statement: in.Statement, Phone: in.Phone, Link: in.Link, Errors: in.Check()}
	if len(vf.Errors) > 0 {
		h.manageRefused(w, r, http.StatusUnprocessableEntity, b, vf, &views.Toast{Title: "Your request was not sent", Description: "Correct the fields marked in the Verification section.", Variant: "destructive"})
		return
	}
	if ok, retry := h.limits.formIP.Allow(ctx, "verification:"+strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		vf.Problem = views.TooManyMessage(retry)
		h.manageRefused(w, r, http.StatusTooManyRequests, b, vf, nil)
		return
	}
	switch err := h.domain.Listings.RequestVerification(ctx, *u, b, in); {
	case errors.Is(err, store.ErrVerificationPending):
		h.flash(r, views.Toast{Title: "Your request is waiting already", Description: "Our team will email you the decision on it."})
	case errors.Is(err, store.ErrAlreadyVerified):
		h.flash(r, views.Toast{Title: "Already verified", Description: b.Name + " has the Verified badge."})
	case err != nil:
		clientgone.Error(h.log, r, "verification request not stored", "error", err, "business_id", b.ID, "user_id", u.ID, "request_id", requestID(ctx))
		vf.Problem = "We could not send your request just now. Please try again in a moment: what you wrote is still here."
		h.manageRefused(w, r, http.StatusServiceUnavailable, b, vf, nil)
		return
	default:
		h.flash(r, views.Toast{Title: "Request sent", Description: "Our team will check it and email " + u.Email + " the decision."})
	}
	http.Redirect(w, r, manageURL(b.ID)+"#verification", http.StatusSeeOther)
}
