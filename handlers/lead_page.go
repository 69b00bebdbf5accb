package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// A lead's page (/dashboard/leads/{id}) and what its owner does there:
// change its status, add a private note, reply (emailed to the sender
// through the job queue, from the app's address with Reply-To the
// owner's), delete it. A locked lead's page shows nothing of its sender,
// names the plan that opens it, and takes no status, note or reply.

// ownedLead loads the lead of the URL if it came to one of the listings of
// the account the signed-in user works in (theirs, or the one they are a
// member of), with the account's billing and whether its plan locks it;
// anyone else gets 404.
func (h *Handlers) ownedLead(w http.ResponseWriter, r *http.Request) (store.OwnerLead, domain.Billing, bool) {
	ctx, u, id := r.Context(), currentUser(r), idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return store.OwnerLead{}, domain.Billing{}, false
	}
	bill, err := h.billingOf(ctx, u.Account())
	var l store.OwnerLead
	if err == nil {
		l, err = h.domain.Leads.OfAccount(ctx, h.store, u.Account(), id, bill)
	}
	if h.failed(w, r, err) {
		return store.OwnerLead{}, domain.Billing{}, false
	}
	return l, bill, true
}

// leadPage shows a lead to its owner.
func (h *Handlers) leadPage(w http.ResponseWriter, r *http.Request) {
	l, bill, ok := h.ownedLead(w, r)
	if !ok {
		return
	}
	v, err := h.leadPageView(r.Context(), currentUser(r), l, bill)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.LeadPage(h.chrome(r), v))
}

// leadPageView gathers a lead's page for viewer, of the account it came
// to: a locked lead's carries nothing of its sender, and names the plan
// that opens it.
func (h *Handlers) leadPageView(ctx context.Context, viewer *store.User, l store.OwnerLead, bill domain.Billing) (views.LeadPageView, error) {
	pg, err := h.domain.Leads.Page(ctx, *viewer, l)
	if err != nil {
		return views.LeadPageView{}, err
	}
	return present.LeadPage(l, bill, pg), nil
}

// leadAnswer renders a lead's page after a failed form with status and
// what the form held.
func (h *Handlers) leadAnswer(w http.ResponseWriter, r *http.Request, status int, l store.OwnerLead, bill domain.Billing, edit func(*views.LeadPageView)) {
	v, err := h.leadPageView(r.Context(), currentUser(r), l, bill)
	if h.broken(w, r, err) {
		return
	}
	edit(&v)
	h.render(w, r, status, views.LeadPage(h.chrome(r), v))
}

// lockedRefusal answers a form about a locked lead: nothing is done to a
// lead its owner cannot read.
func (h *Handlers) lockedRefusal(w http.ResponseWriter, r *http.Request, l store.OwnerLead, bill domain.Billing) {
	h.leadAnswer(w, r, http.StatusConflict, l, bill, func(v *views.LeadPageView) {
		v.Problem = "This lead is locked by your plan's monthly limit: upgrade to read and answer it."
	})
}

// leadRefused answers a change of l the domain refused: 409 for a locked
// lead, 422 with the form's messages (invalid edits the view), 404 for a
// lead deleted meanwhile. It reports whether it answered.
func (h *Handlers) leadRefused(w http.ResponseWriter, r *http.Request, err error, l store.OwnerLead, bill domain.Billing, invalid func(*views.LeadPageView, catalog.FieldErrors)) bool {
	var bad domain.Invalid
	switch {
	case errors.Is(err, domain.ErrLeadLocked):
		h.lockedRefusal(w, r, l, bill)
	case errors.As(err, &bad):
		h.leadAnswer(w, r, http.StatusUnprocessableEntity, l, bill, func(v *views.LeadPageView) { invalid(v, bad.Fields()) })
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
	default:
		return false
	}
	return true
}

// leadDone goes back to the lead's page with a toast.
func (h *Handlers) leadDone(w http.ResponseWriter, r *http.Request, id int64, t views.Toast, anchor string) {
	h.redirect(w, r, views.LeadPath(id)+anchor, t)
}

// updateLeadStatus moves a lead to the status chosen.
func (h *Handlers) updateLeadStatus(w http.ResponseWriter, r *http.Request) {
	l, bill, ok := h.ownedLead(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	status := r.PostFormValue("status")
	_, err := h.domain.Leads.Update(r.Context(), currentUser(r).Account(), l, currentUser(r).ID, domain.LeadUpdate{SetStatus: true, Status: status})
	if h.leadRefused(w, r, err, l, bill, func(v *views.LeadPageView, errs catalog.FieldErrors) { v.Problem = errs["status"] }) {
		return
	}
	if err != nil {
		clientgone.Error(h.log, r, "lead status not saved", slog.Any("error", err), "lead_id", l.ID)
		h.leadAnswer(w, r, http.StatusServiceUnavailable, l, bill, func(v *views.LeadPageView) {
			v.Problem = "The status could not be saved just now. Please try again in a moment."
		})
		return
	}
	t := views.Toast{Title: "Status updated", Description: "The lead is now " + catalog.LeadStatusLabel(status) + "."}
	if status == l.Status {
		t = views.Toast{Title: "Status unchanged", Description: "The lead was " + catalog.LeadStatusLabel(status) + " already."}
	}
	h.leadDone(w, r, l.ID, t, "")
}

// addLeadNote records a private note on a lead.
func (h *Handlers) addLeadNote(w http.ResponseWriter, r *http.Request) {
	l, bill, ok := h.ownedLead(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	note := strings.TrimSpace(r.PostFormValue("note"))
	_, err := h.domain.Leads.Update(r.Context(), currentUser(r).Account(), l, currentUser(r).ID, domain.LeadUpdate{AddNote: true, Note: note})
	if h.leadRefused(w, r, err, l, bill, func(v *views.LeadPageView, errs catalog.FieldErrors) { v.Note, v.NoteError = note, errs["note"] }) {
		return
	}
	if err != nil {
		clientgone.Error(h.log, r, "lead note not saved", slog.Any("error", err), "lead_id", l.ID)
		h.leadAnswer(w, r, http.StatusServiceUnavailable, l, bill, func(v *views.LeadPageView) {
			v.Note, v.Problem = note, "Your note could not be saved just now. Please try again in a moment; what you wrote is still here."
		})
		return
	}
	h.leadDone(w, r, l.ID, views.Toast{Title: "Note added", Description: "Only you and your account's team see it, in this lead's history."}, "")
}

// replyToLead emails the owner's reply to the lead's sender, through the
// job queue, from the app's address with Reply-To the owner's, and records
// it in the lead's history in the same transaction.
func (h *Handlers) replyToLead(w http.ResponseWriter, r *http.Request) {
	l, bill, ok := h.ownedLead(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	reply := strings.TrimSpace(r.PostFormValue("reply"))
	u := currentUser(r)
	err := h.domain.Leads.Reply(r.Context(), l, *u, reply)
	if h.leadRefused(w, r, err, l, bill, func(v *views.LeadPageView, errs catalog.FieldErrors) { v.Reply, v.ReplyError = reply, errs["reply"] }) {
		return
	}
	if err != nil {
		clientgone.Error(h.log, r, "lead reply not sent", slog.Any("error", err), "lead_id", l.ID)
		h.leadAnswer(w, r, http.StatusServiceUnavailable, l, bill, func(v *views.LeadPageView) {
			v.Reply, v.Problem = reply, "Your reply could not be sent just now. Please try again in a moment; what you wrote is still here."
		})
		return
	}
	h.leadDone(w, r, l.ID, views.Toast{Title: "Reply sent", Description: "We emailed it to " + l.Name + "; their answer comes to " + u.Email + "."}, "#lead-history")
}

// deleteLeadPage asks to confirm a lead's deletion.
func (h *Handlers) deleteLeadPage(w http.ResponseWriter, r *http.Request) {
	l, _, ok := h.ownedLead(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.LeadDeletePage(h.chrome(r), present.LeadDelete(l)))
}

// deleteLead erases a lead and goes back to the inbox.
func (h *Handlers) deleteLead(w http.ResponseWriter, r *http.Request) {
	l, _, ok := h.ownedLead(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	err := h.store.DeleteLead(r.Context(), l.ID)
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		clientgone.Error(h.log, r, "lead not deleted", slog.Any("error", err), "lead_id", l.ID)
		v := present.LeadDelete(l)
		v.Problem = "The lead could not be deleted just now. Please try again in a moment."
		h.render(w, r, http.StatusServiceUnavailable, views.LeadDeletePage(h.chrome(r), v))
		return
	}
	h.log.Info("lead deleted", "lead_id", l.ID, "business_id", l.BusinessID)
	h.redirect(w, r, "/dashboard/leads", views.Toast{Title: "Lead deleted", Description: "Its sender's details and message are erased."})
}
