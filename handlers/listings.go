package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// listingForm shows in, a listing as its owner gives it, in the wizard /
// edit form f (which keeps its id, slug and state).
func listingFormWith(f views.ListingForm, in domain.ListingInput) views.ListingForm {
	f.Name, f.Tagline, f.Description, f.Category, f.SubCategory = in.Name, in.Tagline, in.Description, in.Category, in.SubCategory
	f.Tags, f.BusinessType, f.Email, f.Phone, f.Website = in.Tags, in.BusinessType, in.Email, in.Phone, in.Website
	f.Address, f.City, f.State, f.ZipCode, f.Services = in.Address, in.City, in.State, in.ZipCode, in.Services
	f.ShowEmail, f.ShowPhone, f.ShowAddress, f.ShowPricing, f.ShowHours = in.ShowEmail, in.ShowPhone, in.ShowAddress, in.ShowPricing, in.ShowHours
	f.Lat, f.Lng, f.ServiceRadius = in.Lat, in.Lng, in.ServiceRadius
	for i, d := range in.Hours {
		f.Hours[i] = views.DayForm{Day: store.Weekdays[i], Open: d.Open, Close: d.Close, Closed: d.Closed}
	}
	if f.Errors == nil {
		f.Errors = catalog.FieldErrors{}
	}
	return f
}

// newListingForm is the wizard's starting point (domain.NewListingInput).
func newListingForm(email string) views.ListingForm {
	return listingFormWith(views.ListingForm{Published: true}, domain.NewListingInput(email))
}

// listingFormOf shows a stored listing in the form.
func listingFormOf(b store.Business) views.ListingForm {
	f := views.ListingForm{ID: b.ID, Slug: b.Slug, Published: b.Published, Suspended: b.Suspended, Held: b.Held,
		EmailPending: b.Email != "" && !b.EmailConfirmed}
	if p, ok := b.Place(); ok {
		f.Placed, f.PlacedBy = &views.LatLng{Lat: p.Lat, Lng: p.Lng}, present.PlacedBy(b.GeoSource)
	}
	return listingFormWith(f, domain.ListingInputOf(b))
}

// readListingForm reads the wizard / edit form over in (the listing as it
// was): the form shows the values sent, cleaned as they are checked, with
// the rules' messages (domain.ListingInput.Check).
func readListingForm(v url.Values, f views.ListingForm, in domain.ListingInput) (views.ListingForm, domain.ListingInput) {
	for name, s := range map[string]*string{
		"name": &in.Name, "tagline": &in.Tagline, "description": &in.Description, "category": &in.Category,
		"sub_category": &in.SubCategory, "tags": &in.Tags, "business_type": &in.BusinessType, "email": &in.Email,
		"phone": &in.Phone, "website": &in.Website, "address": &in.Address, "city": &in.City, "state": &in.State,
		"zip_code": &in.ZipCode, "services": &in.Services,
	} {
		*s = v.Get(name)
	}
	// The pin and the service area are on the manage page alone: a form
	// without them (the wizard's) keeps what in has.
	for name, s := range map[string]*string{"lat": &in.Lat, "lng": &in.Lng, "service_radius": &in.ServiceRadius} {
		if _, sent := v[name]; sent {
			*s = v.Get(name)
		}
	}
	if v.Get("visibility_sent") != "" {
		on := func(name string) bool { return v.Get(name) != "" }
		in.ShowEmail, in.ShowPhone, in.ShowAddress, in.ShowPricing, in.ShowHours = on("show_email"), on("show_phone"), on("show_address"), on("show_pricing"), on("show_hours")
	}
	for i := range in.Hours {
		key := "hours_" + strconv.Itoa(i)
		in.Hours[i] = domain.Day{Open: v.Get(key + "_open"), Close: v.Get(key + "_close"), Closed: v.Get(key+"_closed") != ""}
	}
	in = in.Cleaned()
	f = listingFormWith(f, in)
	f.Errors = in.Check()
	return f, in
}

// createProfilePage shows the wizard, with the logo and photos the
// account's plan allows.
func (h *Handlers) createProfilePage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	bill, err := h.billingOf(r.Context(), u.Account())
	if h.broken(w, r, err) {
		return
	}
	f := newListingForm(u.Email)
	f.Images = newWizardImages(bill)
	h.render(w, r, http.StatusOK, views.CreateProfilePage(h.chrome(r), f))
}

// createProfile saves the wizard: an unverified listing owned by the user,
// with a unique slug, that goes live at once unless its name is alike
// another's in its city (then it is held for review). Its email is shown
// once proved: the user's own verified address is; another gets a link.
// Its logo and photos (pending_images.go) are kept as uploads even when the
// form is sent back, and join the listing in the transaction that creates
// it.
func (h *Handlers) createProfile(w http.ResponseWriter, r *http.Request) {
	ctx, u := r.Context(), currentUser(r)
	files, ok := h.readWizardPost(w, r, u)
	if !ok {
		return
	}
	bill, err := h.billingOf(ctx, u.Account())
	if h.broken(w, r, err) {
		return
	}
	f, in := readListingForm(r.PostForm, newListingForm(u.Email), domain.NewListingInput(u.Email))
	attach, err := h.wizardImages(ctx, u, bill, r.PostForm, files, &f)
	if h.broken(w, r, err) {
		return
	}
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.CreateProfilePage(h.chrome(r), f))
		return
	}
	c, err := h.domain.Listings.Create(ctx, domain.NewListing{Input: in, AccountID: u.Account(), Creator: *u, Images: attach, Photos: bill.Photos()})
	if h.broken(w, r, err) {
		return
	}
	created := c.Listing
	if c.Draft {
		h.redirect(w, r, "/dashboard", present.WaitsForEmailToast(created.Name))
		return
	}
	if created.Held {
		h.flash(r, present.HeldToast(created))
	} else {
		h.flash(r, views.Toast{Title: "Profile created!", Description: created.Name + " is now listed in the directory."})
	}
	if !created.EmailConfirmed {
		h.flash(r, present.EmailSentToast(created.Email))
	}
	if created.Held {
		http.Redirect(w, r, manageURL(created.ID), http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/directory/"+created.Slug, http.StatusSeeOther)
}

func manageURL(id int64) string { return "/dashboard/businesses/" + strconv.FormatInt(id, 10) }

// ownedBusiness loads the listing of the URL if it belongs to the account
// the signed-in user works in (theirs, or the one they are a member of);
// anyone else gets 404, as if it did not exist.
func (h *Handlers) ownedBusiness(w http.ResponseWriter, r *http.Request) (store.Business, bool) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return store.Business{}, false
	}
	b, err := h.domain.Listings.OfAccount(r.Context(), currentUser(r).Account(), currentUser(r).ID, id)
	if h.failed(w, r, err) {
		return store.Business{}, false
	}
	return b, true
}

// manageForm is the edit page's form of b, with what holds it back.
func (h *Handlers) manageForm(ctx context.Context, b store.Business) (views.ListingForm, error) {
	f := listingFormOf(b)
	f.MapTiles = h.site.MapTiles
	if b.Held {
		hold, err := h.store.PendingHold(ctx, b.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return f, err
		}
		f.HeldLike = hold.Similar.Name
	}
	p, managed, err := h.domain.Agencies.ManagedBy(ctx, b.ID)
	if managed {
		f.ManagedBy = domain.AgencyName(p)
	}
	return f, err
}

// manageBusinessPage shows the edit page of one of the user's listings.
func (h *Handlers) manageBusinessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	f, err := h.manageForm(r.Context(), b)
	if h.broken(w, r, err) {
		return
	}
	h.renderManage(w, r, http.StatusOK, h.chrome(r), b, f, views.VerificationForm{})
}

// updateBusiness saves an edited listing; the public page shows it at once.
// A new name or city of a listing that is public (or held) is checked
// again, and may hold it; a new email is shown once proved.
func (h *Handlers) updateBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	f, in := readListingForm(r.PostForm, listingFormOf(b), domain.ListingInputOf(b))
	if len(f.Errors) > 0 {
		h.renderManage(w, r, http.StatusUnprocessableEntity, h.chrome(r), b, f, views.VerificationForm{})
		return
	}
	up, err := h.domain.Listings.Update(r.Context(), b, in, currentUser(r).Email)
	if h.broken(w, r, err) {
		return
	}
	if up.Held {
		h.flash(r, present.HeldToast(up.Listing))
	} else {
		h.flash(r, views.Toast{Title: "Changes saved", Description: "Your listing is up to date."})
	}
	if up.EmailSent {
		h.flash(r, present.EmailSentToast(up.Listing.Email))
	}
	if up.BadgeLost {
		// Update took the badge away: the domain was its proof.
		h.flash(r, views.Toast{Title: "Verified badge removed", Description: "It rested on your website's domain, which changed. Verify the listing again from its Verification section."})
	}
	http.Redirect(w, r, manageURL(b.ID), http.StatusSeeOther)
}

// publishBusiness shows or hides a listing in the directory. Showing it
// checks its name (PublishListing); a listing taken down, or held for
// review, answers 409 with the reason.
func (h *Handlers) publishBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	publish := r.PostFormValue("published") == "1"
	_, held, err := h.domain.Listings.SetPublished(ctx, b, publish)
	if errors.Is(err, store.ErrSuspended) || errors.Is(err, store.ErrHeld) {
		b.Published, b.Suspended, b.Held = false, errors.Is(err, store.ErrSuspended), errors.Is(err, store.ErrHeld)
		f, ferr := h.manageForm(ctx, b)
		if ferr != nil {
			h.serverError(w, r, ferr)
			return
		}
		c := h.chrome(r)
		t := views.Toast{Title: "This listing can't be published", Description: "Our moderators unpublished it. Contact support to have it reviewed.", Variant: "destructive"}
		if errors.Is(err, store.ErrHeld) {
			t = views.Toast{Title: "This listing can't be published yet", Description: "An administrator checks its name first; we will email you the decision.", Variant: "destructive"}
		}
		c.Toasts = append(c.Toasts, t)
		h.renderManage(w, r, http.StatusConflict, c, b, f, views.VerificationForm{})
		return
	}
	if h.broken(w, r, err) {
		return
	}
	t := views.Toast{Title: "Listing unpublished", Description: b.Name + " is hidden from the directory."}
	switch {
	case held:
		t = present.HeldToast(b)
	case publish:
		t = views.Toast{Title: "Listing published", Description: b.Name + " is visible in the directory."}
	}
	h.redirect(w, r, manageURL(b.ID), t)
}

// deleteListingAction is what only the account's owner does here.
const deleteListingAction = "delete a listing"

// deleteBusinessPage asks for confirmation; only the account's owner
// deletes listings (a member gets 403).
func (h *Handlers) deleteBusinessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.ownerOnly(w, r, deleteListingAction) {
		return
	}
	h.render(w, r, http.StatusOK, views.DeleteBusinessPage(h.chrome(r), b.ID, b.Name))
}

// deleteBusiness removes a listing for good, at its account owner's
// request.
func (h *Handlers) deleteBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.ownerOnly(w, r, deleteListingAction) {
		return
	}
	if h.broken(w, r, h.domain.Listings.Delete(r.Context(), b, currentUser(r).ID)) {
		return
	}
	h.redirect(w, r, "/dashboard", views.Toast{Title: "Listing deleted", Description: b.Name + " was removed from the directory."})
}
