package handlers

import (
	"context"
	"net/http"

	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// analyticsSections are the analytics page's sections beyond views, clicks
// and leads for the owner's listings over rng, whose report is rep: lead
// quality and ROI (plan.Analytics.LeadQuality), the listings compared
// (plan.Analytics.Comparison).
func (h *Handlers) analyticsSections(ctx context.Context, ownerID int64, plan plans.Plan, listings []store.Business, rep store.AnalyticsReport, rng views.AnalyticsRange) (views.AnalyticsSections, error) {
	return views.AnalyticsSections{}, nil
}

// saveOrderValue keeps the owner's average order value (TO BE WRITTEN).
func (h *Handlers) saveOrderValue(w http.ResponseWriter, r *http.Request) { h.notFound(w, r) }
