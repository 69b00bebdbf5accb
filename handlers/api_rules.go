package handlers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"bizprofile/catalog"
	"bizprofile/handlers/api"
	"bizprofile/store"
)

// The pages' rules that the public API applies as they are (api.Rules):
// the listing form's checks and save, the publish button, the lead page's
// status and note checks and the review page's reply check. One copy of
// each rule serves the form and the API.

// leadStatusMessage is what the lead page says of a status that is none
// of the inbox's.
const leadStatusMessage = "Choose one of the statuses: New, Contacted, Won or Lost."

// apiRules are the rules handed to the API.
func (h *Handlers) apiRules() api.Rules {
	return api.Rules{
		CheckListing:     checkListingEdit,
		SaveListing:      h.saveListing,
		PublishListing:   h.domain.Listings.Publish,
		CheckLeadStatus:  leadStatusError,
		CheckLeadNote:    leadNoteError,
		CheckReviewReply: reviewReplyError,
	}
}

// listingValues is b as the edit form posts it.
func listingValues(b store.Business) url.Values {
	f := listingFormOf(b)
	v := url.Values{
		"name": {f.Name}, "tagline": {f.Tagline}, "description": {f.Description}, "category": {f.Category},
		"sub_category": {f.SubCategory}, "tags": {f.Tags}, "business_type": {f.BusinessType},
		"email": {f.Email}, "phone": {f.Phone}, "website": {f.Website}, "address": {f.Address},
		"city": {f.City}, "state": {f.State}, "zip_code": {f.ZipCode}, "services": {f.Services},
		"visibility_sent": {"1"},
	}
	for name, on := range map[string]bool{"show_email": f.ShowEmail, "show_phone": f.ShowPhone, "show_address": f.ShowAddress, "show_pricing": f.ShowPricing, "show_hours": f.ShowHours} {
		if on {
			v.Set(name, "1")
		}
	}
	for i, d := range f.Hours {
		key := "hours_" + strconv.Itoa(i)
		v.Set(key+"_open", d.Open)
		v.Set(key+"_close", d.Close)
		if d.Closed {
			v.Set(key+"_closed", "1")
		}
	}
	return v
}

// checkListingEdit checks b with the fields of edit changed (the edit
// form's names and values) by the edit form's own rules
// (parseListingForm); it returns the listing to save, or the form's
// messages by field name.
func checkListingEdit(b store.Business, edit url.Values) (store.Business, map[string]string) {
	v := listingValues(b)
	for name, values := range edit {
		if len(values) == 0 || values[0] == "" {
			v.Del(name) // an unticked box, an emptied field
			continue
		}
		v[name] = values
	}
	f, nb := parseListingForm(&http.Request{PostForm: v}, listingFormOf(b))
	if len(f.Errors) > 0 {
		return store.Business{}, f.Errors
	}
	return nb, nil
}

// saveListing stores nb, the checked edit of b, on tx as the edit page
// does: a contact email is proved when it is provedEmail (the editor's
// own address) or unchanged and proved; a new name or place of a public
// (or held) listing is checked again and may hold it; a new unproved
// email gets its confirmation link. It returns nb as saved and whether it
// was held.
func (h *Handlers) saveListing(ctx context.Context, tx *store.Store, b, nb store.Business, provedEmail string) (store.Business, bool, error) {
	newEmail := nb.Email != b.Email
	nb.EmailConfirmed = nb.Email == "" || nb.Email == provedEmail || (b.EmailConfirmed && !newEmail)
	if err := tx.UpdateBusiness(ctx, nb); err != nil {
		return nb, false, err
	}
	held := false
	if (b.Published || b.Held) && store.Renamed(b, nb) {
		if b.Held {
			if err := tx.WithdrawHold(ctx, b.ID); err != nil {
				return nb, false, err
			}
		}
		var err error
		if held, err = h.domain.Listings.Publish(ctx, tx, nb); err != nil {
			return nb, false, err
		}
	}
	if newEmail && !nb.EmailConfirmed {
		return nb, held, h.sendListingEmailLink(ctx, tx, nb)
	}
	return nb, held, nil
}

// leadStatusError is the lead page's message for a status that is none of
// the inbox's ("" for a valid one).
func leadStatusError(status string) string {
	if slices.Contains(store.LeadStatuses, status) {
		return ""
	}
	return leadStatusMessage
}

// leadNoteError is the lead page's message for a note ("" when it may be
// saved).
func leadNoteError(note string) string {
	e := catalog.FieldErrors{}
	required(e, "note", note, "Write the note.")
	checkLength(e, "note", note, catalog.LeadNoteMax)
	return e["note"]
}

// reviewReplyError is the reviews page's message for a reply ("" when it
// may be posted).
func reviewReplyError(reply string) string {
	e := catalog.FieldErrors{}
	required(e, "reply", reply, "Write a reply.")
	checkLength(e, "reply", reply, catalog.ReplyMax)
	return e["reply"]
}
