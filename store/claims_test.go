package store_test

import (
	"context"
	"errors"
	"testing"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// claimFixture is an ownerless listing, two claimants and an administrator.
func claimFixture(t *testing.T, s *store.Store) (b store.Business, ann, bob, admin store.User) {
	t.Helper()
	ctx := context.Background()
	b, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", City: "Portland", Published: true})
	must(t, err)
	var users []store.User
	for _, email := range []string{"ann@example.com", "bob@example.com", "admin@example.com"} {
		u, _, err := s.CreateAccount(ctx, newAccount(email))
		must(t, err)
		users = append(users, u)
	}
	must(t, s.SetAdmin(ctx, "ADMIN@example.com", true))
	admin, err = s.UserByID(ctx, users[2].ID)
	must(t, err)
	if !admin.IsAdmin {
		t.Fatal("SetAdmin did not grant administration")
	}
	return b, users[0], users[1], admin
}

func TestApprovingAClaimGivesTheListingItsOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, ann, bob, admin := claimFixture(t, s)
		c, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: ann.ID, Role: "owner", Message: "I run it."})
		must(t, err)
		if c.Status != store.ClaimPending || c.BusinessName != "Harbor Bakery" || c.UserEmail != "ann@example.com" {
			t.Fatalf("claim = %+v", c)
		}
		if _, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: ann.ID, Role: "owner", Message: "Again"}); !errors.Is(err, store.ErrClaimPending) {
			t.Errorf("second open claim by the same person: %v, want ErrClaimPending", err)
		}
		other, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: bob.ID, Role: "manager", Message: "Me too."})
		must(t, err)

		got, closed, err := s.DecideClaim(ctx, c.ID, admin, true)
		must(t, err)
		if len(closed) != 1 || closed[0].ID != other.ID || closed[0].UserEmail != "bob@example.com" || closed[0].Status != store.ClaimRejected {
			t.Errorf("closed claims = %+v, want bob's", closed)
		}
		if got.Status != store.ClaimApproved || got.DeciderEmail != "admin@example.com" || !got.DecidedAt.Valid {
			t.Errorf("approved claim = %+v", got)
		}
		b, err = s.BusinessByID(ctx, b.ID)
		must(t, err)
		if !b.OwnedBy(ann.ID) || !b.Claimed {
			t.Errorf("listing after approval: owner %v claimed %v", b.OwnerID, b.Claimed)
		}
		if owned, _ := s.BusinessesOwnedBy(ctx, ann.ID); len(owned) != 1 {
			t.Errorf("the new owner has %d listings, want 1", len(owned))
		}
		// The other open claim is closed; a new one is refused.
		if o, _ := s.ClaimByID(ctx, other.ID); o.Status != store.ClaimRejected {
			t.Errorf("the other claim is %s, want rejected", o.Status)
		}
		if _, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: bob.ID, Role: "owner", Message: "Mine!"}); !errors.Is(err, store.ErrAlreadyClaimed) {
			t.Errorf("claim on a claimed listing: %v, want ErrAlreadyClaimed", err)
		}
		if _, _, err := s.DecideClaim(ctx, c.ID, admin, false); !errors.Is(err, store.ErrClaimDecided) {
			t.Errorf("deciding twice: %v, want ErrClaimDecided", err)
		}
		history, err := s.ModerationHistory(ctx, b.ID)
		must(t, err)
		if len(history) != 1 || history[0].Action != store.ActionApproveClaim || history[0].AdminEmail != "admin@example.com" ||
			history[0].Detail != "Claim by ann@example.com (owner); 1 other open claim(s) closed" {
			t.Errorf("history = %+v", history)
		}
	})
}

func TestRejectingAClaimLeavesTheListingOpen(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, ann, bob, admin := claimFixture(t, s)
		c, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: ann.ID, Role: "employee", Message: "I work there."})
		must(t, err)
		got, closed, err := s.DecideClaim(ctx, c.ID, admin, false)
		if len(closed) != 0 {
			t.Errorf("a rejection closed %d other claims", len(closed))
		}
		must(t, err)
		if got.Status != store.ClaimRejected {
			t.Errorf("status %s, want rejected", got.Status)
		}
		b, _ = s.BusinessByID(ctx, b.ID)
		if b.OwnerID.Valid || b.Claimed {
			t.Error("a rejected claim gave the listing an owner")
		}
		if _, err := s.PendingClaim(ctx, b.ID, ann.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("pending claim after rejection: %v", err)
		}
		// Both may try again.
		for _, u := range []store.User{ann, bob} {
			if _, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: u.ID, Role: "owner", Message: "Proof attached."}); err != nil {
				t.Errorf("new claim by %s after a rejection: %v", u.Email, err)
			}
		}
		pending, total, err := s.Claims(ctx, store.ClaimPending, store.Page{Limit: 10})
		must(t, err)
		if total != 2 || len(pending) != 2 || pending[0].UserEmail != "ann@example.com" {
			t.Errorf("pending claims (oldest first) = %+v", pending)
		}
		if _, all, _ := s.Claims(ctx, "", store.Page{Limit: 1}); all != 3 {
			t.Errorf("all claims: %d, want 3", all)
		}
	})
}

func TestAClaimOnAnOwnedListingIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "owner@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Owned Co", OwnerID: sqlNullInt(owner.ID)})
		must(t, err)
		_, ann, _, _ := claimFixture(t, s)
		if _, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: ann.ID, Role: "owner", Message: "Mine"}); !errors.Is(err, store.ErrAlreadyClaimed) {
			t.Errorf("claim on an owned listing: %v, want ErrAlreadyClaimed", err)
		}
		if _, err := s.CreateClaim(ctx, store.Claim{BusinessID: 999999, UserID: ann.ID, Role: "owner", Message: "?"}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("claim on no listing: %v, want ErrNotFound", err)
		}
	})
}

func TestModerationSetsFlagsAndRecordsWhoDidIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, ann, _, admin := claimFixture(t, s)
		// Only an owned listing is verified (TestOnlyAnOwnedListingIsVerified).
		claim, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: ann.ID, Role: "owner", Message: "Mine"})
		must(t, err)
		_, _, err = s.DecideClaim(ctx, claim.ID, admin, true)
		must(t, err)
		for _, step := range []struct {
			action  string
			changed bool
		}{
			{store.ActionVerify, true},
			{store.ActionVerify, false}, // sent twice: nothing new
			{store.ActionFeature, true},
			{store.ActionUnpublish, true},
			{store.ActionUnfeature, true},
		} {
			changed, err := s.Moderate(ctx, b.ID, admin, step.action)
			must(t, err)
			if changed != step.changed {
				t.Errorf("%s: changed = %v, want %v", step.action, changed, step.changed)
			}
		}
		b, _ = s.BusinessByID(ctx, b.ID)
		if !b.Verified || b.Featured || b.Published {
			t.Errorf("flags: verified %v featured %v published %v", b.Verified, b.Featured, b.Published)
		}
		history, err := s.ModerationHistory(ctx, b.ID)
		must(t, err)
		var actions []string
		for _, a := range history {
			actions = append(actions, a.Action)
			if a.AdminEmail != "admin@example.com" || a.CreatedAt.IsZero() {
				t.Errorf("action %+v lacks who or when", a)
			}
		}
		want := []string{store.ActionUnfeature, store.ActionUnpublish, store.ActionFeature, store.ActionVerify, store.ActionApproveClaim}
		if len(actions) != len(want) {
			t.Fatalf("history = %v, want %v", actions, want)
		}
		for i := range want {
			if actions[i] != want[i] {
				t.Fatalf("history = %v, want %v (newest first)", actions, want)
			}
		}
		if _, err := s.Moderate(ctx, b.ID, admin, "delete"); !errors.Is(err, store.ErrUnknownAction) {
			t.Errorf("unknown action: %v", err)
		}
		if _, err := s.Moderate(ctx, 999999, admin, store.ActionVerify); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown listing: %v", err)
		}
	})
}

func TestAdminBusinessesSearchAndFilter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("owner@example.com"))
		must(t, err)
		for _, b := range []store.Business{
			{Name: "Alpha Dental", City: "Austin", Published: true, Verified: true, OwnerID: sqlNullInt(owner.ID)},
			{Name: "Beta Bakery", City: "Boise", Published: false},
			{Name: "Gamma 100% Co", City: "Austin", Published: true, OwnerID: sqlNullInt(owner.ID)},
			{Name: "Delta Austin Diner", City: "Austin", Published: true}, // nobody's: it cannot be verified
		} {
			_, err := s.CreateBusiness(ctx, b)
			must(t, err)
		}
		for _, tc := range []struct {
			query, filter string
			want          int
		}{
			{"", "", 4},
			{"AUSTIN", "", 3},
			{"bakery", "", 1},
			{"100%", "", 1},
			{"austin", store.FilterUnverified, 1}, // owned, so it can be verified
			{"", store.FilterUnpublished, 1},
			{"", store.FilterUnowned, 2},
		} {
			bs, total, err := s.AdminBusinesses(ctx, tc.query, tc.filter, store.Page{Limit: 2})
			must(t, err)
			if total != tc.want || len(bs) != min(tc.want, 2) {
				t.Errorf("q=%q filter=%q: %d rows of %d, want %d", tc.query, tc.filter, len(bs), total, tc.want)
			}
		}
		if err := s.SetAdmin(ctx, "nobody@example.com", true); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("granting an unknown address: %v", err)
		}
	})
}

func TestAnOwnerCannotUndoATakedown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, _, admin := claimFixture(t, s)
		// The owner hides and shows the listing at will until then.
		must(t, s.SetPublished(ctx, b.ID, false))
		must(t, s.SetPublished(ctx, b.ID, true))

		if changed, err := s.Moderate(ctx, b.ID, admin, store.ActionUnpublish); err != nil || !changed {
			t.Fatalf("unpublish: changed %v, %v", changed, err)
		}
		if err := s.SetPublished(ctx, b.ID, true); !errors.Is(err, store.ErrSuspended) {
			t.Fatalf("the owner published a listing taken down: %v", err)
		}
		must(t, s.SetPublished(ctx, b.ID, false)) // hiding it stays allowed
		got, _ := s.BusinessByID(ctx, b.ID)
		if got.Published || !got.Suspended {
			t.Fatalf("after the takedown: published %v suspended %v", got.Published, got.Suspended)
		}
		if list, _, err := s.AdminBusinesses(ctx, "", store.FilterSuspended, store.Page{Limit: 10}); err != nil || len(list) != 1 || list[0].ID != b.ID {
			t.Errorf("the taken-down filter finds %d (%v)", len(list), err)
		}

		// An owner who had unpublished the listing themselves is still
		// taken down by an administrator's unpublish.
		if changed, _ := s.Moderate(ctx, b.ID, admin, store.ActionUnpublish); changed {
			t.Error("a second takedown changed something")
		}
		if changed, err := s.Moderate(ctx, b.ID, admin, store.ActionPublish); err != nil || !changed {
			t.Fatalf("publish: changed %v, %v", changed, err)
		}
		got, _ = s.BusinessByID(ctx, b.ID)
		if !got.Published || got.Suspended {
			t.Fatalf("after the administrator published it: published %v suspended %v", got.Published, got.Suspended)
		}
		must(t, s.SetPublished(ctx, b.ID, false))
		must(t, s.SetPublished(ctx, b.ID, true))
		if err := s.SetPublished(ctx, 999999, true); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown listing: %v", err)
		}
	})
}
