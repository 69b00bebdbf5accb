package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// customers are n distinct addresses starting at customer<from>.
func customers(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("customer%d@example.com", from+i)
	}
	return out
}

// outcomes are the outcomes of a send, in order.
func outcomes(os []store.ReviewRequestOutcome) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Outcome
	}
	return out
}

// repeated is n copies of s.
func repeated(s string, n int) []string { return slices.Repeat([]string{s}, n) }

func TestReviewRequestsPerDayPerOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, other := ownedListing(t, s)
		second, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery Annex", Category: "food", City: "Salem", State: "OR", OwnerID: sqlNullInt(owner.ID), Published: true})
		must(t, err)
		now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)

		got, err := s.RecordReviewRequests(ctx, b.ID, owner.ID, customers(0, 15), now)
		must(t, err)
		if !slices.Equal(outcomes(got), repeated(store.RequestSent, 15)) {
			t.Fatalf("first 15: %v", outcomes(got))
		}
		seen := map[string]bool{}
		for i, o := range got {
			if o.Email != customers(i, 1)[0] || o.Token == "" || seen[o.Token] {
				t.Errorf("outcome %d: %+v (each sent request has its own token)", i, o)
			}
			seen[o.Token] = true
		}
		left := func(at time.Time, want int) {
			t.Helper()
			n, err := s.ReviewRequestsLeft(ctx, owner.ID, at)
			must(t, err)
			if n != want {
				t.Errorf("requests left at %v: %d, want %d", at, n, want)
			}
		}
		left(now, 5)
		// The day's 20 are the owner's, over all their listings: 5 more
		// go, in order, and the rest wait.
		got, err = s.RecordReviewRequests(ctx, second.ID, owner.ID, customers(100, 8), now.Add(time.Hour))
		must(t, err)
		want := append(repeated(store.RequestSent, 5), repeated(store.RequestOverLimit, 3)...)
		if !slices.Equal(outcomes(got), want) {
			t.Errorf("8 more the same day: %v, want %v", outcomes(got), want)
		}
		for _, o := range got[5:] {
			if o.Token != "" {
				t.Errorf("%s was not sent but has a token", o.Email)
			}
		}
		left(now.Add(time.Hour), 0)
		// Another owner has their own 20.
		rival := other.OwnerID.Int64
		got, err = s.RecordReviewRequests(ctx, other.ID, rival, customers(200, 1), now.Add(time.Hour))
		must(t, err)
		if outcomes(got)[0] != store.RequestSent {
			t.Errorf("another owner's request: %v", outcomes(got))
		}
		// A day after the first ones, those 15 are free again (the 5 of
		// an hour later are not).
		left(now.Add(24*time.Hour+time.Minute), 15)
		got, err = s.RecordReviewRequests(ctx, second.ID, owner.ID, customers(300, 16), now.Add(24*time.Hour+time.Minute))
		must(t, err)
		want = append(repeated(store.RequestSent, 15), store.RequestOverLimit)
		if !slices.Equal(outcomes(got), want) {
			t.Errorf("the next day: %v, want %v", outcomes(got), want)
		}
	})
}

func TestReviewRequestsOncePerAddressAndListingIn30Days(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, _ := ownedListing(t, s)
		second, err := s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery Annex", Category: "food", City: "Salem", State: "OR", OwnerID: sqlNullInt(owner.ID), Published: true})
		must(t, err)
		now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
		ann := "ann@example.com"

		got, err := s.RecordReviewRequests(ctx, b.ID, owner.ID, []string{ann, ann}, now)
		must(t, err)
		if !slices.Equal(outcomes(got), []string{store.RequestSent, store.RequestRecent}) {
			t.Errorf("an address listed twice: %v, want it asked once", outcomes(got))
		}
		for _, tc := range []struct {
			name     string
			business int64
			at       time.Time
			want     string
		}{
			{"the same listing 29 days later", b.ID, now.Add(29 * 24 * time.Hour), store.RequestRecent},
			{"another listing the same day", second.ID, now.Add(time.Minute), store.RequestSent},
			{"the same listing 30 days later", b.ID, now.Add(store.ReviewRequestInterval + time.Minute), store.RequestSent},
		} {
			got, err := s.RecordReviewRequests(ctx, tc.business, owner.ID, []string{ann}, tc.at)
			must(t, err)
			if got[0].Outcome != tc.want {
				t.Errorf("%s: %s, want %s", tc.name, got[0].Outcome, tc.want)
			}
		}
	})
}

func TestOptedOutAddressesAreNeverAsked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, other := ownedListing(t, s)
		now := time.Now().UTC()
		got, err := s.RecordReviewRequests(ctx, b.ID, owner.ID, []string{"ann@example.com", "bob@example.com"}, now)
		must(t, err)
		token := got[0].Token

		req, err := s.ReviewRequestByToken(ctx, token)
		must(t, err)
		if req.Email != "ann@example.com" || req.BusinessName != "Harbor Bakery" || req.OptedOut {
			t.Errorf("request by token: %+v", req)
		}
		for range 2 { // twice: the same outcome
			email, err := s.OptOutReviewRequests(ctx, token)
			must(t, err)
			if email != "ann@example.com" {
				t.Errorf("opted out %q", email)
			}
		}
		req, err = s.ReviewRequestByToken(ctx, token)
		must(t, err)
		if !req.OptedOut {
			t.Error("the request's address is not marked opted out")
		}
		// No listing asks her again, at any time; bob still hears from
		// another listing.
		got, err = s.RecordReviewRequests(ctx, other.ID, other.OwnerID.Int64, []string{"ann@example.com", "bob@example.com"}, now.Add(40*24*time.Hour))
		must(t, err)
		if !slices.Equal(outcomes(got), []string{store.RequestOptedOut, store.RequestSent}) {
			t.Errorf("after ann opted out: %v", outcomes(got))
		}
		for _, bad := range []string{"", "no-such-token"} {
			if _, err := s.OptOutReviewRequests(ctx, bad); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("opt out with %q: %v, want ErrNotFound", bad, err)
			}
			if _, err := s.ReviewRequestByToken(ctx, bad); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("request by %q: %v, want ErrNotFound", bad, err)
			}
		}
	})
}

func TestReviewRequestsSentAtOnceKeepTheDailyCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, _ := ownedListing(t, s)
		now := time.Now().UTC()
		var wg sync.WaitGroup
		results := make([][]store.ReviewRequestOutcome, 4)
		errs := make([]error, 4)
		for i := range 4 {
			wg.Go(func() {
				results[i], errs[i] = s.RecordReviewRequests(ctx, b.ID, owner.ID, customers(i*100, 8), now)
			})
		}
		wg.Wait()
		sent := 0
		for i, r := range results {
			must(t, errs[i])
			for _, o := range r {
				if o.Outcome == store.RequestSent {
					sent++
				}
			}
		}
		if sent != store.ReviewRequestsPerDay {
			t.Errorf("4 sends of 8 at once sent %d, want exactly %d", sent, store.ReviewRequestsPerDay)
		}
	})
}
