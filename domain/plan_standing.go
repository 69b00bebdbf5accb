package domain

import (
	"time"

	"bizprofile/plans"
	"bizprofile/store"
)

// Standing is where an account's subscription stands, as its dashboard
// says it.
type Standing struct {
	Status    string    // Stripe's status of the subscription shown; "" on the free plan without one
	PeriodEnd time.Time // end of the current period (or trial); zero when unknown
	Ending    bool      // canceled, or set to cancel at PeriodEnd
	Previous  string    // on the free plan: the paid plan that ended
	OnHold    string    // on the free plan: the paid plan whose payment has not gone through
	// Confirming is a paid plan whose checkout completed, waiting for
	// Stripe's confirmation.
	Confirming string
}

// Standing is the subscription in force, or else the latest one: a
// pending one is a plan being confirmed; on the free plan, the latest
// subscription says why (it ended, or its payment has not gone through).
func (b Billing) Standing() Standing {
	var v Standing
	s := b.InForce
	if s == nil {
		s = b.Latest
	}
	if s == nil {
		return v
	}
	if s.Status == store.StatusPending {
		if p, ok := plans.ByID(s.Plan); ok && b.InForce == nil {
			v.Confirming = p.Name
		}
		return v
	}
	v.Status = s.Status
	v.Ending = s.Ending()
	if s.CurrentPeriodEnd.Valid {
		v.PeriodEnd = s.CurrentPeriodEnd.Time
	}
	if b.InForce == nil {
		if p, ok := plans.ByID(s.Plan); ok {
			if s.Ending() {
				v.Previous = p.Name
			} else {
				v.OnHold = p.Name
			}
		}
	}
	return v
}
