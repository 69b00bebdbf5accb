package handlers

import (
	"errors"
	"net/http"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Exclusive lead zones (issue 37, Partner+; the rules are
// domain/lead_zones.go): an agency's zones with their figures, its
// requests and withdrawals.

// partnerZones is the agency's lead zones page.
func (h *Handlers) partnerZones(w http.ResponseWriter, r *http.Request) {
	if p, ok := h.agencyOf(w, r); ok {
		h.renderZones(w, r, http.StatusOK, p, domain.ZoneInput{}, nil)
	}
}

// renderZones shows agency p's zones, its request form as sent (in) with
// errs.
func (h *Handlers) renderZones(w http.ResponseWriter, r *http.Request, status int, p store.Partner, in domain.ZoneInput, errs catalog.FieldErrors) {
	v := views.PartnerZones{Allowed: domain.PlanOf(p).LeadZones, Plan: domain.PlanOf(p).Name, ZonesPlan: domain.LeadZonesPlan().Name,
		FigureDays: int(domain.ZoneFiguresSince.Hours() / 24), Category: in.Category, City: in.City, State: in.State, Errors: errs}
	if v.Allowed {
		zs, err := h.domain.Agencies.Zones(r.Context(), p.UserID)
		if h.broken(w, r, err) {
			return
		}
		v.Rows = present.Rows(zs, present.ZoneRow)
	}
	h.render(w, r, status, views.PartnerZonesPage(h.chrome(r), v))
}

// requestZone asks for the zone the form names.
func (h *Handlers) requestZone(w http.ResponseWriter, r *http.Request) {
	p, ok := h.agencyOf(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	in := domain.ZoneInput{Category: field(r.PostForm, "category"), City: field(r.PostForm, "city"), State: field(r.PostForm, "state")}
	_, err := h.domain.Agencies.RequestZone(r.Context(), p, in)
	var invalid domain.Invalid
	switch {
	case errors.Is(err, domain.ErrNoLeadZones):
		h.renderZones(w, r, http.StatusForbidden, p, in, nil)
		return
	case errors.As(err, &invalid):
		h.renderZones(w, r, http.StatusUnprocessableEntity, p, in, catalog.FieldErrors(invalid))
		return
	case h.broken(w, r, err):
		return
	}
	h.redirect(w, r, views.PartnerZonesPath, views.Toast{Title: "Zone asked for", Description: "Our team will answer by email."})
}

// withdrawZone gives up zone {id}, asked for or held; 404 when it is not
// the agency's own.
func (h *Handlers) withdrawZone(w http.ResponseWriter, r *http.Request) {
	p, ok := h.agencyOf(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	if h.failed(w, r, h.domain.Agencies.WithdrawZone(r.Context(), p.UserID, idParam(r))) {
		return
	}
	h.redirect(w, r, views.PartnerZonesPath, views.Toast{Title: "Zone withdrawn", Description: "Its quote requests go to every matching listing again."})
}
