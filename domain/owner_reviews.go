package domain

import (
	"context"

	"bizprofile/store"
)

// OwnerReviews is a page of a listing's reviews as its owner reads them,
// with the listing's figures and its sentiment by month.
type OwnerReviews struct {
	Reviews []store.Review
	Total   int // reviews matching the filter, on every page
	Summary store.OwnerReviewSummary
	Trend   []store.MonthSentiment // the last months, oldest first
}

// OwnerPage gathers page p of businessID's reviews matching f, and its
// sentiment over the last months.
func (r *Reviews) OwnerPage(ctx context.Context, businessID int64, f store.OwnerReviewFilter, p store.Page, months int) (OwnerReviews, error) {
	var o OwnerReviews
	now := r.now()
	var err error
	if o.Reviews, o.Total, err = r.store.OwnerReviews(ctx, businessID, f, p); err != nil {
		return o, err
	}
	if o.Summary, err = r.store.ReviewSummaryForOwner(ctx, businessID, now); err != nil {
		return o, err
	}
	o.Trend, err = r.store.SentimentByMonth(ctx, businessID, months, now)
	return o, err
}

// OfAccount is review id with its listing, when the listing belongs to
// accountID (its owner and members reply to it); store.ErrNotFound
// otherwise, the attempt on another account's review logged.
func (r *Reviews) OfAccount(ctx context.Context, accountID, userID, id int64) (store.Review, store.Business, error) {
	rev, err := r.store.ReviewByID(ctx, id)
	var b store.Business
	if err == nil {
		b, err = r.store.BusinessByID(ctx, rev.BusinessID)
	}
	if err == nil && !b.OwnedBy(accountID) {
		r.log.Warn("reply to another account's review", "review_id", id, "user_id", userID)
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Review{}, store.Business{}, err
	}
	return rev, b, nil
}
