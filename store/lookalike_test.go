package store_test

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"

	"bizprofile/migrations"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Look-alikes are held: names that only look the same (other alphabets,
// fullwidth forms, accents), the same name in a city that only looks the
// same, and a name that mixes alphabets even where no listing resembles
// it; the hold says why.
func TestLookAlikeListingsAreHeld(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		original, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Street Bakery", City: "Portland", State: "OR", Published: true})
		must(t, err)
		owner, _, _ := s.CreateAccount(ctx, newAccount("mimic@example.com"))
		admin, _, _ := s.CreateAccount(ctx, newAccount("admin@example.com"))
		for _, tc := range []struct {
			name, city string
			similar    int64
			scripts    []string
			said       string // the hold's Scripts
		}{
			{"Hаrbor Street Bаkery", "Portland", original.ID, []string{"Latin", "Cyrillic"}, "Latin and Cyrillic"},
			{"Ｈａｒｂｏｒ Street Bakery", "Portland", original.ID, nil, ""},
			{"Hārbor Street Bākery", "Portland", original.ID, nil, ""},
			{"Harbor Street Bakery", "Роrtland", original.ID, nil, ""},
			{"Cafe Ωmega", "Salem", 0, []string{"Latin", "Greek"}, "Latin and Greek"},
		} {
			b, err := s.CreateBusiness(ctx, store.Business{Name: tc.name, City: tc.city, State: "OR", OwnerID: sqlNullInt(owner.ID)})
			must(t, err)
			p, err := s.PublishListing(ctx, b.ID)
			if err != nil || !p.Held || p.Similar.ID != tc.similar || !slices.Equal(p.Scripts, tc.scripts) {
				t.Errorf("%s in %s: held %v, resembling %d, scripts %q (%v); want resembling %d, scripts %q", tc.name, tc.city, p.Held, p.Similar.ID, p.Scripts, err, tc.similar, tc.scripts)
			}
			hold, err := s.PendingHold(ctx, b.ID)
			if err != nil || hold.Resembles != (tc.similar != 0) || hold.Scripts != tc.said {
				t.Errorf("%s: the hold is %+v %v", tc.name, hold, err)
			}
		}
		// Approved, a mixed name is not held again for it.
		mixed, _ := s.BusinessBySlug(ctx, "cafe-mega")
		hold, err := s.PendingHold(ctx, mixed.ID)
		must(t, err)
		if _, err := s.DecideHold(ctx, hold.ID, admin, true, ""); err != nil {
			t.Fatal(err)
		}
		if history, _ := s.ModerationHistory(ctx, mixed.ID); len(history) != 1 || history[0].Detail != "Held for a name that mixes alphabets (Latin and Greek)" {
			t.Errorf("history %+v", history)
		}
		must(t, s.SetPublished(ctx, mixed.ID, false))
		if p, err := s.PublishListing(ctx, mixed.ID); err != nil || p.Held {
			t.Errorf("republishing an approved mixed name: %+v %v", p, err)
		}
		// Plain names of their own are not held.
		for _, name := range []string{"Rosewater Patisserie", "Пекарня на Гаванской", "すし処 カネ"} {
			b, err := s.CreateBusiness(ctx, store.Business{Name: name, City: "Portland", State: "OR", OwnerID: sqlNullInt(owner.ID)})
			must(t, err)
			if p, err := s.PublishListing(ctx, b.ID); err != nil || p.Held {
				t.Errorf("%s: %+v %v", name, p, err)
			}
		}
	})
}

// A listing that moves is found in its new city.
func TestMovedListingIsComparedInItsNewCity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		moved, err := s.CreateBusiness(ctx, store.Business{Name: "Rosewater Patisserie", City: "Salem", State: "OR", Published: true})
		must(t, err)
		moved.City = "Portland"
		must(t, s.UpdateBusiness(ctx, moved))
		owner, _, _ := s.CreateAccount(ctx, newAccount("mimic@example.com"))
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Rosewater Patisserie", City: "PORTLAND", State: "OR", OwnerID: sqlNullInt(owner.ID)})
		must(t, err)
		if p, err := s.PublishListing(ctx, b.ID); err != nil || !p.Held || p.Similar.ID != moved.ID {
			t.Errorf("the same name in the city a listing moved to: %+v %v", p, err)
		}
	})
}

// A listing renamed to the same name in other letters, or moved to a city
// spelled in other letters, is checked again.
func TestRenamedInOtherLetters(t *testing.T) {
	b := store.Business{Name: "Rosewater Patisserie", City: "Portland", State: "OR"}
	for _, tc := range []struct {
		name, city string
		renamed    bool
	}{
		{"Rosewater Patisserie", "Portland", false},
		{"ROSEWATER PATISSERIE", "portland", false},
		{"Rоsewater Patisserie", "Portland", true},  // Cyrillic о: mixed
		{"Rosewater Patisserie", "Роrtland", false}, // the same city to a reader
		{"Rosewater Patisserie", "Salem", true},
	} {
		if got := store.Renamed(b, store.Business{Name: tc.name, City: tc.city, State: "OR"}); got != tc.renamed {
			t.Errorf("%s in %s: renamed %v, want %v", tc.name, tc.city, got, tc.renamed)
		}
	}
}

// Listings stored before city keys get theirs when the store opens, so a
// look-alike city finds them too.
func TestCityKeysOfListingsFromBefore(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			url, path := "", ""
			driver, dialect := "sqlite", goose.DialectSQLite3
			if d == store.Postgres {
				url, driver, dialect = storetest.PostgresDatabase(t), "postgres", goose.DialectPostgres
			} else {
				path = filepath.Join(t.TempDir(), "old.db")
			}
			db, err := sqlx.Open(driver, url+path)
			must(t, err)
			defer db.Close()
			fsys, err := fs.Sub(migrations.FS, string(d))
			must(t, err)
			p, err := goose.NewProvider(dialect, db.DB, fsys, goose.WithDisableGlobalRegistry(true))
			must(t, err)
			if _, err := p.UpTo(ctx, 22); err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC()
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO businesses (slug, name, city, state, published, created_at, updated_at)
				VALUES ('harbor', 'Harbor Street Bakery', 'Portland', 'OR', TRUE, ?, ?)`), now, now); err != nil {
				t.Fatal(err)
			}
			db.Close()

			s, err := store.Open(ctx, url, path, slog.New(slog.NewTextHandler(io.Discard, nil)))
			must(t, err)
			defer s.Close()
			owner, _, _ := s.CreateAccount(ctx, newAccount("mimic@example.com"))
			b, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Street Bakery", City: "Роrtland", State: "OR", OwnerID: sqlNullInt(owner.ID)})
			must(t, err)
			if p, err := s.PublishListing(ctx, b.ID); err != nil || !p.Held || p.Similar.Slug != "harbor" {
				t.Errorf("the same name in a look-alike of an old listing's city: %+v %v", p, err)
			}
		})
	}
}
