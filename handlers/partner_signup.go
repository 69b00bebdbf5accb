package handlers

import (
	"errors"
	"net/http"
	"strings"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// The partner programme's sign-up (issue 36): signed out, it makes a
// partner account (verified by email like every sign-up); signed in, it
// makes the account a partner. Either way the partner waits for an
// administrator's approval on /partners/dashboard.

// partnerSignupPage shows the application; ?tier= preselects the kind of
// partner whose button led here. A partner goes to their dashboard.
func (h *Handlers) partnerSignupPage(w http.ResponseWriter, r *http.Request) {
	if h.isPartner(w, r) {
		return
	}
	f := views.PartnerApplyForm{SignedIn: currentUser(r) != nil}
	if t := r.URL.Query().Get("tier"); catalog.ValidOption(catalog.PartnerTiers, t) {
		f.Kind = t
	}
	h.render(w, r, http.StatusOK, views.PartnerApplyPage(h.chrome(r), f))
}

// applyPartner makes the partner account, or the signed-in account a
// partner, and tells the administrators.
func (h *Handlers) applyPartner(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) || h.isPartner(w, r) {
		return
	}
	v := r.PostForm
	in := domain.PartnerApplication{Name: field(v, "name"), Company: field(v, "company"), Website: field(v, "website"), Kind: field(v, "kind"),
		Plan: field(v, "plan"), Message: strings.TrimSpace(v.Get("message")), AcceptTerms: v.Get("terms") == "accept"}
	f := views.PartnerApplyForm{Name: in.Name, Company: in.Company, Website: in.Website, Kind: in.Kind, Plan: in.Plan, Message: in.Message, AcceptTerms: in.AcceptTerms}
	if u := currentUser(r); u != nil {
		f.SignedIn = true
		err := h.domain.Partners.Apply(r.Context(), *u, in)
		var invalid domain.Invalid
		switch {
		case errors.As(err, &invalid):
			f.Errors = catalog.FieldErrors(invalid)
			h.render(w, r, http.StatusUnprocessableEntity, views.PartnerApplyPage(h.chrome(r), f))
			return
		case err != nil && !errors.Is(err, store.ErrAlreadyPartner):
			h.serverError(w, r, err)
			return
		}
		h.redirect(w, r, "/partners/dashboard", views.Toast{Title: "Application received!", Description: "A person on our team reads it and answers by email."})
		return
	}
	su := domain.PartnerSignUpInput{PartnerApplication: in, Email: field(v, "email"), Password: v.Get("password"), ConfirmPassword: v.Get("confirm_password")}
	f.Email = su.Email
	if h.signUp(w, r, su, func(errs catalog.FieldErrors, problem string) templ.Component {
		f.Errors, f.Problem = errs, problem
		return views.PartnerApplyPage(h.chrome(r), f)
	}) {
		h.sessions.Put(r.Context(), sessionPending, store.NormalizeEmail(su.Email))
		h.redirect(w, r, "/login?next=%2Fpartners%2Fdashboard", views.Toast{Title: "Application received!", Description: "Please check your email to verify your account, then sign in to see your partner dashboard."})
	}
}

// isPartner sends a signed-in partner to their dashboard, and reports
// whether it answered.
func (h *Handlers) isPartner(w http.ResponseWriter, r *http.Request) bool {
	u := currentUser(r)
	if u == nil {
		return false
	}
	_, err := h.domain.Partners.Account(r.Context(), u.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return false
	case err != nil:
		h.serverError(w, r, err)
	default:
		http.Redirect(w, r, "/partners/dashboard", http.StatusSeeOther)
	}
	return true
}
