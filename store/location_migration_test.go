package store_test

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"

	"bizprofile/migrations"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Migration 00015 brings the places written before it to the shape every
// form writes now: city and state trimmed, runs of spaces made one, a
// state's name or lower-case code made its code; a state it does not know
// is kept. Listings, held listings and sign-ups' drafts alike.
func TestMigrationStructuresLocations(t *testing.T) {
	type place struct{ city, state string }
	listings := map[string][2]place{ // slug: before, after
		"named-state":    {{" Austin ", "Texas"}, {"Austin", "TX"}},
		"lower-code":     {{" Houston", " tx "}, {"Houston", "TX"}},
		"spaced-city":    {{"Salt   Lake\tCity", "utah"}, {"Salt Lake City", "UT"}},
		"stray-space":    {{"Portland ", "Oregon "}, {"Portland", "OR"}},
		"spaced-state":   {{"Albany", "new  YORK"}, {"Albany", "NY"}},
		"unknown-state":  {{"Toronto ", " Ontario "}, {"Toronto", "Ontario"}},
		"already-right":  {{"St. Paul", "MN"}, {"St. Paul", "MN"}},
		"no-place":       {{"", ""}, {"", ""}},
		"territory-name": {{"San Juan", "puerto rico"}, {"San Juan", "PR"}},
	}
	// Every state of places.States, by its name and by its code, in
	// another case: the SQL's mapping is the Go list's.
	for _, s := range places.States {
		listings["name-"+s.Code] = [2]place{{"Springfield", " " + strings.ToUpper(s.Name) + " "}, {"Springfield", s.Code}}
		listings["code-"+s.Code] = [2]place{{"Springfield", strings.ToLower(s.Code)}, {"Springfield", s.Code}}
	}

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
			if _, err := p.UpTo(ctx, 14); err != nil {
				t.Fatal(err)
			}

			// The old shape, written as the code before 00015 could.
			exec := func(query string, args ...any) int64 {
				t.Helper()
				var id int64
				if err := db.QueryRowxContext(ctx, db.Rebind(query+" RETURNING id"), args...).Scan(&id); err != nil {
					t.Fatalf("%s: %v", query, err)
				}
				return id
			}
			now := time.Now().UTC()
			owner := exec(`INSERT INTO users (email, password_hash, kind, created_at, updated_at) VALUES (?, 'x', 'business', ?, ?)`, "old@example.com", now, now)
			ids := map[string]int64{}
			for slug, p := range listings {
				ids[slug] = exec(`INSERT INTO businesses (slug, name, city, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
					slug, slug, p[0].city, p[0].state, now, now)
			}
			hold := exec(`INSERT INTO listing_holds (business_id, name, city, state, created_at) VALUES (?, 'Stray Space', 'Portland ', 'oregon', ?)`,
				ids["stray-space"], now)
			exec(`INSERT INTO listing_drafts (owner_id, listing, created_at) VALUES (?, ?, ?)`,
				owner, `{"Name":"Draft Bakery","City":"  Dallas","State":"texas ","Tags":["bread"]}`, now)

			if _, err := p.UpTo(ctx, 15); err != nil {
				t.Fatalf("migration 00015: %v", err)
			}
			// Down undoes nothing, and Up again changes nothing more.
			if _, err := p.DownTo(ctx, 14); err != nil {
				t.Fatalf("migration 00015 down: %v", err)
			}
			if _, err := p.UpTo(ctx, 15); err != nil {
				t.Fatalf("migration 00015 again: %v", err)
			}

			for slug, p := range listings {
				var got place
				must(t, db.QueryRowxContext(ctx, db.Rebind(`SELECT city, state FROM businesses WHERE id = ?`), ids[slug]).Scan(&got.city, &got.state))
				if got != p[1] {
					t.Errorf("%s: %q, %q became %q, %q; want %q, %q", slug, p[0].city, p[0].state, got.city, got.state, p[1].city, p[1].state)
				}
			}
			var held place
			must(t, db.QueryRowxContext(ctx, db.Rebind(`SELECT city, state FROM listing_holds WHERE id = ?`), hold).Scan(&held.city, &held.state))
			if held != (place{"Portland", "OR"}) {
				t.Errorf("the held listing's place is %+v", held)
			}

			// The store reads the draft as before, with its place mended.
			s, err := store.Open(ctx, url, path, slog.New(slog.NewTextHandler(io.Discard, nil)))
			must(t, err)
			defer s.Close()
			drafts, err := s.Drafts(ctx, owner)
			must(t, err)
			if len(drafts) != 1 || drafts[0].Name != "Draft Bakery" || drafts[0].City != "Dallas" || drafts[0].State != "TX" || fmt.Sprint(drafts[0].Tags) != "[bread]" {
				t.Errorf("the draft is %+v", drafts)
			}
		})
	}
}
