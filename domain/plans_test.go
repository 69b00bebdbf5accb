package domain

import (
	"testing"

	"bizprofile/plans"
)

// The monthly lead cap is one rule: the month's nth lead is locked past
// the plan's number, the cap is reached when the next one would be, and
// what is left never goes below none; a plan without a cap locks nothing.
func TestLeadCap(t *testing.T) {
	starter := Billing{Plan: plans.Starter}.Leads() // 10 a month
	pro := Billing{Plan: plans.Pro}.Leads()         // no cap
	for _, c := range []struct {
		cap             LeadCap
		nth             int
		locked, reached bool
		left            int
	}{
		{starter, 1, false, false, 9},
		{starter, 9, false, false, 1},
		{starter, 10, false, true, 0},
		{starter, 11, true, true, 0},
		{starter, 25, true, true, 0},
		{pro, 1, false, false, plans.Unlimited},
		{pro, 100000, false, false, plans.Unlimited},
	} {
		if got := c.cap.Locked(c.nth); got != c.locked {
			t.Errorf("cap %d: lead %d locked = %v, want %v", c.cap.Max(), c.nth, got, c.locked)
		}
		if got := c.cap.Reached(c.nth); got != c.reached {
			t.Errorf("cap %d: reached after %d = %v, want %v", c.cap.Max(), c.nth, got, c.reached)
		}
		if got := c.cap.Left(c.nth); got != c.left {
			t.Errorf("cap %d: left after %d = %d, want %d", c.cap.Max(), c.nth, got, c.left)
		}
	}
	if !pro.Unlimited() || starter.Unlimited() || starter.Max() != plans.Starter.LeadsPerMonth {
		t.Errorf("Unlimited/Max: pro %v starter %v %d", pro.Unlimited(), starter.Unlimited(), starter.Max())
	}
}
