package handlers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/status"
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
	open, past, err := h.incidents(r.Context(), time.Now())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v.Open, v.Past = statusIncidents(open), statusIncidents(past)
	for _, c := range h.status.Components() {
		v.Components = append(v.Components, catalog.Option{Value: c.Key, Label: c.Name})
	}
	h.render(w, r, code, views.AdminStatusPage(h.chrome(r), v))
}

// openIncident opens an incident with its first update.
func (h *Handlers) openIncident(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.IncidentForm{
		Title: field(r.PostForm, "title"), Impact: field(r.PostForm, "impact"), Status: field(r.PostForm, "status"),
		Message: strings.TrimSpace(r.PostFormValue("message")), Errors: catalog.FieldErrors{},
	}
	for _, k := range r.PostForm["components"] {
		if !slices.Contains(f.Components, k) {
			f.Components = append(f.Components, k)
		}
	}
	e := f.Errors
	required(e, "title", f.Title, "Give the incident a title.")
	checkLength(e, "title", f.Title, views.IncidentTitleMax)
	checkOption(e, "impact", f.Impact, views.IncidentImpacts, "Choose the impact.")
	for _, k := range f.Components {
		if !slices.ContainsFunc(h.status.Components(), func(c status.Component) bool { return c.Key == k }) {
			e["components"] = "Choose among the systems listed."
		}
	}
	checkOption(e, "status", f.Status, views.IncidentStatuses, "Choose a status.")
	required(e, "message", f.Message, "Write what is happening.")
	checkLength(e, "message", f.Message, views.IncidentMessageMax)
	if len(e) > 0 {
		h.renderAdminStatus(w, r, http.StatusUnprocessableEntity, views.AdminStatus{New: f})
		return
	}
	by := currentUser(r).ID
	var inc store.Incident
	err := h.store.InTx(r.Context(), func(tx *store.Store) error {
		var err error
		inc, err = tx.OpenIncident(r.Context(), store.NewIncident{
			Title: f.Title, Impact: f.Impact, Components: f.Components, Status: f.Status, Message: f.Message, By: by,
		})
		if err != nil {
			return err
		}
		return h.announceIncident(r.Context(), tx, inc, by)
	})
	if err != nil {
		h.log.Error("incident not opened", "error", err, "request_id", requestID(r.Context()))
		f.Problem = "The incident could not be saved just now. Please try again in a moment; what you wrote is kept below."
		h.renderAdminStatus(w, r, http.StatusServiceUnavailable, views.AdminStatus{New: f})
		return
	}
	h.log.Info("incident opened", "incident", inc.ID, "impact", inc.Impact, "status", inc.Status, "by", by)
	h.flash(r, views.Toast{Title: "Incident opened", Description: "It shows on the status page, and status subscribers are being emailed."})
	http.Redirect(w, r, "/admin/status#incident-"+itoa(int(inc.ID)), http.StatusSeeOther)
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
	f := views.IncidentUpdateForm{Status: field(r.PostForm, "status"), Message: strings.TrimSpace(r.PostFormValue("message")), Errors: catalog.FieldErrors{}}
	checkOption(f.Errors, "status", f.Status, views.IncidentStatuses, "Choose a status.")
	required(f.Errors, "message", f.Message, "Write what changed.")
	checkLength(f.Errors, "message", f.Message, views.IncidentMessageMax)
	back := views.AdminStatus{New: views.IncidentForm{Status: store.IncidentInvestigating}, Update: f, UpdateFor: id}
	if len(f.Errors) > 0 {
		h.renderAdminStatus(w, r, http.StatusUnprocessableEntity, back)
		return
	}
	by := currentUser(r).ID
	var inc store.Incident
	err := h.store.InTx(r.Context(), func(tx *store.Store) error {
		var err error
		if inc, err = tx.UpdateIncident(r.Context(), id, f.Status, f.Message, by); err != nil {
			return err
		}
		return h.announceIncident(r.Context(), tx, inc, by)
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case errors.Is(err, store.ErrIncidentResolved):
		h.flash(r, views.Toast{Title: "Already resolved", Description: "This incident was resolved before your update was posted.", Variant: "destructive"})
		http.Redirect(w, r, "/admin/status", http.StatusSeeOther)
		return
	case err != nil:
		h.log.Error("incident update not saved", "incident", id, "error", err, "request_id", requestID(r.Context()))
		back.Update.Problem = "The update could not be saved just now. Please try again in a moment; what you wrote is kept below."
		h.renderAdminStatus(w, r, http.StatusServiceUnavailable, back)
		return
	}
	h.log.Info("incident updated", "incident", id, "status", f.Status, "by", by)
	toast := views.Toast{Title: "Update posted", Description: "It shows on the status page, and status subscribers are being emailed."}
	if f.Status == store.IncidentResolved {
		toast = views.Toast{Title: "Incident resolved", Description: "It moves to the past incidents, and status subscribers are being emailed."}
	}
	h.flash(r, toast)
	http.Redirect(w, r, "/admin/status#incident-"+itoa(int(id)), http.StatusSeeOther)
}

// announceIncident emails the confirmed status subscribers inc's latest
// update, through a broadcast stored in tx (the incident's transaction).
func (h *Handlers) announceIncident(ctx context.Context, tx *store.Store, inc store.Incident, by int64) error {
	if len(inc.Updates) == 0 {
		return fmt.Errorf("incident %d has no update to announce", inc.ID)
	}
	u := inc.Updates[len(inc.Updates)-1]
	subject := "Incident: " + inc.Title
	switch {
	case u.Status == store.IncidentResolved:
		subject = "Resolved: " + inc.Title
	case len(inc.Updates) > 1:
		subject = "Update: " + inc.Title + " (" + views.IncidentStatusLabel(u.Status) + ")"
	case inc.Impact == store.ImpactMaintenance:
		subject = "Maintenance: " + inc.Title
	}
	var body strings.Builder
	fmt.Fprintf(&body, "**%s** · %s\n\n", views.IncidentStatusLabel(u.Status), views.MinuteUTC(u.CreatedAt))
	body.WriteString(u.Message + "\n\n")
	details := views.ImpactLabel(inc.Impact)
	if parts := inc.Parts(); len(parts) > 0 {
		names := make([]string, len(parts))
		for i, k := range parts {
			names[i] = status.ComponentName(k)
		}
		details += ". Affects " + strings.Join(names, ", ")
	}
	body.WriteString(details + ".\n\n")
	fmt.Fprintf(&body, "[Follow this incident on the status page](%s/status#incident-%d)\n", h.site.BaseURL, inc.ID)
	_, err := h.queueBroadcast(ctx, tx, store.Broadcast{
		List: store.ListStatus, Subject: subject, Body: body.String(),
		CreatedBy: sql.NullInt64{Int64: by, Valid: by != 0},
	})
	return err
}
