package handlers

import (
	"net/http"

	"bizprofile/domain"
	"bizprofile/places"
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
	d := views.DashboardView{
		MemberOf:       dash.MemberOf,
		Welcome:        dash.Profile.FullName,
		NeedsProfile:   dash.Profile.FullName == "",
		Leads:          dash.Leads.Total,
		LeadsThisMonth: dash.Leads.ThisMonth,
		LeadsDelta:     dash.Leads.ThisMonth - dash.Leads.LastMonth,
		Plan:           planView(dash.Billing, dash.Leads.ThisMonth, h.stripe != nil),
		Reviews:        present.ReviewsOverview(dash.Reviews, dash.Newest, dash.Billing.Plan),
	}
	// The plan is the owner's to change: a member is told whose it is.
	d.Plan.ChangedBy = dash.MemberOf
	if !dash.Billing.Plan.API {
		d.APIPlan = apiPlanName()
	}
	if d.Welcome == "" {
		d.Welcome = u.Email
	}
	d.VerifiedPct, d.ClaimedPct = domain.ListingShares(dash.Listings)
	for _, b := range dash.Listings {
		item := views.DashboardBusiness{
			ID: b.ID, Name: b.Name, Slug: b.Slug, Category: b.Category, Location: places.Place(b.City, b.State),
			Verified: b.Verified, Claimed: domain.Claimed(b), Published: b.Published, Suspended: b.Suspended, Held: b.Held, CreatedAt: b.CreatedAt,
		}
		if !b.EmailConfirmed {
			item.PendingEmail = b.Email
		}
		d.Businesses = append(d.Businesses, item)
	}
	for _, l := range dash.Recent {
		if l.Locked {
			// Nothing of the sender reaches the page.
			d.RecentLeads = append(d.RecentLeads, views.DashboardLead{ID: l.ID, Business: l.BusinessName, CreatedAt: l.CreatedAt, Locked: true})
			continue
		}
		d.RecentLeads = append(d.RecentLeads, views.DashboardLead{ID: l.ID, Business: l.BusinessName, Name: l.Name, Email: l.Email, Message: l.Message, CreatedAt: l.CreatedAt})
	}
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
