package handlers

import (
	"errors"
	"net/http"

	"bizprofile/store"
)

// partnerOf is the signed-in user's partner account, for the partner area
// (/partners/dashboard and what hangs from it); a signed-in user who is no
// partner is sent to the programme's sign-up, and false tells the caller
// the answer is written.
func (h *Handlers) partnerOf(w http.ResponseWriter, r *http.Request) (store.Partner, bool) {
	u := currentUser(r)
	p, err := h.store.PartnerByUser(r.Context(), u.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		http.Redirect(w, r, "/partners/signup", http.StatusSeeOther)
		return store.Partner{}, false
	case err != nil:
		h.serverError(w, r, err)
		return store.Partner{}, false
	}
	return p, true
}

// agencyOf is the signed-in user's partner account when it is approved:
// the agency pages (clients, imports for clients, zones, brand) are an
// approved partner's. Anyone else goes to their partner dashboard, which
// says where their application stands (or to the sign-up).
func (h *Handlers) agencyOf(w http.ResponseWriter, r *http.Request) (store.Partner, bool) {
	p, ok := h.partnerOf(w, r)
	if ok && p.State != store.PartnerApproved {
		http.Redirect(w, r, "/partners/dashboard", http.StatusSeeOther)
		return store.Partner{}, false
	}
	return p, ok
}
