package domain

import (
	"context"

	"bizprofile/store"
)

// OfAccount is listing id when it belongs to accountID (its owner's or
// a member's account); store.ErrNotFound otherwise, as if it did not
// exist, the attempt by userID on another account's listing logged.
func (l *Listings) OfAccount(ctx context.Context, accountID, userID, id int64) (store.Business, error) {
	b, err := l.store.BusinessByID(ctx, id)
	if err != nil {
		return store.Business{}, err
	}
	if !b.OwnedBy(accountID) {
		l.log.Warn("access to another account's listing", "business_id", id, "user_id", userID)
		return store.Business{}, store.ErrNotFound
	}
	return b, nil
}
