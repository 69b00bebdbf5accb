package domain

import (
	"context"

	"bizprofile/store"
)

// Leads are the enquiries visitors send to a listing: receiving one, the
// owner's inbox and what the plan's cap locks.
type Leads struct{ *env }

// accountLead loads lead id of the account on st, marked locked when it
// is past the plan's monthly cap, as the inbox marks it; store.ErrNotFound
// when it came to none of the account's listings.
func (e *env) accountLead(ctx context.Context, st *store.Store, accountID, id int64, bill Billing) (store.OwnerLead, error) {
	l, err := st.LeadForOwner(ctx, accountID, id)
	if err != nil {
		return store.OwnerLead{}, err
	}
	ls := []store.OwnerLead{l}
	if err := bill.Leads().markLocked(ctx, st, accountID, ls); err != nil {
		return store.OwnerLead{}, err
	}
	return ls[0], nil
}

// OfAccount is lead id of the account, on st (the store or a
// transaction), marked locked past bill's cap; store.ErrNotFound when it
// came to none of the account's listings.
func (l *Leads) OfAccount(ctx context.Context, st *store.Store, accountID, id int64, bill Billing) (store.OwnerLead, error) {
	return l.accountLead(ctx, st, accountID, id, bill)
}

// MarkLocked sets Locked on each of ls (all of the account's) that is past
// bill's monthly cap.
func (l *Leads) MarkLocked(ctx context.Context, accountID int64, bill Billing, ls []store.OwnerLead) error {
	return bill.Leads().markLocked(ctx, l.store, accountID, ls)
}
