package handlers

import (
	"errors"
	"net/http"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// A listing's contact email is shown only once proved: the owner's
// verified address at once, any other address once someone opens the link
// emailed to it (store/listing_email.go). The link's page asks before it
// confirms, so a mail scanner opening it confirms nothing, and tells a
// reader who does not know the business how to refuse.

// resendListingEmail sends the confirmation link of a listing's email
// again, from its manage page or the dashboard (from=dashboard).
func (h *Handlers) resendListingEmail(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	back := manageURL(b.ID)
	if r.PostFormValue("from") == "dashboard" {
		back = "/dashboard"
	}
	switch err := h.domain.Listings.ResendEmailLink(ctx, b); {
	case errors.Is(err, domain.ErrEmailConfirmed):
		h.flash(r, views.Toast{Title: "Nothing to confirm", Description: "The email of " + b.Name + " is confirmed already."})
	case errors.Is(err, domain.ErrTooManyEmailLinks):
		h.flash(r, views.Toast{Title: "Please wait", Description: "Five links went to " + b.Email + " today. Check that inbox (and its spam folder), or try again tomorrow.", Variant: "destructive"})
	case err != nil:
		h.serverError(w, r, err)
		return
	default:
		h.flash(r, present.EmailSentToast(b.Email))
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// listingEmailPage is where a confirmation link leads: it asks whether to
// show the address on the listing.
func (h *Handlers) listingEmailPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	token := r.URL.Query().Get("token")
	t, err := h.store.ValidListingEmailToken(r.Context(), store.Digest(token))
	if errors.Is(err, store.ErrTokenInvalid) {
		h.render(w, r, http.StatusBadRequest, views.ListingEmailConfirmPage(h.chrome(r), views.ListingEmailConfirm{Invalid: true}))
		return
	}
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.ListingEmailConfirmPage(h.chrome(r), views.ListingEmailConfirm{Token: token, Email: t.Email, Business: t.BusinessName}))
}

// confirmListingEmail confirms the address of a link: the listing shows
// it from now on.
func (h *Handlers) confirmListingEmail(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	t, err := h.store.ConfirmListingEmail(r.Context(), store.Digest(r.PostFormValue("token")))
	if errors.Is(err, store.ErrTokenInvalid) {
		h.render(w, r, http.StatusBadRequest, views.ListingEmailConfirmPage(h.chrome(r), views.ListingEmailConfirm{Invalid: true}))
		return
	}
	if h.broken(w, r, err) {
		return
	}
	h.log.Info("listing email confirmed", "business_id", t.BusinessID)
	c := h.chrome(r)
	c.Toasts = append(c.Toasts, views.Toast{Title: "Email confirmed", Description: t.Email + " is the contact email of " + t.BusinessName + "."})
	v := views.ListingEmailConfirm{Done: true, Email: t.Email, Business: t.BusinessName, Slug: t.BusinessSlug, Public: t.Published}
	h.render(w, r, http.StatusOK, views.ListingEmailConfirmPage(c, v))
}
