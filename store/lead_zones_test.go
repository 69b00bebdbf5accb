package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// lzAgency is a new partner account (the store does not check its state:
// the domain grants zones to approved Partner+ partners alone).
func lzAgency(t *testing.T, s *store.Store, name string) store.User {
	t.Helper()
	u := qrOwner(t, s, name)
	must(t, s.CreatePartner(context.Background(), store.NewPartner{UserID: u.ID, Plan: "partner-plus", Kind: "agency", Name: name, Company: name + " Co", TermsAcceptedAt: time.Now()}))
	return u
}

// lzClient is a published listing owned by a client and managed by agency.
func lzClient(t *testing.T, s *store.Store, agency store.User, client string, b store.Business) store.Business {
	t.Helper()
	b = qrListing(t, s, qrOwner(t, s, client), b)
	must(t, s.AddClientListing(context.Background(), agency.ID, b.ID, time.Now()))
	return b
}

// lzGranted is agency's zone for a place, granted.
func lzGranted(t *testing.T, s *store.Store, agency store.User, category, city, state string) store.LeadZone {
	t.Helper()
	z, err := s.CreateLeadZone(context.Background(), store.LeadZone{PartnerID: agency.ID, Category: category, City: city, State: state, RequestedAt: time.Now()})
	must(t, err)
	must(t, s.DecideLeadZone(context.Background(), z.ID, store.ZoneGranted, "", 0, time.Now()))
	return z
}

func TestLeadZonesRouteRequestsToTheHolderAlone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		agency, rival := lzAgency(t, s, "agency"), lzAgency(t, s, "rival")
		other := qrOwner(t, s, "other")
		qrListing(t, s, other, store.Business{Name: "Other Austin Builder"})
		qrListing(t, s, other, store.Business{Name: "Other Online Builder", BusinessType: store.TypeOnline, City: "Portland", State: "OR"})
		qrListing(t, s, other, store.Business{Name: "Other Dallas Builder", City: "Dallas"})
		qrListing(t, s, other, store.Business{Name: "Other Austin Bakery", Category: "food"})
		lzClient(t, s, agency, "client1", store.Business{Name: "Client Austin Builder", City: "austin"})
		lzClient(t, s, agency, "client2", store.Business{Name: "Client Texas Service Area", BusinessType: store.TypeServiceArea, City: "El Paso"})
		lzClient(t, s, agency, "client3", store.Business{Name: "Client Austin Bakery", Category: "food"})
		lzClient(t, s, rival, "client4", store.Business{Name: "Rival Austin Builder"})
		hidden := lzClient(t, s, agency, "client5", store.Business{Name: "Client Unpublished"})
		must(t, s.SetPublished(ctx, hidden.ID, false))
		// The agency holds construction in Austin, TX and in Denver, CO, but
		// has no client listing that serves Denver.
		zone := lzGranted(t, s, agency, "construction", "Austin", "TX")
		denver := lzGranted(t, s, agency, "construction", "Denver", "CO")

		for _, tc := range []struct {
			name string
			q    store.QuoteRequest
			want []string
		}{
			{"in the zone: the holder's matching client listings alone",
				qrRequest(func(q *store.QuoteRequest) { q.City = "AUSTIN" }),
				[]string{"Client Austin Builder", "Client Texas Service Area"}},
			{"another category in the city: the open pool",
				qrRequest(func(q *store.QuoteRequest) { q.Category = "food" }),
				[]string{"Other Austin Bakery", "Client Austin Bakery"}},
			{"another city: the open pool",
				qrRequest(func(q *store.QuoteRequest) { q.City = "Dallas" }),
				[]string{"Other Dallas Builder", "Other Online Builder", "Client Texas Service Area"}},
			{"a zone whose holder has no matching listing: the open pool",
				qrRequest(func(q *store.QuoteRequest) { q.City, q.State = "Denver", "CO" }),
				[]string{"Other Online Builder"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				q, matches, err := s.CreateQuoteRequest(ctx, tc.q, "")
				must(t, err)
				got := []string{}
				for _, m := range matches {
					got = append(got, m.Business.Name)
				}
				slices.Sort(got)
				want := slices.Clone(tc.want)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("request %d went to %q, want %q", q.ID, got, want)
				}
			})
		}

		// Only the Austin request counts for the zone: one request, the two
		// leads it made, one of them won.
		var leadID int64
		qrGet(t, s, &leadID, `SELECT l.id FROM leads l JOIN businesses b ON b.id = l.business_id WHERE b.name = 'Client Austin Builder'`)
		qrExec(t, s, `UPDATE leads SET status = 'won' WHERE id = ?`, leadID)
		zs, err := s.LeadZonesOf(ctx, agency.ID, time.Now().Add(-30*24*time.Hour))
		must(t, err)
		figures := map[int64]store.ZoneFigures{}
		for _, z := range zs {
			figures[z.ID] = z.ZoneFigures
		}
		want := store.ZoneFigures{Requests: 1, Leads: 2, Won: 1, RecentRequests: 1, RecentLeads: 2, RecentWon: 1}
		if figures[zone.ID] != want {
			t.Errorf("the Austin zone's figures are %+v, want %+v", figures[zone.ID], want)
		}
		if figures[denver.ID] != (store.ZoneFigures{}) {
			t.Errorf("the Denver zone's figures are %+v, want none: its request went to the open pool", figures[denver.ID])
		}
	})
}

func TestLeadZonesHaveOneHolderAtATime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		agency, rival := lzAgency(t, s, "agency"), lzAgency(t, s, "rival")
		held := lzGranted(t, s, agency, "construction", "Austin", "TX")
		asked, err := s.CreateLeadZone(ctx, store.LeadZone{PartnerID: rival.ID, Category: "construction", City: "austin", State: "TX", RequestedAt: time.Now()})
		must(t, err)
		if err := s.DecideLeadZone(ctx, asked.ID, store.ZoneGranted, "", 0, time.Now()); !errors.Is(err, store.ErrZoneTaken) {
			t.Fatalf("granting a held zone: %v, want ErrZoneTaken", err)
		}
		if z, err := s.LeadZone(ctx, asked.ID); err != nil || z.Status != store.ZoneRequested {
			t.Errorf("the refused grant left the request %q (%v), want it still requested", z.Status, err)
		}
		if z, err := s.ZoneFor(ctx, "construction", "AUSTIN", "TX"); err != nil || z.PartnerID != agency.ID {
			t.Errorf("the zone's holder is %d (%v), want the agency %d", z.PartnerID, err, agency.ID)
		}
		// Revoking frees the zone for the next partner.
		must(t, s.DecideLeadZone(ctx, held.ID, store.ZoneRevoked, "No client listing answers.", 0, time.Now()))
		must(t, s.DecideLeadZone(ctx, asked.ID, store.ZoneGranted, "", 0, time.Now()))
		if z, err := s.ZoneFor(ctx, "construction", "Austin", "TX"); err != nil || z.PartnerID != rival.ID {
			t.Errorf("after the revocation the holder is %d (%v), want the rival %d", z.PartnerID, err, rival.ID)
		}
		// The same city in another state or category is another zone.
		lzGranted(t, s, agency, "construction", "Austin", "MN")
		lzGranted(t, s, agency, "food", "Austin", "TX")
	})
}

// qrGet reads one value of test data.
func qrGet(t *testing.T, s *store.Store, dest any, query string, args ...any) {
	t.Helper()
	must(t, s.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		return tx.GetContext(context.Background(), dest, tx.Rebind(query), args...)
	}))
}
