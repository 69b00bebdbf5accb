package seed

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"

	"bizprofile/images"
	"bizprofile/plans"
	"bizprofile/storage"
	"bizprofile/store"
)

// TestSeedGivesSampleListingsImagesOnce: the seed draws a logo and photos
// for the sample listings, keeps them where the app serves images from,
// describes every photo, and adds nothing the second time.
func TestSeedGivesSampleListingsImagesOnce(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := store.Open(ctx, "", filepath.Join(dir, "bizprofile.db"), log)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	media, err := storage.NewDisk(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(ctx, db, media, 0, log); err != nil {
		t.Fatalf("seed: %v", err)
	}
	var first []int64
	for _, a := range sampleArts {
		b, err := db.BusinessBySlug(ctx, a.Slug)
		if err != nil {
			t.Fatalf("%s: %v", a.Slug, err)
		}
		imgs, err := db.ListingImages(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(imgs) != 1+len(a.Photos) || imgs[0].Kind != store.ImageLogo || b.Logo.Hash != imgs[0].Picture.Hash {
			t.Fatalf("%s: %d images, logo %q on the card", a.Slug, len(imgs), b.Logo)
		}
		if n := len(a.Photos); n < 2 || n > plans.Starter.Photos {
			t.Errorf("%s: %d photos, want 2 to the free plan's %d", a.Slug, n, plans.Starter.Photos)
		}
		for i, img := range imgs {
			first = append(first, img.ID)
			if img.AccountID != 0 {
				t.Errorf("%s: a sample image of account %d", a.Slug, img.AccountID)
			}
			if i > 0 && (!img.Shown() || img.Alt != a.Photos[i-1].Alt || img.Cover != (i == 1)) {
				t.Errorf("%s: photo %d %+v", a.Slug, i, img)
			}
			if img.Kind == store.ImagePhoto && (img.Picture.Width != samplePhotoW || !slices.Equal(img.Picture.Widths, images.VariantWidths(samplePhotoW))) {
				t.Errorf("%s: photo variants %v", a.Slug, img.Picture.Widths)
			}
			for _, k := range img.Picture.Keys() {
				rc, _, err := media.Open(ctx, k)
				if err != nil {
					t.Errorf("%s: %s not stored: %v", a.Slug, k, err)
					continue
				}
				rc.Close()
			}
		}
	}

	if err := Run(ctx, db, media, 0, log); err != nil {
		t.Fatalf("second seed: %v", err)
	}
	var again []int64
	for _, a := range sampleArts {
		b, _ := db.BusinessBySlug(ctx, a.Slug)
		imgs, _ := db.ListingImages(ctx, b.ID)
		for _, img := range imgs {
			again = append(again, img.ID)
		}
	}
	if !slices.Equal(first, again) {
		t.Errorf("the second seed changed the images: %v, then %v", first, again)
	}
}
