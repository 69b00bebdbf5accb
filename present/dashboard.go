package present

import (
	"strconv"

	bizmail "bizprofile/mail"

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
