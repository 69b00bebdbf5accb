package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// qrExec runs one statement of test data.
func qrExec(t *testing.T, s *store.Store, query string, args ...any) {
	t.Helper()
	must(t, s.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		_, err := tx.ExecContext(context.Background(), tx.Rebind(query), args...)
		return err
	}))
}

// qrOwner is a new account.
func qrOwner(t *testing.T, s *store.Store, name string) store.User {
	t.Helper()
	u, _, err := s.CreateAccount(context.Background(), newAccount(name+"@example.com"))
	must(t, err)
	return u
}

// qrListing is a published listing of owner (none when owner.ID is 0):
// a construction business of the type, in Austin, TX unless b says.
func qrListing(t *testing.T, s *store.Store, owner store.User, b store.Business) store.Business {
	t.Helper()
	if owner.ID != 0 {
		b.OwnerID = sqlNullInt(owner.ID)
	}
	if b.Category == "" {
		b.Category = "construction"
	}
	if b.City == "" {
		b.City = "Austin"
	}
	if b.State == "" {
		b.State = "TX"
	}
	if b.BusinessType == "" {
		b.BusinessType = store.TypeStorefront
	}
	b.Published = true
	b, err := s.CreateBusiness(context.Background(), b)
	must(t, err)
	return b
}

func qrRequest(over func(q *store.QuoteRequest)) store.QuoteRequest {
	q := store.QuoteRequest{
		Name: "Jane Doe", Email: "Jane@Example.com", Phone: "512 555 0147", Category: "construction",
		Description: "Our kitchen needs new tiles and a plumber for the sink, within the month.",
		City:        "Austin", State: "TX", Timing: store.TimingMonth, Budget: "2000_10000",
	}
	if over != nil {
		over(&q)
	}
	return q
}

func matchedNames(t *testing.T, s *store.Store, q store.QuoteRequest) []string {
	t.Helper()
	bs, err := s.MatchListings(context.Background(), q)
	must(t, err)
	out := []string{}
	for _, b := range bs {
		out = append(out, b.Name)
	}
	return out
}

func TestMatchListingsServesTheCategoryAndThePlace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, bob, requester := qrOwner(t, s, "ann"), qrOwner(t, s, "bob"), qrOwner(t, s, "requester")
		qrListing(t, s, ann, store.Business{Name: "Austin Storefront"})
		qrListing(t, s, ann, store.Business{Name: "Austin Storefront Lowercase", City: "austin"})
		qrListing(t, s, bob, store.Business{Name: "Round Rock Storefront", City: "Round Rock"})
		qrListing(t, s, bob, store.Business{Name: "Denver Storefront", City: "Denver", State: "CO"})
		qrListing(t, s, bob, store.Business{Name: "Texas Service Area", BusinessType: store.TypeServiceArea, City: "El Paso"})
		qrListing(t, s, bob, store.Business{Name: "Colorado Service Area", BusinessType: store.TypeServiceArea, City: "Denver", State: "CO"})
		qrListing(t, s, bob, store.Business{Name: "Online Anywhere", BusinessType: store.TypeOnline, City: "Portland", State: "OR"})
		qrListing(t, s, bob, store.Business{Name: "Austin Bakery", Category: "food"})
		qrListing(t, s, store.User{}, store.Business{Name: "Nobody's Austin Storefront"})
		qrListing(t, s, requester, store.Business{Name: "The Requester's Own"})
		unpublished := qrListing(t, s, bob, store.Business{Name: "Unpublished"})
		must(t, s.SetPublished(ctx, unpublished.ID, false))
		suspended := qrListing(t, s, bob, store.Business{Name: "Suspended"})
		qrExec(t, s, `UPDATE businesses SET suspended = TRUE WHERE id = ?`, suspended.ID)
		held := qrListing(t, s, bob, store.Business{Name: "Held"})
		qrExec(t, s, `UPDATE businesses SET held = TRUE WHERE id = ?`, held.ID)

		for _, tc := range []struct {
			name string
			q    store.QuoteRequest
			want []string
		}{
			{"Austin, TX: storefronts in the city, service areas in the state, online ones",
				qrRequest(func(q *store.QuoteRequest) { q.UserID = sqlNullInt(requester.ID) }),
				[]string{"Austin Storefront", "Austin Storefront Lowercase", "Texas Service Area", "Online Anywhere"}},
			{"signed out, the requester's own listing is a match like any other",
				qrRequest(nil),
				[]string{"Austin Storefront", "Austin Storefront Lowercase", "Texas Service Area", "Online Anywhere", "The Requester's Own"}},
			{"Round Rock, TX", qrRequest(func(q *store.QuoteRequest) { q.City = "Round Rock" }),
				[]string{"Round Rock Storefront", "Texas Service Area", "Online Anywhere"}},
			{"Boulder, CO: the state's service area, not Denver's storefront",
				qrRequest(func(q *store.QuoteRequest) { q.City, q.State = "Boulder", "CO" }),
				[]string{"Colorado Service Area", "Online Anywhere"}},
			{"Austin, TX, food", qrRequest(func(q *store.QuoteRequest) { q.Category = "food" }),
				[]string{"Austin Bakery"}},
			{"nothing in the category", qrRequest(func(q *store.QuoteRequest) { q.Category = "education" }),
				[]string{}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := matchedNames(t, s, tc.q)
				slices.Sort(got)
				want := slices.Clone(tc.want)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("matched %q, want %q", got, want)
				}
			})
		}
	})
}

func TestMatchListingsRanksByFitRatingVerificationAndResponse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		now := time.Now().UTC()
		for i, tc := range []struct {
			name         string
			better, less func(b *store.Business) // what sets the better listing apart
			setup        func(t *testing.T, better, less store.Business)
		}{
			{name: "fit: the description names its services",
				better: func(b *store.Business) {
					b.Services = store.Lines{"Tiles", "Plumbing"}
					b.Tags = store.Lines{"kitchen"}
				}},
			{name: "rating",
				setup: func(t *testing.T, better, less store.Business) {
					qrExec(t, s, `UPDATE businesses SET rating = 4.8, review_count = 10 WHERE id = ?`, better.ID)
					qrExec(t, s, `UPDATE businesses SET rating = 3.1, review_count = 10 WHERE id = ?`, less.ID)
				}},
			{name: "verified",
				setup: func(t *testing.T, better, _ store.Business) {
					qrExec(t, s, `UPDATE businesses SET verified = TRUE WHERE id = ?`, better.ID)
				}},
			{name: "response time: fast before unknown",
				setup: func(t *testing.T, better, _ store.Business) {
					answered(t, s, better, now.Add(-10*24*time.Hour), 2*time.Hour)
				}},
			{name: "response time: unknown before very slow",
				setup: func(t *testing.T, _, less store.Business) {
					answered(t, s, less, now.Add(-20*24*time.Hour), 6*24*time.Hour)
				}},
			{name: "response time: unknown before never answering",
				setup: func(t *testing.T, _, less store.Business) {
					answered(t, s, less, now.Add(-20*24*time.Hour), 0)
					answered(t, s, less, now.Add(-15*24*time.Hour), 0)
				}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				city := fmt.Sprintf("Rank Town %d", i)
				owner := qrOwner(t, s, fmt.Sprintf("rank%d", i))
				// The lesser listing is older, so the tie-break alone would put it first.
				lb := store.Business{Name: "Lesser " + tc.name, City: city}
				if tc.less != nil {
					tc.less(&lb)
				}
				less := qrListing(t, s, owner, lb)
				bb := store.Business{Name: "Better " + tc.name, City: city}
				if tc.better != nil {
					tc.better(&bb)
				}
				better := qrListing(t, s, owner, bb)
				if tc.setup != nil {
					tc.setup(t, better, less)
				}
				got := matchedNames(t, s, qrRequest(func(q *store.QuoteRequest) { q.City = city }))
				if want := []string{better.Name, less.Name}; !slices.Equal(got, want) {
					t.Errorf("ranked %q, want %q", got, want)
				}
			})
		}
		// With nothing apart, the older listing comes first (a stable order).
		owner := qrOwner(t, s, "tie")
		first := qrListing(t, s, owner, store.Business{Name: "Tie One", City: "Tieville"})
		second := qrListing(t, s, owner, store.Business{Name: "Tie Two", City: "Tieville"})
		if got := matchedNames(t, s, qrRequest(func(q *store.QuoteRequest) { q.City = "Tieville" })); !slices.Equal(got, []string{first.Name, second.Name}) {
			t.Errorf("tie ranked %q", got)
		}
	})
}

// answered stores a lead to b sent at, answered after wait (never when 0).
func answered(t *testing.T, s *store.Store, b store.Business, at time.Time, wait time.Duration) {
	t.Helper()
	l, err := s.CreateLead(context.Background(), store.Lead{BusinessID: b.ID, Name: "Earlier Customer", Email: fmt.Sprintf("earlier%d@example.com", at.UnixNano()), Message: "An earlier enquiry.", CreatedAt: at})
	must(t, err)
	if wait > 0 {
		qrExec(t, s, `UPDATE leads SET first_response_at = ? WHERE id = ?`, at.Add(wait).UTC(), l.ID)
	}
}

func TestCreateQuoteRequestSendsAtMostFiveLeads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		requester := qrOwner(t, s, "requester")
		for i := range 7 {
			qrListing(t, s, qrOwner(t, s, fmt.Sprintf("owner%d", i)), store.Business{Name: fmt.Sprintf("Builder %d", i)})
		}
		for i := range 3 {
			qrListing(t, s, store.User{}, store.Business{Name: fmt.Sprintf("Unowned Builder %d", i)})
		}
		q, matches, err := s.CreateQuoteRequest(ctx, qrRequest(func(q *store.QuoteRequest) { q.UserID = sqlNullInt(requester.ID) }), "")
		must(t, err)
		if len(matches) != store.MaxMatches {
			t.Fatalf("%d matches, want %d", len(matches), store.MaxMatches)
		}
		if len(q.Token) < 26 || q.ID == 0 || q.Email != "jane@example.com" {
			t.Errorf("stored request %+v", q)
		}
		for i, m := range matches {
			l := m.Lead
			if !m.Business.OwnerID.Valid {
				t.Errorf("match %d (%s) has no owner", i, m.Business.Name)
			}
			if l.BusinessID != m.Business.ID || l.Source != store.SourceRequest || l.RequestID.Int64 != q.ID || l.UserID.Int64 != requester.ID ||
				l.Message != q.Description || l.Email != "jane@example.com" || l.Phone != q.Phone || l.Status != store.LeadNew {
				t.Errorf("match %d's lead %+v", i, l)
			}
			if l.Score == 0 || len(l.Reasons) == 0 {
				t.Errorf("match %d's lead is not scored: %d %v", i, l.Score, l.Reasons)
			}
		}
		got, err := s.QuoteRequestByToken(ctx, q.Token)
		must(t, err)
		if got.ID != q.ID || got.Description != q.Description || got.Timing != store.TimingMonth || got.Budget != "2000_10000" || got.UserID.Int64 != requester.ID {
			t.Errorf("by token %+v", got)
		}
		if _, err := s.QuoteRequestByToken(ctx, "not-a-token"); err != store.ErrNotFound {
			t.Errorf("an unknown token: %v", err)
		}
		var unowned int
		must(t, s.WithTx(ctx, func(tx *sqlx.Tx) error {
			return tx.GetContext(ctx, &unowned, `SELECT COUNT(*) FROM leads l JOIN businesses b ON b.id = l.business_id WHERE b.owner_id IS NULL`)
		}))
		if unowned != 0 {
			t.Errorf("%d leads went to unowned listings", unowned)
		}
		// A second request gets a token of its own.
		q2, _, err := s.CreateQuoteRequest(ctx, qrRequest(nil), "")
		must(t, err)
		if q2.Token == q.Token {
			t.Error("two requests share a token")
		}
	})
}

func TestCreateQuoteRequestWithoutMatchesKeepsTheRequest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		q, matches, err := s.CreateQuoteRequest(context.Background(), qrRequest(func(q *store.QuoteRequest) { q.City = "Nowhere" }), "")
		must(t, err)
		if len(matches) != 0 {
			t.Errorf("%d matches", len(matches))
		}
		if _, err := s.QuoteRequestByToken(context.Background(), q.Token); err != nil {
			t.Errorf("the request was not kept: %v", err)
		}
	})
}

func TestMatchedLeadsCountTowardThePlanCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := qrOwner(t, s, "starter")
		b := qrListing(t, s, owner, store.Business{Name: "Starter Builder"})
		start := time.Now().UTC().Add(-time.Minute)
		for i := range 10 {
			_, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Customer", Email: fmt.Sprintf("c%d@example.com", i), Message: "Hello", CreatedAt: start.Add(time.Duration(i) * time.Second)})
			must(t, err)
		}
		_, matches, err := s.CreateQuoteRequest(ctx, qrRequest(nil), "")
		must(t, err)
		if len(matches) != 1 {
			t.Fatalf("%d matches", len(matches))
		}
		leads, err := s.RecentLeadsFor(ctx, owner.ID, 20)
		must(t, err)
		must(t, s.MarkLockedLeads(ctx, owner.ID, 10, leads))
		locked := 0
		for _, l := range leads {
			if l.Locked {
				locked++
				if l.ID != matches[0].Lead.ID {
					t.Errorf("lead %d is locked, want the matched lead %d", l.ID, matches[0].Lead.ID)
				}
			}
		}
		if locked != 1 {
			t.Errorf("%d leads locked of 11 on a 10-lead plan", locked)
		}
	})
}

func TestCreateLeadStoresItsScoreAndMarksDuplicates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := qrOwner(t, s, "roofer")
		b := qrListing(t, s, owner, store.Business{Name: "Peak Roofing", Services: store.Lines{"Roof repair"}})
		other := qrListing(t, s, owner, store.Business{Name: "Peak Gutters"})
		now := time.Now().UTC()
		send := func(to store.Business, email string, at time.Time) store.Lead {
			l, err := s.CreateLead(ctx, store.Lead{BusinessID: to.ID, Name: "Ann Lee", Email: email, Phone: "512 555 0147", Message: "A roof repair after the storm, please.", CreatedAt: at})
			must(t, err)
			return l
		}
		old := send(b, "ann@example.com", now.Add(-40*24*time.Hour))
		first := send(b, "ann@example.com", now.Add(-2*24*time.Hour))
		again := send(b, "ann@example.com", now)
		elsewhere := send(other, "ann@example.com", now)
		someoneElse := send(b, "bo@example.com", now)

		stored := func(id int64) store.Lead {
			var l store.Lead
			must(t, s.WithTx(ctx, func(tx *sqlx.Tx) error {
				return tx.GetContext(ctx, &l, tx.Rebind(`SELECT id, business_id, name, email, phone, message, status, source, request_id, user_id, score, score_reasons, first_response_at, created_at FROM leads WHERE id = ?`), id)
			}))
			return l
		}
		// 0 for the short message + 5 full name + 10 one service + 10 no
		// place + 10 phone + 0 budget + 0 timing = 35.
		for _, tc := range []struct {
			name      string
			lead      store.Lead
			score     int
			duplicate bool
		}{
			{"the first in 30 days", first, 35, false},
			{"older than 30 days earlier", old, 35, false},
			{"the same address again", again, 5, true},
			{"to another listing", elsewhere, 25, false}, // Peak Gutters offers no roof repair
			{"another address", someoneElse, 35, false},
		} {
			l := stored(tc.lead.ID)
			if l.Score != tc.score || l.Score != tc.lead.Score {
				t.Errorf("%s: stored score %d (returned %d), want %d; %v", tc.name, l.Score, tc.lead.Score, tc.score, l.Reasons)
			}
			dup := slices.ContainsFunc(l.Reasons, func(r store.ScoreReason) bool { return r.Points < 0 })
			if dup != tc.duplicate {
				t.Errorf("%s: marked a duplicate %v, want %v (%v)", tc.name, dup, tc.duplicate, l.Reasons)
			}
		}
		if r := stored(again.ID).Reasons; r[len(r)-1] != (store.ScoreReason{Points: -30, Text: "The same address wrote to you in the last 30 days (-30)"}) {
			t.Errorf("the duplicate's last reason %v", r[len(r)-1])
		}
	})
}
