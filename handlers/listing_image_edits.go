package handlers

import (
	"errors"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// The manage page's "Logo and photos" section, continued: the changes to
// the images kept (alt texts, cover, order; deletion). listing_images.go
// has the section, its uploads and its answers (imagesDone, documented
// there), which these handlers share.

// editListingImages saves the photos' alt texts, cover and order; a Move
// up or Move down button (move=<id>:up|down) moves one photo a place, and
// saves the rest of the form with it. Order: the photos' ids in the
// form's `order` fields.
func (h *Handlers) editListingImages(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	p, err := h.imagesPanel(ctx, u, b)
	if h.broken(w, r, err) {
		return
	}
	e := domain.PhotoEdits{Alts: map[int64]string{}}
	for _, s := range r.PostForm["order"] {
		if id, ok := numberIn(s, 1, 1<<62); ok {
			e.Order = append(e.Order, id)
		}
	}
	if id, dir, ok := strings.Cut(r.PostFormValue("move"), ":"); ok && (dir == "up" || dir == "down") {
		e.Move, _ = numberIn(id, 1, 1<<62)
		e.Up = dir == "up"
	}
	e.Cover, _ = numberIn(r.PostFormValue("cover"), 1, 1<<62)
	for _, ph := range p.Photos {
		if vs, sent := r.PostForm[domain.AltField(ph.ID)]; sent {
			e.Alts[ph.ID] = vs[0]
		}
	}
	photos, err := h.domain.Images.Arrange(ctx, b.ID, e)
	var invalid domain.Invalid
	if errors.As(err, &invalid) {
		if acceptsJSON(r) {
			writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"errors": invalid.Fields()})
			return
		}
		byID := map[int64]views.ImageItem{}
		for _, ph := range p.Photos {
			byID[ph.ID] = ph
		}
		p.Photos, p.EditErrors = make([]views.ImageItem, len(photos)), invalid.Fields()
		for i, ph := range photos {
			p.Photos[i] = byID[ph.ID]
			p.Photos[i].Alt, p.Photos[i].Cover = ph.Alt, ph.Cover
		}
		h.renderMedia(w, r, http.StatusUnprocessableEntity, b, nil, views.ListingMedia{Images: p})
		return
	}
	if h.broken(w, r, err) {
		return
	}
	t := views.Toast{Title: "Photos saved", Description: "Your listing's page shows the cover photo first, then the others in this order."}
	if r.PostFormValue("move") != "" {
		t = views.Toast{Title: "Photo moved", Description: "Your other changes to the photos are saved too."}
	}
	h.imagesDone(w, r, b, t, nil)
}

// ownedImage is the image of the URL, when it belongs to the owner's
// listing of the URL; anything else is 404.
func (h *Handlers) ownedImage(w http.ResponseWriter, r *http.Request) (store.Business, views.ImageItem, store.ImageKind, bool) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return b, views.ImageItem{}, "", false
	}
	id, _ := numberIn(chi.URLParam(r, "imageID"), 1, 1<<62)
	img, err := h.domain.Images.Of(r.Context(), b.ID, id)
	if h.failed(w, r, err) {
		return b, views.ImageItem{}, "", false
	}
	return b, h.present.ImageItem(img), img.Kind, true
}

// deleteListingImagePage asks to confirm an image's deletion (the page the
// Delete link opens without JavaScript).
func (h *Handlers) deleteListingImagePage(w http.ResponseWriter, r *http.Request) {
	b, img, kind, ok := h.ownedImage(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.DeleteListingImagePage(h.chrome(r), views.ImageDeleteView{
		BusinessID: b.ID, Business: b.Name, ID: img.ID, Logo: kind == store.ImageLogo, Thumb: img.Thumb,
	}))
}

// deleteListingImage removes an image from the owner's listing; its files
// are deleted by a job queued in the same transaction.
func (h *Handlers) deleteListingImage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	id, _ := numberIn(chi.URLParam(r, "imageID"), 1, 1<<62)
	gone, err := h.domain.Images.Delete(r.Context(), b.ID, id, currentUser(r).ID)
	if errors.Is(err, store.ErrNotFound) {
		// Gone already (deleted in another tab, or by an administrator):
		// what the owner asked for is done; the section shows what is left.
		h.imagesDone(w, r, b, views.Toast{Title: "Already deleted", Description: "That image is no longer on your listing."}, nil)
		return
	}
	if h.broken(w, r, err) {
		return
	}
	t := views.Toast{Title: "Photo deleted", Description: "It no longer shows on your listing."}
	if gone.Kind == store.ImageLogo {
		t = views.Toast{Title: "Logo removed", Description: "Cards show your initials instead."}
	}
	h.imagesDone(w, r, b, t, nil)
}
