package domain

import (
	"context"

	"bizprofile/store"
)

// insightsShown is how many of a listing's newest insights its page lists.
const insightsShown = 50

// InsightsPage is the insights page of an account: its listings, the one
// shown and that one's newest insights.
type InsightsPage struct {
	Listings []store.Business // none: the page has nothing to show
	Chosen   store.Business
	Insights []store.Insight
}

// Page gathers the insights page of accountID for listing id when asked
// (the first listing otherwise); store.ErrNotFound when the listing asked
// for is not one of the account's.
func (i *Insights) Page(ctx context.Context, accountID int64, asked bool, id int64) (InsightsPage, error) {
	var p InsightsPage
	bs, err := i.store.BusinessesOwnedBy(ctx, accountID)
	if err != nil {
		return p, err
	}
	if len(bs) == 0 {
		if asked {
			return p, store.ErrNotFound // a listing of another account
		}
		return p, nil
	}
	p.Listings, p.Chosen = bs, bs[0]
	if asked {
		found := false
		for _, b := range bs {
			if b.ID == id {
				p.Chosen, found = b, true
			}
		}
		if !found {
			return InsightsPage{}, store.ErrNotFound
		}
	}
	p.Insights, err = i.store.InsightsFor(ctx, p.Chosen.ID, insightsShown)
	return p, err
}
