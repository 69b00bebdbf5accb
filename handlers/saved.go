package handlers

import (
	"errors"
	"log/slog"
	"net/http"

	"bizprofile/clientgone"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Saved businesses: 'Save' on the directory's cards and on a listing's
// page, and the list at /dashboard/saved. Without JavaScript the button is
// a form that comes back to the page it was on (a local `next`) with a
// toast; htmx (and the directory's island, which sends it the same way)
// gets the turned-over button and the toast in a header.

// saveBusiness saves the listing of the URL for the signed-in account.
func (h *Handlers) saveBusiness(w http.ResponseWriter, r *http.Request) { h.setSaved(w, r, true) }

// unsaveBusiness removes it from the account's saved businesses.
func (h *Handlers) unsaveBusiness(w http.ResponseWriter, r *http.Request) { h.setSaved(w, r, false) }

func (h *Handlers) setSaved(w http.ResponseWriter, r *http.Request, save bool) {
	slug, ok := slugParam(r)
	if !ok {
		h.notFound(w, r)
		return
	}
	if !h.parseForm(w, r) {
		return
	}
	next := localPath(r.PostFormValue("next"), "/directory/"+slug)
	u := currentUser(r)
	if u == nil {
		// Back to the page after signing in, where Save is offered again.
		h.signInFirst(w, r, next, views.SignInToSave)
		return
	}
	ctx := r.Context()
	b, err := h.store.BusinessBySlug(ctx, slug)
	if errors.Is(err, store.ErrNotFound) || (err == nil && save && !b.Published) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		b.Slug, b.Name = slug, "this business"
	} else {
		if save {
			err = h.store.SaveBusiness(ctx, u.ID, b.ID)
		} else {
			err = h.store.UnsaveBusiness(ctx, u.ID, b.ID)
		}
	}
	status, toast := http.StatusOK, views.Toast{Title: "Saved", Description: b.Name + " is in your saved businesses."}
	if !save {
		toast = views.Toast{Title: "Removed from your saved businesses", Description: b.Name + " is no longer saved."}
	}
	if err != nil {
		clientgone.Error(h.log, r, "save business", slog.Any("error", err), "slug", slug, "save", save, "request_id", requestID(ctx))
		status, save = http.StatusServiceUnavailable, !save // the button stays as it was
		toast = views.Toast{Title: "Not changed", Description: "Your saved businesses could not be changed just now. Please try again.", Variant: "destructive"}
	}
	if isHTMX(r) {
		setToastTrigger(w, toast)
		w.Header().Set("Cache-Control", "no-store")
		h.render(w, r, status, views.SaveButton(views.SaveToggle{Slug: b.Slug, Name: b.Name, Saved: save, Next: next, Page: true}))
		return
	}
	h.redirect(w, r, next, toast)
}

// savedPage lists every published listing the account saved, each with
// Remove.
func (h *Handlers) savedPage(w http.ResponseWriter, r *http.Request) {
	bs, _, err := h.store.SavedBusinesses(r.Context(), currentUser(r).ID, 0)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.SavedPage(h.chrome(r), views.SavedView{Businesses: present.SavedBusinesses(bs)}))
}

// markSaved sets Saved on the cards of a page of listings (cards[i] is
// bs[i]) that the signed-in visitor saved: one query, none for a visitor
// without an account (whose pages the directory keeps). Should it fail,
// the cards offer Save, which is harmless to press again.
func (h *Handlers) markSaved(r *http.Request, cards []views.BusinessCard, bs []store.Business) {
	u := currentUser(r)
	if u == nil || len(bs) == 0 {
		return
	}
	saved, err := h.store.SavedAmong(r.Context(), u.ID, store.BusinessIDs(bs))
	if err != nil {
		clientgone.Error(h.log, r, "saved among", slog.Any("error", err), "request_id", requestID(r.Context()))
		return
	}
	for i := range cards {
		cards[i].Saved = saved[bs[i].ID]
	}
}

// saveToggle is the Save button of a listing's page for the visitor.
func (h *Handlers) saveToggle(r *http.Request, b store.Business) views.SaveToggle {
	t := views.SaveToggle{Slug: b.Slug, Name: b.Name, Next: "/directory/" + b.Slug, Page: true}
	if u := currentUser(r); u != nil {
		saved, err := h.store.SavedAmong(r.Context(), u.ID, []int64{b.ID})
		if err != nil {
			clientgone.Error(h.log, r, "saved among", slog.Any("error", err), "request_id", requestID(r.Context()))
		}
		t.Saved = saved[b.ID]
	}
	return t
}
