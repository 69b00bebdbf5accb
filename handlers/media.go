package handlers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"

	"bizprofile/images"
	"bizprofile/jobs"
	"bizprofile/storage"
	"bizprofile/store"
	"bizprofile/views"
)

// Listing images (issue 22): uploads are checked (images.Check), turned
// into resized variants and kept in h.media (a folder under DATA_DIR or an
// S3-compatible bucket); store.ListingImage rows say which listing shows
// them. Files are deleted through the job queue, in the transaction that
// deletes their rows.

// imageWork bounds how many uploads are decoded and resized at once: one
// 12-megapixel photo takes about a second of a core and 250 MB.
const imageWork = 2

// KeepImage stores the variants of a checked upload under their
// content-hash keys and returns the picture they make. A variant already
// stored (the same file uploaded before) is written again, harmlessly.
func KeepImage(ctx context.Context, media storage.Store, u *images.Upload) (store.Picture, error) {
	vs, err := images.Variants(u)
	if err != nil {
		return store.Picture{}, fmt.Errorf("resize image: %w", err)
	}
	p := store.Picture{Hash: u.Hash, Width: u.Width, Height: u.Height}
	for _, v := range vs {
		ext := v.Name[strings.LastIndexByte(v.Name, '.')+1:]
		p.Ext = ext
		p.Widths = append(p.Widths, v.Width)
		if err := media.Put(ctx, p.Key(v.Width), bytes.NewReader(v.Data), int64(len(v.Data)), v.ContentType); err != nil {
			return store.Picture{}, fmt.Errorf("store image variant: %w", err)
		}
	}
	return p, nil
}

// errStorage wraps a failure of the image storage (as opposed to a refused
// upload): the visitor is told to try again, and the log says why.
var errStorage = errors.New("image storage failed")

// keepUpload checks an upload and keeps its variants. A refused file is an
// *images.Error (its message is for the owner) and nothing is stored; a
// failure of the storage wraps errStorage.
func (h *Handlers) keepUpload(ctx context.Context, r io.Reader) (store.Picture, error) {
	// The bytes arrive first, outside the bound (a slow client holds no
	// slot); the check decodes every pixel, so it runs inside it.
	data, err := io.ReadAll(io.LimitReader(r, images.MaxBytes+1))
	if err != nil {
		return store.Picture{}, fmt.Errorf("images: reading the upload: %w", err)
	}
	select {
	case h.imageSlots <- struct{}{}:
		defer func() { <-h.imageSlots }()
	case <-ctx.Done():
		return store.Picture{}, ctx.Err()
	}
	u, err := images.CheckBytes(data)
	if err != nil {
		return store.Picture{}, err
	}
	p, err := KeepImage(ctx, h.media, u)
	if err != nil {
		return store.Picture{}, fmt.Errorf("%w: %w", errStorage, err)
	}
	return p, nil
}

// forgetImages queues the deletion of imgs' files, in tx (the transaction
// that deleted their rows).
func forgetImages(ctx context.Context, tx *store.Store, imgs []store.ListingImage) error {
	j := jobs.DeleteImages(imgs)
	if j.Kind == "" {
		return nil
	}
	return tx.Enqueue(ctx, j)
}

// deleteImageFiles is the work of a deletion job: the files of each
// picture no image row uses any more (the same file may show on two
// listings) are deleted from storage.
func (h *Handlers) deleteImageFiles(ctx context.Context, pics []store.Picture) error {
	for _, p := range pics {
		used, err := h.store.PictureInUse(ctx, p.Hash)
		if err != nil {
			return err
		}
		if used {
			continue
		}
		for _, key := range p.Keys() {
			if err := h.media.Delete(ctx, key); err != nil {
				return fmt.Errorf("delete %s: %w", key, err)
			}
		}
		h.log.Info("image files deleted", "hash", p.Hash, slog.Int("variants", len(p.Widths)))
	}
	return nil
}

// image is how a page shows picture p, displayed about display CSS pixels
// wide: the variant that fits as src, every variant in srcset (sizes says
// how wide it shows), and the src's size as width and height so the page
// keeps its place before it loads.
func (h *Handlers) image(p store.Picture, alt string, display int, sizes string) views.Image {
	if p.IsZero() {
		return views.Image{}
	}
	w := p.Fit(display)
	img := views.Image{Src: h.media.URL(p.Key(w)), Width: w, Height: p.HeightAt(w), Alt: alt, Sizes: sizes}
	if len(p.Widths) > 1 {
		parts := make([]string, len(p.Widths))
		for i, vw := range p.Widths {
			parts[i] = h.media.URL(p.Key(vw)) + " " + strconv.Itoa(vw) + "w"
		}
		img.Srcset = strings.Join(parts, ", ")
	}
	return img
}
