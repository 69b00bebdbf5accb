package api

import (
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/resource"
	"bizprofile/store"
)

// The account's listings (/account/listings): read them in every state,
// change the fields the listing wizard edits, publish and unpublish. The
// checks, the save and the publication are the edit page's own (Rules);
// every change is a listing.updated webhook event, in its transaction.

// listingsList is the answer listing the account's listings.
type listingsList struct {
	Data []resource.Listing `json:"data"`
}

// accountListings answers every listing of the account, newest first,
// whatever its state.
func (a *API) accountListings(w http.ResponseWriter, r *http.Request) {
	bs, err := a.store.BusinessesOwnedBy(r.Context(), accountOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	out := listingsList{Data: []resource.Listing{}}
	for _, b := range bs {
		out.Data = append(out.Data, resource.ListingObject(b))
	}
	writeJSON(w, http.StatusOK, out)
}

// idOf is the record id of the URL; 0 when it is not a positive int64
// written plainly (no sign, no leading zero), which no record has.
func idOf(r *http.Request) int64 {
	s := chi.URLParam(r, "id")
	if s == "" || s[0] < '1' || s[0] > '9' {
		return 0
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return 0
	}
	return id
}

// ownListing is the listing of the URL if it belongs to the request's
// account; another account's listing is not found, as a missing one.
func (a *API) ownListing(r *http.Request) (store.Business, error) {
	id := idOf(r)
	if id == 0 {
		return store.Business{}, errNotFound.With("No listing of this account has this id.")
	}
	b, err := a.store.BusinessByID(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.OwnedBy(accountOf(r))) {
		return store.Business{}, errNotFound.With("No listing of this account has this id.")
	}
	return b, err
}

// accountListing answers one of the account's listings.
func (a *API) accountListing(w http.ResponseWriter, r *http.Request) {
	b, err := a.ownListing(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resource.ListingObject(b))
}

// listingPatch is a change of a listing: the fields the wizard edits, each
// left as it is when absent (the document refuses null).
type listingPatch struct {
	Name         *string                `json:"name"`
	Tagline      *string                `json:"tagline"`
	Description  *string                `json:"description"`
	Category     *string                `json:"category"`
	SubCategory  *string                `json:"sub_category"`
	Tags         *[]string              `json:"tags"`
	BusinessType *string                `json:"business_type"`
	Email        *string                `json:"email"`
	Phone        *string                `json:"phone"`
	Website      *string                `json:"website"`
	Address      *string                `json:"address"`
	City         *string                `json:"city"`
	State        *string                `json:"state"`
	ZipCode      *string                `json:"zip_code"`
	Services     *[]string              `json:"services"`
	Hours        *[]resource.ListingDay `json:"hours"`
	ShowEmail    *bool                  `json:"show_email"`
	ShowPhone    *bool                  `json:"show_phone"`
	ShowAddress  *bool                  `json:"show_address"`
	ShowPricing  *bool                  `json:"show_pricing"`
	ShowHours    *bool                  `json:"show_hours"`
}

// apply changes in, the listing as it is, by p: the fields p sends, or
// the problem of a body the form could not have sent.
func (p listingPatch) apply(in *domain.ListingInput) *Problem {
	for s, to := range map[*string]*string{
		p.Name: &in.Name, p.Tagline: &in.Tagline, p.Description: &in.Description, p.Category: &in.Category,
		p.SubCategory: &in.SubCategory, p.BusinessType: &in.BusinessType, p.Email: &in.Email, p.Phone: &in.Phone,
		p.Website: &in.Website, p.Address: &in.Address, p.City: &in.City, p.State: &in.State, p.ZipCode: &in.ZipCode,
	} {
		if s != nil {
			*to = *s
		}
	}
	if p.Tags != nil {
		in.Tags = strings.Join(*p.Tags, ", ")
	}
	if p.Services != nil {
		bad := catalog.FieldErrors{} // an item is one line: joined, its breaks would make more
		if domain.CheckItems(bad, "services", *p.Services); len(bad) > 0 {
			return invalid(fieldErrors(bad)...)
		}
		in.Services = strings.Join(*p.Services, "\n")
	}
	for on, to := range map[*bool]*bool{p.ShowEmail: &in.ShowEmail, p.ShowPhone: &in.ShowPhone, p.ShowAddress: &in.ShowAddress, p.ShowPricing: &in.ShowPricing, p.ShowHours: &in.ShowHours} {
		if on != nil {
			*to = *on
		}
	}
	if p.Hours != nil {
		if len(*p.Hours) != 7 {
			return invalid(FieldError{Field: "hours", Message: "Give the seven days, Monday first."})
		}
		for i, d := range *p.Hours {
			in.Hours[i] = domain.Day{Open: d.Open, Close: d.Close, Closed: d.Closed}
		}
	}
	return nil
}

// fieldErrors are the form's messages as the API names the fields (a
// day's hours: hours[3]), in a stable order.
func fieldErrors(errs map[string]string) []FieldError {
	out := make([]FieldError, 0, len(errs))
	for name, msg := range errs {
		if day, ok := strings.CutPrefix(name, "hours_"); ok {
			name = "hours[" + day + "]"
		}
		out = append(out, FieldError{Field: name, Message: msg})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

// updateListing changes the fields the body sends, by the edit page's
// rules: a renamed public listing is checked again and may be held, a new
// contact email is shown once confirmed (the account owner's own address
// at once).
func (a *API) updateListing(w http.ResponseWriter, r *http.Request) {
	ctx, account := r.Context(), accountOf(r)
	b, err := a.ownListing(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var p listingPatch
	err = decode(r, &p)
	in := domain.ListingInputOf(b)
	if prob := p.apply(&in); prob != nil && err == nil {
		err = prob
	}
	if err != nil {
		a.fail(w, r, alongside(err, in.Check()))
		return
	}
	owner, err := a.store.UserByID(ctx, account)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	up, err := a.domain.Listings.Update(ctx, b, in, owner.Email)
	var bad domain.Invalid
	switch {
	case errors.As(err, &bad):
		a.problem(w, r, invalid(fieldErrors(bad)...))
		return
	case err != nil:
		a.fail(w, r, err)
		return
	}
	a.log.Info("api: listing updated", "business_id", b.ID, "key", keyOf(ctx).ID)
	writeJSON(w, http.StatusOK, resource.ListingObject(up.Listing))
}

// The page's reasons a listing cannot be published.
var (
	errSuspended = errConflict.With("Our moderators unpublished this listing. Contact support to have it reviewed.")
	errHeld      = errConflict.With("This listing can't be published yet: an administrator checks its name first; we will email you the decision.")
)

// publishListing shows a listing in the directory, as the page's button
// does: its name is checked first and may hold it for review (the answer's
// status is then "held"); a listing taken down by the moderators, or
// already held, answers 409 with the reason.
func (a *API) publishListing(w http.ResponseWriter, r *http.Request) {
	a.setPublished(w, r, true)
}

// unpublishListing hides a listing from the directory.
func (a *API) unpublishListing(w http.ResponseWriter, r *http.Request) {
	a.setPublished(w, r, false)
}

// setPublished publishes or unpublishes the listing of the URL; a change
// of its state is a listing.updated event.
func (a *API) setPublished(w http.ResponseWriter, r *http.Request, publish bool) {
	ctx := r.Context()
	b, err := a.ownListing(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	saved, _, err := a.domain.Listings.SetPublished(ctx, b, publish)
	switch {
	case errors.Is(err, store.ErrSuspended):
		a.problem(w, r, errSuspended)
		return
	case errors.Is(err, store.ErrHeld):
		a.problem(w, r, errHeld)
		return
	case err != nil:
		a.fail(w, r, err)
		return
	}
	a.log.Info("api: listing publication", "business_id", b.ID, "publish", publish, "status", resource.ListingStatus(saved), "key", keyOf(ctx).ID)
	writeJSON(w, http.StatusOK, resource.ListingObject(saved))
}
