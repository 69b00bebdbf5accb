package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// An agency that closes its account takes the client listings no client
// accepted with it (nobody else would ever see them); the accepted ones
// stay their owners', managed by nobody.
func TestClosingAnAgencyDropsTheClientListingsNobodyAccepted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		agency := partnerAccount(t, s, "pia@agency.example")
		now := time.Now()
		waiting, err := s.CreateClientListing(ctx, agency.ID, store.Business{Name: "Waiting Roofing", City: "Austin", State: "TX", Category: "construction"}, now)
		if err != nil {
			t.Fatal(err)
		}
		accepted, err := s.CreateClientListing(ctx, agency.ID, store.Business{Name: "Accepted Plumbing", City: "Austin", State: "TX", Category: "construction", Email: "owner@plumbing.example"}, now)
		if err != nil {
			t.Fatal(err)
		}
		owner, _, err := s.CreateAccount(ctx, newAccount("owner@plumbing.example"))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.InviteClient(ctx, accepted.ID, owner.Email, "digest-1", now); err != nil {
			t.Fatal(err)
		}
		if err := s.AcceptClientListing(ctx, accepted.ID, owner.ID, owner.ID, owner.Email, "digest-1", now); err != nil {
			t.Fatal(err)
		}
		if err := s.AcceptClientListing(ctx, accepted.ID, owner.ID, owner.ID, owner.Email, "digest-1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an invitation accepted twice: %v", err)
		}
		closed, err := s.CloseAccount(ctx, agency.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(closed.Listings) != 1 || closed.Listings[0] != "Waiting Roofing" {
			t.Errorf("the closing's listings: %v, want the waiting client listing", closed.Listings)
		}
		if _, err := s.BusinessByID(ctx, waiting.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the client listing nobody accepted outlives its agency: %v", err)
		}
		b, err := s.BusinessByID(ctx, accepted.ID)
		if err != nil || !b.OwnedBy(owner.ID) || !b.EmailConfirmed {
			t.Errorf("the accepted listing after its agency closed: %+v, %v", b, err)
		}
		if _, err := s.ClientListing(ctx, accepted.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the closed agency still manages the accepted listing: %v", err)
		}
	})
}
