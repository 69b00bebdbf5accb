package handlers

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/images"
	"bizprofile/jobs"
	"bizprofile/storage"
	"bizprofile/storage/storagetest"
	"bizprofile/store"
)

// unstoredLogo is a logo whose files were never stored: enough for pages
// that only link to them.
var unstoredLogo = store.Picture{Hash: "0123456789abcdef0123456789abcdef", Ext: "png", Width: 400, Height: 400, Widths: []int{160, 400}}

// keepTestImage checks an image of images/testdata and keeps its variants
// in media, as an upload would be.
func keepTestImage(t *testing.T, media storage.Store, name string) store.Picture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "images", "testdata", name))
	must(t, err)
	u, err := images.CheckBytes(data)
	must(t, err)
	p, err := domain.KeepImage(context.Background(), media, u)
	must(t, err)
	return p
}

// storedKeys are the keys of p's variants that media still has.
func storedKeys(t *testing.T, media storage.Store, p store.Picture) []string {
	t.Helper()
	var out []string
	for _, k := range p.Keys() {
		rc, _, err := media.Open(context.Background(), k)
		switch {
		case err == nil:
			rc.Close()
			out = append(out, k)
		case !errors.Is(err, storage.ErrNotFound):
			t.Fatalf("open %s: %v", k, err)
		}
	}
	return out
}

// waitFilesGone waits (for the job queue) until media has none of p's
// variants.
func waitFilesGone(t *testing.T, media storage.Store, p store.Picture) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); len(storedKeys(t, media, p)) > 0; {
		if time.Now().After(deadline) {
			t.Fatalf("the files of %s are still stored: %v", p.Hash, storedKeys(t, media, p))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// imageJobsDone counts the finished jobs that deleted image files.
// imageJobsDone counts the image deletion jobs recorded done, waiting up
// to 2 s for want of them: the files go before the job that deleted them
// is recorded done.
func imageJobsDone(t *testing.T, st *store.Store, want int) int {
	t.Helper()
	n := 0
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		js, _, err := st.Jobs(context.Background(), "done", store.Page{Limit: 100})
		must(t, err)
		n = 0
		for _, j := range js {
			if j.Kind == jobs.KindDeleteImages {
				n++
			}
		}
		if n >= want || time.Now().After(deadline) {
			return n
		}
	}
}

func TestDeleteImageFilesKeepsThoseStillInUse(t *testing.T) {
	s3 := storagetest.Start(t)
	for _, tc := range []struct {
		name  string
		media func(t *testing.T) storage.Store
	}{
		{"disk", func(t *testing.T) storage.Store {
			d, err := storage.NewDisk(t.TempDir())
			must(t, err)
			return d
		}},
		{"s3", func(t *testing.T) storage.Store { return s3.NewBucket(t, "media") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			media := tc.media(t)
			app := newTestApp(t, store.SQLite, func(d *testDeps) { d.Media = media })
			b := ownedListing(t, app, "owner@example.com", "Harbour Bakery")
			gone := keepTestImage(t, media, "gps-orientation6.jpg")
			kept := keepTestImage(t, media, "transparent.png")
			if len(storedKeys(t, media, gone)) != len(gone.Widths) || len(gone.Widths) < 2 {
				t.Fatalf("variants stored: %v of %v", storedKeys(t, media, gone), gone.Widths)
			}
			// Another row still shows kept: its files stay.
			_, _, err := app.store.AddListingImage(ctx, b.ID, store.ListingImage{Kind: store.ImageLogo, Picture: kept}, 3)
			must(t, err)

			must(t, app.h.domain.Images.DeleteFiles(ctx, []store.Picture{gone, kept}))
			if left := storedKeys(t, media, gone); len(left) != 0 {
				t.Errorf("an unused picture's files stay: %v", left)
			}
			if left := storedKeys(t, media, kept); len(left) != len(kept.Widths) {
				t.Errorf("a picture in use lost files: %v of %v", left, kept.Keys())
			}
			// Deleting again (a job retried) is no error.
			must(t, app.h.domain.Images.DeleteFiles(ctx, []store.Picture{gone}))
		})
	}
}

// listingWithImages is a published listing of the signed-in account of
// client, with a logo and two photos kept in app's storage.
func listingWithImages(t *testing.T, app *testApp, ownerID int64, name string) (store.Business, []store.ListingImage) {
	t.Helper()
	ctx := context.Background()
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Published: true, OwnerID: sql.NullInt64{Int64: ownerID, Valid: true}})
	must(t, err)
	var added []store.ListingImage
	for _, img := range []store.ListingImage{
		{Kind: store.ImageLogo, Picture: keepTestImage(t, app.h.media, "transparent.png")},
		{Kind: store.ImagePhoto, Picture: keepTestImage(t, app.h.media, "gps-orientation6.jpg"), Alt: "The shop front"},
		{Kind: store.ImagePhoto, Picture: keepTestImage(t, app.h.media, "photo.webp"), Alt: "Loaves on the counter"},
	} {
		img.AccountID = ownerID
		a, _, err := app.store.AddListingImage(ctx, b.ID, img, 3)
		must(t, err)
		added = append(added, a)
	}
	return b, added
}

func TestDeletingAListingDeletesItsImageFiles(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		other := ownedListing(t, app, "other@example.com", "Other Bakery")
		owner := app.account(t, "owner@example.com", store.KindBusiness)
		b, imgs := listingWithImages(t, app, owner.ID, "Harbour Bakery")
		// The other listing shows the same photo file: it stays.
		shared := imgs[2].Picture
		_, _, err := app.store.AddListingImage(ctx, other.ID, store.ListingImage{Kind: store.ImagePhoto, Picture: shared, Alt: "Bread"}, 3)
		must(t, err)

		res, _ := app.post(t, "/dashboard/businesses/"+strconv.FormatInt(b.ID, 10)+"/delete", url.Values{})
		if res.StatusCode != 303 {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		waitFilesGone(t, app.h.media, imgs[0].Picture)
		waitFilesGone(t, app.h.media, imgs[1].Picture)
		if left := storedKeys(t, app.h.media, shared); len(left) != len(shared.Widths) {
			t.Errorf("the photo another listing shows lost files: %v", left)
		}
		if n := imageJobsDone(t, app.store, 1); n != 1 {
			t.Errorf("%d image deletion jobs done, want 1", n)
		}
		if left, _ := app.store.ImagesOfListings(ctx, []int64{b.ID}); len(left) != 0 {
			t.Errorf("the deleted listing's images stay: %+v", left)
		}
	})
}

func TestClosingAnAccountDeletesItsImagesAndFiles(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := app.account(t, "owner@example.com", store.KindBusiness)
		b, imgs := listingWithImages(t, app, owner.ID, "Harbour Bakery")
		pending, err := app.store.AddPendingImage(ctx, store.ListingImage{AccountID: owner.ID, Kind: store.ImagePhoto,
			Picture: keepTestImage(t, app.h.media, "transparent.png")})
		must(t, err)
		// Another account's upload of the same logo file keeps it.
		stranger := app.newClient().account(t, "stranger@example.com", store.KindBusiness)
		_, err = app.store.AddPendingImage(ctx, store.ListingImage{AccountID: stranger.ID, Kind: store.ImageLogo, Picture: imgs[0].Picture})
		must(t, err)

		res, _ := app.post(t, "/profile/close", url.Values{"current_password": {goodPassword}})
		if res.StatusCode != 303 {
			t.Fatalf("close: %d", res.StatusCode)
		}
		waitFilesGone(t, app.h.media, imgs[1].Picture)
		waitFilesGone(t, app.h.media, imgs[2].Picture)
		if left := storedKeys(t, app.h.media, pending.Picture); len(left) != len(pending.Picture.Widths) {
			t.Errorf("a file another account's upload uses was deleted: %v", left)
		}
		if left, _ := app.store.ImagesOfListings(ctx, []int64{b.ID}); len(left) != 0 {
			t.Errorf("the listing kept the closed account's images: %+v", left)
		}
		got, err := app.store.BusinessByID(ctx, b.ID)
		must(t, err)
		if !got.Logo.IsZero() {
			t.Errorf("the listing's card still shows the closed account's logo: %v", got.Logo)
		}
		m := app.inbox.waitForSubject(t, "owner@example.com", "is closed")
		if !strings.Contains(m.Text, "4 logos and photos of your account were deleted") {
			t.Errorf("the confirmation does not count the images deleted:\n%s", m.Text)
		}
	})
}

func TestHousekeepingPrunesUnusedUploads(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := app.account(t, "owner@example.com", store.KindBusiness)
		pic := keepTestImage(t, app.h.media, "photo.webp")
		_, err := app.store.AddPendingImage(ctx, store.ListingImage{AccountID: owner.ID, Kind: store.ImagePhoto, Picture: pic})
		must(t, err)
		// A fresh upload waits its day.
		n, err := domain.PruneStaleImages(ctx, app.store, store.PendingImageTTL)
		must(t, err)
		if left, _ := app.store.PendingImages(ctx, owner.ID, nil); n != 0 || len(left) != 1 {
			t.Fatalf("a fresh upload was pruned: %d pruned, %d left", n, len(left))
		}
		n, err = domain.PruneStaleImages(ctx, app.store, -time.Minute) // as if its day had passed
		must(t, err)
		if left, _ := app.store.PendingImages(ctx, owner.ID, nil); n != 1 || len(left) != 0 {
			t.Fatalf("a stale upload stays: %d pruned, %d left", n, len(left))
		}
		waitFilesGone(t, app.h.media, pic)
	})
}
