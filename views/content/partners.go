package content

import "bizprofile/catalog"

// PartnerTier is one of the three ways to work with us as a partner.
type PartnerTier struct {
	ID       string // "referral", "integration", "strategic"; also the page anchor
	Icon     string
	Name     string
	For      string // who the tier suits
	Text     string
	Benefits []string
}

// PartnerTiers are the three tiers of the partner programme page.
var PartnerTiers = []PartnerTier{
	{
		ID:   "referral",
		Icon: "handshake",
		Name: catalog.OptionLabel(catalog.PartnerTiers, "referral"),
		For:  "Consultants, accountants and lead generators",
		Text: "Recommend the directory to the businesses you already work with and earn on every paid plan they choose.",
		Benefits: []string{
			"Commission of up to " + PartnerCommissionMax + " on referred subscriptions",
			"Personal referral link with sign-up tracking",
			"Monthly payouts and a partner dashboard",
			"Marketing kit: slides, emails and banners",
		},
	},
	{
		ID:   "integration",
		Icon: "layers",
		Name: catalog.OptionLabel(catalog.PartnerTiers, "integration"),
		For:  "CRM, booking, point-of-sale and website software",
		Text: "Connect your product to verified business profiles so your customers keep their details and leads in sync.",
		Benefits: []string{
			"The REST API and webhooks for your integration",
			"Technical support from our engineering team",
			"Joint launch announcement and co-marketing",
		},
	},
	{
		ID:   "strategic",
		Icon: "briefcase",
		Name: catalog.OptionLabel(catalog.PartnerTiers, "strategic"),
		For:  "Agencies, franchises and business networks",
		Text: "Bring many businesses at once and serve them under your own brand, with a revenue share on everything they use.",
		Benefits: []string{
			"Revenue share of up to " + PartnerCommissionMax + " with Partner+",
			"White-label profiles for your clients",
			"Exclusive lead zones in the areas you cover",
			"A dedicated partner manager",
		},
	},
}

// PartnerSteps is how joining the programme works, in order.
var PartnerSteps = []Card{
	{"file", "Apply", "Tell us about you and the businesses you work with."},
	{"check-circle", "Get approved", "When the programme opens, we reply with your tier, your referral link and your partner dashboard."},
	{"dollar", "Refer and earn", "Once the programme is open, every business that joins through your link will be tracked and your commission paid monthly."},
}
