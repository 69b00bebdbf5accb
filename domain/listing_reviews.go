package domain

import (
	"context"
	"errors"

	"bizprofile/store"
)

// ListingReviews is what a listing's pages show of its reviews: the
// summary, one page of its published reviews, and what the viewer has
// done.
type ListingReviews struct {
	Summary store.RatingSummary
	Reviews []store.Review
	Total   int            // published reviews, on every page
	Marked  map[int64]bool // the reviews of the page the viewer found helpful
	HasOwn  bool           // the viewer wrote one
}

// OfListing reads page p of b's published reviews in order, as viewer (nil:
// signed out) sees them.
func (r *Reviews) OfListing(ctx context.Context, b store.Business, viewer *store.User, order string, p store.Page) (ListingReviews, error) {
	l := ListingReviews{Marked: map[int64]bool{}}
	var err error
	if l.Summary, err = r.store.RatingSummaryOf(ctx, b.ID); err != nil {
		return l, err
	}
	if l.Reviews, l.Total, err = r.store.ListingReviews(ctx, b.ID, order, p); err != nil {
		return l, err
	}
	if viewer == nil {
		return l, nil
	}
	ids := make([]int64, len(l.Reviews))
	for i, rv := range l.Reviews {
		ids[i] = rv.ID
	}
	if l.Marked, err = r.store.HelpfulMarked(ctx, viewer.ID, ids); err != nil {
		return l, err
	}
	_, err = r.store.ReviewBy(ctx, b.ID, viewer.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return l, err
	}
	l.HasOwn = err == nil
	return l, nil
}

// By is userID's review of businessID, if they wrote one.
func (r *Reviews) By(ctx context.Context, businessID, userID int64) (store.Review, bool, error) {
	rv, err := r.store.ReviewBy(ctx, businessID, userID)
	if errors.Is(err, store.ErrNotFound) {
		return rv, false, nil
	}
	return rv, err == nil, err
}
