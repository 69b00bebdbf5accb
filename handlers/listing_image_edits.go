package handlers

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
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
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	byID := map[int64]views.ImageItem{}
	for _, ph := range p.Photos {
		byID[ph.ID] = ph
	}
	// The order sent (ids of this listing's photos, once each), then any
	// photo the form did not name, in its stored order.
	var order []int64
	for _, s := range r.PostForm["order"] {
		if id, ok := numberIn(s, 1, 1<<62); ok {
			if _, mine := byID[id]; mine && !slices.Contains(order, id) {
				order = append(order, id)
			}
		}
	}
	for _, ph := range p.Photos {
		if !slices.Contains(order, ph.ID) {
			order = append(order, ph.ID)
		}
	}
	if id, dir, ok := strings.Cut(r.PostFormValue("move"), ":"); ok {
		if n, ok := numberIn(id, 1, 1<<62); ok {
			if i := slices.Index(order, n); i >= 0 {
				switch {
				case dir == "up" && i > 0:
					order[i-1], order[i] = order[i], order[i-1]
				case dir == "down" && i < len(order)-1:
					order[i+1], order[i] = order[i], order[i+1]
				}
			}
		}
	}
	var cover int64
	if id, ok := numberIn(r.PostFormValue("cover"), 1, 1<<62); ok {
		if _, mine := byID[id]; mine {
			cover = id
		}
	}
	edits := make([]store.ImageEdit, 0, len(order))
	photos := make([]views.ImageItem, 0, len(order))
	errs := catalog.FieldErrors{}
	for i, id := range order {
		ph := byID[id]
		field := "alt_" + strconv.FormatInt(id, 10)
		if vs, sent := r.PostForm[field]; sent {
			ph.Alt = strings.TrimSpace(vs[0])
		}
		if msg := checkAlt(ph.Alt); msg != "" {
			errs[field] = msg
		}
		if cover != 0 {
			ph.Cover = id == cover
		}
		edits = append(edits, store.ImageEdit{ID: id, Alt: ph.Alt, Position: i + 1})
		photos = append(photos, ph)
	}
	if len(errs) > 0 {
		if acceptsJSON(r) {
			writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"errors": errs})
			return
		}
		p.Photos, p.EditErrors = photos, errs
		h.renderImagesPanel(w, r, http.StatusUnprocessableEntity, b, p)
		return
	}
	if err := h.store.EditListingImages(ctx, b.ID, edits, cover); err != nil {
		h.serverError(w, r, err)
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
	imgs, err := h.store.ListingImages(r.Context(), b.ID)
	if err != nil {
		h.serverError(w, r, err)
		return b, views.ImageItem{}, "", false
	}
	for _, img := range imgs {
		if img.ID == id {
			return b, h.imageItem(img), img.Kind, true
		}
	}
	h.notFound(w, r)
	return b, views.ImageItem{}, "", false
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
	ctx := r.Context()
	var gone store.ListingImage
	err := h.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if gone, err = tx.DeleteListingImage(ctx, b.ID, id); err != nil {
			return err
		}
		return forgetImages(ctx, tx, []store.ListingImage{gone})
	})
	if errors.Is(err, store.ErrNotFound) {
		// Gone already (deleted in another tab, or by an administrator):
		// what the owner asked for is done; the section shows what is left.
		h.imagesDone(w, r, b, views.Toast{Title: "Already deleted", Description: "That image is no longer on your listing."}, nil)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("listing image deleted", "business_id", b.ID, "image_id", id, "user_id", currentUser(r).ID)
	t := views.Toast{Title: "Photo deleted", Description: "It no longer shows on your listing."}
	if gone.Kind == store.ImageLogo {
		t = views.Toast{Title: "Logo removed", Description: "Cards show your initials instead."}
	}
	h.imagesDone(w, r, b, t, nil)
}
