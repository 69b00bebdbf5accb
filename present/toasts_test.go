package present

import (
	"database/sql"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

func TestChoosingStarterOnAPaidPlanSaysWhenItEnds(t *testing.T) {
	end := time.Date(2026, time.December, 3, 12, 0, 0, 0, time.UTC)
	sub := func(status string, cancelAtEnd bool) store.Subscription {
		return store.Subscription{ID: "sub_1", CustomerID: "cus_1", Plan: "growth", Status: status, CancelAtPeriodEnd: cancelAtEnd,
			CurrentPeriodEnd: sql.NullTime{Time: end, Valid: true}}
	}
	now := end.Add(-48 * time.Hour)
	cases := []struct {
		subs []store.Subscription
		want views.Toast
	}{
		{nil, freePlanToast},
		{[]store.Subscription{sub(store.StatusCanceled, false)}, views.Toast{Title: "Free Plan Selected", Description: "Your Growth plan ends on December 3, 2026; your account then moves to the free Starter plan."}},
		{[]store.Subscription{sub(store.StatusActive, true)}, views.Toast{Title: "Free Plan Selected", Description: "Your Growth plan ends on December 3, 2026; your account then moves to the free Starter plan."}},
		{[]store.Subscription{sub(store.StatusActive, false)}, views.Toast{Title: "Your Growth plan is in force", Description: "Cancel it in the billing portal (Manage billing on your dashboard): your account moves to the free Starter plan when the period you paid for ends."}},
	}
	for _, c := range cases {
		if got := FreePlanChosen(domain.CurrentBilling(c.subs, now)); got != c.want {
			t.Errorf("%+v: toast %+v, want %+v", c.subs, got, c.want)
		}
	}
}
