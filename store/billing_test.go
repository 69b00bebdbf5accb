package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestLeadsPastTheMonthlyCapAreLocked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, newAccount("cap@example.com"))
		must(t, err)
		// Leads of the owner's two listings count together.
		first, err := s.CreateBusiness(ctx, store.Business{Name: "First", OwnerID: sqlNullInt(u.ID)})
		must(t, err)
		second, err := s.CreateBusiness(ctx, store.Business{Name: "Second", OwnerID: sqlNullInt(u.ID)})
		must(t, err)
		other, err := s.CreateBusiness(ctx, store.Business{Name: "Someone else's"})
		must(t, err)
		month := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
		add := func(b store.Business, name string, at time.Time) {
			_, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: name, Email: "x@example.com", Message: "Hi", CreatedAt: at})
			must(t, err)
		}
		// Last month: two leads, under any cap.
		add(first, "February 1", month.Add(-48*time.Hour))
		add(first, "February 2", month.Add(-time.Second))
		// This month: eleven, alternating listings; plus one to someone else.
		for i := 1; i <= 11; i++ {
			b := first
			if i%2 == 0 {
				b = second
			}
			add(b, fmt.Sprintf("March %d", i), month.Add(time.Duration(i)*time.Hour))
		}
		add(other, "Not counted", month.Add(30*time.Minute))

		locked := func(monthlyCap int) []string {
			t.Helper()
			leads, err := s.RecentLeadsFor(ctx, u.ID, 100)
			must(t, err)
			if len(leads) != 13 {
				t.Fatalf("%d leads, want 13", len(leads))
			}
			must(t, s.MarkLockedLeads(ctx, u.ID, monthlyCap, leads))
			var names []string
			for _, l := range leads {
				if l.Locked {
					names = append(names, l.Name)
				}
			}
			return names
		}
		if got := locked(10); len(got) != 1 || got[0] != "March 11" {
			t.Errorf("cap 10 locks %v, want only the 11th lead of March", got)
		}
		if got := locked(100); len(got) != 0 {
			t.Errorf("cap 100 locks %v", got)
		}
		if got := locked(-1); len(got) != 0 {
			t.Errorf("no cap locks %v", got)
		}
		if got := locked(1); len(got) != 11 {
			t.Errorf("cap 1 locks %d leads (%v), want 11 (one of each month open)", len(got), got)
		}
		// The lock is read, never stored: the leads are all still there.
		c, err := s.LeadCountsFor(ctx, u.ID, month.Add(20*24*time.Hour))
		must(t, err)
		if c.ThisMonth != 11 || c.LastMonth != 2 {
			t.Errorf("counts %+v", c)
		}
	})
}

func TestStripeEventsApplyOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		calls := 0
		apply := func(*store.BillingTx) error { calls++; return nil }
		first, err := s.ProcessStripeEvent(ctx, "evt_1", "invoice.paid", apply)
		must(t, err)
		again, err := s.ProcessStripeEvent(ctx, "evt_1", "invoice.paid", apply)
		must(t, err)
		if !first || again || calls != 1 {
			t.Fatalf("first %v, again %v, applied %d times; want true, false, 1", first, again, calls)
		}

		// A failed apply records nothing, so the retry applies it.
		boom := errors.New("boom")
		if _, err := s.ProcessStripeEvent(ctx, "evt_2", "invoice.paid", func(*store.BillingTx) error { return boom }); !errors.Is(err, boom) {
			t.Fatalf("err %v, want boom", err)
		}
		retried, err := s.ProcessStripeEvent(ctx, "evt_2", "invoice.paid", apply)
		must(t, err)
		if !retried || calls != 2 {
			t.Fatalf("retry after a failure: first %v, applied %d times", retried, calls)
		}
	})
}

func TestSubscriptionStateNeverGoesBackInTime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, newAccount("state@example.com"))
		must(t, err)
		end := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
		n := 0
		apply := func(st store.SubscriptionState) bool {
			t.Helper()
			n++
			var applied bool
			_, err := s.ProcessStripeEvent(ctx, fmt.Sprintf("evt_%d", n), "customer.subscription.updated", func(b *store.BillingTx) error {
				var err error
				applied, err = b.ApplySubscriptionState(ctx, st)
				return err
			})
			must(t, err)
			return applied
		}
		base := store.SubscriptionState{SubscriptionID: "sub_1", CustomerID: "cus_1", UserID: u.ID, Plan: "growth", CurrentPeriodEnd: end}

		st := base
		st.Status, st.At, st.Rank = "active", 200, 1
		if !apply(st) {
			t.Fatal("the first state was not applied")
		}
		st.Status, st.At, st.Rank = "trialing", 100, 0 // older: the creation, late
		if apply(st) {
			t.Error("an older event was applied")
		}
		st.Status, st.At, st.Rank = "past_due", 200, 1 // same second, same kind: applied
		if !apply(st) {
			t.Error("an event of the same second was not applied")
		}
		st.Status, st.At, st.Rank = "trialing", 200, 0 // same second, but a creation
		if apply(st) {
			t.Error("a creation overwrote an update of the same second")
		}
		st.Status, st.At, st.Rank, st.CancelAtPeriodEnd = "canceled", 300, 2, true
		if !apply(st) {
			t.Error("the newer deletion was not applied")
		}

		subs, err := s.SubscriptionsOf(ctx, u.ID)
		must(t, err)
		if len(subs) != 1 {
			t.Fatalf("%d subscriptions", len(subs))
		}
		got := subs[0]
		if got.Status != "canceled" || got.Plan != "growth" || got.CustomerID != "cus_1" || !got.CancelAtPeriodEnd ||
			!got.CurrentPeriodEnd.Valid || !got.CurrentPeriodEnd.Time.Equal(end) || got.StateAt != 300 {
			t.Fatalf("subscription %+v", got)
		}
	})
}

func TestSubscriptionLinksAndInvoices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, newAccount("link@example.com"))
		must(t, err)
		seq := 0
		tx := func(fn func(b *store.BillingTx) error) {
			t.Helper()
			seq++
			_, err := s.ProcessStripeEvent(ctx, fmt.Sprintf("evt_%d", seq), "test", fn)
			must(t, err)
		}
		end := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

		// The subscription arrives first, naming only its customer.
		tx(func(b *store.BillingTx) error {
			_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{SubscriptionID: "sub_1", CustomerID: "cus_1", Plan: "pro", Status: "active", CurrentPeriodEnd: end, At: 100})
			return err
		})
		if subs, _ := s.SubscriptionsOf(ctx, u.ID); len(subs) != 0 {
			t.Fatal("a subscription without a user was given one")
		}
		// The checkout tells whose it is; its plan does not overwrite the
		// price's, nor does it touch the state.
		tx(func(b *store.BillingTx) error {
			return b.LinkSubscription(ctx, store.SubscriptionLink{SubscriptionID: "sub_1", CustomerID: "cus_1", UserID: u.ID, Plan: "growth"})
		})
		got, err := s.SubscriptionByID(ctx, "sub_1")
		must(t, err)
		if !got.UserID.Valid || got.UserID.Int64 != u.ID || got.Plan != "pro" || got.Status != "active" || got.StateAt != 100 {
			t.Fatalf("after the link: %+v", got)
		}
		// A later subscription of the same customer finds its user.
		tx(func(b *store.BillingTx) error {
			_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{SubscriptionID: "sub_2", CustomerID: "cus_1", Plan: "growth", Status: "trialing", At: 150})
			return err
		})
		if sub2, err := s.SubscriptionByID(ctx, "sub_2"); err != nil || sub2.UserID.Int64 != u.ID {
			t.Fatalf("second subscription of the customer: %+v, %v", sub2, err)
		}
		// A checkout for a user id that does not exist stores no user.
		tx(func(b *store.BillingTx) error {
			return b.LinkSubscription(ctx, store.SubscriptionLink{SubscriptionID: "sub_3", CustomerID: "cus_9", UserID: 999999, Plan: "growth"})
		})
		if sub3, _ := s.SubscriptionByID(ctx, "sub_3"); sub3.UserID.Valid || sub3.Status != store.StatusPending {
			t.Fatalf("checkout of an unknown user: %+v", sub3)
		}

		// Invoices move the status only from the states they name, and only
		// forward in time.
		change := func(from []string, to string, at int64) bool {
			var changed bool
			tx(func(b *store.BillingTx) error {
				var err error
				changed, err = b.ChangeSubscriptionStatus(ctx, "sub_1", from, to, at, 1)
				return err
			})
			return changed
		}
		if change([]string{"trialing"}, "active", 200) {
			t.Error("changed from a status the subscription is not in")
		}
		if change([]string{"active"}, "past_due", 50) {
			t.Error("an older invoice changed the status")
		}
		if !change([]string{"active"}, "past_due", 200) {
			t.Error("the failed payment did not make it past due")
		}
		later := end.AddDate(0, 1, 0)
		tx(func(b *store.BillingTx) error { return b.ExtendSubscriptionPeriod(ctx, "sub_1", later) })
		tx(func(b *store.BillingTx) error { return b.ExtendSubscriptionPeriod(ctx, "sub_1", end) }) // never shortens
		got, _ = s.SubscriptionByID(ctx, "sub_1")
		if got.Status != "past_due" || !got.CurrentPeriodEnd.Time.Equal(later) {
			t.Fatalf("after the invoices: %+v", got)
		}
		if _, err := s.SubscriptionByID(ctx, "sub_none"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown subscription: %v", err)
		}
	})
}

func TestSubscriptionInForce(t *testing.T) {
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	end := func(d time.Duration) store.Subscription {
		return store.Subscription{CurrentPeriodEnd: sqlNullTime(now.Add(d))}
	}
	for _, tc := range []struct {
		status    string
		cancelEnd bool
		until     time.Duration
		want      bool
	}{
		{"trialing", false, time.Hour, true},
		{"active", false, -time.Hour, true}, // a late renewal event does not drop the plan
		{"past_due", false, time.Hour, true},
		{"active", true, time.Hour, true},
		{"active", true, -time.Hour, false},
		{"canceled", false, time.Hour, true},
		{"canceled", false, -time.Hour, false},
		{"unpaid", false, time.Hour, false},
		{"incomplete_expired", false, time.Hour, false},
		{"", false, time.Hour, false},
	} {
		s := end(tc.until)
		s.Status, s.CancelAtPeriodEnd = tc.status, tc.cancelEnd
		if got := s.InForce(now); got != tc.want {
			t.Errorf("%q cancel_at_period_end=%v ends in %v: in force %v, want %v", tc.status, tc.cancelEnd, tc.until, got, tc.want)
		}
	}
}

func sqlNullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }
