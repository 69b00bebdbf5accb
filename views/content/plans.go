package content

// Plan is one subscription plan of the canonical catalogue (decisions D7).
// Pricing pages, plan gating and billing all read it from here, so a price
// or a limit changes in one place.
type Plan struct {
	ID            string // stable key used in URLs and billing: "starter", "growth", "pro"
	Name          string
	PriceDollars  int    // whole US dollars per Period; 0 means free
	Period        string // billing period, "month"
	Tagline       string
	Features      []string
	Popular       bool // shown with the 'Most Popular' badge
	LeadsPerMonth int  // lead cap per calendar month; Unlimited for no cap
	TeamUsers     int  // people who can manage the account
}

// Unlimited is the LeadsPerMonth value of a plan without a lead cap.
const Unlimited = -1

// TrialDays is the free trial of every paid plan, which needs no card (the
// pricing FAQ promises it).
const TrialDays = 14

// Free reports whether choosing the plan needs no payment.
func (p Plan) Free() bool { return p.PriceDollars == 0 }

// AmountCents is the price sent to the payment provider, which counts in
// cents (dollars × 100).
func (p Plan) AmountCents() int64 { return int64(p.PriceDollars) * 100 }

// UnlimitedLeads reports whether the plan has no monthly lead cap.
func (p Plan) UnlimitedLeads() bool { return p.LeadsPerMonth == Unlimited }

// Plans is the canonical plan catalogue, cheapest first.
var Plans = []Plan{
	{
		ID:           "starter",
		Name:         "Starter",
		PriceDollars: 0,
		Period:       "month",
		Tagline:      "A verified profile and your first leads, free for as long as you like.",
		Features: []string{
			"Verified business profile",
			"Listing in directory search and filters",
			"Up to 10 leads per month",
			"Basic profile analytics",
			"Email support, replies within 24 hours",
		},
		LeadsPerMonth: 10,
		TeamUsers:     1,
	},
	{
		ID:           "growth",
		Name:         "Growth",
		PriceDollars: 19,
		Period:       "month",
		Tagline:      "For businesses getting steady enquiries and ready to convert more of them.",
		Features: []string{
			"Everything in Starter",
			"Up to 100 leads per month",
			"AI profile optimisation",
			"Reputation alerts for new reviews and mentions",
			"Custom branding on your profile",
			"Lead quality and ROI analytics",
		},
		Popular:       true,
		LeadsPerMonth: 100,
		TeamUsers:     1,
	},
	{
		ID:           "pro",
		Name:         "Pro",
		PriceDollars: 49,
		Period:       "month",
		Tagline:      "For teams that live on leads and want them in their own tools.",
		Features: []string{
			"Everything in Growth",
			"Unlimited leads",
			"CRM sync for every new lead",
			"Lead scoring",
			"Up to 5 team users",
			"API access (early access)",
		},
		LeadsPerMonth: Unlimited,
		TeamUsers:     5,
	},
}

// FreePlan is the plan of everyone without a paid subscription in force:
// the first free plan of the catalogue.
func FreePlan() Plan {
	for _, p := range Plans {
		if p.Free() {
			return p
		}
	}
	return Plans[0]
}

// PlanByID finds a plan of the catalogue by its ID.
func PlanByID(id string) (Plan, bool) {
	for _, p := range Plans {
		if p.ID == id {
			return p, true
		}
	}
	return Plan{}, false
}

// PartnerPlan is a plan of the partner programme. Partners are paid rather
// than paying, so the price is a label ("Free", "Revenue Share") and not an
// amount.
type PartnerPlan struct {
	ID         string
	Name       string
	PriceLabel string
	Tagline    string
	Features   []string
}

// PartnerPlans are the two ways to join the partner programme.
var PartnerPlans = []PartnerPlan{
	{
		ID:         "partner",
		Name:       "Partner",
		PriceLabel: "Free",
		Tagline:    "For consultants and lead generators who recommend businesses to us.",
		Features: []string{
			"Personal referral link with sign-up tracking",
			"Commission on every paid plan you refer",
			"Partner dashboard with referrals and payouts",
			"Ready-made marketing kit",
		},
	},
	{
		ID:         "partner-plus",
		Name:       "Partner+",
		PriceLabel: "Revenue Share",
		Tagline:    "For agencies that manage many businesses and want to build on the directory.",
		Features: []string{
			"Everything in Partner",
			"Revenue share of up to 25% on referred subscriptions",
			"White-label profiles for your clients",
			"Exclusive lead zones in your area",
			"Dedicated partner manager",
		},
	},
}

// PartnerCommissionMax is the highest referral commission a partner earns,
// as shown on the pricing and partner pages.
const PartnerCommissionMax = "25%"
