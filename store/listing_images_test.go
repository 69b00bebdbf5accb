package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// testPicture is a picture whose hash is made of n: two of them with the
// same n are the same file.
func testPicture(n int) store.Picture {
	return store.Picture{Hash: fmt.Sprintf("%032x", n), Ext: "jpg", Width: 1200, Height: 800, Widths: []int{160, 480, 960, 1200}}
}

func logoOf(account int64, n int) store.ListingImage {
	return store.ListingImage{AccountID: account, Kind: store.ImageLogo, Picture: testPicture(n)}
}

func photoOf(account int64, n int, alt string) store.ListingImage {
	return store.ListingImage{AccountID: account, Kind: store.ImagePhoto, Picture: testPicture(n), Alt: alt}
}

// imageIDs are the ids of imgs, in order.
func imageIDs(imgs []store.ListingImage) []int64 {
	out := make([]int64, len(imgs))
	for i, img := range imgs {
		out[i] = img.ID
	}
	return out
}

// coverOf is the id of the listing's cover photo, 0 for none; more than
// one cover fails the test.
func coverOf(t *testing.T, imgs []store.ListingImage) int64 {
	t.Helper()
	var id int64
	for _, img := range imgs {
		if img.Cover {
			if id != 0 {
				t.Fatalf("two covers: %d and %d", id, img.ID)
			}
			id = img.ID
		}
	}
	return id
}

// imagesListing is a published listing of a new business account.
func imagesListing(t *testing.T, s *store.Store, email string) (store.User, store.Business) {
	t.Helper()
	ctx := context.Background()
	u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "hash", Kind: store.KindBusiness, Profile: store.Profile{FullName: "Owner"}})
	must(t, err)
	b, err := s.CreateBusiness(ctx, store.Business{Name: "Listing of " + email, Category: "food", City: "Portland", State: "OR", Published: true, OwnerID: sqlNullInt(u.ID)})
	must(t, err)
	return u, b
}

func TestPictureLineRoundTripsAndBadLinesAreRefused(t *testing.T) {
	p := store.Picture{Hash: "0123456789abcdef0123456789abcdef", Ext: "png", Width: 400, Height: 300, Widths: []int{160, 400}}
	line := p.String()
	if line != "0123456789abcdef0123456789abcdef.png 400x300 160,400" {
		t.Fatalf("line %q", line)
	}
	got, err := store.ParsePicture(line)
	if err != nil || !slices.Equal(got.Widths, p.Widths) || got.Hash != p.Hash || got.Ext != p.Ext || got.Width != 400 || got.Height != 300 {
		t.Fatalf("parsed back %+v, %v", got, err)
	}
	if k := p.Key(160); k != "images/01/0123456789abcdef0123456789abcdef-160.png" {
		t.Errorf("key %q", k)
	}
	if p.Fit(200) != 400 || p.Fit(100) != 160 || p.Fit(2000) != 400 || p.HeightAt(160) != 120 {
		t.Errorf("fit or height: %d %d %d %d", p.Fit(200), p.Fit(100), p.Fit(2000), p.HeightAt(160))
	}
	if z, err := store.ParsePicture(""); err != nil || !z.IsZero() || z.String() != "" {
		t.Errorf("the empty line is not the zero picture: %+v %v", z, err)
	}
	var scanned store.Picture
	if err := scanned.Scan([]byte(line)); err != nil || scanned.String() != line {
		t.Errorf("scan: %q %v", scanned.String(), err)
	}
	if err := scanned.Scan(nil); err != nil || !scanned.IsZero() {
		t.Errorf("scan NULL: %+v %v", scanned, err)
	}
	for _, bad := range []string{
		"0123456789abcdef0123456789abcdef.png 400x300",           // no widths
		"0123456789ABCDEF0123456789ABCDEF.png 400x300 160,400",   // upper case
		"0123456789abcdef0123456789abcde.png 400x300 160,400",    // short hash
		"0123456789abcdef0123456789abcdef.gif 400x300 160,400",   // unknown type
		"0123456789abcdef0123456789abcdef.png 0x300 160,400",     // no width
		"0123456789abcdef0123456789abcdef.png 400x300 400,160",   // widths out of order
		"0123456789abcdef0123456789abcdef.png 400x300 160,,400",  // empty width
		"../../etc/passwd.png 400x300 160",                       // a path
		" 0123456789abcdef0123456789abcdef.png 400x300 160,400",  // leading space
		"0123456789abcdef0123456789abcdef.png 400x300 160,400\n", // trailing newline
	} {
		if _, err := store.ParsePicture(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
		if err := scanned.Scan(bad); err == nil {
			t.Errorf("%q scanned", bad)
		}
	}
}

func TestAListingHasOneLogoAndPhotosUpToItsCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")

		first, replaced, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 1), 3)
		must(t, err)
		if len(replaced) != 0 || first.ID == 0 || !first.BusinessID.Valid {
			t.Fatalf("first logo %+v, replaced %+v", first, replaced)
		}
		_, replaced, err = s.AddListingImage(ctx, b.ID, logoOf(u.ID, 2), 3)
		must(t, err)
		if len(replaced) != 1 || replaced[0].ID != first.ID || replaced[0].Picture.Hash != testPicture(1).Hash {
			t.Fatalf("a new logo replaced %+v, want the first", replaced)
		}

		var photos []store.ListingImage
		for i := range 3 {
			p, replaced, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 10+i, fmt.Sprintf("Photo %d", i)), 3)
			must(t, err)
			if len(replaced) != 0 {
				t.Errorf("a photo replaced %+v", replaced)
			}
			photos = append(photos, p)
		}
		if !photos[0].Cover || photos[1].Cover || photos[2].Cover {
			t.Errorf("covers %v %v %v: the first photo is the cover", photos[0].Cover, photos[1].Cover, photos[2].Cover)
		}
		if _, _, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 20, "One too many"), 3); !errors.Is(err, store.ErrTooManyPhotos) {
			t.Errorf("a fourth photo on a cap of 3: %v", err)
		}
		// A logo is no photo: the cap does not stop it.
		if _, _, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 3), 3); err != nil {
			t.Errorf("a logo at the photo cap: %v", err)
		}

		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if len(imgs) != 4 || imgs[0].Kind != store.ImageLogo || imgs[0].Picture.Hash != testPicture(3).Hash {
			t.Fatalf("images %+v: the newest logo first, then the photos", imgs)
		}
		if got, want := imageIDs(imgs[1:]), imageIDs(photos); !slices.Equal(got, want) {
			t.Errorf("photos in order %v, want %v", got, want)
		}
		if n, err := s.CountPhotos(ctx, b.ID); err != nil || n != 3 {
			t.Errorf("count photos %d %v", n, err)
		}
	})
}

func TestEditListingImagesOrderCoverAndAlt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		other, ob := imagesListing(t, s, "other@example.com")
		logo, _, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 1), 10)
		must(t, err)
		var ps []store.ListingImage
		for i := range 3 {
			p, _, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 10+i, ""), 10)
			must(t, err)
			ps = append(ps, p)
		}
		foreign, _, err := s.AddListingImage(ctx, ob.ID, photoOf(other.ID, 30, "Theirs"), 10)
		must(t, err)

		// Reverse the photos, describe them, make the last the cover; an
		// edit of another listing's photo is ignored.
		edits := []store.ImageEdit{
			{ID: ps[0].ID, Alt: "The counter", Position: 3},
			{ID: ps[1].ID, Alt: "The oven", Position: 2},
			{ID: ps[2].ID, Alt: "The shop front", Position: 1},
			{ID: logo.ID, Alt: "Harbour Bakery's anchor"},
			{ID: foreign.ID, Alt: "Mine now", Position: 1},
		}
		must(t, s.EditListingImages(ctx, b.ID, edits, ps[2].ID))
		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if got, want := imageIDs(imgs), []int64{logo.ID, ps[2].ID, ps[1].ID, ps[0].ID}; !slices.Equal(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
		if coverOf(t, imgs) != ps[2].ID {
			t.Errorf("cover %d, want %d", coverOf(t, imgs), ps[2].ID)
		}
		for i, want := range []string{"Harbour Bakery's anchor", "The shop front", "The oven", "The counter"} {
			if imgs[i].Alt != want || !imgs[i].Shown() {
				t.Errorf("image %d: alt %q (shown %v), want %q", i, imgs[i].Alt, imgs[i].Shown(), want)
			}
		}
		theirs, err := s.ListingImages(ctx, ob.ID)
		must(t, err)
		if len(theirs) != 1 || theirs[0].Alt != "Theirs" || !theirs[0].Cover {
			t.Errorf("another listing's photo changed: %+v", theirs)
		}
		// Cover 0 keeps the cover; a cover of another listing is ignored.
		must(t, s.EditListingImages(ctx, b.ID, nil, 0))
		must(t, s.EditListingImages(ctx, b.ID, nil, foreign.ID))
		imgs, err = s.ListingImages(ctx, b.ID)
		must(t, err)
		if coverOf(t, imgs) != ps[2].ID {
			t.Errorf("the cover moved to %d", coverOf(t, imgs))
		}
		// A photo without alt text is kept but not shown.
		must(t, s.EditListingImages(ctx, b.ID, []store.ImageEdit{{ID: ps[0].ID, Alt: " ", Position: 3}}, 0))
		imgs, err = s.ListingImages(ctx, b.ID)
		must(t, err)
		if imgs[3].ID != ps[0].ID || imgs[3].Shown() {
			t.Errorf("a photo without alt text is shown: %+v", imgs[3])
		}
	})
}

func TestDeletingTheCoverPassesItToTheFirstPhotoLeft(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		_, ob := imagesListing(t, s, "other@example.com")
		var ps []store.ListingImage
		for i := range 3 {
			p, _, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 10+i, fmt.Sprintf("Photo %d", i)), 10)
			must(t, err)
			ps = append(ps, p)
		}
		if _, err := s.DeleteListingImage(ctx, ob.ID, ps[0].ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleted through another listing: %v", err)
		}
		gone, err := s.DeleteListingImage(ctx, b.ID, ps[0].ID)
		must(t, err)
		if gone.ID != ps[0].ID || gone.Picture.Hash != ps[0].Picture.Hash {
			t.Errorf("returned %+v", gone)
		}
		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if coverOf(t, imgs) != ps[1].ID {
			t.Errorf("cover %d after the cover went, want %d", coverOf(t, imgs), ps[1].ID)
		}
		// A photo that is not the cover leaves the cover where it is.
		_, err = s.DeleteListingImage(ctx, b.ID, ps[2].ID)
		must(t, err)
		imgs, err = s.ListingImages(ctx, b.ID)
		must(t, err)
		if coverOf(t, imgs) != ps[1].ID {
			t.Errorf("cover %d, want %d", coverOf(t, imgs), ps[1].ID)
		}
		if _, err := s.DeleteListingImage(ctx, b.ID, ps[2].ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted twice: %v", err)
		}
	})
}

func TestPendingUploadsOnlyAttachToTheirOwnAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		stranger, sb := imagesListing(t, s, "stranger@example.com")
		logo, err := s.AddPendingImage(ctx, logoOf(u.ID, 1))
		must(t, err)
		p1, err := s.AddPendingImage(ctx, photoOf(u.ID, 2, ""))
		must(t, err)
		p2, err := s.AddPendingImage(ctx, photoOf(u.ID, 3, ""))
		must(t, err)
		if logo.BusinessID.Valid || logo.ID == 0 {
			t.Fatalf("a pending upload %+v", logo)
		}
		if got, err := s.PendingImages(ctx, stranger.ID, []int64{logo.ID, p1.ID}); err != nil || len(got) != 0 {
			t.Fatalf("another account sees the uploads: %+v %v", got, err)
		}
		if got, err := s.PendingImages(ctx, u.ID, []int64{}); err != nil || len(got) != 0 {
			t.Errorf("no ids asked, got %+v %v", got, err)
		}
		if got, err := s.PendingImages(ctx, u.ID, nil); err != nil || !slices.Equal(imageIDs(got), []int64{logo.ID, p1.ID, p2.ID}) {
			t.Errorf("all pending %+v %v", got, err)
		}

		// The stranger names them for their listing: nothing moves.
		_, err = s.AttachPendingImages(ctx, stranger.ID, sb.ID, []store.ListingImage{{ID: logo.ID}, {ID: p1.ID, Alt: "Stolen"}}, 10)
		must(t, err)
		if imgs, _ := s.ListingImages(ctx, sb.ID); len(imgs) != 0 {
			t.Fatalf("another account's uploads joined the stranger's listing: %+v", imgs)
		}

		// Over the cap: nothing attached.
		if _, err := s.AttachPendingImages(ctx, u.ID, b.ID, []store.ListingImage{{ID: p1.ID, Alt: "A"}, {ID: p2.ID, Alt: "B"}}, 1); !errors.Is(err, store.ErrTooManyPhotos) {
			t.Errorf("attaching two photos on a cap of 1: %v", err)
		}
		if imgs, _ := s.ListingImages(ctx, b.ID); len(imgs) != 0 {
			t.Fatalf("a refused attach attached %+v", imgs)
		}

		// The owner attaches them, in the order given, with their alt.
		_, err = s.AttachPendingImages(ctx, u.ID, b.ID, []store.ListingImage{{ID: p2.ID, Alt: "The shop front"}, {ID: logo.ID}, {ID: p1.ID, Alt: "The oven"}, {ID: p2.ID, Alt: "Named twice"}}, 10)
		must(t, err)
		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if !slices.Equal(imageIDs(imgs), []int64{logo.ID, p2.ID, p1.ID}) || imgs[1].Alt != "The shop front" || coverOf(t, imgs) != p2.ID {
			t.Errorf("attached %+v", imgs)
		}
		if got, _ := s.PendingImages(ctx, u.ID, nil); len(got) != 0 {
			t.Errorf("still pending after attaching: %+v", got)
		}
		if got, _ := s.BusinessByID(ctx, b.ID); got.Logo.Hash != testPicture(1).Hash {
			t.Errorf("the listing's card logo %q", got.Logo)
		}
	})
}

func TestPruneStaleImagesDeletesOnlyOldPendingUploads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		old, err := s.AddPendingImage(ctx, photoOf(u.ID, 1, ""))
		must(t, err)
		fresh, err := s.AddPendingImage(ctx, photoOf(u.ID, 2, ""))
		must(t, err)
		attached, _, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 3, "On the listing"), 10)
		must(t, err)
		longAgo := time.Now().UTC().Add(-store.PendingImageTTL - time.Hour)
		requesterExec(t, s, `UPDATE listing_images SET created_at = ? WHERE id IN (?, ?)`, longAgo, old.ID, attached.ID)

		pruned, err := s.PruneStaleImages(ctx, store.PendingImageTTL)
		must(t, err)
		if !slices.Equal(imageIDs(pruned), []int64{old.ID}) || pruned[0].Picture.Hash != testPicture(1).Hash {
			t.Fatalf("pruned %+v, want the old upload", pruned)
		}
		if got, _ := s.PendingImages(ctx, u.ID, nil); !slices.Equal(imageIDs(got), []int64{fresh.ID}) {
			t.Errorf("pending left %+v", got)
		}
		if imgs, _ := s.ListingImages(ctx, b.ID); len(imgs) != 1 {
			t.Errorf("an old image of a listing was pruned: %+v", imgs)
		}
		if again, err := s.PruneStaleImages(ctx, store.PendingImageTTL); err != nil || len(again) != 0 {
			t.Errorf("pruned again: %+v %v", again, err)
		}
	})
}

func TestPictureInUseCountsEveryRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		v, vb := imagesListing(t, s, "other@example.com")
		hash := testPicture(1).Hash
		inUse := func() bool {
			used, err := s.PictureInUse(ctx, hash)
			must(t, err)
			return used
		}
		if inUse() {
			t.Fatal("a picture nobody shows is in use")
		}
		a, _, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 1), 3)
		must(t, err)
		c, _, err := s.AddListingImage(ctx, vb.ID, photoOf(v.ID, 1, "Same file"), 3)
		must(t, err)
		pending, err := s.AddPendingImage(ctx, logoOf(v.ID, 1))
		must(t, err)
		for _, step := range []struct {
			del  func() error
			used bool
		}{
			{func() error { _, err := s.DeleteListingImage(ctx, b.ID, a.ID); return err }, true},
			{func() error { _, err := s.DeleteListingImage(ctx, vb.ID, c.ID); return err }, true}, // the pending upload
			{func() error {
				requesterExec(t, s, `UPDATE listing_images SET created_at = ? WHERE id = ?`, time.Now().UTC().Add(-48*time.Hour), pending.ID)
				_, err := s.PruneStaleImages(ctx, store.PendingImageTTL)
				return err
			}, false},
		} {
			must(t, step.del())
			if inUse() != step.used {
				t.Fatalf("in use = %v, want %v", !step.used, step.used)
			}
		}
	})
}

func TestImagesOfAccountAndOfListings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		v, vb := imagesListing(t, s, "other@example.com")
		logo, _, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 1), 3)
		must(t, err)
		// An image of no account (the sample data's) on the owner's
		// listing is still the listing's.
		sample, _, err := s.AddListingImage(ctx, b.ID, photoOf(0, 2, "Sample"), 3)
		must(t, err)
		if sample.AccountID != 0 {
			t.Fatalf("an image of no account has account %d", sample.AccountID)
		}
		pending, err := s.AddPendingImage(ctx, photoOf(u.ID, 3, ""))
		must(t, err)
		theirs, _, err := s.AddListingImage(ctx, vb.ID, logoOf(v.ID, 4), 3)
		must(t, err)
		_, err = s.AddPendingImage(ctx, photoOf(v.ID, 5, "")) // another account's
		must(t, err)

		got, err := s.ImagesOfAccount(ctx, u.ID)
		must(t, err)
		if !slices.Equal(imageIDs(got), []int64{logo.ID, sample.ID, pending.ID}) {
			t.Errorf("images of the account %v, want %v", imageIDs(got), []int64{logo.ID, sample.ID, pending.ID})
		}
		got, err = s.ImagesOfListings(ctx, []int64{b.ID, vb.ID})
		must(t, err)
		if !slices.Equal(imageIDs(got), []int64{logo.ID, sample.ID, theirs.ID}) {
			t.Errorf("images of the listings %v", imageIDs(got))
		}
		if got, err := s.ImagesOfListings(ctx, nil); err != nil || len(got) != 0 {
			t.Errorf("images of no listing: %+v %v", got, err)
		}
	})
}

func TestTheCardsLogoFollowsTheListingsLogo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		searchLogo := func() store.Picture {
			t.Helper()
			res, err := s.SearchBusinesses(ctx, store.Search{Query: b.Name})
			must(t, err)
			for _, r := range res.Businesses {
				if r.ID == b.ID {
					return r.Logo
				}
			}
			t.Fatalf("the search for %q does not find the listing", b.Name)
			return store.Picture{}
		}
		stored := func() store.Picture {
			t.Helper()
			got, err := s.BusinessByID(ctx, b.ID)
			must(t, err)
			return got.Logo
		}
		if !searchLogo().IsZero() || !stored().IsZero() {
			t.Fatal("a listing without a logo has one")
		}
		first, _, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 1), 3)
		must(t, err)
		// A photo is not the logo.
		_, _, err = s.AddListingImage(ctx, b.ID, photoOf(u.ID, 9, "A photo"), 3)
		must(t, err)
		if stored().String() != testPicture(1).String() || searchLogo().String() != testPicture(1).String() {
			t.Errorf("after the first logo: stored %q, search %q", stored(), searchLogo())
		}
		_, _, err = s.AddListingImage(ctx, b.ID, logoOf(u.ID, 2), 3)
		must(t, err)
		if stored().Hash != testPicture(2).Hash || searchLogo().Hash != testPicture(2).Hash {
			t.Errorf("after a new logo: stored %q, search %q", stored(), searchLogo())
		}
		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if imgs[0].ID == first.ID {
			t.Fatal("the replaced logo is still the listing's")
		}
		_, err = s.DeleteListingImage(ctx, b.ID, imgs[0].ID)
		must(t, err)
		if !stored().IsZero() || !searchLogo().IsZero() {
			t.Errorf("after the logo went: stored %q, search %q", stored(), searchLogo())
		}
	})
}

func TestAdministratorsRemovalIsRecorded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		must(t, err)
		p, _, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 1, "The shop front"), 3)
		must(t, err)
		got, err := s.RemoveListingImage(ctx, b.ID, p.ID, admin, "Shows a stranger's face.")
		must(t, err)
		if got.ID != p.ID {
			t.Errorf("removed %+v", got)
		}
		if imgs, _ := s.ListingImages(ctx, b.ID); len(imgs) != 0 {
			t.Errorf("still there: %+v", imgs)
		}
		history, err := s.ModerationHistory(ctx, b.ID)
		must(t, err)
		if len(history) != 1 || history[0].Action != store.ActionRemoveImage || history[0].AdminEmail != "admin@example.com" ||
			history[0].Detail != "Photo “The shop front”: Shows a stranger's face." {
			t.Errorf("history %+v", history)
		}
		if _, err := s.RemoveListingImage(ctx, b.ID, p.ID, admin, "Again."); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("removed twice: %v", err)
		}
		if history, _ := s.ModerationHistory(ctx, b.ID); len(history) != 1 {
			t.Errorf("a failed removal was recorded: %+v", history)
		}
	})
}

func TestTransferringTheTeamMovesItsUploads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, b := imagesListing(t, s, "owner@example.com")
		heir, _, err := s.CreateAccount(ctx, newAccount("heir@example.com"))
		must(t, err)
		must(t, s.AddTeamMember(ctx, owner.ID, heir.ID, owner.ID))
		logo, _, err := s.AddListingImage(ctx, b.ID, logoOf(owner.ID, 1), 3)
		must(t, err)
		pending, err := s.AddPendingImage(ctx, photoOf(owner.ID, 2, ""))
		must(t, err)

		must(t, s.TransferTeamOwnership(ctx, owner.ID, heir.ID))
		if got, _ := s.PendingImages(ctx, heir.ID, nil); !slices.Equal(imageIDs(got), []int64{pending.ID}) {
			t.Errorf("the new owner's pending uploads %+v", got)
		}
		if got, _ := s.PendingImages(ctx, owner.ID, nil); len(got) != 0 {
			t.Errorf("the old owner kept pending uploads %+v", got)
		}
		got, err := s.ImagesOfAccount(ctx, heir.ID)
		must(t, err)
		if !slices.Equal(imageIDs(got), []int64{logo.ID, pending.ID}) || got[0].AccountID != heir.ID {
			t.Errorf("images of the new owner %+v", got)
		}
	})
}

func TestPhotosAddedAtOnceKeepTheCapAndOneCover(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		const cap, tries = 3, 6
		errs := make(chan error, tries)
		for i := range tries {
			go func() {
				_, _, err := s.AddListingImage(ctx, b.ID, photoOf(u.ID, 30+i, fmt.Sprintf("Photo %d", i)), cap)
				errs <- err
			}()
		}
		added := 0
		for range tries {
			switch err := <-errs; {
			case err == nil:
				added++
			case !errors.Is(err, store.ErrTooManyPhotos):
				t.Errorf("a photo added at the same time as others: %v", err)
			}
		}
		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if added != cap || len(imgs) != cap {
			t.Errorf("%d added, %d stored, on a cap of %d", added, len(imgs), cap)
		}
		if coverOf(t, imgs) == 0 {
			t.Errorf("no cover among %+v", imgs)
		}
		for i, img := range imgs {
			if img.Position != i+1 {
				t.Errorf("photo %d at position %d", img.ID, img.Position)
			}
		}
	})
}

func TestAPendingLogoDoesNotJoinAsAPhoto(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, b := imagesListing(t, s, "owner@example.com")
		_, _, err := s.AddListingImage(ctx, b.ID, logoOf(u.ID, 1), 3)
		must(t, err)
		pending, err := s.AddPendingImage(ctx, logoOf(u.ID, 2))
		must(t, err)
		asPhoto := photoOf(u.ID, 2, "A photo")
		asPhoto.ID = pending.ID
		if _, _, err := s.AddListingImage(ctx, b.ID, asPhoto, 3); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a pending logo attached as a photo: %v", err)
		}
		imgs, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if len(imgs) != 1 || imgs[0].Picture.Hash != testPicture(1).Hash {
			t.Errorf("the listing's images %+v: its logo alone", imgs)
		}
	})
}

func TestShownPhotosCountsTheDescribedPhotos(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Counted Café", Category: "food", Published: true})
		if err != nil {
			t.Fatal(err)
		}
		shown := func() int {
			t.Helper()
			got, err := s.BusinessByID(ctx, b.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got.ShownPhotos
		}
		pic := func(i int) store.Picture {
			return store.Picture{Hash: fmt.Sprintf("%032x", i), Ext: "jpg", Width: 480, Height: 320, Widths: []int{160, 480}}
		}
		described, _, err := s.AddListingImage(ctx, b.ID, store.ListingImage{Kind: store.ImagePhoto, Picture: pic(1), Alt: "A table by the window"}, 10)
		if err != nil {
			t.Fatal(err)
		}
		bare, _, err := s.AddListingImage(ctx, b.ID, store.ListingImage{Kind: store.ImagePhoto, Picture: pic(2)}, 10)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.AddListingImage(ctx, b.ID, store.ListingImage{Kind: store.ImageLogo, Picture: pic(3)}, 10); err != nil {
			t.Fatal(err)
		}
		if n := shown(); n != 1 {
			t.Fatalf("one described photo, a bare one and a logo: %d shown, want 1", n)
		}
		if err := s.EditListingImages(ctx, b.ID, []store.ImageEdit{{ID: described.ID, Alt: "A table by the window", Position: 1}, {ID: bare.ID, Alt: "The counter", Position: 2}}, 0); err != nil {
			t.Fatal(err)
		}
		if n := shown(); n != 2 {
			t.Fatalf("after describing the second: %d shown, want 2", n)
		}
		if _, err := s.DeleteListingImage(ctx, b.ID, described.ID); err != nil {
			t.Fatal(err)
		}
		if n := shown(); n != 1 {
			t.Fatalf("after a deletion: %d shown, want 1", n)
		}
	})
}
