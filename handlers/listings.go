package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// newListingForm is the wizard's starting point: spec §9 hours, everything
// public, and the user's email.
func newListingForm(email string) views.ListingForm {
	f := views.ListingForm{
		Email: email, BusinessType: store.TypeStorefront,
		ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true, Published: true,
		Errors: catalog.FieldErrors{},
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
		ShowPricing: b.ShowPricing, ShowHours: b.ShowHours, Published: b.Published, Suspended: b.Suspended, Held: b.Held,
		EmailPending: b.Email != "" && !b.EmailConfirmed, Errors: catalog.FieldErrors{},
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
// catalog.ListingRules and catalog.ListingHours, the rules the wizard gets in
// its props and applies in the browser.
func parseListingForm(r *http.Request, f views.ListingForm) (views.ListingForm, store.Business) {
	v := r.PostForm
	f.Name, f.Tagline, f.Description = field(v, "name"), field(v, "tagline"), strings.TrimSpace(v.Get("description"))
	f.Category, f.SubCategory, f.Tags, f.BusinessType = field(v, "category"), field(v, "sub_category"), field(v, "tags"), field(v, "business_type")
	f.Email, f.Phone, f.Website = field(v, "email"), field(v, "phone"), field(v, "website")
	f.Address, f.ZipCode = field(v, "address"), field(v, "zip_code")
	// The city is kept cleaned (places.CleanCity) and the state as its code
	// when the value names one ("texas" is TX); both are checked so.
	f.City, f.State = places.CleanCity(v.Get("city")), field(v, "state")
	if code, ok := places.StateCode(f.State); ok {
		f.State = code
	}
	cleaned := map[string]string{"city": f.City, "state": f.State}
	f.Services = strings.TrimSpace(v.Get("services"))
	if v.Get("visibility_sent") != "" {
		on := func(name string) bool { return v.Get(name) != "" }
		f.ShowEmail, f.ShowPhone, f.ShowAddress, f.ShowPricing, f.ShowHours = on("show_email"), on("show_phone"), on("show_address"), on("show_pricing"), on("show_hours")
	}
	e := catalog.FieldErrors{}
	for name, rule := range catalog.ListingRules {
		value, ok := cleaned[name]
		if !ok {
			value = field(v, name)
		}
		checkRule(e, name, value, rule)
	}
	var week store.Week
	for i := range 7 {
		key := "hours_" + strconv.Itoa(i)
		d := views.DayForm{Day: store.Weekdays[i], Open: field(v, key+"_open"), Close: field(v, key+"_close"), Closed: v.Get(key+"_closed") != ""}
		f.Hours[i] = d
		checkDay(e, key, d, catalog.ListingHours)
		week = append(week, store.DayHours{Open: d.Open, Close: d.Close, Closed: d.Closed})
	}
	f.Errors = e

	b := store.Business{
		ID: f.ID, Name: f.Name, Tagline: f.Tagline, Description: f.Description, Category: f.Category, SubCategory: f.SubCategory,
		Tags: splitList(f.Tags, ","), BusinessType: f.BusinessType, Email: store.NormalizeEmail(f.Email), Phone: f.Phone, Website: f.Website,
		Address: f.Address, City: f.City, State: f.State, ZipCode: f.ZipCode, Hours: week, Services: splitList(f.Services, "\n"),
		ShowEmail: f.ShowEmail, ShowPhone: f.ShowPhone, ShowAddress: f.ShowAddress, ShowPricing: f.ShowPricing, ShowHours: f.ShowHours,
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

// createProfilePage shows the wizard, with the logo and photos the
// account's plan allows.
func (h *Handlers) createProfilePage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	bill, err := h.billingOf(r.Context(), u.Account())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	f := newListingForm(u.Email)
	f.Images = newWizardImages(bill.Plan)
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
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	f, b := parseListingForm(r, newListingForm(u.Email))
	attach, err := h.wizardImages(ctx, u, bill.Plan, r.PostForm, files, &f)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.CreateProfilePage(h.chrome(r), f))
		return
	}
	// A member's listing belongs to the account they work in.
	b.OwnerID.Int64, b.OwnerID.Valid = u.Account(), true
	if !u.Verified() {
		// Sign-in needs a verified address, so this is a guard: the
		// listing waits, as a draft, for the address (verifyEmail). Its
		// images stay pending uploads, which housekeeping prunes: not
		// worth a draft's column for a path that never runs.
		if err := h.store.SaveDraft(ctx, b); err != nil {
			h.serverError(w, r, err)
			return
		}
		h.flash(r, waitsForEmailToast(b.Name))
		http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
		return
	}
	b.EmailConfirmed = b.Email == "" || b.Email == u.Email
	var created store.Business
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if created, err = tx.CreateBusiness(ctx, b); err != nil {
			return err
		}
		if _, err = tx.AttachPendingImages(ctx, u.Account(), created.ID, attach, bill.Plan.Photos); err != nil {
			return err
		}
		if created.Held, err = h.domain.Listings.Publish(ctx, tx, created); err != nil {
			return err
		}
		if !created.EmailConfirmed {
			return h.sendListingEmailLink(ctx, tx, created)
		}
		return nil
	})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("business created", "business_id", created.ID, "slug", created.Slug, "owner_id", u.ID, "held", created.Held)
	if created.Held {
		h.flash(r, heldToast(created))
	} else {
		h.flash(r, views.Toast{Title: "Profile created!", Description: created.Name + " is now listed in the directory."})
	}
	if !created.EmailConfirmed {
		h.flash(r, emailSentToast(created.Email))
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
	b, err := h.store.BusinessByID(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.OwnedBy(currentUser(r).Account())) {
		if err == nil {
			h.log.Warn("access to another account's listing", "business_id", id, "user_id", currentUser(r).ID)
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

// manageForm is the edit page's form of b, with what holds it back.
func (h *Handlers) manageForm(ctx context.Context, b store.Business) (views.ListingForm, error) {
	f := listingFormOf(b)
	if b.Held {
		hold, err := h.store.PendingHold(ctx, b.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return f, err
		}
		f.HeldLike = hold.Similar.Name
	}
	return f, nil
}

// manageBusinessPage shows the edit page of one of the user's listings.
func (h *Handlers) manageBusinessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	f, err := h.manageForm(r.Context(), b)
	if err != nil {
		h.serverError(w, r, err)
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
	ctx, u := r.Context(), currentUser(r)
	f, nb := parseListingForm(r, listingFormOf(b))
	if len(f.Errors) > 0 {
		h.renderManage(w, r, http.StatusUnprocessableEntity, h.chrome(r), b, f, views.VerificationForm{})
		return
	}
	newEmail := nb.Email != b.Email
	held := false
	err := h.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		// The rules of a save (api_rules.go), which the API applies too.
		if nb, held, err = h.saveListing(ctx, tx, b, nb, u.Email); err != nil {
			return err
		}
		return h.domain.Events.ListingUpdated(ctx, tx, b)
	})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if held {
		h.flash(r, heldToast(nb))
	} else {
		h.flash(r, views.Toast{Title: "Changes saved", Description: "Your listing is up to date."})
	}
	if newEmail && !nb.EmailConfirmed {
		h.flash(r, emailSentToast(nb.Email))
	}
	if b.VerifiedMethod == store.VerifiedByDomain && !store.KeepsDomainVerification(b.Website, nb.Website) {
		// UpdateBusiness took the badge away: the domain was its proof.
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
	held := false
	var err error
	if publish {
		err = h.store.InTx(ctx, func(tx *store.Store) error {
			var err error
			if held, err = h.domain.Listings.Publish(ctx, tx, b); err != nil {
				return err
			}
			return h.domain.Events.ListingUpdated(ctx, tx, b)
		})
	} else {
		err = h.store.InTx(ctx, func(tx *store.Store) error {
			if err := tx.SetPublished(ctx, b.ID, false); err != nil {
				return err
			}
			return h.domain.Events.ListingUpdated(ctx, tx, b)
		})
	}
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
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	t := views.Toast{Title: "Listing unpublished", Description: b.Name + " is hidden from the directory."}
	switch {
	case held:
		t = heldToast(b)
	case publish:
		t = views.Toast{Title: "Listing published", Description: b.Name + " is visible in the directory."}
	}
	h.flash(r, t)
	http.Redirect(w, r, manageURL(b.ID), http.StatusSeeOther)
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
	// The images' rows go with the listing (the foreign key cascades);
	// their files are deleted by a job queued in the same transaction.
	err := h.store.InTx(r.Context(), func(tx *store.Store) error {
		imgs, err := tx.ImagesOfListings(r.Context(), []int64{b.ID})
		if err != nil {
			return err
		}
		if err := tx.DeleteBusiness(r.Context(), b.ID); err != nil {
			return err
		}
		return forgetImages(r.Context(), tx, imgs)
	})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("business deleted", "business_id", b.ID, "owner_id", b.OwnerID.Int64, "user_id", currentUser(r).ID)
	h.flash(r, views.Toast{Title: "Listing deleted", Description: b.Name + " was removed from the directory."})
	http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
}
