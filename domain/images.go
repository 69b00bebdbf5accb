package domain

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bizprofile/images"
	"bizprofile/jobs"
	"bizprofile/plans"
	"bizprofile/storage"
	"bizprofile/store"
)

// Images are listings' logos and photos: what an upload must be, how many
// a plan shows, and their files' deletion. An upload is checked
// (images.Check), turned into resized variants and kept in the media
// storage (a folder under DATA_DIR or an S3-compatible bucket);
// store.ListingImage rows say which listing shows them. Files are deleted
// through the job queue, in the transaction that deletes their rows.
type Images struct {
	*env
	// work bounds the memory, and the number, of the uploads decoded and
	// resized at once, in the whole process.
	work *images.Work
}

func newImages(e *env) *Images {
	return &Images{env: e, work: images.NewWork(images.WorkBytes, images.WorkAtOnce, images.WorkWait)}
}

// Photos is how many photos a listing shows on the plan (a logo besides).
// An account that moved to a smaller plan keeps its photos; its pages
// show the first this many.
func (b Billing) Photos() int { return b.Plan.Photos }

// MorePhotos is the cheapest plan that shows more photos than b's, to
// name where a listing is full; ok is false on the largest.
func (b Billing) MorePhotos() (p plans.Plan, ok bool) {
	p = plans.FirstWith(func(q plans.Plan) bool { return q.Photos > b.Photos() })
	return p, p.Photos > b.Photos()
}

// Messages of an image's checks, by its fields.
const (
	NoFileMessage     = "Choose a JPEG, PNG or WebP file to upload"
	StorageMessage    = "We couldn't store your image just now. Please try again in a moment."
	BusyMessage       = "We're processing a lot of images just now. Please try again in a minute."
	AltMissingMessage = "Describe the photo: screen readers read this to people who can't see it"
)

// AltTooLongMessage is by a photo's description past store.MaxAltLen.
var AltTooLongMessage = "Keep the description to " + strconv.Itoa(store.MaxAltLen) + " characters or fewer"

// CheckAlt is the message about a photo's alt text, "" when it will do:
// pages show no photo without one.
func CheckAlt(alt string) string {
	switch {
	case alt == "":
		return AltMissingMessage
	case utf8.RuneCountInString(alt) > store.MaxAltLen:
		return AltTooLongMessage
	}
	return ""
}

// ErrNoFile: the form came without a file.
var ErrNoFile = &images.Error{Code: "no_file", Message: NoFileMessage}

// ErrStorage wraps a failure of the image storage (as opposed to a refused
// upload): the owner is told to try again, and the log says why.
var ErrStorage = errors.New("image storage failed")

// KeepImage stores the variants of a checked upload in media under their
// content-hash keys and returns the picture they make. A variant already
// stored (the same file uploaded before) is written again, harmlessly.
func KeepImage(ctx context.Context, media storage.Store, u *images.Upload) (store.Picture, error) {
	vs, err := images.Variants(u)
	if err != nil {
		return store.Picture{}, fmt.Errorf("resize image: %w", err)
	}
	p := store.Picture{Hash: u.Hash, Width: u.Width, Height: u.Height}
	for _, v := range vs {
		p.Ext = v.Name[strings.LastIndexByte(v.Name, '.')+1:]
		p.Widths = append(p.Widths, v.Width)
		if err := media.Put(ctx, p.Key(v.Width), bytes.NewReader(v.Data), int64(len(v.Data)), v.ContentType); err != nil {
			return store.Picture{}, fmt.Errorf("store image variant: %w", err)
		}
	}
	return p, nil
}

// Keep checks the upload read from r and keeps its variants. A refused
// file is an *images.Error (its message is for the owner) and nothing is
// stored; a failure of the storage wraps ErrStorage; images.ErrBusy when
// the uploads being processed left it no room in time (BusyMessage); an
// error of r (a body over its cap) is returned as it is.
func (im *Images) Keep(ctx context.Context, r io.Reader) (store.Picture, error) {
	// The bytes arrive first, outside the bound (a slow client holds no
	// room), then the header says what decoding them will take: a file
	// that would take too much is refused before waiting for any.
	data, err := io.ReadAll(io.LimitReader(r, images.MaxBytes+1))
	if err != nil {
		return store.Picture{}, fmt.Errorf("images: reading the upload: %w", err)
	}
	cost, err := images.Measure(data)
	if err != nil {
		return store.Picture{}, err
	}
	done, err := im.work.Start(ctx, cost)
	if errors.Is(err, images.ErrBusy) {
		im.log.Warn("image upload waited too long for memory", "bytes", cost.Bytes())
	}
	if err != nil {
		return store.Picture{}, err
	}
	defer done()
	u, err := images.CheckBytes(data)
	if err != nil {
		return store.Picture{}, err
	}
	p, err := KeepImage(ctx, im.media, u)
	if err != nil {
		return store.Picture{}, fmt.Errorf("%w: %w", ErrStorage, err)
	}
	return p, nil
}

// Upload is the file a form sent for an image.
type Upload struct {
	File []byte // nil: no file chosen
	// TooLarge: the file (or the whole body) was over its limit.
	TooLarge bool
}

// KeepUpload is Keep of the form's file: images.ErrTooLarge or ErrNoFile
// when there is none to keep.
func (im *Images) KeepUpload(ctx context.Context, u Upload) (store.Picture, error) {
	switch {
	case u.TooLarge:
		return store.Picture{}, images.ErrTooLarge
	case u.File == nil:
		return store.Picture{}, ErrNoFile
	}
	return im.Keep(ctx, bytes.NewReader(u.File))
}

// AddPending records pic as an upload of accountID's account by userID
// that waits for a listing (the wizard's, or a photo sent without its alt
// text); only that account can attach it.
func (im *Images) AddPending(ctx context.Context, accountID, userID int64, kind store.ImageKind, pic store.Picture) (store.ListingImage, error) {
	return im.store.AddPendingImage(ctx, store.ListingImage{
		AccountID: accountID, Kind: kind, Picture: pic, UploadedBy: sql.NullInt64{Int64: userID, Valid: userID != 0},
	})
}

// KeepPending checks an upload read from r, keeps its variants and
// records it as a pending image (AddPending). Errors are Keep's.
func (im *Images) KeepPending(ctx context.Context, accountID, userID int64, kind store.ImageKind, r io.Reader) (int64, error) {
	pic, err := im.Keep(ctx, r)
	if err != nil {
		return 0, err
	}
	img, err := im.AddPending(ctx, accountID, userID, kind, pic)
	return img.ID, err
}

// Of is the image imageID of the listing businessID (store.ErrNotFound
// when the listing has none of that id).
func (im *Images) Of(ctx context.Context, businessID, imageID int64) (store.ListingImage, error) {
	return imageOf(ctx, im.store, businessID, imageID)
}

func imageOf(ctx context.Context, st *store.Store, businessID, imageID int64) (store.ListingImage, error) {
	imgs, err := st.ListingImages(ctx, businessID)
	if err != nil {
		return store.ListingImage{}, err
	}
	for _, img := range imgs {
		if img.ID == imageID {
			return img, nil
		}
	}
	return store.ListingImage{}, store.ErrNotFound
}

// Delete removes an image from an owner's listing (userID asked); its
// files are deleted by a job queued in the same transaction.
// store.ErrNotFound when it is gone already.
func (im *Images) Delete(ctx context.Context, businessID, imageID, userID int64) (store.ListingImage, error) {
	var gone store.ListingImage
	err := im.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if gone, err = tx.DeleteListingImage(ctx, businessID, imageID); err != nil {
			return err
		}
		return forgetImages(ctx, tx, []store.ListingImage{gone})
	})
	if err == nil {
		im.log.Info("listing image deleted", "business_id", businessID, "image_id", imageID, "user_id", userID)
	}
	return gone, err
}

// Forget queues the deletion of imgs' files on tx, the transaction that
// deleted their rows (a listing's, an account's).
func (im *Images) Forget(ctx context.Context, tx *store.Store, imgs []store.ListingImage) error {
	return forgetImages(ctx, tx, imgs)
}

// forgetImages is Forget.
func forgetImages(ctx context.Context, tx *store.Store, imgs []store.ListingImage) error {
	j := jobs.DeleteImages(imgs)
	if j.Kind == "" {
		return nil
	}
	return tx.Enqueue(ctx, j)
}

// DeleteFiles is the work of a deletion job: the files of each picture no
// image row uses any more (the same file may show on two listings) are
// deleted from storage.
func (im *Images) DeleteFiles(ctx context.Context, pics []store.Picture) error {
	for _, p := range pics {
		used, err := im.store.PictureInUse(ctx, p.Hash)
		if err != nil {
			return err
		}
		if used {
			continue
		}
		for _, key := range p.Keys() {
			if err := im.media.Delete(ctx, key); err != nil {
				return fmt.Errorf("delete %s: %w", key, err)
			}
		}
		im.log.Info("image files deleted", "hash", p.Hash, slog.Int("variants", len(p.Widths)))
	}
	return nil
}

// PruneStaleImages deletes on st the uploads that never joined a listing
// within age (main's housekeeping gives store.PendingImageTTL: a wizard
// left half-way, a form never sent again) and queues their files'
// deletion in the same transaction. It returns how many uploads went.
func PruneStaleImages(ctx context.Context, st *store.Store, age time.Duration) (int, error) {
	var n int
	err := st.InTx(ctx, func(tx *store.Store) error {
		stale, err := tx.PruneStaleImages(ctx, age)
		if err != nil {
			return err
		}
		n = len(stale)
		return forgetImages(ctx, tx, stale)
	})
	return n, err
}
