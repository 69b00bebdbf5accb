package store_test

import (
	"context"
	"errors"
	"testing"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// What a team member may do with the account's records is read, in the
// statement that does it, from their membership at that moment: a reply,
// a review, a claim's approval and a quote request's matches.
func TestTeamMembershipInStatements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, us := reviewFixture(t, s, 2)
		member, customer := us[0], us[1]
		must(t, s.AddTeamMember(ctx, owner.ID, member.ID, owner.ID))
		r, err := s.CreateReview(ctx, reviewOf(b, customer, 4))
		must(t, err)

		got, err := s.SetReply(ctx, r.ID, member.ID, "Thanks from the team!")
		must(t, err)
		if got.Reply != "Thanks from the team!" || got.ReplyBy != sqlNullInt(member.ID) {
			t.Fatalf("member's reply: %+v, want signed by the member", got)
		}
		if _, err := s.CreateReview(ctx, reviewOf(b, member, 5)); !errors.Is(err, store.ErrOwnListing) {
			t.Fatalf("a member reviews the account's listing: %v, want ErrOwnListing", err)
		}

		// A quote request by the member never matches the account's
		// listing; a customer's does.
		online, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Online", Category: "food", BusinessType: "online", City: b.City, State: b.State,
			OwnerID: sqlNullInt(owner.ID), Published: true})
		must(t, err)
		for _, c := range []struct {
			who   string
			user  int64
			match bool
		}{{"member", member.ID, false}, {"customer", customer.ID, true}} {
			ranked, err := s.RankListings(ctx, store.QuoteRequest{UserID: sqlNullInt(c.user), Category: "food", City: b.City, State: b.State})
			must(t, err)
			found := false
			for _, rk := range ranked {
				found = found || rk.Business.ID == online.ID
			}
			if found != c.match {
				t.Errorf("the %s's quote request matches the account's listing: %v, want %v", c.who, found, c.match)
			}
		}

		// A claim by the member gives the listing to the account.
		free, err := s.CreateBusiness(ctx, store.Business{Name: "Unowned Deli", Category: "food", City: b.City, State: b.State, Published: true})
		must(t, err)
		c, err := s.CreateClaim(ctx, store.Claim{BusinessID: free.ID, UserID: member.ID, Role: "manager", Message: "I run it for the owner; call the shop."})
		must(t, err)
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		must(t, err)
		_, _, err = s.DecideClaim(ctx, c.ID, admin, true)
		must(t, err)
		free, err = s.BusinessByID(ctx, free.ID)
		must(t, err)
		if !free.OwnedBy(owner.ID) {
			t.Fatalf("claimed listing's account %v, want the owner's %d", free.OwnerID, owner.ID)
		}

		// Removed, the member is a stranger to the account at once.
		must(t, s.RemoveTeamMember(ctx, owner.ID, member.ID))
		if _, err := s.SetReply(ctx, r.ID, member.ID, "Still here?"); !errors.Is(err, store.ErrNotAuthor) {
			t.Fatalf("a removed member replies: %v, want ErrNotAuthor", err)
		}
		if _, err := s.CreateReview(ctx, reviewOf(b, member, 5)); err != nil {
			t.Fatalf("a removed member, now a customer, cannot review: %v", err)
		}
	})
}
