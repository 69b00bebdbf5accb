package handlers

import (
	"context"

	"bizprofile/handlers/api"
	"bizprofile/store"
	"bizprofile/webhooks"
)

// The pages' changes to an account's records become webhook events (CRM
// sync): each emit call runs in the transaction of the change, so an event
// is sent if and only if the change is stored. The record goes out exactly
// as the API shows it to the account (package api), and only to accounts
// whose plan has the API (webhooks come with it) and that have an enabled
// endpoint wanting the event: for every other account an emit costs one
// query.

// webhookBilling is the account's billing when an enabled endpoint of the
// account wants eventType and its plan sends webhooks; ok is false when
// nothing is to be sent.
func (h *Handlers) webhookBilling(ctx context.Context, tx *store.Store, accountID int64, eventType string) (bill billing, ok bool, err error) {
	es, err := tx.WebhookEndpointsOf(ctx, accountID)
	if err != nil {
		return billing{}, false, err
	}
	for _, e := range es {
		if e.Enabled() && e.Wants(eventType) {
			bill, err = h.billingOf(ctx, accountID)
			return bill, err == nil && bill.Plan.API, err
		}
	}
	return billing{}, false, nil
}

// emitLead sends the account's endpoints eventType (lead.created,
// lead.updated) with lead leadID exactly as the API answers it
// (api.AccountLead, api.LeadFor): locked past the plan's monthly cap, and
// without a score on a plan without lead scoring.
func (h *Handlers) emitLead(ctx context.Context, tx *store.Store, accountID, leadID int64, eventType string) error {
	bill, ok, err := h.webhookBilling(ctx, tx, accountID, eventType)
	if err != nil || !ok {
		return err
	}
	l, err := api.AccountLead(ctx, tx, accountID, leadID, bill.Plan)
	if err != nil {
		return err
	}
	return webhooks.Emit(ctx, tx, accountID, eventType, api.LeadFor(bill.Plan, l))
}

// emitReviewCreated sends the endpoints of b's account review.created with
// r, a review just published on b.
func (h *Handlers) emitReviewCreated(ctx context.Context, tx *store.Store, b store.Business, r store.Review) error {
	if !b.OwnerID.Valid {
		return nil
	}
	if _, ok, err := h.webhookBilling(ctx, tx, b.OwnerID.Int64, store.EventReviewCreated); err != nil || !ok {
		return err
	}
	return webhooks.Emit(ctx, tx, b.OwnerID.Int64, store.EventReviewCreated, api.ReviewObject(store.OwnerReview{Review: r, BusinessName: b.Name}))
}

// emitListingUpdated sends the endpoints of b's account listing.updated
// with listing b as stored in tx now (after the change).
func (h *Handlers) emitListingUpdated(ctx context.Context, tx *store.Store, b store.Business) error {
	if !b.OwnerID.Valid {
		return nil
	}
	if _, ok, err := h.webhookBilling(ctx, tx, b.OwnerID.Int64, store.EventListingUpdated); err != nil || !ok {
		return err
	}
	saved, err := tx.BusinessByID(ctx, b.ID)
	if err != nil {
		return err
	}
	return webhooks.Emit(ctx, tx, b.OwnerID.Int64, store.EventListingUpdated, api.ListingObject(saved))
}
