package domain

import (
	"context"

	"bizprofile/store"
)

// InboxPage is a page of an account's lead inbox: the leads matching a
// filter, how many match in all, whether the account has any lead at all,
// and its listings (the inbox filters by them).
type InboxPage struct {
	Leads    []store.OwnerLead // each marked locked past the plan's cap
	Total    int
	AnyLeads bool
	Listings []store.Business
}

// InboxPage gathers page p of accountID's leads matching f (filtered: f
// narrows the inbox, so that no match does not mean no lead).
func (l *Leads) InboxPage(ctx context.Context, accountID int64, bill Billing, f store.LeadFilter, filtered bool, p store.Page) (InboxPage, error) {
	var in InboxPage
	var err error
	if in.Leads, in.Total, err = l.Inbox(ctx, accountID, bill, f, p); err != nil {
		return in, err
	}
	in.AnyLeads = in.Total > 0
	if !in.AnyLeads && filtered {
		_, all, err := l.store.OwnerLeads(ctx, accountID, store.LeadFilter{}, store.Page{Limit: 1})
		if err != nil {
			return in, err
		}
		in.AnyLeads = all > 0
	}
	in.Listings, err = l.store.BusinessesOwnedBy(ctx, accountID)
	return in, err
}
