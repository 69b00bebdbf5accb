package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// The Verified badge says we confirmed who runs the business (issue 40):
// a listing nobody owns cannot earn it, by any way there is to verify.
func TestOnlyAnOwnedListingIsVerified(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, admin := verificationFixture(t, s)
		unowned, err := s.CreateBusiness(ctx, store.Business{Name: "Nobody's Bakery", City: "Portland", State: "OR", Published: true})
		must(t, err)

		if _, err := s.Moderate(ctx, unowned.ID, admin, store.ActionVerify); !errors.Is(err, store.ErrUnowned) {
			t.Errorf("an administrator verifies an unowned listing: %v, want ErrUnowned", err)
		}
		if got, _ := s.BusinessByID(ctx, unowned.ID); got.Verified || got.VerifiedMethod != "" {
			t.Errorf("the unowned listing is verified (%q)", got.VerifiedMethod)
		}
		if history, _ := s.ModerationHistory(ctx, unowned.ID); len(history) != 0 {
			t.Errorf("a refused verification was recorded: %+v", history)
		}
		if _, err := s.Moderate(ctx, b.ID, admin, store.ActionVerify); err != nil {
			t.Errorf("an administrator verifies an owned listing: %v", err)
		}

		loaded := store.Business{Slug: "loaded-bakery", Name: "Loaded Bakery", City: "Portland", State: "OR", Published: true, Verified: true}
		if _, err := s.AddMissingListings(ctx, []store.ListingWithReviews{{Business: loaded}}); !errors.Is(err, store.ErrUnowned) {
			t.Errorf("a tool adds an unowned listing verified: %v, want ErrUnowned", err)
		}
		if err := s.InsertListings(ctx, []store.ListingWithReviews{{Business: loaded}}); !errors.Is(err, store.ErrUnowned) {
			t.Errorf("a tool inserts an unowned listing verified: %v, want ErrUnowned", err)
		}
		if names := verifiedOnly(t, s); len(names) != 1 || names[0] != b.Name {
			t.Errorf("the directory's verified listings: %v, want only %q (owned by %s)", names, b.Name, owner.Email)
		}
	})
}

// A listing loses its badge when its owner leaves it: the owner closes
// their account, or hands the account to a member of its team; the
// directory's Verified filter follows.
func TestAListingLosesItsBadgeWhenItsOwnerLeaves(t *testing.T) {
	for _, tc := range []struct {
		name  string
		leave func(t *testing.T, s *store.Store, owner store.User)
	}{
		{"the owner closes their account", func(t *testing.T, s *store.Store, owner store.User) {
			_, err := s.CloseAccount(context.Background(), owner.ID, nil)
			must(t, err)
		}},
		{"the owner hands the account to a member", func(t *testing.T, s *store.Store, owner store.User) {
			ctx := context.Background()
			heir, _, err := s.CreateAccount(ctx, newAccount("heir@example.com"))
			must(t, err)
			must(t, s.AddTeamMember(ctx, owner.ID, heir.ID, owner.ID))
			must(t, s.TransferTeamOwnership(ctx, owner.ID, heir.ID))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, s *store.Store) {
				ctx := context.Background()
				b, owner, admin := verificationFixture(t, s)
				_, err := s.Moderate(ctx, b.ID, admin, store.ActionVerify)
				must(t, err)
				other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
				must(t, err)
				kept, err := s.CreateBusiness(ctx, store.Business{Name: "Other Bakery", City: "Portland", State: "OR", Published: true, OwnerID: sqlNullInt(other.ID)})
				must(t, err)
				_, err = s.Moderate(ctx, kept.ID, admin, store.ActionVerify)
				must(t, err)

				tc.leave(t, s, owner)
				got, err := s.BusinessByID(ctx, b.ID)
				must(t, err)
				if got.Verified || got.VerifiedMethod != "" || got.VerifiedAt.Valid {
					t.Errorf("after its owner left, the listing is verified (%q, %v)", got.VerifiedMethod, got.VerifiedAt)
				}
				if still, _ := s.BusinessByID(ctx, kept.ID); !still.Verified {
					t.Error("another owner's listing lost its badge")
				}
				// The owner's listing may still be in the directory (a
				// transfer keeps it published): it is not among the
				// verified.
				if names := verifiedOnly(t, s); len(names) != 1 || names[0] != kept.Name {
					t.Errorf("the directory's verified listings: %v, want only %q", names, kept.Name)
				}
			})
		})
	}
}

// Migration 00028 takes the badge from the listings nobody owns (the
// generated and sample data of before) and leaves owned ones verified;
// it goes down and up again on both engines.
func TestMigrationUnverifiesUnownedListings(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			db, p := oldDatabase(t, d, 27, true)
			now := time.Now().UTC()
			var owner, owned, unowned int64
			must(t, db.QueryRowxContext(ctx, db.Rebind(`INSERT INTO users (email, password_hash, kind, created_at, updated_at) VALUES ('owner@example.com', 'hash', 'business', ?, ?) RETURNING id`), now, now).Scan(&owner))
			insert := `INSERT INTO businesses (slug, name, owner_id, verified, verified_method, verified_at, published, created_at, updated_at)
				VALUES (?, ?, ?, TRUE, 'team', ?, TRUE, ?, ?) RETURNING id`
			must(t, db.QueryRowxContext(ctx, db.Rebind(insert), "owned", "Owned", owner, now, now, now).Scan(&owned))
			must(t, db.QueryRowxContext(ctx, db.Rebind(insert), "unowned", "Unowned", nil, now, now, now).Scan(&unowned))

			for _, step := range []func() error{
				func() error { _, err := p.UpTo(ctx, 28); return err },
				func() error { _, err := p.DownTo(ctx, 27); return err },
				func() error { _, err := p.UpTo(ctx, 28); return err },
			} {
				if err := step(); err != nil {
					t.Fatalf("migration 00028: %v", err)
				}
			}
			for _, want := range []struct {
				id       int64
				verified bool
			}{{owned, true}, {unowned, false}} {
				var row struct {
					Verified bool   `db:"verified"`
					Method   string `db:"verified_method"`
					At       *time.Time
				}
				must(t, db.QueryRowxContext(ctx, db.Rebind(`SELECT verified, verified_method, verified_at FROM businesses WHERE id = ?`), want.id).Scan(&row.Verified, &row.Method, &row.At))
				if row.Verified != want.verified || (row.Method != "") != want.verified || (row.At != nil) != want.verified {
					t.Errorf("listing %d after the migration: verified %v (%q, %v), want %v", want.id, row.Verified, row.Method, row.At, want.verified)
				}
			}
		})
	}
}

// A listing verified by its domain through a member's address loses the
// badge when that member leaves the team or closes their account: the
// address was the proof. Another member's leaving changes nothing.
func TestADomainProofLeavesWithTheMemberWhoGaveIt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		leave func(t *testing.T, s *store.Store, owner, member store.User)
	}{
		{"the member leaves the team", func(t *testing.T, s *store.Store, owner, member store.User) {
			must(t, s.RemoveTeamMember(context.Background(), owner.ID, member.ID))
		}},
		{"the member closes their account", func(t *testing.T, s *store.Store, owner, member store.User) {
			_, err := s.CloseAccount(context.Background(), member.ID, nil)
			must(t, err)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, s *store.Store) {
				ctx := context.Background()
				b, owner, _ := verificationFixture(t, s)
				member, _, err := s.CreateAccount(ctx, newAccount("pat@acme.com"))
				must(t, err)
				other, _, err := s.CreateAccount(ctx, newAccount("sam@example.com"))
				must(t, err)
				must(t, s.AddTeamMember(ctx, owner.ID, member.ID, owner.ID))
				must(t, s.AddTeamMember(ctx, owner.ID, other.ID, owner.ID))
				_, err = s.VerifyByDomain(ctx, b.ID, member.ID)
				must(t, err)

				must(t, s.RemoveTeamMember(ctx, owner.ID, other.ID))
				if got, _ := s.BusinessByID(ctx, b.ID); !got.Verified {
					t.Fatal("a member who did not verify the listing took its badge when leaving")
				}
				tc.leave(t, s, owner, member)
				if got, _ := s.BusinessByID(ctx, b.ID); got.Verified || got.VerifiedMethod != "" {
					t.Errorf("the listing keeps the badge its member's address earned (%q)", got.VerifiedMethod)
				}
				if names := verifiedOnly(t, s); len(names) != 0 {
					t.Errorf("the directory's verified listings: %v", names)
				}
			})
		})
	}
}
