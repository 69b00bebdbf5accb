package domain

import (
	"context"

	"bizprofile/resource"
	"bizprofile/store"
	"bizprofile/webhooks"
)

// Events turns changes to an account's records into webhook events (CRM
// sync). Each emit runs in the transaction of the change, so an event is
// sent if and only if the change is stored. The record goes out exactly as
// the API shows it to the account (package resource), and only to
// accounts whose plan has the API (webhooks come with it) and that have an
// enabled endpoint wanting the event: for every other account an emit
// costs one query.
type Events struct{ *env }

// webhookBilling is the account's billing when an enabled endpoint of the
// account wants eventType and its plan sends webhooks; ok is false when
// nothing is to be sent.
func (e *env) webhookBilling(ctx context.Context, tx *store.Store, accountID int64, eventType string) (bill Billing, ok bool, err error) {
	es, err := tx.WebhookEndpointsOf(ctx, accountID)
	if err != nil {
		return Billing{}, false, err
	}
	for _, ep := range es {
		if ep.Enabled() && ep.Wants(eventType) {
			bill, err = e.billingOf(ctx, tx, accountID)
			return bill, err == nil && bill.Plan.API, err
		}
	}
	return Billing{}, false, nil
}

// emitLead sends the account's endpoints eventType (lead.created,
// lead.updated) with lead leadID exactly as the API answers it: locked
// past the plan's monthly cap, and without a score on a plan without lead
// scoring.
func (e *env) emitLead(ctx context.Context, tx *store.Store, accountID, leadID int64, eventType string) error {
	bill, ok, err := e.webhookBilling(ctx, tx, accountID, eventType)
	if err != nil || !ok {
		return err
	}
	l, err := e.accountLead(ctx, tx, accountID, leadID, bill)
	if err != nil {
		return err
	}
	return webhooks.Emit(ctx, tx, accountID, eventType, resource.LeadFor(bill.Plan, l))
}

// emitReviewCreated sends the endpoints of b's account review.created with
// r, a review just published on b.
func (e *env) emitReviewCreated(ctx context.Context, tx *store.Store, b store.Business, r store.Review) error {
	if !b.OwnerID.Valid {
		return nil
	}
	if _, ok, err := e.webhookBilling(ctx, tx, b.OwnerID.Int64, store.EventReviewCreated); err != nil || !ok {
		return err
	}
	return webhooks.Emit(ctx, tx, b.OwnerID.Int64, store.EventReviewCreated, resource.ReviewObject(store.OwnerReview{Review: r, BusinessName: b.Name}))
}

// emitListingUpdated sends the endpoints of b's account listing.updated
// with listing b as stored in tx now (after the change).
func (e *env) emitListingUpdated(ctx context.Context, tx *store.Store, b store.Business) error {
	if !b.OwnerID.Valid {
		return nil
	}
	if _, ok, err := e.webhookBilling(ctx, tx, b.OwnerID.Int64, store.EventListingUpdated); err != nil || !ok {
		return err
	}
	saved, err := tx.BusinessByID(ctx, b.ID)
	if err != nil {
		return err
	}
	return webhooks.Emit(ctx, tx, b.OwnerID.Int64, store.EventListingUpdated, resource.ListingObject(saved))
}

// LeadCreated, LeadUpdated, ReviewCreated and ListingUpdated emit the
// event of a change the caller made on tx (see Events).
func (ev *Events) LeadCreated(ctx context.Context, tx *store.Store, accountID, leadID int64) error {
	return ev.emitLead(ctx, tx, accountID, leadID, store.EventLeadCreated)
}

// LeadUpdated emits lead.updated (see LeadCreated).
func (ev *Events) LeadUpdated(ctx context.Context, tx *store.Store, accountID, leadID int64) error {
	return ev.emitLead(ctx, tx, accountID, leadID, store.EventLeadUpdated)
}

// ReviewCreated emits review.created (see LeadCreated).
func (ev *Events) ReviewCreated(ctx context.Context, tx *store.Store, b store.Business, r store.Review) error {
	return ev.emitReviewCreated(ctx, tx, b, r)
}

// ListingUpdated emits listing.updated (see LeadCreated).
func (ev *Events) ListingUpdated(ctx context.Context, tx *store.Store, b store.Business) error {
	return ev.emitListingUpdated(ctx, tx, b)
}
