package content

import (
	"bizprofile/catalog"
	"bizprofile/plans"
)

// PartnerTier is one of the three ways to work with us as a partner.
type PartnerTier struct {
	ID       string // "referral", "integration", "strategic"; also the page anchor
	Icon     string
	Name     string
	For      string // who the tier suits
	Text     string
	Benefits []string
}

// PartnerTiers are the three kinds of partner of the partner programme
// page; every kind earns on the plan it is approved for
// (plans.PartnerPlans).
var PartnerTiers = []PartnerTier{
	{
		ID:   "referral",
		Icon: "handshake",
		Name: catalog.OptionLabel(catalog.PartnerTiers, "referral"),
		For:  "Consultants, accountants and lead generators",
		Text: "Recommend the directory to the businesses you already work with and earn a share of every invoice they pay.",
		Benefits: []string{
			"Commission of " + PartnerRates,
			"Your referral link and its QR code",
			"Monthly payouts and a partner dashboard",
		},
	},
	{
		ID:   "integration",
		Icon: "layers",
		Name: catalog.OptionLabel(catalog.PartnerTiers, "integration"),
		For:  "CRM, booking, point-of-sale and website software",
		Text: "Connect your product to business profiles so your customers keep their details and leads in sync, and earn on the customers you send us.",
		Benefits: []string{
			"The REST API and signed webhooks, documented for developers",
			"Your referral link for the customers you bring",
			"Commission of " + PartnerRates,
		},
	},
	{
		ID:   "strategic",
		Icon: "briefcase",
		Name: catalog.OptionLabel(catalog.PartnerTiers, "strategic"),
		For:  "Agencies, franchises and business networks",
		Text: "Bring many businesses at once and earn the higher rate of " + plans.TopPartnerPlan().Name + ".",
		Benefits: []string{
			PartnerCommissionMax + " commission on " + plans.TopPartnerPlan().Name,
			"Every business you referred on your dashboard, with its plan",
			"Monthly payouts and a statement by email",
		},
	},
}

// PartnerSteps is how the programme works, from the application to a
// payout, in order.
var PartnerSteps = []Card{
	{"file", "Apply", "Create a partner account, or apply from the account you have: choose your plan, accept the partner terms and confirm your email."},
	{"check-circle", "Get approved", "A person reads every application. Approved, you get your referral link and your partner dashboard; declined, our email says why."},
	{"link", "Share your link", "Your link sets a cookie for " + PartnerAttribution + ": a business account created within them is your referral, and the last partner link followed counts."},
	{"dollar", "Get paid", "You earn " + PartnerRates + " of each invoice for " + PartnerCommissionWindow + ". After " + PartnerHold + " it is payable, and we pay out monthly from " + PartnerPayoutThreshold + "."},
}
