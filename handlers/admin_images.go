package handlers

import (
	"errors"
	"math"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// An administrator removes a listing's image that breaks the rules, with a
// reason (domain.Moderation.RemoveImage): the owner is emailed which image
// and why.

// imageParam reads the {image} of the URL; 0 when it is not an id.
func imageParam(r *http.Request) int64 {
	id, _ := numberIn(chi.URLParam(r, "image"), 1, math.MaxInt64)
	return id
}

// removeImageForm loads the listing and the image of the URL into the
// form that asks for the reason; false (after a 404 or an error page)
// when either is missing.
func (h *Handlers) removeImageForm(w http.ResponseWriter, r *http.Request) (views.AdminRemoveImage, store.AdminBusiness, bool) {
	b, img, err := h.domain.Moderation.Image(r.Context(), idParam(r), imageParam(r))
	if h.failed(w, r, err) {
		return views.AdminRemoveImage{}, b, false
	}
	return views.AdminRemoveImage{BusinessID: b.ID, BusinessName: b.Name, OwnerEmail: b.OwnerEmail.String,
		Image: h.present.AdminImage(b, img), Errors: catalog.FieldErrors{}}, b, true
}

// removeImagePage asks why the image is removed.
func (h *Handlers) removeImagePage(w http.ResponseWriter, r *http.Request) {
	v, _, ok := h.removeImageForm(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.AdminRemoveImagePage(h.chrome(r), v))
}

// removeImage removes the image with the reason given (422 by the field
// without one, or with one too long), deletes its files through the job
// queue and emails the owner, in one transaction.
func (h *Handlers) removeImage(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v, b, ok := h.removeImageForm(w, r)
	if !ok {
		return
	}
	v.Reason = strings.TrimSpace(r.PostFormValue("reason"))
	_, err := h.domain.Moderation.RemoveImage(r.Context(), *currentUser(r), domain.ImageRemoval{Business: b, ImageID: v.Image.ID, Reason: v.Reason})
	var invalid domain.Invalid
	if errors.As(err, &invalid) {
		v.Errors = invalid.Fields()
		h.render(w, r, http.StatusUnprocessableEntity, views.AdminRemoveImagePage(h.chrome(r), v))
		return
	}
	if errors.Is(err, store.ErrNotFound) {
		// Another administrator, or the owner, removed it first.
		h.redirect(w, r, v.BusinessHref(), views.Toast{Title: "Already gone", Description: "The image was removed from " + b.Name + " before you sent this."})
		return
	}
	if h.broken(w, r, err) {
		return
	}
	told := ""
	if b.OwnerEmail.String != "" {
		told = " " + b.OwnerEmail.String + " will be told by email why."
	}
	h.redirect(w, r, v.BusinessHref(), views.Toast{Title: "Image removed", Description: v.Image.Label() + " removed from " + b.Name + "." + told})
}
