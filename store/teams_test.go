package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// teamAccount makes a business account with one listing.
func teamAccount(t *testing.T, s *store.Store, email string) (store.User, store.Business) {
	t.Helper()
	ctx := context.Background()
	u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "hash", Kind: store.KindBusiness, Profile: store.Profile{FullName: "Owner"}})
	must(t, err)
	b, err := s.CreateBusiness(ctx, store.Business{Name: "Listing of " + email, OwnerID: sqlNullInt(u.ID)})
	must(t, err)
	return u, b
}

// invite stores an invitation to email with the token's digest.
func invite(t *testing.T, s *store.Store, accountID int64, email, token string) store.TeamInvite {
	t.Helper()
	inv, err := s.CreateTeamInvite(context.Background(), store.TeamInvite{AccountID: accountID, Email: email, TokenHash: store.Digest(token), InvitedBy: sqlNullInt(accountID)})
	must(t, err)
	return inv
}

func TestTeamInvitesAreSingleUseAndTakeSeats(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _ := teamAccount(t, s, "owner@example.com")
		person, _, err := s.CreateAccount(ctx, newAccount("Person@Example.com"))
		must(t, err)

		inv := invite(t, s, owner.ID, " PERSON@example.com", "tok-1")
		if inv.Email != "person@example.com" || !inv.Open(time.Now()) || inv.ExpiresAt.Sub(inv.CreatedAt) != store.TeamInviteTTL {
			t.Fatalf("invitation %+v", inv)
		}
		seats := func() int {
			n, err := s.TeamSeatsTaken(ctx, owner.ID, time.Now())
			must(t, err)
			return n
		}
		if n := seats(); n != 2 {
			t.Fatalf("seats with an open invitation = %d, want 2", n)
		}
		// Sending again to the same address: the earlier link dies.
		again := invite(t, s, owner.ID, "person@example.com", "tok-2")
		if old, err := s.TeamInviteOf(ctx, owner.ID, inv.ID); err != nil || !old.RevokedAt.Valid {
			t.Fatalf("the first invitation is not revoked: %+v %v", old, err)
		}
		if n := seats(); n != 2 {
			t.Fatalf("seats after sending again = %d, want 2", n)
		}
		if _, err := s.AcceptTeamInvite(ctx, store.Digest("tok-1"), person, 5); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatalf("the revoked link: %v, want ErrTokenInvalid", err)
		}
		// Another account cannot accept it.
		other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
		must(t, err)
		if _, err := s.AcceptTeamInvite(ctx, store.Digest("tok-2"), other, 5); !errors.Is(err, store.ErrTeamInviteEmail) {
			t.Fatalf("accepted by another address: %v", err)
		}
		// No seat for them on a one-seat plan: nothing changes.
		if _, err := s.AcceptTeamInvite(ctx, store.Digest("tok-2"), person, 1); !errors.Is(err, store.ErrTeamSeatsFull) {
			t.Fatalf("one seat: %v, want ErrTeamSeatsFull", err)
		}
		got, err := s.AcceptTeamInvite(ctx, store.Digest("tok-2"), person, 5)
		must(t, err)
		if got.ID != again.ID || got.AccountID != owner.ID {
			t.Fatalf("accepted %+v", got)
		}
		u, err := s.UserByID(ctx, person.ID)
		must(t, err)
		if u.Account() != owner.ID || !u.Member() || u.Kind != store.KindIndividual {
			t.Fatalf("member %+v: account %d, kind %s", u, u.Account(), u.Kind)
		}
		if _, err := s.AcceptTeamInvite(ctx, store.Digest("tok-2"), person, 5); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatalf("second use: %v, want ErrTokenInvalid", err)
		}
		if n := seats(); n != 2 {
			t.Fatalf("seats with one member = %d, want 2", n)
		}
		mates, err := s.TeamMatesOf(ctx, owner.ID)
		must(t, err)
		if len(mates) != 1 || mates[0].Email != "person@example.com" || mates[0].Name != "Jane Doe" || mates[0].InvitedBy.String != "owner@example.com" {
			t.Fatalf("mates %+v", mates)
		}

		// Expired and revoked invitations take no seat and cannot be used.
		late := invite(t, s, owner.ID, "late@example.com", "tok-late")
		must(t, s.WithTx(ctx, func(tx *sqlx.Tx) error {
			_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE team_invites SET expires_at = ? WHERE id = ?`), time.Now().Add(-time.Minute).UTC(), late.ID)
			return err
		}))
		lateUser, _, err := s.CreateAccount(ctx, newAccount("late@example.com"))
		must(t, err)
		if _, err := s.AcceptTeamInvite(ctx, store.Digest("tok-late"), lateUser, 5); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatalf("expired: %v", err)
		}
		gone := invite(t, s, owner.ID, "gone@example.com", "tok-gone")
		must(t, s.RevokeTeamInvite(ctx, owner.ID, gone.ID))
		if err := s.RevokeTeamInvite(ctx, owner.ID, gone.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoked twice: %v", err)
		}
		if n := seats(); n != 2 {
			t.Fatalf("seats = %d, want 2 (expired and revoked take none)", n)
		}
		pending, err := s.PendingTeamInvites(ctx, owner.ID)
		must(t, err)
		if len(pending) != 1 || pending[0].ID != late.ID || pending[0].Open(time.Now()) {
			t.Fatalf("pending %+v, want the expired one", pending)
		}
		if n, err := s.TeamInvitesSince(ctx, owner.ID, time.Now().Add(-time.Hour)); err != nil || n != 4 {
			t.Fatalf("invitations sent in the hour = %d, %v; want 4", n, err)
		}
	})
}

func TestTeamJoinBlockers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _ := teamAccount(t, s, "owner@example.com")
		withListing, _ := teamAccount(t, s, "lister@example.com")
		payer, _, err := s.CreateAccount(ctx, newAccount("payer@example.com"))
		must(t, err)
		subscribeAs(t, s, payer.ID, "sub_payer", store.StatusActive)
		lapsed, _, err := s.CreateAccount(ctx, newAccount("lapsed@example.com"))
		must(t, err)
		subscribeAs(t, s, lapsed.ID, "sub_lapsed", store.StatusCanceled)
		member, _, err := s.CreateAccount(ctx, newAccount("member@example.com"))
		must(t, err)
		must(t, s.AddTeamMember(ctx, owner.ID, member.ID, owner.ID))
		for _, tc := range []struct {
			user store.User
			want string
		}{
			{owner, store.BlockedTeam},
			{withListing, store.BlockedListings},
			{payer, store.BlockedSubscription},
			{lapsed, ""},
			{member, store.BlockedMember},
		} {
			got, err := s.TeamJoinBlocker(ctx, tc.user.ID)
			must(t, err)
			if got != tc.want {
				t.Errorf("%s: blocker %q, want %q", tc.user.Email, got, tc.want)
			}
		}
		invite(t, s, owner.ID, "lister@example.com", "tok-lister")
		if _, err := s.AcceptTeamInvite(ctx, store.Digest("tok-lister"), withListing, 5); !errors.Is(err, store.ErrTeamJoinBlocked) {
			t.Fatalf("an owner of listings joined: %v", err)
		}
		// Refused: the link still works once they are free.
		if inv, err := s.TeamInviteByHash(ctx, store.Digest("tok-lister")); err != nil || !inv.Open(time.Now()) {
			t.Fatalf("the refused invitation is no longer open: %+v %v", inv, err)
		}
	})
}

// subscribeAs gives the user a Pro subscription in status.
func subscribeAs(t *testing.T, s *store.Store, userID int64, id, status string) {
	t.Helper()
	ctx := context.Background()
	_, err := s.ProcessStripeEvent(ctx, "evt_"+id, "customer.subscription.created", func(b *store.BillingTx) error {
		_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{SubscriptionID: id, CustomerID: "cus_" + id, UserID: userID, Plan: "pro",
			Status: status, CurrentPeriodEnd: time.Now().AddDate(0, 1, 0), At: time.Now().Unix()})
		return err
	})
	must(t, err)
}

func TestTransferTeamOwnershipMovesTheAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, listing := teamAccount(t, s, "owner@example.com")
		subscribeAs(t, s, owner.ID, "sub_team", store.StatusActive)
		must(t, s.SaveDraft(ctx, store.Business{Name: "Draft", OwnerID: sqlNullInt(owner.ID)}))
		must(t, s.SetOrderValue(ctx, owner.ID, 4200))
		heir, _, err := s.CreateAccount(ctx, newAccount("heir@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
		must(t, err)
		must(t, s.AddTeamMember(ctx, owner.ID, heir.ID, owner.ID))
		must(t, s.AddTeamMember(ctx, owner.ID, other.ID, owner.ID))
		open := invite(t, s, owner.ID, "new@example.com", "tok-new")
		key, _, err := s.CreateAPIKey(ctx, store.NewAPIKey{AccountID: owner.ID, Name: "CRM", Scopes: store.ScopeRead, CreatedBy: owner.ID})
		must(t, err)
		hook, err := s.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "https://crm.example.com/hook", Events: []string{store.EventLeadCreated}})
		must(t, err)

		if err := s.TransferTeamOwnership(ctx, owner.ID, owner.ID+1000); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("transfer to a stranger: %v", err)
		}
		must(t, s.TransferTeamOwnership(ctx, owner.ID, heir.ID))

		b, err := s.BusinessByID(ctx, listing.ID)
		must(t, err)
		if b.OwnerID.Int64 != heir.ID {
			t.Errorf("listing owner %d, want %d", b.OwnerID.Int64, heir.ID)
		}
		if drafts, err := s.Drafts(ctx, heir.ID); err != nil || len(drafts) != 1 {
			t.Errorf("drafts of the new owner: %d, %v", len(drafts), err)
		}
		sub, err := s.SubscriptionByID(ctx, "sub_team")
		must(t, err)
		if sub.UserID.Int64 != heir.ID {
			t.Errorf("subscription of %d, want %d", sub.UserID.Int64, heir.ID)
		}
		if u, err := s.UserByID(ctx, heir.ID); err != nil || u.Kind != store.KindBusiness {
			t.Errorf("the new owner's kind %q, %v", u.Kind, err)
		}
		for _, u := range []store.User{owner, heir, other} {
			got, err := s.UserByID(ctx, u.ID)
			must(t, err)
			if got.Account() != heir.ID || got.Member() != (u.ID != heir.ID) {
				t.Errorf("%s: account %d member %v", u.Email, got.Account(), got.Member())
			}
		}
		mates, err := s.TeamMatesOf(ctx, heir.ID)
		must(t, err)
		if len(mates) != 2 {
			t.Errorf("members of the new owner: %+v", mates)
		}
		if inv, err := s.TeamInviteOf(ctx, heir.ID, open.ID); err != nil || !inv.Open(time.Now()) {
			t.Errorf("the open invitation did not move: %+v %v", inv, err)
		}
		if k, err := s.APIKeyByHash(ctx, key.Hash); err != nil || k.AccountID != heir.ID {
			t.Errorf("API key of %d, %v", k.AccountID, err)
		}
		if e, err := s.WebhookEndpointOf(ctx, heir.ID, hook.ID); err != nil || e.AccountID != heir.ID {
			t.Errorf("webhook endpoint: %+v %v", e, err)
		}
		if cents, err := s.OrderValueOf(ctx, heir.ID); err != nil || cents != 4200 {
			t.Errorf("order value %d, %v", cents, err)
		}
		if n, err := s.TeamSeatsTaken(ctx, heir.ID, time.Now()); err != nil || n != 4 {
			t.Errorf("seats %d, %v; want 4", n, err)
		}

		// Stripe's next event still names the old owner in its metadata:
		// the subscription stays with the account.
		_, err = s.ProcessStripeEvent(ctx, "evt_later", "customer.subscription.updated", func(bt *store.BillingTx) error {
			if _, err := bt.ApplySubscriptionState(ctx, store.SubscriptionState{SubscriptionID: "sub_team", CustomerID: "cus_sub_team", UserID: owner.ID, Plan: "pro",
				Status: store.StatusActive, CurrentPeriodEnd: time.Now().AddDate(0, 2, 0), At: time.Now().Unix() + 10}); err != nil {
				return err
			}
			return bt.LinkSubscription(ctx, store.SubscriptionLink{SubscriptionID: "sub_team", CustomerID: "cus_sub_team", UserID: owner.ID, Plan: "pro"})
		})
		must(t, err)
		if sub, err := s.SubscriptionByID(ctx, "sub_team"); err != nil || sub.UserID.Int64 != heir.ID {
			t.Errorf("after a later event the subscription is of %d, want %d (%v)", sub.UserID.Int64, heir.ID, err)
		}
	})
}
