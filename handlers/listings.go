package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/store"
	"bizprofile/views"
)

// newListingForm is the wizard's starting point: spec §9 hours, everything
// public, and the user's email.
func newListingForm(email string) views.ListingForm {
	f := views.ListingForm{
		Email: email, BusinessType: store.TypeStorefront,
		ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true, Published: true,
		Errors: views.FieldErrors{},
	}
	f.Hours = weekForm(store.DefaultWeek())
	return f
}

// listingFormOf shows a stored listing in the form.
func listingFormOf(b store.Business) views.ListingForm {
	f := views.ListingForm{
		ID: b.ID, Slug: b.Slug, Name: b.Name, Tagline: b.Tagline, Description: b.Description, Category: b.Category,
		SubCategory: b.SubCategory, Tags: strings.Join(b.Tags, ", "), BusinessType: b.BusinessType,
		Email: b.Email, Phone: b.Phone, Website: b.Website, Address: b.Address, City: b.City, State: b.State, ZipCode: b.ZipCode,
		Services: strings.Join(b.Services, "\n"), ShowEmail: b.ShowEmail, ShowPhone: b.ShowPhone, ShowAddress: b.ShowAddress,
		ShowPricing: b.ShowPricing, ShowHours: b.ShowHours, Published: b.Published, Suspended: b.Suspended, Errors: views.FieldErrors{},
	}
	week := b.Hours
	if len(week) != 7 {
		week = store.Week{{Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}}
	}
	f.Hours = weekForm(week)
	return f
}

// weekForm shows seven days of hours in the form.
func weekForm(week store.Week) [7]views.DayForm {
	var days [7]views.DayForm
	for i, d := range week[:7] {
		days[i] = views.DayForm{Day: store.Weekdays[i], Open: d.Open, Close: d.Close, Closed: d.Closed}
	}
	return days
}

// parseListingForm reads and checks the wizard / edit form against
// views.ListingRules and views.ListingHours, the rules the wizard gets in
// its props and applies in the browser.
func parseListingForm(r *http.Request, f views.ListingForm) (views.ListingForm, store.Business) {
	v := r.PostForm
	f.Name, f.Tagline, f.Description = field(v, "name"), field(v, "tagline"), strings.TrimSpace(v.Get("description"))
	f.Category, f.SubCategory, f.Tags, f.BusinessType = field(v, "category"), field(v, "sub_category"), field(v, "tags"), field(v, "business_type")
	f.Email, f.Phone, f.Website = field(v, "email"), field(v, "phone"), field(v, "website")
	f.Address, f.City, f.State, f.ZipCode = field(v, "address"), field(v, "city"), field(v, "state"), field(v, "zip_code")
	f.Services = strings.TrimSpace(v.Get("services"))
	if v.Get("visibility_sent") != "" {
		on := func(name string) bool { return v.Get(name) != "" }
		f.ShowEmail, f.ShowPhone, f.ShowAddress, f.ShowPricing, f.ShowHours = on("show_email"), on("show_phone"), on("show_address"), on("show_pricing"), on("show_hours")
	}
	e := views.FieldErrors{}
	for name, rule := range views.ListingRules {
		checkRule(e, name, field(v, name), rule)
	}
	var week store.Week
	for i := range 7 {
		key := "hours_" + strconv.Itoa(i)
		d := views.DayForm{Day: store.Weekdays[i], Open: field(v, key+"_open"), Close: field(v, key+"_close"), Closed: v.Get(key+"_closed") != ""}
		f.Hours[i] = d
		checkDay(e, key, d, views.ListingHours)
		week = append(week, store.DayHours{Open: d.Open, Close: d.Close, Closed: d.Closed})
	}
	f.Errors = e

	b := store.Business{
		ID: f.ID, Name: f.Name, Tagline: f.Tagline, Description: f.Description, Category: f.Category, SubCategory: f.SubCategory,
		Tags: splitList(f.Tags, ","), BusinessType: f.BusinessType, Email: store.NormalizeEmail(f.Email), Phone: f.Phone, Website: f.Website,
		Address: f.Address, City: f.City, State: f.State, ZipCode: f.ZipCode, Hours: week, Services: splitList(f.Services, "\n"),
		ShowEmail: f.ShowEmail, ShowPhone: f.ShowPhone, ShowAddress: f.ShowAddress, ShowPricing: f.ShowPricing, ShowHours: f.ShowHours,
		Published: true,
	}
	return f, b
}

// splitList splits a list typed by a person, dropping blanks and repeats.
func splitList(s, sep string) store.Lines {
	var out store.Lines
	seen := map[string]bool{}
	for _, item := range strings.Split(s, sep) {
		item = strings.TrimSpace(item)
		if item != "" && !seen[strings.ToLower(item)] && len(out) < 30 {
			seen[strings.ToLower(item)] = true
			out = append(out, item)
		}
	}
	return out
}

// createProfilePage shows the wizard.
func (h *Handlers) createProfilePage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusOK, views.CreateProfilePage(h.chrome(r), newListingForm(currentUser(r).Email)))
}

// createProfile saves the wizard: a published, unverified listing owned by
// the user, with a unique slug.
func (h *Handlers) createProfile(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	u := currentUser(r)
	f, b := parseListingForm(r, newListingForm(u.Email))
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.CreateProfilePage(h.chrome(r), f))
		return
	}
	b.OwnerID.Int64, b.OwnerID.Valid = u.ID, true
	created, err := h.store.CreateBusiness(r.Context(), b)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("business created", "business_id", created.ID, "slug", created.Slug, "owner_id", u.ID)
	h.flash(r, views.Toast{Title: "Profile created!", Description: created.Name + " is now listed in the directory."})
	http.Redirect(w, r, "/directory/"+created.Slug, http.StatusSeeOther)
}

// ownedBusiness loads the listing of the URL if the signed-in user owns it;
// anyone else gets 404, as if it did not exist.
func (h *Handlers) ownedBusiness(w http.ResponseWriter, r *http.Request) (store.Business, bool) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return store.Business{}, false
	}
	b, err := h.store.BusinessByID(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.OwnedBy(currentUser(r).ID)) {
		if err == nil {
			h.log.Warn("access to another owner's listing", "business_id", id, "user_id", currentUser(r).ID)
		}
		h.notFound(w, r)
		return store.Business{}, false
	}
	if err != nil {
		h.serverError(w, r, err)
		return store.Business{}, false
	}
	return b, true
}

// manageBusinessPage shows the edit page of one of the user's listings.
func (h *Handlers) manageBusinessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.ManageBusinessPage(h.chrome(r), listingFormOf(b)))
}

// updateBusiness saves an edited listing; the public page shows it at once.
func (h *Handlers) updateBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	f, nb := parseListingForm(r, listingFormOf(b))
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ManageBusinessPage(h.chrome(r), f))
		return
	}
	if err := h.store.UpdateBusiness(r.Context(), nb); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.flash(r, views.Toast{Title: "Changes saved", Description: "Your listing is up to date."})
	http.Redirect(w, r, "/dashboard/businesses/"+strconv.FormatInt(b.ID, 10), http.StatusSeeOther)
}

// publishBusiness shows or hides a listing in the directory.
func (h *Handlers) publishBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	publish := r.PostFormValue("published") == "1"
	err := h.store.SetPublished(r.Context(), b.ID, publish)
	if errors.Is(err, store.ErrSuspended) {
		b.Suspended, b.Published = true, false
		c := h.chrome(r)
		c.Toasts = append(c.Toasts, views.Toast{Title: "This listing can't be published", Description: "Our moderators unpublished it. Contact support to have it reviewed.", Variant: "destructive"})
		h.render(w, r, http.StatusConflict, views.ManageBusinessPage(c, listingFormOf(b)))
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	t := views.Toast{Title: "Listing unpublished", Description: b.Name + " is hidden from the directory."}
	if publish {
		t = views.Toast{Title: "Listing published", Description: b.Name + " is visible in the directory."}
	}
	h.flash(r, t)
	http.Redirect(w, r, "/dashboard/businesses/"+strconv.FormatInt(b.ID, 10), http.StatusSeeOther)
}

// deleteBusinessPage asks for confirmation.
func (h *Handlers) deleteBusinessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.DeleteBusinessPage(h.chrome(r), b.ID, b.Name))
}

// deleteBusiness removes a listing for good.
func (h *Handlers) deleteBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	if err := h.store.DeleteBusiness(r.Context(), b.ID); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("business deleted", "business_id", b.ID, "owner_id", currentUser(r).ID)
	h.flash(r, views.Toast{Title: "Listing deleted", Description: b.Name + " was removed from the directory."})
	http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
}
