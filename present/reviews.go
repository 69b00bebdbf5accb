package present

import (
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// OwnerReview is r as its listing's owner sees it, its reply form
// holding the reply; back is the list's query the forms come back to.
func OwnerReview(b store.Business, r store.Review, back string) views.OwnerReview {
	o := views.OwnerReview{
		ID: r.ID, BusinessID: b.ID, Business: b.Name, Author: r.AuthorName, Rating: r.Rating, Title: r.Title, Body: r.Body,
		Written: r.CreatedAt, VisitedOn: r.VisitedOn, Sentiment: r.Sentiment,
		Hidden: r.Status == store.ReviewHidden, HiddenReason: r.HiddenReason,
		Reply: r.Reply, Draft: r.Reply, Back: back,
	}
	if r.RepliedAt.Valid {
		o.RepliedAt = r.RepliedAt.Time
	}
	return o
}

// ReviewItem is what a page shows of a published review.
func ReviewItem(r store.Review, viewer *store.User, marked bool) views.ReviewItem {
	it := views.ReviewItem{
		ID: r.ID, Author: r.AuthorName, Rating: r.Rating, Title: r.Title, Body: r.Body,
		Written: r.CreatedAt, VisitedOn: r.VisitedOn, Helpful: r.HelpfulCount, Marked: marked,
		Own: viewer != nil && r.WrittenBy(viewer.ID),
	}
	if r.Reply != "" && r.RepliedAt.Valid {
		it.Reply, it.RepliedAt = r.Reply, r.RepliedAt.Time
	}
	return it
}

// OwnerReviews is the page of b's reviews that q asks for, for its owner:
// o is what the domain found, requests the review request form, and
// reviewLink the link that asks for a review.
func OwnerReviews(b store.Business, q views.OwnerReviewQuery, o domain.OwnerReviews, requests views.ReviewRequestForm, reviewLink string) views.OwnerReviewsView {
	per := views.OwnerReviewsPerPage
	v := views.OwnerReviewsView{
		BusinessID: b.ID, Business: b.Name, Slug: b.Slug, Published: b.Published,
		Summary:    views.OwnerReviewSummary(o.Summary),
		Query:      q,
		Total:      o.Total,
		Pages:      max(1, (o.Total+per-1)/per),
		ReviewLink: reviewLink,
		Requests:   requests,
	}
	back := q.Values().Encode()
	for _, r := range o.Reviews {
		v.Reviews = append(v.Reviews, OwnerReview(b, r, back))
	}
	for _, m := range o.Trend {
		v.Trend = append(v.Trend, views.SentimentMonth(m))
	}
	return v
}
