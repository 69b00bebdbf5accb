package handlers

import (
	"net/http"

	"bizprofile/clientgone"
)

// senderDetails are the name, email and phone a signed-in person's forms
// to businesses (an enquiry, a quote request) start with: their account's
// address and their profile's name and phone. Signed out, all are empty.
func (h *Handlers) senderDetails(r *http.Request) (name, email, phone string) {
	u := currentUser(r)
	if u == nil {
		return "", "", ""
	}
	p, err := h.store.ProfileOf(r.Context(), u.ID)
	if err != nil {
		clientgone.Error(h.log, r, "sender's profile", "error", err, "user_id", u.ID)
	}
	return p.DisplayName(), u.Email, p.Phone
}
