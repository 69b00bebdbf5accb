package domain

import (
	"context"
	"errors"

	"bizprofile/store"
)

// AccountKey is an API key of an account with who created it.
type AccountKey struct {
	store.APIKey
	// CreatedBy is its creator's email, "you" for viewerID's keys; "" when
	// unknown (made by the app) or the creator's account is gone.
	CreatedBy string
}

// Keys are the API keys of accountID, as viewerID reads them.
func (i *Integrations) Keys(ctx context.Context, accountID, viewerID int64) ([]AccountKey, error) {
	keys, err := i.store.APIKeysOf(ctx, accountID)
	if err != nil {
		return nil, err
	}
	creators := map[int64]string{viewerID: "you"}
	out := make([]AccountKey, len(keys))
	for n, k := range keys {
		out[n].APIKey = k
		if !k.CreatedBy.Valid {
			continue
		}
		name, known := creators[k.CreatedBy.Int64]
		if !known {
			c, err := i.store.UserByID(ctx, k.CreatedBy.Int64)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return nil, err
			}
			name, creators[k.CreatedBy.Int64] = c.Email, c.Email
		}
		out[n].CreatedBy = name
	}
	return out, nil
}

// LoggedDelivery is a webhook delivery with the log of its attempts,
// oldest first.
type LoggedDelivery struct {
	store.WebhookDelivery
	Log []store.WebhookAttempt
}

// DeliveryLog is page p of endpointID's deliveries, each with its
// attempts, and how many deliveries there are in all.
func (i *Integrations) DeliveryLog(ctx context.Context, endpointID int64, p store.Page) ([]LoggedDelivery, int, error) {
	ds, total, err := i.store.WebhookDeliveriesOf(ctx, endpointID, p)
	if err != nil {
		return nil, 0, err
	}
	out := make([]LoggedDelivery, len(ds))
	for n, d := range ds {
		out[n].WebhookDelivery = d
		if out[n].Log, err = i.store.WebhookAttemptsOf(ctx, d.ID); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// Key is API key id of accountID; store.ErrNotFound when it is another
// account's, or none.
func (i *Integrations) Key(ctx context.Context, accountID, id int64) (store.APIKey, error) {
	keys, err := i.store.APIKeysOf(ctx, accountID)
	if err != nil {
		return store.APIKey{}, err
	}
	for _, k := range keys {
		if k.ID == id && id != 0 {
			return k, nil
		}
	}
	return store.APIKey{}, store.ErrNotFound
}
