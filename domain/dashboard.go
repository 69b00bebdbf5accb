package domain

import (
	"context"

	"bizprofile/store"
)

// Dashboard is what the signed-in user's home shows of the account they
// work in (theirs, or the one they are a member of), every figure counted
// from the database.
type Dashboard struct {
	Profile  store.Profile // the user's own
	Listings []store.Business
	Leads    store.LeadCounts
	Billing  Billing
	// Recent are the newest leads, those past the plan's monthly cap
	// marked locked (kept, but shown locked).
	Recent  []store.OwnerLead
	Reviews store.ReviewFigures
	Newest  []store.OwnerReview // the newest reviews of the listings
	// MemberOf names the account's owner for a member; "" for the owner.
	MemberOf string
}

// Dashboard gathers u's home, with as many of the newest leads as recent
// and of the newest reviews as newest. Drafts become listings when the address is verified; one
// whose release failed then (or that a password reset verified) is
// released here first.
func (a *Accounts) Dashboard(ctx context.Context, u store.User, recent, newest int) (Dashboard, error) {
	var d Dashboard
	p, err := a.store.ProfileOf(ctx, u.ID)
	if err != nil {
		return d, err
	}
	d.Profile = p
	if drafts, err := a.store.Drafts(ctx, u.ID); err != nil || len(drafts) > 0 {
		if err == nil {
			err = (&Listings{a.env}).Release(ctx, u.ID)
		}
		if err != nil {
			return d, err
		}
	}
	account, now := u.Account(), a.now()
	if d.Listings, err = a.store.BusinessesOwnedBy(ctx, account); err != nil {
		return d, err
	}
	if d.Leads, err = a.store.LeadCountsFor(ctx, account, now); err != nil {
		return d, err
	}
	if d.Billing, err = a.billingOf(ctx, a.store, account); err != nil {
		return d, err
	}
	if d.Recent, err = a.store.RecentLeadsFor(ctx, account, recent); err != nil {
		return d, err
	}
	if err = d.Billing.Leads().markLocked(ctx, a.store, account, d.Recent); err != nil {
		return d, err
	}
	if d.Reviews, err = a.store.ReviewFiguresFor(ctx, account, now); err != nil {
		return d, err
	}
	if d.Newest, err = a.store.NewestOwnerReviews(ctx, account, newest); err != nil {
		return d, err
	}
	d.MemberOf, err = a.OwnerName(ctx, u)
	return d, err
}

// MostReviewed is the listing of f with the most reviews by first, then
// by count; the newest listing on a tie. f has at least one listing.
func MostReviewed(f store.ReviewFigures, first func(store.ListingReviewFigures) int) store.ListingReviewFigures {
	best := f.Listings[0]
	for _, l := range f.Listings[1:] {
		if a, b := first(l), first(best); a > b || (a == b && l.Count > best.Count) {
			best = l
		}
	}
	return best
}
