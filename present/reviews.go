package present

import (
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
