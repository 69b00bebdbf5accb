package domain

import (
	"context"
	"errors"

	"bizprofile/plans"
	"bizprofile/store"
)

// Agencies are partners acting for client businesses (issue 37): the
// listings they create or import for clients, the invitation that hands a
// listing to its client, the manager's rights they keep until the client
// removes them, their white label and their exclusive lead zones.
type Agencies struct{ *env }

// ErrNotAgency: the account is not an approved partner, so it has no
// clients (the pages send it to the partner programme).
var ErrNotAgency = errors.New("domain: not an approved partner")

// Agency is userID's partner account when it is approved: only approved
// partners act for clients. ErrNotAgency otherwise.
func (a *Agencies) Agency(ctx context.Context, userID int64) (store.Partner, error) {
	p, err := a.store.PartnerByUser(ctx, userID)
	if errors.Is(err, store.ErrNotFound) || err == nil && p.State != store.PartnerApproved {
		return store.Partner{}, ErrNotAgency
	}
	return p, err
}

// PlanOf is the partner plan p is on (the lowest when its stored plan is
// no longer in the catalogue).
func PlanOf(p store.Partner) plans.PartnerPlan {
	if plan, ok := plans.PartnerPlanByID(p.Plan); ok {
		return plan
	}
	return plans.PartnerPlans[0]
}

// CreateClient stores a listing agency p creates for a client, on st (the
// store or a transaction: an import creates many), by the wizard's rules
// (in.Check). It has no owner and is not public until its client accepts
// the invitation (InviteClient, AcceptClient); its email is proved then.
func (a *Agencies) CreateClient(ctx context.Context, st *store.Store, p store.Partner, in ListingInput) (store.Business, error) {
	if errs := in.Check(); len(errs) > 0 {
		return store.Business{}, Invalid(errs)
	}
	b, err := st.CreateClientListing(ctx, p.UserID, in.Listing(), a.now())
	if err != nil {
		return store.Business{}, err
	}
	a.log.Info("client listing created", "business_id", b.ID, "partner_id", p.UserID)
	return b, nil
}

// Client is listing businessID when agency partnerID manages it;
// store.ErrNotFound otherwise, as if it did not exist (the attempt is
// logged).
func (a *Agencies) Client(ctx context.Context, partnerID, businessID int64) (store.ClientListing, error) {
	c, err := a.store.ClientListing(ctx, businessID)
	if err == nil && c.PartnerID != partnerID {
		a.log.Warn("access to another agency's client listing", "business_id", businessID, "partner_id", partnerID)
		return store.ClientListing{}, store.ErrNotFound
	}
	return c, err
}

// Clients are the listings agency partnerID manages, newest first.
func (a *Agencies) Clients(ctx context.Context, partnerID int64) ([]store.ClientListing, error) {
	return a.store.ClientListingsOf(ctx, partnerID)
}

// ManagedBy is the agency that manages listing businessID, when one does;
// ok is false when none does.
func (a *Agencies) ManagedBy(ctx context.Context, businessID int64) (p store.Partner, ok bool, err error) {
	c, err := a.store.ClientListing(ctx, businessID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Partner{}, false, nil
	}
	if err != nil {
		return store.Partner{}, false, err
	}
	if p, err = a.store.PartnerByUser(ctx, c.PartnerID); err != nil {
		return store.Partner{}, false, err
	}
	return p, true, nil
}
