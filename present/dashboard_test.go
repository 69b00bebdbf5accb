package present

import (
	"database/sql"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

func TestPlanViewExplainsTheFreePlan(t *testing.T) {
	now := time.Now()
	past := sql.NullTime{Time: now.Add(-time.Hour), Valid: true}
	future := sql.NullTime{Time: now.Add(time.Hour), Valid: true}
	for _, tc := range []struct {
		name string
		sub  store.Subscription
		want func(v views.PlanView) bool
	}{
		{"confirming", store.Subscription{Plan: "pro", Status: ""}, func(v views.PlanView) bool { return v.Confirming == "Pro" && v.Status == "" }},
		{"ended", store.Subscription{Plan: "pro", Status: "canceled", CurrentPeriodEnd: past, CustomerID: "cus_1"}, func(v views.PlanView) bool {
			return v.Name == "Starter" && v.Previous == "Pro" && v.OnHold == "" && v.CanManage
		}},
		{"on hold", store.Subscription{Plan: "growth", Status: "unpaid", CurrentPeriodEnd: future}, func(v views.PlanView) bool {
			return v.Name == "Starter" && v.OnHold == "Growth" && v.Previous == "" && v.Status == "unpaid" && !v.CanManage
		}},
		{"ending", store.Subscription{Plan: "growth", Status: "active", CancelAtPeriodEnd: true, CurrentPeriodEnd: future}, func(v views.PlanView) bool {
			return v.Name == "Growth" && v.Ending && v.Previous == "" && v.PeriodEnd.Equal(future.Time)
		}},
	} {
		v := PlanView(domain.CurrentBilling([]store.Subscription{tc.sub}, now), 3, true)
		if !tc.want(v) {
			t.Errorf("%s: %+v", tc.name, v)
		}
	}
}
