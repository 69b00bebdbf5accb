package domain

import (
	"context"

	"bizprofile/plans"
)

// OwnerSettings are a business owner's settings of the emails about their
// account: review alerts and the monthly analytics summary. Each is theirs
// to keep whatever their plan; a plan without it names the plan that
// brings it.
type OwnerSettings struct {
	ReviewAlerts     string // store.ReviewAlertsEach, …Daily or …Off
	ReviewAlertsPlan string // the plan that brings review alerts; "": theirs does
	AnalyticsSummary bool
	// AnalyticsSummaryPlan is the plan that brings the summary (any paid
	// plan); "": theirs does.
	AnalyticsSummaryPlan string
}

// OwnerSettings reads the settings of ownerID, an account's owner.
func (a *Accounts) OwnerSettings(ctx context.Context, ownerID int64) (OwnerSettings, error) {
	var s OwnerSettings
	var err error
	if s.ReviewAlerts, err = a.store.ReviewAlertsOf(ctx, ownerID); err != nil {
		return s, err
	}
	bill, err := a.billingOf(ctx, a.store, ownerID)
	if err != nil {
		return s, err
	}
	if !bill.Plan.ReviewAlerts {
		s.ReviewAlertsPlan = plans.FirstWithReviewAlerts().Name
	}
	if s.AnalyticsSummary, err = a.store.AnalyticsSummaryOf(ctx, ownerID); err != nil {
		return s, err
	}
	if bill.Plan.Free() {
		s.AnalyticsSummaryPlan = plans.FirstWith(func(p plans.Plan) bool { return !p.Free() }).Name
	}
	return s, nil
}
