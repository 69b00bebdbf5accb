package handlers

import (
	"errors"
	"net/http"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/views"
)

// The lead zones' administration (issue 37): every zone, the requested
// first, granted to one partner at a time, declined or revoked with a
// reason.

// adminZones lists the zones.
func (h *Handlers) adminZones(w http.ResponseWriter, r *http.Request) {
	h.showAdminZones(w, r, http.StatusOK, views.ZoneRow{})
}

// showAdminZones renders the zones, refused (a row's refused decision)
// merged into its row.
func (h *Handlers) showAdminZones(w http.ResponseWriter, r *http.Request, status int, refused views.ZoneRow) {
	zs, err := h.domain.Agencies.AllZones(r.Context())
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, status, views.AdminZonesPage(h.chrome(r), present.AdminZones(zs, refused)))
}

// decideZone grants zone {id}, or declines or revokes it with the form's
// reason; the partner is emailed.
func (h *Handlers) decideZone(grant bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.parseForm(w, r) {
			return
		}
		reason := field(r.PostForm, "reason")
		err := h.domain.Agencies.DecideZone(r.Context(), *currentUser(r), idParam(r), grant, reason)
		var invalid domain.Invalid
		switch {
		case errors.Is(err, domain.ErrZoneTaken):
			h.showAdminZones(w, r, http.StatusConflict, views.ZoneRow{ID: idParam(r), Error: "Another partner holds this zone: revoke theirs first."})
			return
		case errors.As(err, &invalid):
			h.showAdminZones(w, r, http.StatusUnprocessableEntity, views.ZoneRow{ID: idParam(r), ReasonValue: reason, ReasonError: invalid["reason"]})
			return
		case h.failed(w, r, err):
			return
		}
		toast := views.Toast{Title: "Zone granted", Description: "The partner was emailed."}
		if !grant {
			toast = views.Toast{Title: "Zone closed", Description: "The partner was emailed your reason."}
		}
		h.redirect(w, r, "/admin/zones", toast)
	}
}
