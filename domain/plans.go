package domain

import (
	"context"
	"time"

	"bizprofile/plans"
	"bizprofile/store"
)

// Plans answers what an account's plan lets it do: which plan is in
// force, "may this account do X" and "how many are left". The catalogue
// of plans (package plans) says what each plan brings; this is the one
// place that applies it to an account.
type Plans struct{ *env }

// Billing is what an account's subscriptions mean at one moment.
type Billing struct {
	Plan     plans.Plan          // the plan in force: the best paid plan in force, or the free plan
	InForce  *store.Subscription // the subscription behind Plan; nil on the free plan
	Latest   *store.Subscription // the most recently changed subscription, in force or not; nil if none
	Customer string              // the Stripe customer for the billing portal; "" when the account never subscribed
}

// CurrentBilling works out the plan in force from an account's
// subscriptions (most recently changed first) at now. It is computed at
// every read, so a canceled plan falls back to the free plan the moment
// its period ends, with no job to run.
func CurrentBilling(subs []store.Subscription, now time.Time) Billing {
	b := Billing{Plan: plans.Free()}
	rank := -1
	for i := range subs {
		s := &subs[i]
		if b.Latest == nil {
			b.Latest = s
		}
		if b.Customer == "" {
			b.Customer = s.CustomerID
		}
		p, ok := plans.ByID(s.Plan)
		if !ok || p.Free() || !s.InForce(now) {
			continue
		}
		if r := planRank(p); r > rank {
			rank, b.Plan, b.InForce = r, p, s
		}
	}
	if b.InForce != nil && b.InForce.CustomerID != "" {
		b.Customer = b.InForce.CustomerID
	}
	return b
}

// planRank orders plans as the catalogue does, cheapest first.
func planRank(p plans.Plan) int {
	for i, q := range plans.All {
		if q.ID == p.ID {
			return i
		}
	}
	return -1
}

// Subscribed reports whether the account pays for a plan that carries on:
// plan changes and cancellation then belong in the billing portal, not in
// a second checkout.
func (b Billing) Subscribed() bool {
	return b.InForce != nil && b.InForce.Status != store.StatusCanceled && b.Customer != ""
}

// Of is the billing of an account now: its owner's subscriptions (pass
// the account's id, so a member works on the owner's plan).
func (p *Plans) Of(ctx context.Context, accountID int64) (Billing, error) {
	return p.billingOf(ctx, p.store, accountID)
}

// billingOf is Plans.Of on st (the store or a transaction).
func (e *env) billingOf(ctx context.Context, st *store.Store, accountID int64) (Billing, error) {
	subs, err := st.SubscriptionsOf(ctx, accountID)
	if err != nil {
		return Billing{}, err
	}
	return CurrentBilling(subs, e.now()), nil
}

// LeadCap is a plan's monthly lead cap: the month's leads past it are
// locked (their owner sees that one came, not what it says) until the
// month ends or the plan grows. The cap is written here once; the inbox,
// the lead's page, the API, the webhooks, the owner's email and the
// dashboard's usage all ask it.
type LeadCap struct {
	max int // plans.Unlimited for none
}

// Leads is the plan's monthly lead cap.
func (b Billing) Leads() LeadCap { return LeadCap{max: b.Plan.LeadsPerMonth} }

// Unlimited reports whether the plan has no cap.
func (c LeadCap) Unlimited() bool { return c.max == plans.Unlimited }

// Max is the cap (plans.Unlimited for none).
func (c LeadCap) Max() int { return c.max }

// Locked reports whether the month's nth lead (1 for the first) is past
// the cap.
func (c LeadCap) Locked(nth int) bool { return !c.Unlimited() && nth > c.max }

// Reached reports whether a month that has had received leads is at the
// cap: the next lead will be locked.
func (c LeadCap) Reached(received int) bool { return c.Locked(received + 1) }

// Left is how many more leads the month opens after received
// (plans.Unlimited for no cap).
func (c LeadCap) Left(received int) int {
	if c.Unlimited() {
		return plans.Unlimited
	}
	return max(c.max-received, 0)
}

// markLocked sets Locked on each of ls (all of the account's) that came
// past the cap within its calendar month, counting the account's leads on
// every listing in the order they arrived. Nothing is stored: the lock
// follows the plan at the time of reading, so an upgrade unlocks at once.
func (c LeadCap) markLocked(ctx context.Context, st *store.Store, accountID int64, ls []store.OwnerLead) error {
	if c.Unlimited() {
		return nil
	}
	return st.MarkLockedLeads(ctx, accountID, c.max, ls)
}
