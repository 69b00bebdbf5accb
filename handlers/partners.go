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
