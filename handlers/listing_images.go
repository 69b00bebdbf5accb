package handlers

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"net/http"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The manage page's "Logo and photos" section (issue 22): the owner (or a
// member of their account) uploads a logo and the photos their plan
// allows, describes, orders and deletes them. Every form works as a plain
// multipart or urlencoded post; the upload island (islands/images) sends
// the same posts with Accept: application/json and reads these answers:
//
//	200 {"image": Item, "photos": [Item…], "count": n, "max": m}   (image: the one added)
//	422 {"errors": {"file" | "alt" | "alt_<id>" | "photos": message}, "pending": Item}
//	429 and 503 {"errors": {"file": message}}
//
// where Item is views.ImageItem: {"id", "thumb": views.Image, "alt", "cover"};
// "pending" is a photo kept without its alt text, to send again as pending_id.

// imagesPanel is the manage page's "Logo and photos" section of b, as
// stored.
func (h *Handlers) imagesPanel(ctx context.Context, u *store.User, b store.Business) (views.ImagesPanel, error) {
	p := views.ImagesPanel{BusinessID: b.ID, Rules: imageRules, EditErrors: catalog.FieldErrors{},
		Add: views.PhotoUpload{Errors: catalog.FieldErrors{}}}
	bill, err := h.billingOf(ctx, u.Account())
	if err != nil {
		return p, err
	}
	p.MaxPhotos, p.Plan, p.Banner = bill.Photos(), bill.Plan.Name, bill.MayBrand()
	if up, ok := bill.MorePhotos(); ok {
		p.Upgrade = up.Name
	}
	p.BannerPlan = plans.FirstWithBranding().Name
	imgs, err := h.store.ListingImages(ctx, b.ID)
	if err != nil {
		return p, err
	}
	for _, img := range imgs {
		if img.Kind == store.ImageLogo {
			p.Logo = h.present.ImageItem(img)
			continue
		}
		p.Photos = append(p.Photos, h.present.ImageItem(img))
	}
	return p, nil
}

// addListingImage takes a logo or a photo for the owner's listing (the
// form's kind): the plan's cap first, then the file, then the photo's alt
// text. A photo whose file passed but whose alt text did not is kept as a
// pending upload, so the form sent back needs only the text.
func (h *Handlers) addListingImage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok {
		return
	}
	f, ok := h.readImageForm(w, r)
	if !ok {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	p, err := h.imagesPanel(ctx, u, b)
	if h.broken(w, r, err) {
		return
	}
	kind := store.ImagePhoto
	if f.Values.Get("kind") == string(store.ImageLogo) {
		kind = store.ImageLogo
	}
	alt := strings.TrimSpace(f.Values.Get("alt"))
	p.Add.Alt = alt
	// fail answers the form with its messages (by "file" and "alt").
	fail := func(status int, errs catalog.FieldErrors) {
		if kind == store.ImageLogo {
			p.LogoError = errs["file"]
		} else {
			maps.Copy(p.Add.Errors, errs)
		}
		if acceptsJSON(r) {
			body := map[string]any{"errors": errs}
			if p.Add.PendingID != 0 {
				body["pending"] = views.ImageItem{ID: p.Add.PendingID, Thumb: p.Add.Pending, Alt: alt}
			}
			writeJSON(w, status, body)
			return
		}
		var toast *views.Toast
		if status == http.StatusServiceUnavailable {
			toast = &views.Toast{Title: "Your image was not saved", Description: errs["file"], Variant: "destructive"}
		}
		h.renderMedia(w, r, status, b, toast, views.ListingMedia{Images: p})
	}
	in := domain.NewImage{BusinessID: b.ID, AccountID: u.Account(), UserID: u.ID, Kind: kind, Alt: alt, Upload: f.Upload,
		Photos: len(p.Photos), MaxPhotos: p.MaxPhotos}
	in.PendingID, _ = numberIn(f.Values.Get("pending_id"), 1, 1<<62)
	if in.Full() {
		fail(http.StatusUnprocessableEntity, catalog.FieldErrors{"file": p.CapMessage()})
		return
	}
	if f.File != nil {
		if msg := h.uploadLimited(w, r); msg != "" {
			fail(http.StatusTooManyRequests, catalog.FieldErrors{"file": msg})
			return
		}
	}
	added, err := h.domain.Images.Add(ctx, in)
	var invalid domain.Invalid
	switch {
	case errors.As(err, &invalid):
		// The file passed, its alt text did not: it is kept pending.
		p.Add.PendingID, p.Add.Pending = added.ID, h.present.Image(added.Picture, "The photo you chose", present.PhotoThumbPx, strconv.Itoa(present.PhotoThumbPx)+"px")
		fail(http.StatusUnprocessableEntity, invalid.Fields())
		return
	case errors.Is(err, store.ErrTooManyPhotos):
		// Another upload took the last place since the check.
		fail(http.StatusUnprocessableEntity, catalog.FieldErrors{"file": p.CapMessage()})
		return
	case err != nil:
		msg, status, ok := uploadError(err)
		if !ok {
			h.serverError(w, r, err)
			return
		}
		if status == http.StatusServiceUnavailable {
			clientgone.Error(h.log, r, "image not stored", slog.Any("error", err), "business_id", b.ID, "request_id", requestID(ctx))
		} else {
			h.log.Info("image refused", "reason", msg, "business_id", b.ID)
		}
		fail(status, catalog.FieldErrors{"file": msg})
		return
	}
	t := views.Toast{Title: "Photo added", Description: "It shows on your listing's page."}
	if kind == store.ImageLogo {
		t = views.Toast{Title: "Logo saved", Description: "Your listing's card and page show it."}
	}
	h.imagesDone(w, r, b, t, &added)
}

// imagesDone answers a change that worked: the section's new state as
// JSON for the island, else a toast and back to the section.
func (h *Handlers) imagesDone(w http.ResponseWriter, r *http.Request, b store.Business, t views.Toast, added *store.ListingImage) {
	if !acceptsJSON(r) {
		h.redirect(w, r, manageURL(b.ID)+"#photos", t)
		return
	}
	p, err := h.imagesPanel(r.Context(), currentUser(r), b)
	if h.broken(w, r, err) {
		return
	}
	body := map[string]any{"photos": nonNil(p.Photos), "count": len(p.Photos), "max": p.MaxPhotos, "toast": t}
	if added != nil {
		body["image"] = h.present.ImageItem(*added)
	}
	writeJSON(w, http.StatusOK, body)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// renderMedia shows the manage page with toast (nil: none) and the logo,
// photos and branding sections as a failed post of theirs left them.
func (h *Handlers) renderMedia(w http.ResponseWriter, r *http.Request, status int, b store.Business, toast *views.Toast, m views.ListingMedia) {
	f, err := h.manageForm(r.Context(), b)
	if h.broken(w, r, err) {
		return
	}
	c := h.chrome(r)
	if toast != nil {
		c.Toasts = append(c.Toasts, *toast)
	}
	h.renderManageWith(w, r, status, c, b, f, views.VerificationForm{}, m)
}
