package store_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func newAccount(email string) store.NewAccount {
	return store.NewAccount{Email: email, PasswordHash: "hash", Kind: store.KindIndividual, Profile: store.Profile{FullName: "Jane Doe"}}
}

func TestCreateAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, biz, err := s.CreateAccount(ctx, newAccount("  Jane@Example.COM "))
		if err != nil {
			t.Fatal(err)
		}
		if biz != nil || u.Email != "jane@example.com" || u.Verified() || u.SessionVersion != 1 {
			t.Fatalf("unexpected user %+v biz %v", u, biz)
		}
		got, err := s.UserByEmail(ctx, "JANE@example.com")
		if err != nil || got.ID != u.ID {
			t.Fatalf("lookup by differently-cased email: %+v %v", got, err)
		}
		p, err := s.ProfileOf(ctx, u.ID)
		if err != nil || p.FullName != "Jane Doe" {
			t.Fatalf("profile %+v %v", p, err)
		}
		if _, _, err := s.CreateAccount(ctx, newAccount("jane@EXAMPLE.com")); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("second account with the same email: %v, want ErrEmailTaken", err)
		}
		if _, err := s.UserByEmail(ctx, "nobody@example.com"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown email: %v, want ErrNotFound", err)
		}
	})
}

func TestBusinessSignupCreatesListingAtomically(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a := newAccount("owner@example.com")
		a.Kind = store.KindBusiness
		a.Business = &store.Business{Name: "Blue Door Bakery", Category: "food", City: "Austin", ShowEmail: true}
		u, _, err := s.CreateAccount(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		// The listing waits for the address, as a draft (listing_trust_test.go).
		drafts, err := s.Drafts(ctx, u.ID)
		if err != nil || len(drafts) != 1 || drafts[0].Name != "Blue Door Bakery" || !drafts[0].ShowEmail || drafts[0].Verified {
			t.Fatalf("drafts = %+v, %v", drafts, err)
		}

		// If the account cannot be created, no listing is left behind.
		dup := a
		dup.Business = &store.Business{Name: "Orphan Listing"}
		if _, _, err := s.CreateAccount(ctx, dup); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("duplicate: %v", err)
		}
		if drafts, _ := s.Drafts(ctx, u.ID); len(drafts) != 1 {
			t.Fatalf("drafts after a failed sign-up = %+v", drafts)
		}
		other, _, _ := s.CreateAccount(ctx, newAccount("someone@example.com"))
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Orphan Listing", OwnerID: sqlNullInt(other.ID)})
		if err != nil || b.Slug != "orphan-listing" {
			t.Fatalf("slug after rolled-back insert = %q, %v; want orphan-listing", b.Slug, err)
		}
	})
}

func TestSlugsAreUnique(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		seen := map[string]bool{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := s.CreateBusiness(ctx, store.Business{Name: "Joe's Café & Bar"})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if seen[b.Slug] {
					t.Errorf("slug %q given twice", b.Slug)
				}
				seen[b.Slug] = true
			}()
		}
		wg.Wait()
		if !seen["joes-caf-and-bar"] {
			t.Errorf("slugs %v lack the plain one", seen)
		}
	})
}

func TestListingsNeverTakeTheLandingPagesWords(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for _, c := range []struct{ name, slug string }{
			{"In", "in-2"}, {"IN!", "in-3"}, {"Category", "category-2"}, {"Inn", "inn"}, {"Categories", "categories"},
		} {
			b, err := s.CreateBusiness(ctx, store.Business{Name: c.name})
			if err != nil || b.Slug != c.slug {
				t.Errorf("a listing named %q got the slug %q (%v), want %q", c.name, b.Slug, err, c.slug)
			}
		}
	})
}

func TestTokensAreSingleUseAndExpire(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, _ := s.CreateAccount(ctx, newAccount("t@example.com"))
		hour := time.Now().Add(time.Hour)
		must(t, s.CreateToken(ctx, store.Token{Hash: "a", UserID: u.ID, Purpose: store.TokenReset, Email: u.Email, ExpiresAt: hour}))

		if _, err := s.ValidToken(ctx, "a", store.TokenVerify); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatal("a reset token was accepted for verification")
		}
		if _, err := s.ValidToken(ctx, "a", store.TokenReset); err != nil {
			t.Fatalf("valid token: %v", err)
		}
		tok, err := s.UseToken(ctx, "a", store.TokenReset)
		if err != nil || tok.UserID != u.ID {
			t.Fatalf("use: %+v %v", tok, err)
		}
		if _, err := s.UseToken(ctx, "a", store.TokenReset); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatal("a token was used twice")
		}

		must(t, s.CreateToken(ctx, store.Token{Hash: "old", UserID: u.ID, Purpose: store.TokenReset, Email: u.Email, ExpiresAt: time.Now().Add(-time.Second)}))
		if _, err := s.UseToken(ctx, "old", store.TokenReset); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatal("an expired token was accepted")
		}

		// A newer link replaces an older one.
		must(t, s.CreateToken(ctx, store.Token{Hash: "first", UserID: u.ID, Purpose: store.TokenVerify, Email: u.Email, ExpiresAt: hour}))
		must(t, s.CreateToken(ctx, store.Token{Hash: "second", UserID: u.ID, Purpose: store.TokenVerify, Email: u.Email, ExpiresAt: hour}))
		if _, err := s.UseToken(ctx, "first", store.TokenVerify); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatal("an older link still works after a newer one was sent")
		}
		if _, err := s.UseToken(ctx, "second", store.TokenVerify); err != nil {
			t.Fatalf("newest link: %v", err)
		}
	})
}

func TestPasswordChangeBumpsSessionVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, _ := s.CreateAccount(ctx, newAccount("p@example.com"))
		v, err := s.SetPassword(ctx, u.ID, "new-hash")
		if err != nil || v != 2 {
			t.Fatalf("SetPassword = %d, %v; want 2", v, err)
		}
		got, _ := s.UserByID(ctx, u.ID)
		if got.PasswordHash != "new-hash" || got.SessionVersion != 2 {
			t.Fatalf("user after change %+v", got)
		}
		must(t, s.MarkEmailVerified(ctx, u.ID))
		got, _ = s.UserByID(ctx, u.ID)
		if !got.Verified() {
			t.Fatal("not verified")
		}
		other, _, _ := s.CreateAccount(ctx, newAccount("other@example.com"))
		if _, err := s.SetEmail(ctx, u.ID, "OTHER@example.com"); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("SetEmail to a taken address: %v", err)
		}
		if _, err := s.SetEmail(ctx, other.ID, "new@example.com"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UserByEmail(ctx, "new@example.com"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestLeadCountsByCalendarMonth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, _ := s.CreateAccount(ctx, newAccount("leads@example.com"))
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Mine", OwnerID: sqlNullInt(u.ID)})
		must(t, err)
		notMine, err := s.CreateBusiness(ctx, store.Business{Name: "Not mine"})
		must(t, err)
		now := time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)
		for _, at := range []time.Time{
			time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),    // this month, first instant
			time.Date(2026, 11, 14, 9, 0, 0, 0, time.UTC),   // this month
			time.Date(2026, 10, 31, 23, 59, 0, 0, time.UTC), // last month, last minute
			time.Date(2026, 9, 30, 0, 0, 0, 0, time.UTC),    // before
		} {
			_, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "A", Email: "a@example.com", Message: "Hi", CreatedAt: at})
			must(t, err)
		}
		_, err = s.CreateLead(ctx, store.Lead{BusinessID: notMine.ID, Name: "B", Email: "b@example.com", Message: "Hi", CreatedAt: now})
		must(t, err)
		c, err := s.LeadCountsFor(ctx, u.ID, now)
		must(t, err)
		if c != (store.LeadCounts{Total: 4, ThisMonth: 2, LastMonth: 1}) {
			t.Fatalf("counts = %+v, want total 4, this month 2, last month 1", c)
		}
	})
}

func TestHoursAndListsRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, _ := s.CreateAccount(ctx, newAccount("h@example.com"))
		_, err := s.CreateBusiness(ctx, store.Business{Name: "Hours", OwnerID: sqlNullInt(u.ID), Hours: store.DefaultWeek(), Tags: store.Lines{"wifi", "vegan"}, Services: store.Lines{"Catering"}})
		must(t, err)
		bs, err := s.BusinessesOwnedBy(ctx, u.ID)
		must(t, err)
		b := bs[0]
		if len(b.Hours) != 7 || b.Hours[0].Open != "09:00" || !b.Hours[6].Closed || b.Hours[5].Close != "16:00" {
			t.Fatalf("hours %+v", b.Hours)
		}
		if len(b.Tags) != 2 || b.Tags[1] != "vegan" || len(b.Services) != 1 {
			t.Fatalf("tags %v services %v", b.Tags, b.Services)
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func sqlNullInt(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: true} }

// A password or email change retires every emailed link of the user (a
// reset link sent before the change, a verification or email-change link),
// and only theirs.
func TestPasswordOrEmailChangeRetiresTheUsersLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, _ := s.CreateAccount(ctx, newAccount("links@example.com"))
		other, _, _ := s.CreateAccount(ctx, newAccount("bystander@example.com"))
		hour := time.Now().Add(time.Hour)
		links := func(prefix string) map[string]string {
			t.Helper()
			hashes := map[string]string{
				prefix + "-reset":  store.TokenReset,
				prefix + "-verify": store.TokenVerify,
				prefix + "-change": store.TokenEmailChange,
			}
			for hash, purpose := range hashes {
				must(t, s.CreateToken(ctx, store.Token{Hash: hash, UserID: u.ID, Purpose: purpose, Email: u.Email, ExpiresAt: hour}))
			}
			return hashes
		}
		must(t, s.CreateToken(ctx, store.Token{Hash: "bystander-reset", UserID: other.ID, Purpose: store.TokenReset, Email: other.Email, ExpiresAt: hour}))

		for _, change := range []struct {
			name string
			do   func() error
		}{
			{"password change", func() error { _, err := s.SetPassword(ctx, u.ID, "new-hash"); return err }},
			{"email change", func() error { _, err := s.SetEmail(ctx, u.ID, "links.new@example.com"); return err }},
		} {
			hashes := links(change.name)
			must(t, change.do())
			for hash, purpose := range hashes {
				if _, err := s.ValidToken(ctx, hash, purpose); !errors.Is(err, store.ErrTokenInvalid) {
					t.Errorf("after a %s, a %s link from before still works: %v", change.name, purpose, err)
				}
			}
		}
		if open, err := s.OpenTokens(ctx, u.ID); err != nil || len(open) != 0 {
			t.Errorf("the user's open links after the changes: %+v, %v", open, err)
		}
		if open, err := s.OpenTokens(ctx, other.ID); err != nil || len(open) != 1 || open[0].Hash != "bystander-reset" {
			t.Errorf("another user's links were retired: %+v, %v", open, err)
		}
	})
}
