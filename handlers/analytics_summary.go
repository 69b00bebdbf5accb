package handlers

import (
	"net/http"

	"bizprofile/views"
)

// saveAnalyticsSummary stores whether a business owner wants the monthly
// summary. As with review alerts, the choice is kept whatever the plan,
// but on a free plan the form is disabled and a post sent anyway changes
// nothing.
func (h *Handlers) saveAnalyticsSummary(w http.ResponseWriter, r *http.Request) {
	v, ok := h.ownerSettingView(w, r, "summary")
	if !ok {
		return
	}
	if v.AnalyticsSummaryPlan != "" {
		v.Errors["analytics_summary"] = "The monthly analytics summary comes with the " + v.AnalyticsSummaryPlan + " plan."
		h.render(w, r, http.StatusForbidden, views.ProfilePage(h.chrome(r), v))
		return
	}
	on := r.PostFormValue("analytics_summary") == "on"
	u := currentUser(r)
	if h.broken(w, r, h.store.SetAnalyticsSummary(r.Context(), u.ID, on)) {
		return
	}
	h.log.Info("analytics summary set", "user_id", u.ID, "on", on)
	toast := views.Toast{Title: "Analytics summary saved", Description: "We email you a summary of your analytics on the first of each month."}
	if !on {
		toast.Description = "We won't email you a monthly summary; your analytics stay on your dashboard."
	}
	h.redirect(w, r, "/profile#analytics-summary", toast)
}
