package handlers

import (
	"errors"
	"net/http"
	"net/url"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// partnerClients is an agency's list of client listings with their
// figures.
func (h *Handlers) partnerClients(w http.ResponseWriter, r *http.Request) {
	p, ok := h.agencyOf(w, r)
	if !ok {
		return
	}
	rows, err := h.domain.Agencies.ClientRows(r.Context(), p.UserID)
	if h.broken(w, r, err) {
		return
	}
	v := views.PartnerClients{Agency: domain.AgencyName(p), Days: domain.ClientFigureDays}
	for _, c := range rows {
		f := c.Figures
		v.Rows = append(v.Rows, views.PartnerClientRow{ID: c.ID, Name: c.Name, City: c.City, State: c.State, Slug: c.Slug,
			Status: present.ClientStatus(c.ClientListing), Views: f.Views, Clicks: f.Clicks(),
			Leads: f.Leads, Reviews: f.Reviews, Published: c.Published})
	}
	h.render(w, r, http.StatusOK, views.PartnerClientsPage(h.chrome(r), v))
}

// newPartnerClientPage is the form of a new client listing.
func (h *Handlers) newPartnerClientPage(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.agencyOf(w, r); ok {
		h.render(w, r, http.StatusOK, views.PartnerClientNewPage(h.chrome(r), newListingForm("")))
	}
}

// createPartnerClient creates a client listing by the wizard's rules and
// opens its page, where the agency invites the client.
func (h *Handlers) createPartnerClient(w http.ResponseWriter, r *http.Request) {
	p, ok := h.agencyOf(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	f, in := readListingForm(r.PostForm, newListingForm(""), domain.NewListingInput(""))
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.PartnerClientNewPage(h.chrome(r), f))
		return
	}
	b, err := h.domain.Agencies.CreateClient(r.Context(), h.store, p, in)
	if h.broken(w, r, err) {
		return
	}
	h.redirect(w, r, domain.ClientPath(b.ID), views.Toast{Title: "Client listing created", Description: b.Name + " stays hidden until its owner accepts your invitation."})
}

// clientOf is the agency's client listing of the URL; 404 for another's.
func (h *Handlers) clientOf(w http.ResponseWriter, r *http.Request) (store.Partner, store.ClientListing, bool) {
	p, ok := h.agencyOf(w, r)
	if !ok {
		return p, store.ClientListing{}, false
	}
	c, err := h.domain.Agencies.Client(r.Context(), p.UserID, idParam(r))
	return p, c, !h.failed(w, r, err)
}

// partnerClientPage is the agency's page of one client listing.
func (h *Handlers) partnerClientPage(w http.ResponseWriter, r *http.Request) {
	_, c, ok := h.clientOf(w, r)
	if ok {
		h.renderPartnerClient(w, r, http.StatusOK, c, views.Field{})
	}
}

// renderPartnerClient shows client listing c with the invitation field.
func (h *Handlers) renderPartnerClient(w http.ResponseWriter, r *http.Request, status int, c store.ClientListing, invite views.Field) {
	act, err := h.domain.Agencies.Activity(r.Context(), c)
	if h.broken(w, r, err) {
		return
	}
	v := present.PartnerClient(c, act, invite)
	h.render(w, r, status, views.PartnerClientPage(h.chrome(r), v))
}

// inviteClient emails the client an invitation to take the listing over.
func (h *Handlers) inviteClient(w http.ResponseWriter, r *http.Request) {
	p, c, ok := h.clientOf(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	email := r.PostFormValue("email")
	err := h.domain.Agencies.InviteClient(r.Context(), p, c, domain.ClientInvite{Email: email})
	var invalid domain.Invalid
	switch {
	case errors.As(err, &invalid):
		h.renderPartnerClient(w, r, http.StatusUnprocessableEntity, c, views.Field{Name: "email", Value: email, Error: invalid["email"]})
		return
	case errors.Is(err, domain.ErrClientAccepted):
		h.flash(r, views.Toast{Title: "The client accepted already", Description: c.Name + " is theirs: there is nobody left to invite."})
	case h.broken(w, r, err):
		return
	default:
		h.flash(r, views.Toast{Title: "Invitation sent", Description: "We emailed " + store.NormalizeEmail(email) + " a link to take " + c.Name + " over."})
	}
	http.Redirect(w, r, domain.ClientPath(c.ID), http.StatusSeeOther)
}

// editPartnerClientPage is the agency's edit form of a client listing.
func (h *Handlers) editPartnerClientPage(w http.ResponseWriter, r *http.Request) {
	if _, c, ok := h.clientOf(w, r); ok {
		h.render(w, r, http.StatusOK, views.PartnerClientEditPage(h.chrome(r), listingFormOf(c.Business)))
	}
}

// editPartnerClient saves the agency's edit of a client listing by the
// owner's rules.
func (h *Handlers) editPartnerClient(w http.ResponseWriter, r *http.Request) {
	_, c, ok := h.clientOf(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	f, in := readListingForm(r.PostForm, listingFormOf(c.Business), domain.ListingInputOf(c.Business))
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.PartnerClientEditPage(h.chrome(r), f))
		return
	}
	up, err := h.domain.Agencies.UpdateClient(r.Context(), c, in)
	if h.broken(w, r, err) {
		return
	}
	h.flash(r, views.Toast{Title: "Changes saved", Description: c.Name + " is up to date."})
	if up.Held {
		h.flash(r, present.HeldToast(up.Listing))
	}
	if up.EmailSent {
		h.flash(r, present.EmailSentToast(up.Listing.Email))
	}
	http.Redirect(w, r, domain.ClientPath(c.ID), http.StatusSeeOther)
}

// clientInvitePage shows an agency's invitation to take a listing over.
func (h *Handlers) clientInvitePage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	v, status, err := h.clientOffer(r, r.URL.Query().Get("token"))
	if !h.broken(w, r, err) {
		h.render(w, r, status, views.ClientInvitePage(h.chrome(r), v))
	}
}

// acceptClientInvite gives the signed-in client the listing.
func (h *Handlers) acceptClientInvite(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer")
	if !h.parseForm(w, r) {
		return
	}
	token, u := r.PostFormValue("token"), currentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+url.QueryEscape(domain.ClientInvitationPath(token)), http.StatusSeeOther)
		return
	}
	acc, err := h.domain.Agencies.AcceptClient(r.Context(), *u, token, clientIP(r))
	if errors.Is(err, store.ErrNotFound) {
		// Something changed since the page was shown: it says what.
		v, status, err := h.clientOffer(r, token)
		if !h.broken(w, r, err) {
			h.render(w, r, status, views.ClientInvitePage(h.chrome(r), v))
		}
		return
	}
	if h.broken(w, r, err) {
		return
	}
	if acc.Held {
		h.flash(r, present.HeldToast(acc.Listing))
	} else {
		h.flash(r, views.Toast{Title: "The listing is yours", Description: acc.Listing.Name + " is now listed in the directory."})
	}
	http.Redirect(w, r, manageURL(acc.Listing.ID), http.StatusSeeOther)
}

// clientOffer is what the invitation page shows for token, with its
// status (as for team invitations).
func (h *Handlers) clientOffer(r *http.Request, token string) (views.ClientOfferView, int, error) {
	u := currentUser(r)
	o, err := h.domain.Agencies.ClientOffer(r.Context(), token, u)
	s := inviteStates[o.State]
	return present.ClientOffer(o, s.view, token, u), s.status, err
}

// removeAgencyPage asks the owner to confirm removing the listing's
// agency.
func (h *Handlers) removeAgencyPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	p, managed, err := h.domain.Agencies.ManagedBy(r.Context(), b.ID)
	if h.broken(w, r, err) {
		return
	}
	if !managed {
		http.Redirect(w, r, manageURL(b.ID), http.StatusSeeOther)
		return
	}
	h.render(w, r, http.StatusOK, views.RemoveAgencyPage(h.chrome(r), b.ID, b.Name, domain.AgencyName(p)))
}

// removeAgency ends the agency's management of the owner's listing.
func (h *Handlers) removeAgency(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	err := h.domain.Agencies.RemoveAgency(r.Context(), *currentUser(r), b)
	if !errors.Is(err, store.ErrNotFound) && h.broken(w, r, err) {
		return
	}
	h.redirect(w, r, manageURL(b.ID), views.Toast{Title: "Agency removed", Description: "Nobody outside your account manages " + b.Name + " any more."})
}
