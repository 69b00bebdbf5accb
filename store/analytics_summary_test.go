package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// subscribe gives userID a subscription to plan in the given status,
// whose period ends at end, as Stripe's webhook records it.
func subscribe(t *testing.T, s *store.Store, userID int64, plan, status string, end time.Time) {
	t.Helper()
	ctx := context.Background()
	id := plan + "_" + status + "_" + time.Now().Format("150405.000000000")
	_, err := s.ProcessStripeEvent(ctx, "evt_"+id, "customer.subscription.created", func(b *store.BillingTx) error {
		_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{
			SubscriptionID: "sub_" + id, CustomerID: "cus_" + id, UserID: userID, Plan: plan,
			Status: status, CurrentPeriodEnd: end, At: time.Now().Unix(),
		})
		return err
	})
	must(t, err)
}

// Who gets the summary of a month: owners of a listing on a paid plan in
// force who want it and have not had it yet.
func TestAnalyticsSummaryDue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		paid := []string{"growth", "pro"}
		owner := func(email string, listing bool) store.User {
			t.Helper()
			u, _, err := s.CreateAccount(ctx, newAccount(email))
			must(t, err)
			if listing {
				_, err = s.CreateBusiness(ctx, store.Business{Name: "Listing of " + email, Published: true, OwnerID: sqlNullInt(u.ID)})
				must(t, err)
			}
			return u
		}
		growth := owner("growth@example.com", true)
		subscribe(t, s, growth.ID, "growth", store.StatusActive, now.AddDate(0, 1, 0))
		pro := owner("pro@example.com", true) // two subscriptions in force: listed once
		subscribe(t, s, pro.ID, "pro", store.StatusActive, now.AddDate(0, 1, 0))
		subscribe(t, s, pro.ID, "growth", store.StatusTrialing, now.AddDate(0, 0, 10))
		owner("free@example.com", true) // no subscription: the free plan
		starter := owner("starter@example.com", true)
		subscribe(t, s, starter.ID, "starter", store.StatusActive, now.AddDate(0, 1, 0))
		lapsed := owner("lapsed@example.com", true)
		subscribe(t, s, lapsed.ID, "growth", store.StatusCanceled, now.AddDate(0, 0, -1))
		noListing := owner("nolisting@example.com", false)
		subscribe(t, s, noListing.ID, "pro", store.StatusActive, now.AddDate(0, 1, 0))
		optedOut := owner("optedout@example.com", true)
		subscribe(t, s, optedOut.ID, "growth", store.StatusActive, now.AddDate(0, 1, 0))
		must(t, s.SetAnalyticsSummary(ctx, optedOut.ID, false))
		summarised := owner("summarised@example.com", true)
		subscribe(t, s, summarised.ID, "pro", store.StatusActive, now.AddDate(0, 1, 0))

		if on, err := s.AnalyticsSummaryOf(ctx, growth.ID); err != nil || !on {
			t.Errorf("a new account's summary setting = %v, %v; want on", on, err)
		}
		if on, _ := s.AnalyticsSummaryOf(ctx, optedOut.ID); on {
			t.Error("turning the summary off did not hold")
		}
		if ok, err := s.MarkAnalyticsSummary(ctx, summarised.ID, "2026-04"); err != nil || !ok {
			t.Fatalf("marking April: %v, %v", ok, err)
		}

		for _, tc := range []struct {
			month string
			want  []int64
		}{
			{"2026-04", []int64{growth.ID, pro.ID}},
			{"2026-03", []int64{growth.ID, pro.ID}},                // April's summary covers March too
			{"2026-05", []int64{growth.ID, pro.ID, summarised.ID}}, // the next month is due again
		} {
			got, err := s.AnalyticsSummaryDue(ctx, tc.month, paid, now)
			must(t, err)
			if !slices.Equal(got, tc.want) {
				t.Errorf("due for %s: %v, want %v", tc.month, got, tc.want)
			}
		}
		if got, _ := s.AnalyticsSummaryDue(ctx, "2026-04", nil, now); len(got) != 0 {
			t.Errorf("no paid plans, yet %v are due", got)
		}

		// A month is marked once; an owner who opted out is not marked.
		if ok, _ := s.MarkAnalyticsSummary(ctx, summarised.ID, "2026-04"); ok {
			t.Error("April was marked twice")
		}
		if ok, _ := s.MarkAnalyticsSummary(ctx, optedOut.ID, "2026-04"); ok {
			t.Error("an owner who opted out was marked")
		}
	})
}

// Two instances starting at once leave one run waiting, not two: the
// second waits for the first's transaction, then finds its job.
func TestEnqueueUnlessWaiting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		j := store.NewJob{Kind: "monthly", Payload: []byte(`{"month":"2026-04"}`), RunAt: time.Now().Add(time.Hour)}
		second := make(chan bool, 1)
		must(t, s.InTx(ctx, func(tx *store.Store) error {
			ok, err := tx.EnqueueUnlessWaiting(ctx, j)
			if err != nil || !ok {
				t.Fatalf("the first instance: %v, %v", ok, err)
			}
			go func() {
				ok, err := s.EnqueueUnlessWaiting(ctx, j)
				if err != nil {
					t.Error(err)
				}
				second <- ok
			}()
			time.Sleep(300 * time.Millisecond) // the second is waiting now
			return nil
		}))
		if <-second {
			t.Error("the second instance queued the run too")
		}
		js, _, err := s.Jobs(ctx, store.JobQueued, store.Page{Limit: 10})
		must(t, err)
		if len(js) != 1 {
			t.Errorf("%d runs waiting, want 1", len(js))
		}
		// Another month's run is another job.
		if ok, err := s.EnqueueUnlessWaiting(ctx, store.NewJob{Kind: "monthly", Payload: []byte(`{"month":"2026-05"}`)}); err != nil || !ok {
			t.Errorf("the next month's run: %v, %v", ok, err)
		}
	})
}
