package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// A business sign-up's listing is a draft until the address is verified:
// it takes no id and no slug, then becomes a listing that goes live (its
// email, the verified address, confirmed).
func TestSignupListingIsADraftUntilTheAddressIsVerified(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		before, err := s.CreateBusiness(ctx, store.Business{Name: "Before", Published: true})
		must(t, err)
		a := newAccount("owner@example.com")
		a.Kind = store.KindBusiness
		a.Business = &store.Business{Name: "Blue Door Bakery", City: "Austin", State: "TX", Email: "owner@example.com", ShowEmail: true, Published: true}
		u, _, err := s.CreateAccount(ctx, a)
		must(t, err)
		if owned, _ := s.BusinessesOwnedBy(ctx, u.ID); len(owned) != 0 {
			t.Fatalf("the unverified owner has listings: %+v", owned)
		}
		if drafts, _ := s.Drafts(ctx, u.ID); len(drafts) != 1 || drafts[0].Name != "Blue Door Bakery" || !drafts[0].ShowEmail {
			t.Fatalf("drafts %+v", drafts)
		}
		after, err := s.CreateBusiness(ctx, store.Business{Name: "After", Published: true})
		must(t, err)
		if after.ID != before.ID+1 {
			t.Errorf("a draft took a listing's number: %d then %d", before.ID, after.ID)
		}
		// Not verified: nothing to release.
		if released, err := s.ReleaseDrafts(ctx, u.ID); err != nil || len(released) != 0 {
			t.Fatalf("released before verification: %+v %v", released, err)
		}
		must(t, s.MarkEmailVerified(ctx, u.ID))
		released, err := s.ReleaseDrafts(ctx, u.ID)
		if err != nil || len(released) != 1 || released[0].Held {
			t.Fatalf("released %+v %v", released, err)
		}
		b, err := s.BusinessBySlug(ctx, "blue-door-bakery")
		if err != nil || !b.Published || !b.EmailConfirmed || !b.OwnedBy(u.ID) {
			t.Fatalf("the released listing %+v %v", b, err)
		}
		if again, _ := s.ReleaseDrafts(ctx, u.ID); len(again) != 0 {
			t.Errorf("released twice: %+v", again)
		}
		if drafts, _ := s.Drafts(ctx, u.ID); len(drafts) != 0 {
			t.Errorf("drafts left %+v", drafts)
		}
	})
}

// A listing whose name is alike a published one's in its city is held,
// and its owner cannot publish it; an administrator's approval publishes
// it (and is remembered), a rejection takes it down.
func TestHeldListingsWaitForAnAdministrator(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		original, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Street Bakery", City: "Portland", State: "OR", Published: true})
		must(t, err)
		owner, _, _ := s.CreateAccount(ctx, newAccount("copy@example.com"))
		admin, _, _ := s.CreateAccount(ctx, newAccount("admin@example.com"))
		add := func(name, city string) store.Business {
			t.Helper()
			b, err := s.CreateBusiness(ctx, store.Business{Name: name, City: city, State: "OR", OwnerID: sqlNullInt(owner.ID)})
			must(t, err)
			return b
		}

		elsewhere := add("Harbor Street Bakery", "Salem")
		if p, err := s.PublishListing(ctx, elsewhere.ID); err != nil || p.Held {
			t.Fatalf("the same name in another city: %+v %v", p, err)
		}
		copycat := add("Harbour Street Bakery LLC", "portland")
		p, err := s.PublishListing(ctx, copycat.ID)
		if err != nil || !p.Held || p.Similar.ID != original.ID {
			t.Fatalf("a near-duplicate: %+v %v", p, err)
		}
		if _, err := s.PublishListing(ctx, copycat.ID); !errors.Is(err, store.ErrHeld) {
			t.Errorf("publishing a held listing again: %v", err)
		}
		if err := s.SetPublished(ctx, copycat.ID, true); !errors.Is(err, store.ErrHeld) {
			t.Errorf("showing a held listing: %v", err)
		}
		hold, err := s.PendingHold(ctx, copycat.ID)
		if err != nil || hold.Listing.Name != "Harbour Street Bakery LLC" || hold.Similar.Name != "Harbor Street Bakery" || hold.Listing.OwnerEmail.String != "copy@example.com" || hold.Similar.OwnerEmail.Valid {
			t.Fatalf("pending hold %+v %v", hold, err)
		}
		if hs, total, err := s.Holds(ctx, store.HoldPending, store.Page{Limit: 10}); err != nil || total != 1 || len(hs) != 1 {
			t.Fatalf("pending holds: %d %v", total, err)
		}
		if c, _ := s.CountForAdmin(ctx); c.HeldListings != 1 {
			t.Errorf("the overview counts %d held listings", c.HeldListings)
		}

		if _, err := s.DecideHold(ctx, hold.ID, admin, true, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DecideHold(ctx, hold.ID, admin, false, "late"); !errors.Is(err, store.ErrHoldDecided) {
			t.Errorf("deciding twice: %v", err)
		}
		got, _ := s.BusinessByID(ctx, copycat.ID)
		if !got.Published || got.Held {
			t.Fatalf("approved: published %v held %v", got.Published, got.Held)
		}
		// The approval stands for that name and place.
		must(t, s.SetPublished(ctx, copycat.ID, false))
		if p, err := s.PublishListing(ctx, copycat.ID); err != nil || p.Held {
			t.Errorf("republishing an approved name: %+v %v", p, err)
		}

		rejected := add("Harbor Street Bakery", "Portland")
		p, _ = s.PublishListing(ctx, rejected.ID)
		hold, _ = s.PendingHold(ctx, rejected.ID)
		if !p.Held {
			t.Fatal("the exact name was not held")
		}
		if _, err := s.DecideHold(ctx, hold.ID, admin, false, "Another bakery's name."); err != nil {
			t.Fatal(err)
		}
		got, _ = s.BusinessByID(ctx, rejected.ID)
		if got.Published || got.Held || !got.Suspended {
			t.Fatalf("rejected: published %v held %v suspended %v", got.Published, got.Held, got.Suspended)
		}
		if _, err := s.PublishListing(ctx, rejected.ID); !errors.Is(err, store.ErrSuspended) {
			t.Errorf("publishing a rejected listing: %v", err)
		}
		history, _ := s.ModerationHistory(ctx, rejected.ID)
		if len(history) != 1 || history[0].Action != store.ActionRejectName || history[0].Detail != "Reason: Another bakery's name." {
			t.Errorf("history %+v", history)
		}

		// A held listing renamed: its hold is withdrawn, and the new
		// name is checked when it is published again.
		renamed := add("Harbor Street Bakery", "Portland")
		s.PublishListing(ctx, renamed.ID)
		must(t, s.WithdrawHold(ctx, renamed.ID))
		renamed.Name = "Rosewater Patisserie"
		must(t, s.UpdateBusiness(ctx, renamed))
		if p, err := s.PublishListing(ctx, renamed.ID); err != nil || p.Held {
			t.Errorf("the renamed listing: %+v %v", p, err)
		}
		if _, total, _ := s.Holds(ctx, store.HoldPending, store.Page{Limit: 10}); total != 0 {
			t.Errorf("%d holds pending after the withdrawal", total)
		}
	})
}

// A listing's email is confirmed by its latest link, once, and only while
// it is still the listing's address.
func TestListingEmailLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Taco Palace", Email: "hello@taco.example", ShowEmail: true, Published: true})
		must(t, err)
		week := time.Now().Add(72 * time.Hour)
		must(t, s.CreateListingEmailToken(ctx, store.ListingEmailToken{Hash: "first", BusinessID: b.ID, Email: b.Email, ExpiresAt: week}))
		must(t, s.CreateListingEmailToken(ctx, store.ListingEmailToken{Hash: "second", BusinessID: b.ID, Email: b.Email, ExpiresAt: week}))
		if n, err := s.ListingEmailLinksSince(ctx, b.ID, time.Now().Add(-time.Hour)); err != nil || n != 2 {
			t.Errorf("links since an hour ago: %d, %v", n, err)
		}
		if _, err := s.ConfirmListingEmail(ctx, "first"); !errors.Is(err, store.ErrTokenInvalid) {
			t.Errorf("a replaced link: %v", err)
		}
		if tok, err := s.ValidListingEmailToken(ctx, "second"); err != nil || tok.BusinessName != "Taco Palace" {
			t.Fatalf("the latest link: %+v %v", tok, err)
		}
		if _, err := s.ConfirmListingEmail(ctx, "second"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.BusinessByID(ctx, b.ID); !got.EmailConfirmed || got.PublicEmail() != "hello@taco.example" {
			t.Errorf("confirmed: %v %q", got.EmailConfirmed, got.PublicEmail())
		}
		if _, err := s.ConfirmListingEmail(ctx, "second"); !errors.Is(err, store.ErrTokenInvalid) {
			t.Errorf("a link used twice: %v", err)
		}

		// A link for an address the listing no longer has confirms nothing.
		must(t, s.CreateListingEmailToken(ctx, store.ListingEmailToken{Hash: "third", BusinessID: b.ID, Email: "old@taco.example", ExpiresAt: week}))
		b.Email, b.EmailConfirmed = "new@taco.example", false
		must(t, s.UpdateBusiness(ctx, b))
		if _, err := s.ValidListingEmailToken(ctx, "third"); !errors.Is(err, store.ErrTokenInvalid) {
			t.Errorf("a link for an old address shows: %v", err)
		}
		if _, err := s.ConfirmListingEmail(ctx, "third"); !errors.Is(err, store.ErrTokenInvalid) {
			t.Errorf("a link for an old address: %v", err)
		}
		if got, _ := s.BusinessByID(ctx, b.ID); got.EmailConfirmed || got.PublicEmail() != "" {
			t.Errorf("an unconfirmed address shows: %q", got.PublicEmail())
		}
		// Expired links do nothing.
		must(t, s.CreateListingEmailToken(ctx, store.ListingEmailToken{Hash: "expired", BusinessID: b.ID, Email: b.Email, ExpiresAt: time.Now().Add(-time.Minute)}))
		if _, err := s.ConfirmListingEmail(ctx, "expired"); !errors.Is(err, store.ErrTokenInvalid) {
			t.Errorf("an expired link: %v", err)
		}
	})
}
