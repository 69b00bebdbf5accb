package handlers

import (
	"net/http"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// businessSignupPage shows the 'Join as Business' form.
func (h *Handlers) businessSignupPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusOK, views.BusinessSignupPage(h.chrome(r), views.BusinessSignupForm{}))
}

// businessSignup creates a business account and its first listing,
// unverified and owned by the new user, public once the address is
// verified.
func (h *Handlers) businessSignup(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.BusinessSignupForm{
		BusinessName: field(r.PostForm, "business_name"),
		OwnerName:    field(r.PostForm, "owner_name"),
		Email:        field(r.PostForm, "email"),
		Phone:        field(r.PostForm, "phone"),
		Category:     field(r.PostForm, "category"),
		Location:     field(r.PostForm, "location"),
		Website:      field(r.PostForm, "website"),
		Description:  field(r.PostForm, "description"),
		Errors:       catalog.FieldErrors{},
	}
	password := r.PostFormValue("password")
	e := f.Errors
	required(e, "business_name", f.BusinessName, "Enter your business name.")
	checkLength(e, "business_name", f.BusinessName, 120)
	required(e, "owner_name", f.OwnerName, "Enter the owner's or manager's name.")
	checkLength(e, "owner_name", f.OwnerName, 100)
	checkEmail(e, "email", f.Email)
	checkPhone(e, "phone", f.Phone)
	checkOption(e, "category", f.Category, catalog.SignupCategories, "Choose a business category.")
	required(e, "location", f.Location, "Enter where the business is, like Austin, TX.")
	checkLength(e, "location", f.Location, 120)
	city, state, ok := places.ParseLocation(f.Location)
	if !ok && !e.Has("location") {
		e["location"] = "Enter the city and state, like Austin, TX."
	}
	checkURL(e, "website", f.Website)
	required(e, "description", f.Description, "Describe your business in a sentence or two.")
	checkLength(e, "description", f.Description, 2000)
	checkPasswords(e, password, r.PostFormValue("confirm_password"), f.Email, f.OwnerName)
	if len(e) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.BusinessSignupPage(h.chrome(r), f))
		return
	}
	if ok, retry := h.limits.signUpIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = tooManyMessage(retry)
		h.tooMany(w, r, retry, views.BusinessSignupPage(h.chrome(r), f))
		return
	}
	account := store.NewAccount{
		Email:   f.Email,
		Kind:    store.KindBusiness,
		Profile: store.Profile{FullName: f.OwnerName, Phone: f.Phone, Location: places.Place(city, state)},
		Business: &store.Business{
			Name: f.BusinessName, Description: f.Description, Category: f.Category,
			City: city, State: state, Phone: f.Phone, Website: f.Website, Email: store.NormalizeEmail(f.Email),
			ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true,
		},
	}
	// The listing is a draft until the address is verified (then it goes
	// live, or is held for review); the answer is the same whether or not
	// the address had an account, which makes nothing.
	if err := h.register(r, account, password, f.OwnerName); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.flash(r, waitsForEmailToast(f.BusinessName))
	h.afterSignup(w, r, f.Email)
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
	f := views.IndividualSignupForm{
		FirstName:  field(r.PostForm, "first_name"),
		LastName:   field(r.PostForm, "last_name"),
		Email:      field(r.PostForm, "email"),
		Phone:      field(r.PostForm, "phone"),
		Location:   field(r.PostForm, "location"),
		Profession: field(r.PostForm, "profession"),
		Interests:  field(r.PostForm, "interests"),
		Bio:        field(r.PostForm, "bio"),
		Errors:     catalog.FieldErrors{},
	}
	password := r.PostFormValue("password")
	e := f.Errors
	required(e, "first_name", f.FirstName, "Enter your first name.")
	checkLength(e, "first_name", f.FirstName, 60)
	required(e, "last_name", f.LastName, "Enter your last name.")
	checkLength(e, "last_name", f.LastName, 60)
	checkEmail(e, "email", f.Email)
	checkPhone(e, "phone", f.Phone)
	required(e, "location", f.Location, "Enter where you are, like Denver, CO.")
	checkLength(e, "location", f.Location, 120)
	checkOption(e, "profession", f.Profession, catalog.Professions, "Choose your profession.")
	checkLength(e, "interests", f.Interests, 300)
	checkLength(e, "bio", f.Bio, 1000)
	checkPasswords(e, password, r.PostFormValue("confirm_password"), f.Email, f.FirstName, f.LastName)
	if len(e) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.IndividualSignupPage(h.chrome(r), f))
		return
	}
	if ok, retry := h.limits.signUpIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = tooManyMessage(retry)
		h.tooMany(w, r, retry, views.IndividualSignupPage(h.chrome(r), f))
		return
	}
	name := f.FirstName + " " + f.LastName
	account := store.NewAccount{
		Email: f.Email,
		Kind:  store.KindIndividual,
		Profile: store.Profile{
			FullName: name, FirstName: f.FirstName, LastName: f.LastName, Phone: f.Phone, Location: f.Location,
			Profession: f.Profession, Interests: f.Interests, Bio: f.Bio,
		},
	}
	if err := h.register(r, account, password, name); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.afterSignup(w, r, f.Email)
}
