package handlers

import (
	"net/http"
	"strconv"

	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/plans"
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
		Reviews:        reviewsOverview(dash.Reviews, dash.Newest, dash.Billing.Plan),
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

// reviewsOverview is the dashboard's review figures and newest reviews.
// Each figure leads to the reviews page of the listing it is most about:
// with one listing, its page; with several, the one with the most
// unanswered (or new, or any) reviews, named in the link.
func reviewsOverview(f store.ReviewFigures, newest []store.OwnerReview, plan plans.Plan) views.DashboardReviews {
	if len(f.Listings) == 0 {
		return views.DashboardReviews{}
	}
	v := views.DashboardReviews{
		Count: f.Count, Average: f.Average, ThisMonth: f.ThisMonth, Unanswered: f.Unanswered,
		ReviewsPage: domain.OwnerReviewsPath(f.Listings[0].BusinessID),
	}
	if !plan.ReviewAlerts {
		v.AlertsPlan = plans.FirstWithReviewAlerts().Name
	}
	link := func(l store.ListingReviewFigures, one, several string) views.Link {
		label := one
		if len(f.Listings) > 1 {
			label = several + " " + l.Name
		}
		return views.Link{Href: domain.OwnerReviewsPath(l.BusinessID), Label: label}
	}
	count := func(l store.ListingReviewFigures) int { return l.Count }
	v.AverageLink = link(domain.MostReviewed(f, count), "See your reviews", "See the reviews of")
	v.ThisMonthLink, v.UnansweredLink = v.AverageLink, v.AverageLink
	if f.ThisMonth > 0 {
		v.ThisMonthLink = link(domain.MostReviewed(f, func(l store.ListingReviewFigures) int { return l.ThisMonth }), "See the newest", "See the new reviews of")
	}
	if f.Unanswered > 0 {
		v.UnansweredLink = link(domain.MostReviewed(f, func(l store.ListingReviewFigures) int { return l.Unanswered }), "Answer them", "Answer the reviews of")
	}
	for _, r := range newest {
		v.Newest = append(v.Newest, views.DashboardReview{
			Business: r.BusinessName, Stars: r.Rating, Title: r.Title, Excerpt: bizmail.Excerpt(r.Body, 160), Author: r.AuthorName,
			CreatedAt: r.CreatedAt, Answered: r.Reply != "",
			Href: domain.OwnerReviewsPath(r.BusinessID) + "#review-" + strconv.FormatInt(r.ID, 10),
		})
	}
	return v
}
