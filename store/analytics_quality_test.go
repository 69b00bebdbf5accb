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

func TestLeadQuality(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, bakery, _, rival := inboxFixture(t, s)
		own := sql.NullInt64{Int64: owner.ID, Valid: true}
		salon, err := s.CreateBusiness(ctx, store.Business{Name: "Shear Joy", Category: "beauty", Published: true, OwnerID: own})
		must(t, err)
		qrExec(t, s, `UPDATE businesses SET category = 'food' WHERE id = ?`, bakery.ID)

		at := func(month time.Month, day, hour, min int) time.Time {
			return time.Date(2026, month, day, hour, min, 0, 0, time.UTC)
		}
		// lead stores a lead to b from source at, then gives it status and,
		// when wait is not 0, the owner's first answer wait after it came.
		lead := func(b store.Business, source string, created time.Time, status string, wait time.Duration) {
			t.Helper()
			l, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Visitor", Email: "v@example.com", Message: "Hello", Source: source, CreatedAt: created})
			must(t, err)
			answered := sql.NullTime{Time: created.Add(wait), Valid: wait != 0}
			qrExec(t, s, `UPDATE leads SET status = ?, first_response_at = ? WHERE id = ?`, status, answered, l.ID)
		}
		lead(bakery, store.SourceListing, at(3, 2, 10, 0), store.LeadWon, time.Hour)
		lead(bakery, store.SourceListing, at(3, 5, 9, 0), store.LeadWon, 4*time.Hour)
		lead(bakery, store.SourceListing, at(3, 10, 8, 0), store.LeadLost, 30*time.Minute)
		lead(bakery, store.SourceListing, at(3, 31, 23, 30), store.LeadNew, 0)
		lead(bakery, store.SourceRequest, at(4, 1, 0, 10), store.LeadWon, 2*time.Hour)
		lead(salon, store.SourceListing, at(3, 15, 12, 0), store.LeadContacted, 5*time.Hour)
		// Outside the range, or another owner's listing: not counted.
		lead(bakery, store.SourceListing, at(2, 28, 23, 59), store.LeadWon, time.Minute)
		lead(bakery, store.SourceListing, at(4, 3, 0, 0), store.LeadWon, time.Minute)
		lead(rival, store.SourceListing, at(3, 15, 12, 0), store.LeadWon, time.Minute)

		q, err := s.LeadQuality(ctx, []int64{bakery.ID, salon.ID}, "2026-03-01", "2026-04-02")
		must(t, err)

		type outcome struct {
			leads, answered int64
			byStatus        map[string]int64
			median          time.Duration
		}
		of := func(o store.LeadOutcomes) outcome {
			return outcome{o.Leads, o.Answered, o.ByStatus, o.MedianResponse}
		}
		for _, c := range []struct {
			name string
			got  store.LeadOutcomes
			want outcome
		}{
			// Waits 30 min, 1 h, 2 h, 4 h, 5 h: the middle one.
			{"all", q.LeadOutcomes, outcome{6, 5, map[string]int64{"new": 1, "contacted": 1, "won": 3, "lost": 1}, 2 * time.Hour}},
			// Waits 30 min, 1 h, 4 h, 5 h: between the middle two.
			{"contact form", q.BySource[store.SourceListing], outcome{5, 4, map[string]int64{"new": 1, "contacted": 1, "won": 2, "lost": 1}, 150 * time.Minute}},
			{"quote request", q.BySource[store.SourceRequest], outcome{1, 1, map[string]int64{"won": 1}, 2 * time.Hour}},
			{"food", q.ByCategory["food"], outcome{5, 4, map[string]int64{"new": 1, "won": 3, "lost": 1}, 90 * time.Minute}},
			{"beauty", q.ByCategory["beauty"], outcome{1, 1, map[string]int64{"contacted": 1}, 5 * time.Hour}},
		} {
			got := of(c.got)
			if got.leads != c.want.leads || got.answered != c.want.answered || got.median != c.want.median || !maps.Equal(got.byStatus, c.want.byStatus) {
				t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
			}
		}
		if len(q.BySource) != 2 || len(q.ByCategory) != 2 {
			t.Errorf("sources %v, categories %v: want two of each", q.BySource, q.ByCategory)
		}
		if won, lost := q.WonShare(), q.LostShare(); won != 0.5 || lost != 1.0/6 {
			t.Errorf("won share %v, lost share %v; want 0.5 and 1/6", won, lost)
		}
		// Leads won count in the month they arrived: the lead of March 31
		// at 23:30 UTC, and the one of April 1 just after midnight.
		if want := map[string]int64{"2026-03": 2, "2026-04": 1}; !maps.Equal(q.WonByMonth, want) {
			t.Errorf("won by month %v, want %v", q.WonByMonth, want)
		}

		none, err := s.LeadQuality(ctx, nil, "2026-03-01", "2026-04-02")
		must(t, err)
		if none.Leads != 0 || none.WonShare() != 0 || none.MedianResponse != 0 {
			t.Errorf("no listings: %+v", none)
		}
		if _, err := s.LeadQuality(ctx, []int64{bakery.ID}, "March", "2026-04-02"); err == nil {
			t.Error("a range that is not days was read")
		}
	})
}

func TestOrderValueRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, newAccount("aov@example.com"))
		must(t, err)
		if cents, err := s.OrderValueOf(ctx, u.ID); err != nil || cents != 0 {
			t.Fatalf("a new account's order value: %d, %v; want 0", cents, err)
		}
		for _, cents := range []int64{25050, 100_000_000} {
			must(t, s.SetOrderValue(ctx, u.ID, cents))
			if got, err := s.OrderValueOf(ctx, u.ID); err != nil || got != cents {
				t.Errorf("order value %d, %v; want %d", got, err, cents)
			}
		}
		if err := s.SetOrderValue(ctx, u.ID+1000, 100); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("setting a missing user's order value: %v", err)
		}
		if _, err := s.OrderValueOf(ctx, u.ID+1000); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("reading a missing user's order value: %v", err)
		}
	})
}
