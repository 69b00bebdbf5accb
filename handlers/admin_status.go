package handlers

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Incidents on /admin/status: administrators open them, post updates and
// resolve them; each change is recorded with who and when, and emails the
// confirmed status subscribers in the same transaction.

// adminStatus lists the open incidents, each with its update form, the
// form to open one, and the incidents resolved in the last 90 days.
func (h *Handlers) adminStatus(w http.ResponseWriter, r *http.Request) {
	h.renderAdminStatus(w, r, http.StatusOK, views.AdminStatus{New: views.IncidentForm{Status: store.IncidentInvestigating}})
}

// renderAdminStatus shows v with the incidents read now.
func (h *Handlers) renderAdminStatus(w http.ResponseWriter, r *http.Request, code int, v views.AdminStatus) {
	open, past, err := h.domain.Incidents.Listed(r.Context(), time.Now())
	if h.broken(w, r, err) {
		return
	}
	v.Open, v.Past = present.StatusIncidents(open), present.StatusIncidents(past)
	for _, c := range h.status.Components() {
		v.Components = append(v.Components, catalog.Option{Value: c.Key, Label: c.Name})
	}
	v.Backups = present.Backups(h.domain.Backups.Status(r.Context(), h.started), h.domain.Backups.Settings().Keep)
	h.render(w, r, code, views.AdminStatusPage(h.chrome(r), v))
}

// openIncident opens an incident with its first update.
func (h *Handlers) openIncident(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	in := domain.IncidentInput{
		Title: field(r.PostForm, "title"), Impact: field(r.PostForm, "impact"), Status: field(r.PostForm, "status"),
		Message: strings.TrimSpace(r.PostFormValue("message")),
	}
	for _, k := range r.PostForm["components"] {
		if !slices.Contains(in.Components, k) {
			in.Components = append(in.Components, k)
		}
	}
	f := views.IncidentForm{Title: in.Title, Impact: in.Impact, Components: in.Components, Status: in.Status, Message: in.Message,
		Errors: in.Check(h.status.Components())}
	if len(f.Errors) > 0 {
		h.renderAdminStatus(w, r, http.StatusUnprocessableEntity, views.AdminStatus{New: f})
		return
	}
	by := currentUser(r).ID
	inc, err := h.domain.Incidents.Open(r.Context(), in, by)
	if err != nil {
		clientgone.Error(h.log, r, "incident not opened", "error", err, "request_id", requestID(r.Context()))
		f.Problem = "The incident could not be saved just now. Please try again in a moment; what you wrote is kept below."
		h.renderAdminStatus(w, r, http.StatusServiceUnavailable, views.AdminStatus{New: f})
		return
	}
	h.log.Info("incident opened", "incident", inc.ID, "impact", inc.Impact, "status", inc.Status, "by", by)
	h.redirect(w, r, "/admin/status#incident-"+itoa(int(inc.ID)), views.Toast{Title: "Incident opened", Description: "It shows on the status page, and status subscribers are being emailed."})
}

// postIncidentUpdate adds an update to an open incident; the status
// resolved resolves it.
func (h *Handlers) postIncidentUpdate(w http.ResponseWriter, r *http.Request) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return
	}
	if !h.parseForm(w, r) {
		return
	}
	in := domain.IncidentUpdate{Status: field(r.PostForm, "status"), Message: strings.TrimSpace(r.PostFormValue("message"))}
	f := views.IncidentUpdateForm{Status: in.Status, Message: in.Message, Errors: in.Check()}
	back := views.AdminStatus{New: views.IncidentForm{Status: store.IncidentInvestigating}, Update: f, UpdateFor: id}
	if len(f.Errors) > 0 {
		h.renderAdminStatus(w, r, http.StatusUnprocessableEntity, back)
		return
	}
	by := currentUser(r).ID
	_, err := h.domain.Incidents.Update(r.Context(), id, in, by)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case errors.Is(err, store.ErrIncidentResolved):
		h.redirect(w, r, "/admin/status", views.Toast{Title: "Already resolved", Description: "This incident was resolved before your update was posted.", Variant: "destructive"})
		return
	case err != nil:
		clientgone.Error(h.log, r, "incident update not saved", "incident", id, "error", err, "request_id", requestID(r.Context()))
		back.Update.Problem = "The update could not be saved just now. Please try again in a moment; what you wrote is kept below."
		h.renderAdminStatus(w, r, http.StatusServiceUnavailable, back)
		return
	}
	h.log.Info("incident updated", "incident", id, "status", f.Status, "by", by)
	toast := views.Toast{Title: "Update posted", Description: "It shows on the status page, and status subscribers are being emailed."}
	if f.Status == store.IncidentResolved {
		toast = views.Toast{Title: "Incident resolved", Description: "It moves to the past incidents, and status subscribers are being emailed."}
	}
	h.redirect(w, r, "/admin/status#incident-"+itoa(int(id)), toast)
}
