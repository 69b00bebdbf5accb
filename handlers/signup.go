package handlers

import (
	"net/http"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/views"
)

// businessSignupPage shows the 'Join as Business' form.
func (h *Handlers) businessSignupPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusOK, views.BusinessSignupPage(h.chrome(r), views.BusinessSignupForm{}))
}

// businessSignup creates a business account and its first listing, a
// draft owned by the new user until the address is verified (then it goes
// live, or is held for review); the answer is the same whether or not the
// address had an account, which makes nothing.
func (h *Handlers) businessSignup(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v := r.PostForm
	in := domain.BusinessSignupInput{BusinessName: field(v, "business_name"), OwnerName: field(v, "owner_name"), Email: field(v, "email"),
		Phone: field(v, "phone"), Category: field(v, "category"), Location: field(v, "location"), Website: field(v, "website"),
		Description: field(v, "description"), Password: v.Get("password"), ConfirmPassword: v.Get("confirm_password"),
		Referral: referralCookie(r)} // a partner's link followed: the account is their referral (partner_links.go)
	page := func(errs catalog.FieldErrors, problem string) templ.Component {
		return views.BusinessSignupPage(h.chrome(r), views.BusinessSignupForm{BusinessName: in.BusinessName, OwnerName: in.OwnerName, Email: in.Email,
			Phone: in.Phone, Category: in.Category, Location: in.Location, Website: in.Website, Description: in.Description, Errors: errs, Problem: problem})
	}
	if h.signUp(w, r, in, page) {
		h.flash(r, present.WaitsForEmailToast(in.BusinessName))
		h.afterSignup(w, r, in.Email)
	}
}

// individualSignupPage shows the 'Join as Individual' form.
func (h *Handlers) individualSignupPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusOK, views.IndividualSignupPage(h.chrome(r), views.IndividualSignupForm{}))
}

// individualSignup creates an individual account with its profile.
func (h *Handlers) individualSignup(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v := r.PostForm
	in := domain.IndividualSignupInput{FirstName: field(v, "first_name"), LastName: field(v, "last_name"), Email: field(v, "email"), Phone: field(v, "phone"),
		Location: field(v, "location"), Interests: field(v, "interests"), Bio: field(v, "bio"),
		Password: v.Get("password"), ConfirmPassword: v.Get("confirm_password")}
	if h.signUp(w, r, in, func(errs catalog.FieldErrors, problem string) templ.Component {
		return views.IndividualSignupPage(h.chrome(r), views.IndividualSignupForm{FirstName: in.FirstName, LastName: in.LastName, Email: in.Email,
			Phone: in.Phone, Location: in.Location, Interests: in.Interests, Bio: in.Bio, Errors: errs, Problem: problem})
	}) {
		h.afterSignup(w, r, in.Email)
	}
}
