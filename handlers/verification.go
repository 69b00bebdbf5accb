package handlers

import (
	"context"
	"database/sql"
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

// Verification an owner starts from the listing's manage page: by the
// domain of their address when it is the website's (store.CheckDomain),
// decided at once, or by a request with evidence that an administrator
// decides at /admin/verifications (admin_verifications.go).

// verificationPanel is the manage page's Verification section of b for
// its owner u, with the request form f (its values and errors).
func (h *Handlers) verificationPanel(ctx context.Context, u *store.User, b store.Business, f views.VerificationForm) (views.VerificationPanel, error) {
	if f.Errors == nil {
		f.Errors = catalog.FieldErrors{}
	}
	p := views.VerificationPanel{
		BusinessID: b.ID, Name: b.Name, Verified: b.Verified, Method: b.VerifiedMethod, VerifiedAt: b.VerifiedAt.Time,
		Domain: views.DomainOffer{
			Check: string(store.CheckDomain(u.Email, u.Verified(), b.Website)), Email: u.Email,
			EmailDomain: store.EmailDomain(u.Email), WebsiteDomain: store.WebsiteDomain(b.Website),
		},
		Form: f,
	}
	switch {
	case b.Suspended:
		p.Blocked = "suspended"
	case b.Held:
		p.Blocked = "held"
	}
	last, err := h.store.LatestVerificationRequest(ctx, b.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return p, err
	case last.Status == store.VerificationPending:
		p.Pending, p.PendingSince = true, last.CreatedAt
	case last.Status == store.VerificationRejected && last.DecidedBy.Valid:
		// A rejection by an administrator; a request closed by a domain
		// verification since is no news.
		p.Rejected, p.RejectedAt, p.RejectedReason = true, last.DecidedAt.Time, last.Reason
	}
	return p, nil
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
		f.DeleteBy, err = h.accountOwnerName(ctx, u)
	}
	if err == nil && m.Images.BusinessID == 0 {
		m.Images, err = h.imagesPanel(ctx, u, b)
	}
	if err == nil && m.Branding.BusinessID == 0 {
		m.Branding, err = h.brandingPanel(ctx, u, b)
	}
	if err != nil {
		h.serverError(w, r, err)
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
		f, err := h.manageForm(r.Context(), b)
		if err != nil {
			h.serverError(w, r, err)
			return b, false
		}
		c := h.chrome(r)
		c.Toasts = append(c.Toasts, views.Toast{Title: "This listing can't be verified now", Description: "The Verification section says why.", Variant: "destructive"})
		h.renderManage(w, r, http.StatusConflict, c, b, f, views.VerificationForm{})
		return b, false
	case b.Verified:
		h.flash(r, views.Toast{Title: "Already verified", Description: b.Name + " has the Verified badge."})
		http.Redirect(w, r, manageURL(b.ID)+"#verification", http.StatusSeeOther)
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
	ctx, u := r.Context(), currentUser(r)
	if check := store.CheckDomain(u.Email, u.Verified(), b.Website); check != store.DomainMatches {
		f, err := h.manageForm(ctx, b)
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		c := h.chrome(r)
		c.Toasts = append(c.Toasts, views.Toast{Title: "Your email's domain can't verify this listing", Description: "The Verification section says why; you can ask our team instead.", Variant: "destructive"})
		h.renderManage(w, r, http.StatusUnprocessableEntity, c, b, f, views.VerificationForm{})
		return
	}
	_, err := h.store.VerifyByDomain(ctx, b.ID, u.ID)
	switch {
	case errors.Is(err, store.ErrAlreadyVerified):
		h.flash(r, views.Toast{Title: "Already verified", Description: b.Name + " has the Verified badge."})
	case err != nil:
		h.serverError(w, r, err)
		return
	default:
		h.log.Info("listing verified by its domain", "business_id", b.ID, "user_id", u.ID, "domain", store.WebsiteDomain(b.Website))
		h.flash(r, views.Toast{Title: "Verified", Description: b.Name + " now shows “Verified: domain” on its page and the Verified badge in the directory."})
	}
	http.Redirect(w, r, manageURL(b.ID)+"#verification", http.StatusSeeOther)
}

// requestVerification records the owner's request that our team verify
// the listing, with their evidence, and tells the administrators.
func (h *Handlers) requestVerification(w http.ResponseWriter, r *http.Request) {
	b, ok := h.verifiable(w, r)
	if !ok {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	v := r.PostForm
	vf := views.VerificationForm{Statement: strings.TrimSpace(v.Get("statement")), Phone: field(v, "callback_phone"), Link: field(v, "evidence_url"), Errors: catalog.FieldErrors{}}
	required(vf.Errors, "statement", vf.Statement, "Tell us how we can check that the business is yours.")
	if n := utf8.RuneCountInString(vf.Statement); n > 0 && n < views.VerificationStatementMin && !vf.Errors.Has("statement") {
		vf.Errors["statement"] = "Give a little more detail (at least " + strconv.Itoa(views.VerificationStatementMin) + " characters), so we can check it."
	}
	checkLength(vf.Errors, "statement", vf.Statement, views.VerificationStatementMax)
	checkPhone(vf.Errors, "callback_phone", vf.Phone)
	checkURL(vf.Errors, "evidence_url", vf.Link)
	checkLength(vf.Errors, "evidence_url", vf.Link, 500)
	renderForm := func(status int, toast *views.Toast) {
		f, err := h.manageForm(ctx, b)
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		c := h.chrome(r)
		if toast != nil {
			c.Toasts = append(c.Toasts, *toast)
		}
		h.renderManage(w, r, status, c, b, f, vf)
	}
	if len(vf.Errors) > 0 {
		renderForm(http.StatusUnprocessableEntity, &views.Toast{Title: "Your request was not sent", Description: "Correct the fields marked in the Verification section.", Variant: "destructive"})
		return
	}
	if ok, retry := h.limits.formIP.Allow(ctx, "verification:"+strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		vf.Problem = tooManyMessage(retry)
		renderForm(http.StatusTooManyRequests, nil)
		return
	}
	err := h.store.InTx(ctx, func(tx *store.Store) error {
		req, err := tx.RequestVerification(ctx, store.VerificationRequest{
			BusinessID: b.ID, UserID: sql.NullInt64{Int64: u.ID, Valid: true}, Statement: vf.Statement, CallbackPhone: vf.Phone, EvidenceURL: vf.Link,
		})
		if err != nil {
			return err
		}
		return h.domain.Moderation.NotifyAdmins(ctx, tx, func(to string) bizmail.Message {
			return bizmail.VerificationRequested(h.domain.Site(), to, b.Name, u.Email, req.Statement, req.CallbackPhone, req.EvidenceURL, h.site.BaseURL+"/admin/verifications")
		})
	})
	switch {
	case errors.Is(err, store.ErrVerificationPending):
		h.flash(r, views.Toast{Title: "Your request is waiting already", Description: "Our team will email you the decision on it."})
	case errors.Is(err, store.ErrAlreadyVerified):
		h.flash(r, views.Toast{Title: "Already verified", Description: b.Name + " has the Verified badge."})
	case err != nil:
		h.log.Error("verification request not stored", "error", err, "business_id", b.ID, "user_id", u.ID, "request_id", requestID(ctx))
		vf.Problem = "We could not send your request just now. Please try again in a moment: what you wrote is still here."
		renderForm(http.StatusServiceUnavailable, nil)
		return
	default:
		h.log.Info("verification requested", "business_id", b.ID, "user_id", u.ID)
		h.flash(r, views.Toast{Title: "Request sent", Description: "Our team will check it and email " + u.Email + " the decision."})
	}
	http.Redirect(w, r, manageURL(b.ID)+"#verification", http.StatusSeeOther)
}
