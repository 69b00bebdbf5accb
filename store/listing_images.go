package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Listing images (issue 22): a listing's logo and photos. The files are in
// storage (package storage) as resized variants named by the upload's
// content hash; a row here says which image a listing shows, where, and
// how it is described. A row without a listing is an upload waiting to
// join one (the wizard's, or a form sent back with an error).

// ImageKind is what an image is to its listing.
type ImageKind string

// The kinds of listing image.
const (
	ImageLogo  ImageKind = "logo"
	ImagePhoto ImageKind = "photo"
)

// MaxAltLen bounds an image's alt text, in characters.
const MaxAltLen = 200

// PendingImageTTL is how long an upload may wait to join a listing before
// housekeeping deletes it.
const PendingImageTTL = 24 * time.Hour

// ListingImage is a logo or photo of a listing, or an upload waiting to
// join one (BusinessID not valid).
type ListingImage struct {
	ID         int64         `db:"id"`
	AccountID  int64         `db:"account_id"` // 0: the sample data's, of no account
	BusinessID sql.NullInt64 `db:"business_id"`
	Kind       ImageKind     `db:"kind"`
	Picture    Picture       `db:"picture"`
	Alt        string        `db:"alt"`
	Position   int           `db:"position"`
	Cover      bool          `db:"cover"`
	UploadedBy sql.NullInt64 `db:"uploaded_by"`
	CreatedAt  time.Time     `db:"created_at"`
}

// Shown reports whether pages show the image: a logo always, a photo once
// it is described.
func (i ListingImage) Shown() bool { return i.Kind == ImageLogo || strings.TrimSpace(i.Alt) != "" }

const listingImageColumns = `id, COALESCE(account_id, 0) AS account_id, business_id, kind, picture, alt, position, cover, uploaded_by, created_at`

// ListingImages are the images of a listing: its logo first, then its
// photos in order.
func (s *Store) ListingImages(ctx context.Context, businessID int64) ([]ListingImage, error) {
	var out []ListingImage
	err := s.db.SelectContext(ctx, &out, s.db.Rebind(`SELECT `+listingImageColumns+` FROM listing_images
		WHERE business_id = ? ORDER BY CASE kind WHEN 'logo' THEN 0 ELSE 1 END, position, id`), businessID)
	if err != nil {
		return nil, fmt.Errorf("store: listing images: %w", err)
	}
	return out, nil
}

// CountPhotos is how many photos a listing has.
func (s *Store) CountPhotos(ctx context.Context, businessID int64) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM listing_images WHERE business_id = ? AND kind = 'photo'`), businessID)
	if err != nil {
		return 0, fmt.Errorf("store: count photos: %w", err)
	}
	return n, nil
}

// PendingImages are the account's uploads that wait to join a listing,
// among ids (all of them when ids is nil), oldest first. Another account's
// upload is never returned.
func (s *Store) PendingImages(ctx context.Context, accountID int64, ids []int64) ([]ListingImage, error) {
	return s.pendingImages(ctx, accountID, ids, "")
}

// pendingImages is PendingImages; lock " FOR UPDATE" (PostgreSQL) holds
// the rows until the transaction ends, so that an upload attached by
// another transaction meanwhile is no longer returned.
func (s *Store) pendingImages(ctx context.Context, accountID int64, ids []int64, lock string) ([]ListingImage, error) {
	q := `SELECT ` + listingImageColumns + ` FROM listing_images WHERE account_id = ? AND business_id IS NULL`
	args := []any{accountID}
	if ids != nil {
		if len(ids) == 0 {
			return nil, nil
		}
		q += ` AND id IN (` + inList(len(ids)) + `)`
		args = append(args, anys(ids)...)
	}
	var out []ListingImage
	if err := s.db.SelectContext(ctx, &out, s.db.Rebind(q+` ORDER BY id`+lock), args...); err != nil {
		return nil, fmt.Errorf("store: pending images: %w", err)
	}
	return out, nil
}

// AddPendingImage keeps an upload of the account that is not part of a
// listing yet.
func (s *Store) AddPendingImage(ctx context.Context, img ListingImage) (ListingImage, error) {
	img.BusinessID = sql.NullInt64{}
	img.Position, img.Cover = 0, false
	return s.insertImage(ctx, img)
}

func (s *Store) insertImage(ctx context.Context, img ListingImage) (ListingImage, error) {
	if img.Kind != ImageLogo && img.Kind != ImagePhoto {
		return img, fmt.Errorf("store: image kind %q", img.Kind)
	}
	img.CreatedAt = time.Now().UTC()
	err := s.db.GetContext(ctx, &img.ID, s.db.Rebind(`INSERT INTO listing_images
		(account_id, business_id, kind, picture, hash, alt, position, cover, uploaded_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		sql.NullInt64{Int64: img.AccountID, Valid: img.AccountID != 0}, img.BusinessID, img.Kind, img.Picture, img.Picture.Hash, img.Alt, img.Position, img.Cover, img.UploadedBy, img.CreatedAt)
	if err != nil {
		return img, fmt.Errorf("store: add image: %w", err)
	}
	return img, nil
}

// ErrTooManyPhotos: the listing has as many photos as its plan allows.
var ErrTooManyPhotos = errors.New("store: the listing has as many photos as its plan allows")

// AddListingImage adds an image to a listing, in one transaction: a logo
// replaces the listing's logo (the replaced image is returned, for its
// files to be deleted); a photo goes last, and becomes the cover when the
// listing has none. A photo beyond maxPhotos is refused with
// ErrTooManyPhotos. When img.ID names a pending upload of the account, that
// row joins the listing instead of a new one (ErrNotFound when it is not a
// pending upload of the account, of img.Kind).
func (s *Store) AddListingImage(ctx context.Context, businessID int64, img ListingImage, maxPhotos int) (added ListingImage, replaced []ListingImage, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockImages(ctx, businessID); err != nil {
			return err
		}
		added, replaced, err = tx.attachImage(ctx, businessID, img, maxPhotos)
		if err != nil {
			return err
		}
		return tx.syncListingPictures(ctx, businessID)
	})
	return added, replaced, err
}

// AttachPendingImages makes the account's pending uploads among imgs (by
// ID, with their Alt) images of the listing, in the order given, as
// AddListingImage does each; photos beyond maxPhotos are refused with
// ErrTooManyPhotos and nothing is attached. Replaced logos are returned.
func (s *Store) AttachPendingImages(ctx context.Context, accountID, businessID int64, imgs []ListingImage, maxPhotos int) (replaced []ListingImage, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockImages(ctx, businessID); err != nil {
			return err
		}
		ids := make([]int64, len(imgs))
		for i, img := range imgs {
			ids[i] = img.ID
		}
		lock := ""
		if tx.dialect == Postgres {
			lock = " FOR UPDATE"
		}
		pending, err := tx.pendingImages(ctx, accountID, ids, lock)
		if err != nil {
			return err
		}
		byID := map[int64]ListingImage{}
		for _, p := range pending {
			byID[p.ID] = p
		}
		for _, img := range imgs {
			p, ok := byID[img.ID]
			if !ok {
				continue // pruned, another account's, or named twice: nothing to attach
			}
			delete(byID, img.ID)
			p.Alt = img.Alt
			_, r, err := tx.attachImage(ctx, businessID, p, maxPhotos)
			if err != nil {
				return err
			}
			replaced = append(replaced, r...)
		}
		return tx.syncListingPictures(ctx, businessID)
	})
	return replaced, err
}

// lockImages takes the listing's row lock for the rest of the transaction,
// so that two uploads at once count the photos and find the cover one
// after the other (on PostgreSQL both would see room under the cap, or no
// cover, and the second would break the one-cover index; SQLite writes one
// transaction at a time anyway). ErrNotFound when the listing is gone.
func (s *Store) lockImages(ctx context.Context, businessID int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		_, err := lockListing(ctx, tx, businessID)
		return err
	})
}

// attachImage is AddListingImage inside its transaction, without the sync.
func (s *Store) attachImage(ctx context.Context, businessID int64, img ListingImage, maxPhotos int) (ListingImage, []ListingImage, error) {
	img.BusinessID = sql.NullInt64{Int64: businessID, Valid: true}
	img.Cover = false
	var replaced []ListingImage
	switch img.Kind {
	case ImageLogo:
		if err := s.db.SelectContext(ctx, &replaced, s.db.Rebind(`SELECT `+listingImageColumns+` FROM listing_images
			WHERE business_id = ? AND kind = 'logo'`), businessID); err != nil {
			return img, nil, fmt.Errorf("store: add logo: %w", err)
		}
		if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM listing_images WHERE business_id = ? AND kind = 'logo'`), businessID); err != nil {
			return img, nil, fmt.Errorf("store: add logo: %w", err)
		}
		img.Position = 0
	case ImagePhoto:
		var st struct {
			N     int  `db:"n"`
			Last  int  `db:"last"`
			Cover bool `db:"has_cover"`
		}
		if err := s.db.GetContext(ctx, &st, s.db.Rebind(`SELECT COUNT(*) AS n, COALESCE(MAX(position), 0) AS last,
			COALESCE(MAX(CASE WHEN cover THEN 1 ELSE 0 END), 0) = 1 AS has_cover
			FROM listing_images WHERE business_id = ? AND kind = 'photo'`), businessID); err != nil {
			return img, nil, fmt.Errorf("store: add photo: %w", err)
		}
		if st.N >= maxPhotos {
			return img, nil, ErrTooManyPhotos
		}
		img.Position, img.Cover = st.Last+1, !st.Cover
	default:
		return img, nil, fmt.Errorf("store: image kind %q", img.Kind)
	}
	if img.ID != 0 {
		// Only a pending upload of the account, of the kind it was
		// counted as (a logo kept as a photo would make two logos).
		res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE listing_images SET business_id = ?, alt = ?, position = ?, cover = ?
			WHERE id = ? AND account_id = ? AND business_id IS NULL AND kind = ?`), businessID, img.Alt, img.Position, img.Cover, img.ID, img.AccountID, img.Kind)
		if err := affectedOne(res, err, "attach image"); err != nil {
			return img, nil, err
		}
		return img, replaced, nil
	}
	added, err := s.insertImage(ctx, img)
	return added, replaced, err
}

// ImageEdit is an owner's change to one image of a listing: its alt text
// and its place among the photos.
type ImageEdit struct {
	ID       int64
	Alt      string
	Position int
}

// EditListingImages saves alt texts and the photos' order (by Position,
// then the current order), and makes coverID the cover photo when it is one
// of the listing's photos (0: the cover stays). Images of other listings
// are left alone.
func (s *Store) EditListingImages(ctx context.Context, businessID int64, edits []ImageEdit, coverID int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockImages(ctx, businessID); err != nil {
			return err
		}
		current, err := tx.ListingImages(ctx, businessID)
		if err != nil {
			return err
		}
		pos := map[int64]int{}
		alt := map[int64]string{}
		for _, e := range edits {
			pos[e.ID], alt[e.ID] = e.Position, e.Alt
		}
		var photos []ListingImage
		for _, img := range current {
			if a, ok := alt[img.ID]; ok {
				img.Alt = a
			}
			if img.Kind == ImagePhoto {
				if p, ok := pos[img.ID]; ok {
					img.Position = p
				}
				photos = append(photos, img)
				continue
			}
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE listing_images SET alt = ? WHERE id = ?`), img.Alt, img.ID); err != nil {
				return fmt.Errorf("store: edit images: %w", err)
			}
		}
		slices.SortStableFunc(photos, func(a, b ListingImage) int { return a.Position - b.Position })
		isPhoto := slices.ContainsFunc(photos, func(p ListingImage) bool { return p.ID == coverID })
		if isPhoto {
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE listing_images SET cover = FALSE WHERE business_id = ? AND cover`), businessID); err != nil {
				return fmt.Errorf("store: edit images: %w", err)
			}
		}
		for i, p := range photos {
			cover := p.Cover
			if isPhoto {
				cover = p.ID == coverID
			}
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE listing_images SET alt = ?, position = ?, cover = ? WHERE id = ?`),
				p.Alt, i+1, cover, p.ID); err != nil {
				return fmt.Errorf("store: edit images: %w", err)
			}
		}
		return tx.syncListingPictures(ctx, businessID)
	})
}

// DeleteListingImage removes one image of a listing and returns it (for its
// files to be deleted); another listing's image is ErrNotFound. When the
// cover goes, the first photo left becomes the cover.
func (s *Store) DeleteListingImage(ctx context.Context, businessID, imageID int64) (ListingImage, error) {
	var img ListingImage
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockImages(ctx, businessID); err != nil {
			return err
		}
		err := tx.db.GetContext(ctx, &img, tx.db.Rebind(`SELECT `+listingImageColumns+` FROM listing_images WHERE id = ? AND business_id = ?`), imageID, businessID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: delete image: %w", err)
		}
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`DELETE FROM listing_images WHERE id = ?`), imageID); err != nil {
			return fmt.Errorf("store: delete image: %w", err)
		}
		if img.Cover {
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE listing_images SET cover = TRUE WHERE id =
				(SELECT id FROM listing_images WHERE business_id = ? AND kind = 'photo' ORDER BY position, id LIMIT 1)`), businessID); err != nil {
				return fmt.Errorf("store: delete image: %w", err)
			}
		}
		return tx.syncListingPictures(ctx, businessID)
	})
	return img, err
}

// ActionRemoveImage is an administrator's removal of a listing's image, in
// its moderation history.
const ActionRemoveImage = "remove_image"

// RemoveListingImage is an administrator's removal of an image from a
// listing, recorded with the reason (and in the listing's moderation
// history); it returns the image as DeleteListingImage does.
func (s *Store) RemoveListingImage(ctx context.Context, businessID, imageID int64, admin User, reason string) (ListingImage, error) {
	var img ListingImage
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if img, err = tx.DeleteListingImage(ctx, businessID, imageID); err != nil {
			return err
		}
		_, err = tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO listing_image_removals
			(business_id, kind, picture, alt, reason, removed_by, removed_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			businessID, img.Kind, img.Picture, img.Alt, reason, sql.NullInt64{Int64: admin.ID, Valid: admin.ID != 0}, time.Now().UTC())
		if err != nil {
			return fmt.Errorf("store: record image removal: %w", err)
		}
		what := "Logo"
		if img.Kind == ImagePhoto {
			what = "Photo"
			if img.Alt != "" {
				what += " “" + img.Alt + "”"
			}
		}
		return tx.WithTx(ctx, func(sx *sqlx.Tx) error {
			return recordAction(ctx, sx, businessID, admin, ActionRemoveImage, what+": "+reason, time.Now().UTC())
		})
	})
	return img, err
}

// syncListingPictures copies the listing's logo to businesses.logo, which
// cards read (and the directory's index follows), and counts its described
// photos in businesses.shown_photos (a page of a listing without any reads
// no image rows).
func (s *Store) syncListingPictures(ctx context.Context, businessID int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE businesses SET logo = COALESCE(
		(SELECT picture FROM listing_images WHERE business_id = ? AND kind = 'logo'), ''),
		shown_photos = (SELECT COUNT(*) FROM listing_images WHERE business_id = ? AND kind = 'photo' AND TRIM(alt) <> '')
		WHERE id = ?`), businessID, businessID, businessID)
	if err != nil {
		return fmt.Errorf("store: listing's logo: %w", err)
	}
	return nil
}

// ImagesOfListings are every image of the listings (for their files to be
// deleted with them).
func (s *Store) ImagesOfListings(ctx context.Context, businessIDs []int64) ([]ListingImage, error) {
	if len(businessIDs) == 0 {
		return nil, nil
	}
	var out []ListingImage
	err := s.db.SelectContext(ctx, &out, s.db.Rebind(`SELECT `+listingImageColumns+` FROM listing_images
		WHERE business_id IN (`+inList(len(businessIDs))+`) ORDER BY id`), anys(businessIDs)...)
	if err != nil {
		return nil, fmt.Errorf("store: images of listings: %w", err)
	}
	return out, nil
}

// ImagesOfAccount are every image the account holds: its listings' and its
// pending uploads (for their files to be deleted when it closes).
func (s *Store) ImagesOfAccount(ctx context.Context, accountID int64) ([]ListingImage, error) {
	var out []ListingImage
	err := s.db.SelectContext(ctx, &out, s.db.Rebind(`SELECT `+listingImageColumns+` FROM listing_images
		WHERE account_id = ? OR business_id IN (SELECT id FROM businesses WHERE owner_id = ?) ORDER BY id`), accountID, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: images of account: %w", err)
	}
	return out, nil
}

// PictureInUse reports whether any image row, or an agency's brand logo,
// still shows the content hash (the same file may be a logo of two
// listings): its files must stay.
func (s *Store) PictureInUse(ctx context.Context, hash string) (bool, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT (SELECT COUNT(*) FROM listing_images WHERE hash = ?)
		+ (SELECT COUNT(*) FROM partners WHERE brand_logo LIKE ?)`), hash, hash+".%")
	if err != nil {
		return false, fmt.Errorf("store: picture in use: %w", err)
	}
	return n > 0, nil
}

// PruneStaleImages deletes pending uploads older than age and returns them
// (for their files to be deleted).
func (s *Store) PruneStaleImages(ctx context.Context, age time.Duration) ([]ListingImage, error) {
	var out []ListingImage
	err := s.InTx(ctx, func(tx *Store) error {
		cutoff := time.Now().UTC().Add(-age)
		if err := tx.db.SelectContext(ctx, &out, tx.db.Rebind(`SELECT `+listingImageColumns+` FROM listing_images
			WHERE business_id IS NULL AND created_at < ?`), cutoff); err != nil {
			return fmt.Errorf("store: stale images: %w", err)
		}
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`DELETE FROM listing_images WHERE business_id IS NULL AND created_at < ?`), cutoff); err != nil {
			return fmt.Errorf("store: stale images: %w", err)
		}
		return nil
	})
	return out, err
}

// SetAccentColor saves a listing's branding colour ("" for none); the
// caller checks the colour and the plan.
func (s *Store) SetAccentColor(ctx context.Context, businessID int64, colour string) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE businesses SET accent_color = ?, updated_at = ? WHERE id = ?`), colour, time.Now().UTC(), businessID)
	return affectedOne(res, err, "set accent colour")
}
