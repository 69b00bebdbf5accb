package present

import (
	"strconv"

	bizmail "bizprofile/mail"
	"bizprofile/places"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// ReviewsOverview is the dashboard's review figures and newest reviews.
// Each figure leads to the reviews page of the listing it is most about:
// with one listing, its page; with several, the one with the most
// unanswered (or new, or any) reviews, named in the link.
func ReviewsOverview(f store.ReviewFigures, newest []store.OwnerReview, plan plans.Plan) views.DashboardReviews {
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

// PlanView describes the plan in force and this month's lead usage for the
// dashboard; 'Manage billing' shows when payments are on and Stripe knows
// the user.
func PlanView(b domain.Billing, leadsThisMonth int, paymentsOn bool) views.PlanView {
	st := b.Standing()
	return views.PlanView{
		Name: b.Plan.Name, Free: b.Plan.Free(), LeadsThisMonth: leadsThisMonth, LeadCap: b.Leads().Max(),
		CapReached: b.Leads().Reached(leadsThisMonth), CanManage: paymentsOn && b.Customer != "",
		Status: st.Status, PeriodEnd: st.PeriodEnd, Ending: st.Ending, Previous: st.Previous, OnHold: st.OnHold, Confirming: st.Confirming,
	}
}

// Dashboard is the dashboard of u, of the account they work in (dash);
// paymentsOn: Stripe takes payments ('Manage billing'). A member sees
// whose account it is, and no billing controls.
func Dashboard(dash domain.Dashboard, u *store.User, paymentsOn bool) views.DashboardView {
	d := views.DashboardView{
		MemberOf:       dash.MemberOf,
		Welcome:        dash.Profile.FullName,
		NeedsProfile:   dash.Profile.FullName == "",
		Leads:          dash.Leads.Total,
		LeadsThisMonth: dash.Leads.ThisMonth,
		LeadsDelta:     dash.Leads.ThisMonth - dash.Leads.LastMonth,
		Plan:           PlanView(dash.Billing, dash.Leads.ThisMonth, paymentsOn),
		Reviews:        ReviewsOverview(dash.Reviews, dash.Newest, dash.Billing.Plan),
	}
	// The plan is the owner's to change: a member is told whose it is.
	d.Plan.ChangedBy = dash.MemberOf
	if !dash.Billing.Plan.API {
		d.APIPlan = plans.FirstWithAPI().Name
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
	return d
}
