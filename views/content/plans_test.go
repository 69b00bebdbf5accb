package content

import (
	"strconv"
	"strings"
	"testing"

	"bizprofile/plans"
)

// The billing issue charges AmountCents; these figures are the ones the
// spec and decision D7 fix, so a change here must be deliberate.
func TestPlanCatalogue(t *testing.T) {
	want := []struct {
		id      string
		dollars int
		leads   int
		popular bool
	}{
		{"starter", 0, 10, false},
		{"growth", 19, 100, true},
		{"pro", 49, plans.Unlimited, false},
	}
	if len(plans.All) != len(want) {
		t.Fatalf("got %d plans, want %d", len(plans.All), len(want))
	}
	for i, w := range want {
		p, ok := plans.ByID(w.id)
		if !ok {
			t.Fatalf("plans.ByID(%q) not found", w.id)
		}
		if plans.All[i].ID != w.id {
			t.Errorf("plan %d is %q, want %q", i, plans.All[i].ID, w.id)
		}
		if p.PriceDollars != w.dollars || p.AmountCents() != int64(w.dollars)*100 {
			t.Errorf("%s: price %d (%d cents), want %d", w.id, p.PriceDollars, p.AmountCents(), w.dollars)
		}
		if p.LeadsPerMonth != w.leads || PlanPitches[w.id].Popular != w.popular || p.Period != "month" {
			t.Errorf("%s: leads %d popular %v period %q", w.id, p.LeadsPerMonth, PlanPitches[w.id].Popular, p.Period)
		}
	}
	if p, _ := plans.ByID("pro"); p.TeamUsers != 5 {
		t.Errorf("pro team users %d, want 5", p.TeamUsers)
	}
	if _, ok := plans.ByID("enterprise"); ok {
		t.Error("PlanByID found a plan that is not in the catalogue")
	}
	if len(PartnerPlans) != len(plans.PartnerPlans) {
		t.Fatalf("partner plans: %+v", PartnerPlans)
	}
	for i, p := range PartnerPlans {
		if p.PartnerPlan != plans.PartnerPlans[i] || p.Rate != strconv.Itoa(p.CommissionPercent)+"%" || !strings.HasPrefix(p.Features[0], p.Rate+" ") {
			t.Errorf("partner plan %d is not the catalogue's, or does not lead with its rate: %+v", i, p)
		}
	}
	if PartnerCommissionMax != strconv.Itoa(plans.TopPartnerPlan().CommissionPercent)+"%" {
		t.Errorf("PartnerCommissionMax = %q, not the top partner plan's", PartnerCommissionMax)
	}
	if PartnerPayoutThreshold != "$"+strconv.Itoa(plans.PayoutThresholdCents/100) || centsLabel(1250) != "$12.50" || centsLabel(5) != "$0.05" {
		t.Errorf("payout threshold %q, centsLabel(1250) %q, centsLabel(5) %q", PartnerPayoutThreshold, centsLabel(1250), centsLabel(5))
	}
}
