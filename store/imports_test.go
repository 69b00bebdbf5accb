package store_test

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// An account's external ids name one listing each, and one id each
// listing; another account's ids are its own; listings are found by name
// without case.
func TestListingExternalIDs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "chain@bakery.example", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		other, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "other@bakery.example", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		owned := sql.NullInt64{Int64: u.ID, Valid: true}
		a, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", City: "Austin", State: "TX", Category: "food", OwnerID: owned})
		must(t, err)
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Pier Bakery", City: "Austin", State: "TX", Category: "food", OwnerID: owned})
		must(t, err)
		must(t, s.SetExternalID(ctx, u.ID, "A1", a.ID))
		must(t, s.SetExternalID(ctx, u.ID, "A2", a.ID)) // a new id for the listing
		must(t, s.SetExternalID(ctx, other.ID, "A2", b.ID))
		got, err := s.ExternalIDs(ctx, u.ID, []string{"A1", "A2", "X"})
		must(t, err)
		if !maps.Equal(got, map[string]int64{"A2": a.ID}) {
			t.Fatalf("external ids: %v, want A2 alone", got)
		}
		must(t, s.SetExternalID(ctx, u.ID, "A2", b.ID)) // the id moves to another listing
		byListing, err := s.ExternalIDsOf(ctx, u.ID)
		must(t, err)
		if !maps.Equal(byListing, map[int64]string{b.ID: "A2"}) {
			t.Fatalf("external ids by listing: %v", byListing)
		}
		keys, err := s.ListingsNamed(ctx, []string{"harbor bakery", "nobody"})
		must(t, err)
		if len(keys) != 1 || keys[0].ID != a.ID || keys[0].Slug != a.Slug || keys[0].OwnerID != owned {
			t.Fatalf("listings named: %+v", keys)
		}
	})
}

// An import's rows: the check stores them, a run starts once, rows with an
// outcome are done (a run that resumes skips them), and the import is done
// when every row is.
func TestImportRowsAndProgress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "chain@bakery.example", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		id, err := s.CreateImport(ctx, store.Import{AccountID: u.ID, UserID: u.ID, FileName: "a.csv", Body: "x"}, now)
		must(t, err)
		if err := s.StartImport(ctx, id, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an import still checking starts: %v", err)
		}
		rows := []store.ImportRow{{Row: 2, Name: "A", Action: "created"}, {Row: 3, Name: "B", Action: "refused", Errors: `[{"column":"name"}]`}, {Row: 5, Name: "C", Action: "unchanged"}}
		must(t, s.SaveImportCheck(ctx, id, "", rows, now))
		imp, err := s.ImportByID(ctx, id)
		must(t, err)
		if imp.State != store.ImportChecked || imp.TotalRows != 3 || imp.Created != 1 || imp.Refused != 1 || imp.Unchanged != 1 {
			t.Fatalf("after the check: %+v", imp)
		}
		if n, err := s.CountImportProblems(ctx, id); err != nil || n != 1 {
			t.Fatalf("problems: %d, %v", n, err)
		}
		must(t, s.StartImport(ctx, id, now))
		if err := s.StartImport(ctx, id, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an import starts twice: %v", err)
		}
		must(t, s.SetImportRowOutcome(ctx, store.ImportRow{ImportID: id, Row: 2, Outcome: "created", BusinessID: sql.NullInt64{Int64: 7, Valid: true}}))
		if done, err := s.ImportProgress(ctx, id, now); err != nil || done {
			t.Fatalf("done after one row of three: %v %v", done, err)
		}
		pending, err := s.PendingImportRows(ctx, id, 10)
		must(t, err)
		if len(pending) != 2 || pending[0].Row != 3 || pending[1].Row != 5 {
			t.Fatalf("pending rows: %+v", pending)
		}
		must(t, s.SetImportRowOutcome(ctx, store.ImportRow{ImportID: id, Row: 3, Outcome: "refused", Errors: pending[0].Errors}))
		must(t, s.SetImportRowOutcome(ctx, store.ImportRow{ImportID: id, Row: 5, Outcome: "unchanged"}))
		if done, err := s.ImportProgress(ctx, id, now); err != nil || !done {
			t.Fatalf("not done after every row: %v %v", done, err)
		}
		imp, _ = s.ImportByID(ctx, id)
		if imp.State != store.ImportDone || imp.Processed != 3 || imp.Created != 1 {
			t.Fatalf("when done: %+v", imp)
		}
		recent, err := s.ImportsOf(ctx, u.ID, false, 5)
		must(t, err)
		if len(recent) != 1 || recent[0].Body != "" {
			t.Fatalf("the list of imports: %+v", recent)
		}
		if agencies, _ := s.ImportsOf(ctx, u.ID, true, 5); len(agencies) != 0 {
			t.Fatalf("an owner's import listed as an agency's")
		}
	})
}
