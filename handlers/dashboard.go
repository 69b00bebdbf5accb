package handlers

import (
	"net/http"

	"bizprofile/plans"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// dashboard is the signed-in user's home: the listings, leads and plan of
// the account they work in (theirs, or the one they are a member of) and
// shortcuts, with every figure counted from the database. A member sees
// whose account it is, and no billing controls.
func (h *Handlers) dashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u := currentUser(r)
	if u.Kind == store.KindPartner && !u.Member() {
		http.Redirect(w, r, views.PartnerDashboardPath, http.StatusSeeOther)
		return
	}
	if !worksForBusiness(u) && h.individualHome(w, r) {
		return
	}
	dash, err := h.domain.Accounts.Dashboard(ctx, *u, 5, newestReviews)
	if h.broken(w, r, err) {
		return
	}
	d := present.Dashboard(dash, u, h.stripe != nil)
	c := h.chrome(r)
	if p, ok := plans.ByID(r.URL.Query().Get("checkout")); ok && !p.Free() {
		// Back from Stripe Checkout: the plan appears once Stripe's webhook
		// confirms it, usually within seconds.
		c.Toasts = append(c.Toasts, views.Toast{Title: "Thank you!", Description: "Your " + p.Name + " plan shows here as soon as Stripe confirms it."})
	}
	h.render(w, r, http.StatusOK, views.DashboardPage(c, d))
}

// newestReviews is how many of the newest reviews the dashboard shows.
const newestReviews = 5
