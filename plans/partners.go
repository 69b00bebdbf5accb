package plans

// The partner programme's catalogue (issue 36): its two plans and the
// terms every partner works under. The commission, the hold and the
// threshold here are what the ledger applies and what the pages quote.

// PartnerPlan is one plan of the partner programme.
type PartnerPlan struct {
	ID         string // "partner", "partner-plus": stored on the partner
	Name       string
	PriceLabel string // what it costs: the programme charges nothing
	// CommissionPercent is the partner's share of each paid invoice of a
	// business they referred, in the first CommissionMonths of its first
	// subscription.
	CommissionPercent int
	// WhiteLabel: the listings the partner manages may show "Managed by"
	// its agency, and its clients' monthly reports carry its brand.
	// LeadZones: it may hold exclusive lead zones (issue 37).
	WhiteLabel, LeadZones bool
}

// PartnerPlans are the partner programme's plans, lowest rate first.
var PartnerPlans = []PartnerPlan{
	{ID: "partner", Name: "Partner", PriceLabel: "Free", CommissionPercent: 20},
	{ID: "partner-plus", Name: "Partner+", PriceLabel: "Revenue share", CommissionPercent: 25, WhiteLabel: true, LeadZones: true},
}

// The terms of the programme.
const (
	// AttributionDays is how long a click on a partner's link counts: a
	// business account created within it is the partner's referral.
	AttributionDays = 90
	// CommissionMonths is how long a referred customer earns the partner
	// commissions, from the start of its first subscription.
	CommissionMonths = 12
	// HoldDays is how long a commission stays pending before it can be
	// paid out (refunds and disputes mostly come within it).
	HoldDays = 30
	// PayoutThresholdCents is the payable balance a monthly payout needs.
	PayoutThresholdCents = 5000
)

// PartnerPlanByID is the partner plan with id.
func PartnerPlanByID(id string) (PartnerPlan, bool) {
	for _, p := range PartnerPlans {
		if p.ID == id {
			return p, true
		}
	}
	return PartnerPlan{}, false
}

// TopPartnerPlan is the partner plan with the highest commission.
func TopPartnerPlan() PartnerPlan { return PartnerPlans[len(PartnerPlans)-1] }
