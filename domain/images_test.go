package domain_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/storage"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestCheckAlt(t *testing.T) {
	for alt, want := range map[string]string{
		"":                                     domain.AltMissingMessage,
		"The shop front at dusk":               "",
		strings.Repeat("a", store.MaxAltLen):   "",
		strings.Repeat("é", store.MaxAltLen+1): domain.AltTooLongMessage,
	} {
		if got := domain.CheckAlt(alt); got != want {
			t.Errorf("CheckAlt(%.20q…) = %q, want %q", alt, got, want)
		}
	}
}

// imagesOn is the rules on s with media in a temporary folder, a business
// account and its published listing.
func imagesOn(t *testing.T, s *store.Store) (*domain.Domain, store.User, store.Business) {
	t.Helper()
	ctx := context.Background()
	media, err := storage.NewDisk(t.TempDir())
	must(t, err)
	d := domain.New(domain.Deps{Store: s, Media: media, Log: slog.New(slog.DiscardHandler)})
	u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "owner@example.com", PasswordHash: "hash", Kind: store.KindBusiness, Profile: store.Profile{FullName: "Owner"}})
	must(t, err)
	b, err := s.CreateBusiness(ctx, store.Business{Name: "Harbour Bakery", Category: "food", City: "Portland", State: "OR", Published: true,
		OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	return d, u, b
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func testdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "images", "testdata", name))
	must(t, err)
	return data
}

func testPicture(n int) store.Picture {
	return store.Picture{Hash: fmt.Sprintf("%032x", n), Ext: "jpg", Width: 1200, Height: 800, Widths: []int{160, 1200}}
}

// A photo is added with its alt text; without one its file is kept as a
// pending upload, which the form sends again with the text; past the
// plan's cap nothing is kept.
func TestAddingAPhoto(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		d, u, b := imagesOn(t, s)
		in := domain.NewImage{BusinessID: b.ID, AccountID: u.ID, UserID: u.ID, Kind: store.ImagePhoto,
			Upload: domain.Upload{File: testdata(t, "photo.webp")}, MaxPhotos: 1}

		kept, err := d.Images.Add(ctx, in)
		var invalid domain.Invalid
		if !errors.As(err, &invalid) || invalid["alt"] != domain.AltMissingMessage || kept.ID == 0 {
			t.Fatalf("without alt text: %+v, %v", kept, err)
		}
		in.Upload, in.PendingID, in.Alt = domain.Upload{}, kept.ID, "Loaves on the counter"
		added, err := d.Images.Add(ctx, in)
		must(t, err)
		if added.ID != kept.ID || !added.BusinessID.Valid || !added.Cover {
			t.Errorf("the pending photo sent again: %+v", added)
		}

		in.Photos = 1
		if _, err := d.Images.Add(ctx, in); !errors.Is(err, store.ErrTooManyPhotos) {
			t.Errorf("past the cap: %v", err)
		}
		in.Photos, in.PendingID, in.Upload = 0, 0, domain.Upload{}
		if _, err := d.Images.Add(ctx, in); !errors.Is(err, domain.ErrNoFile) {
			t.Errorf("no file: %v", err)
		}
	})
}

// The owner's order, move, cover and alt texts are saved together, or
// none of them when an alt text will not do.
func TestArrangingPhotos(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		d, u, b := imagesOn(t, s)
		var ids []int64
		for i := range 3 {
			img, _, err := s.AddListingImage(ctx, b.ID, store.ListingImage{AccountID: u.ID, Kind: store.ImagePhoto, Picture: testPicture(i), Alt: fmt.Sprint("Photo ", i)}, 10)
			must(t, err)
			ids = append(ids, img.ID)
		}
		order := func(imgs []store.ListingImage) (got []int64, cover int64) {
			for _, img := range imgs {
				if img.Kind == store.ImagePhoto {
					got = append(got, img.ID)
				}
				if img.Cover {
					cover = img.ID
				}
			}
			return got, cover
		}

		_, err := d.Images.Arrange(ctx, b.ID, domain.PhotoEdits{Order: []int64{ids[2]}, Alts: map[int64]string{ids[1]: " "}})
		var invalid domain.Invalid
		if !errors.As(err, &invalid) || invalid[domain.AltField(ids[1])] != domain.AltMissingMessage {
			t.Fatalf("an emptied alt text: %v", err)
		}
		stored, err := s.ListingImages(ctx, b.ID)
		must(t, err)
		if got, cover := order(stored); !reflect.DeepEqual(got, ids) || cover != ids[0] {
			t.Errorf("a refused form changed the photos: %v, cover %d", got, cover)
		}

		// The form names the third first (and a stranger's id); the first
		// moves down; the second becomes the cover.
		photos, err := d.Images.Arrange(ctx, b.ID, domain.PhotoEdits{Order: []int64{ids[2], 999999}, Move: ids[0], Cover: ids[1],
			Alts: map[int64]string{ids[2]: " The oven "}})
		must(t, err)
		want := []int64{ids[2], ids[1], ids[0]}
		if got, cover := order(photos); !reflect.DeepEqual(got, want) || cover != ids[1] {
			t.Errorf("arranged: %v, cover %d; want %v, cover %d", got, cover, want, ids[1])
		}
		stored, err = s.ListingImages(ctx, b.ID)
		must(t, err)
		if got, cover := order(stored); !reflect.DeepEqual(got, want) || cover != ids[1] || stored[0].Alt != "The oven" {
			t.Errorf("stored: %v, cover %d, first alt %q", got, cover, stored[0].Alt)
		}
	})
}

// The wizard attaches only the account's pending uploads of the kind their
// field holds, each once, and says when there are more photos than the
// plan shows or an alt text is missing.
func TestChoosingTheWizardsImages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		d, u, _ := imagesOn(t, s)
		other, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "other@example.com", PasswordHash: "hash", Kind: store.KindBusiness, Profile: store.Profile{FullName: "Other"}})
		must(t, err)
		pending := func(account int64, kind store.ImageKind, n int) int64 {
			img, err := d.Images.AddPending(ctx, account, account, kind, testPicture(n))
			must(t, err)
			return img.ID
		}
		logo, p1, p2, theirs := pending(u.ID, store.ImageLogo, 1), pending(u.ID, store.ImagePhoto, 2), pending(u.ID, store.ImagePhoto, 3), pending(other.ID, store.ImagePhoto, 4)
		starter := domain.Billing{Plan: plans.Free()}
		starter.Plan.Photos = 1

		ch, err := d.Images.Choose(ctx, u.ID, domain.Chosen{LogoID: logo, Photos: []domain.ChosenPhoto{
			{ID: p1, Alt: "The counter"}, {ID: theirs, Alt: "Not mine"}, {ID: p1, Alt: "Again"}, {ID: p2}, {ID: logo, Alt: "A logo as a photo"},
		}}, starter)
		must(t, err)
		var attached []int64
		for _, img := range ch.Attach {
			attached = append(attached, img.ID)
		}
		if want := []int64{logo, p1, p2}; !reflect.DeepEqual(attached, want) {
			t.Errorf("attached %v, want %v", attached, want)
		}
		if ch.Logo == nil || ch.Photos[0] == nil || ch.Photos[1] != nil || ch.Photos[2] != nil || ch.Photos[3] == nil || ch.Photos[4] != nil {
			t.Errorf("slots: logo %v, photos %v", ch.Logo, ch.Photos)
		}
		if !reflect.DeepEqual(ch.AltErrs, map[int]string{3: domain.AltMissingMessage}) || !ch.TooMany {
			t.Errorf("alt errors %v, too many %v", ch.AltErrs, ch.TooMany)
		}
	})
}

// Uploads that never joined a listing go after a day, their files through
// the queue; an upload in use stays.
func TestPruningStaleUploads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		d, u, _ := imagesOn(t, s)
		_, err := d.Images.AddPending(ctx, u.ID, u.ID, store.ImagePhoto, testPicture(1))
		must(t, err)
		if n, err := domain.PruneStaleImages(ctx, s, store.PendingImageTTL); err != nil || n != 0 {
			t.Fatalf("a fresh upload pruned: %d, %v", n, err)
		}
		if n, err := domain.PruneStaleImages(ctx, s, -1); err != nil || n != 1 {
			t.Fatalf("a stale upload: %d pruned, %v", n, err)
		}
	})
}
