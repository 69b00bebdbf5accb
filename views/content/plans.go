package content

import (
	"strconv"

	"bizprofile/catalog"
	"bizprofile/plans"
)

// PlanPitch is how the pricing page sells a plan of package plans: its
// tagline, what it includes and whether it carries the 'Most Popular'
// badge. What a plan costs and allows is the plans package's; the lines
// here that quote a figure take it from there.
type PlanPitch struct {
	Tagline  string
	Features []string
	Popular  bool
}

// PlanPitches are the pitches of plans.All, by plan ID.
var PlanPitches = map[string]PlanPitch{
	plans.Starter.ID: {
		Tagline: "A profile you can verify and your first leads, free for as long as you like.",
		Features: []string{
			"Business profile you can verify for the Verified badge",
			"Listing in directory search and filters",
			leadsFeature(plans.Starter),
			photosFeature(plans.Starter),
			"AI insights and recommendations for your profile",
			starterAnalytics,
			"Email and phone support",
		},
	},
	plans.Growth.ID: {
		Tagline: "For businesses getting steady enquiries and ready to convert more of them.",
		Features: []string{
			"Everything in " + plans.Starter.Name,
			leadsFeature(plans.Growth),
			photosFeature(plans.Growth),
			"Reputation alerts for new reviews, one by one or in a daily digest",
			"Custom branding: your accent colour on your listing's page, and your cover photo as its banner",
			growthAnalytics,
			"A monthly analytics summary by email",
		},
		Popular: true,
	},
	plans.Pro.ID: {
		Tagline: "For teams that live on leads and want them in their own tools.",
		Features: []string{
			"Everything in " + plans.Growth.Name,
			leadsFeature(plans.Pro),
			photosFeature(plans.Pro),
			"CRM sync: each new lead sent to your CRM by signed webhooks, and every lead in a CSV export",
			"Lead scoring",
			"Up to " + strconv.Itoa(plans.Pro.TeamUsers) + " team users",
			"A REST API with API keys, and webhooks for leads, reviews and listing changes",
			"Analytics of your whole history, with your listings side by side",
		},
	},
}

// What each plan's analytics add to the plan before it, as lines of their
// pitches, with the reach plans.Analytics gives them.
var (
	starterAnalytics = "Analytics of the last " + strconv.Itoa(plans.Starter.Analytics.Days) + " days: views, clicks, leads and conversion"
	growthAnalytics  = "Analytics of " + strconv.Itoa(plans.Growth.Analytics.Days) + " days and of each of the last " + strconv.Itoa(plans.Growth.Analytics.Months) + " months, with lead quality and ROI"
)

// leadsFeature is a plan's lead cap as a line of its pitch.
func leadsFeature(p plans.Plan) string {
	if p.UnlimitedLeads() {
		return "Unlimited leads"
	}
	return "Up to " + strconv.Itoa(p.LeadsPerMonth) + " leads per month"
}

// photosFeature is a plan's photo cap (plans.Plan.Photos) as a line of its
// pitch.
func photosFeature(p plans.Plan) string {
	return "Your logo and up to " + strconv.Itoa(p.Photos) + " photos on each listing"
}

// AfterPaidPlan says what happens when a paid plan ends (cancelled, or a
// trial ended without a card), as the FAQ, the help centre and the terms
// say it: the free plan applies from that moment (handlers' currentBilling
// computes the plan at every read), every listing stays as it is, and the
// free plan's limits apply to the whole account. Its lead cap is applied
// to every month's leads when they are read (store.MarkLockedLeads), so
// earlier months' leads past the cap show locked too.
var AfterPaidPlan = "Your account then moves to the free " + plans.Free().Name + " plan by itself: your profiles stay published, with their reviews, and nothing is deleted. " +
	plans.Free().Name + "'s limits apply from then on: the first " + LeadCap(plans.Free()) + " leads of each month open in your lead inbox, earlier months included, and the others are kept but shown locked until you upgrade again; " +
	"analytics cover the last " + strconv.Itoa(plans.Free().Analytics.Days) + " days; and review alerts, lead scores and the monthly analytics summary stop."

// TrialLength is the paid plans' free trial as the copy says it: "14-day".
var TrialLength = strconv.Itoa(plans.TrialDays) + "-day"

// LeadCap is a capped plan's monthly lead cap as the copy says it: "10".
func LeadCap(p plans.Plan) string { return strconv.Itoa(p.LeadsPerMonth) }

// PartnerPlan is a plan of the partner programme as the pages sell it:
// the catalogue's plan (its name, price label and commission) with its
// pitch. Partners are paid rather than paying, so the price is a label
// ("Free", "Revenue share") and not an amount.
type PartnerPlan struct {
	plans.PartnerPlan
	Rate     string // the commission as the copy quotes it: "20%"
	Tagline  string
	Features []string
}

// PartnerPlans are the partner plans of plans.PartnerPlans, lowest rate
// first, each with its pitch.
var PartnerPlans = func() []PartnerPlan {
	pitches := map[string]PartnerPlan{
		"partner": {
			Tagline: "For consultants, accountants and lead generators who recommend businesses to us.",
			Features: []string{
				"Your referral link and its QR code, counted for " + PartnerAttribution + " after a click",
				"A dashboard with clicks, sign-ups, paying customers and earnings by month",
				"Monthly payouts once " + PartnerPayoutThreshold + " is payable, to your Stripe account or paid by our team",
				"Your clients' listings: create them by hand or import up to " + catalog.ImportMaxRowsText + " from a CSV file, hand each to its owner by email, and keep managing it",
				"Each client's views, clicks, leads and reviews on one page",
			},
		},
		"partner-plus": {
			Tagline: "For agencies and networks that bring many businesses: a higher share of what they pay. Our team confirms the plan when it approves you.",
			Features: []string{
				"Everything in " + plans.PartnerPlans[0].Name,
				"White label: “Managed by” your agency, with your logo and link, on your clients' listings",
				"A monthly report per client under your brand, printable and emailed to you (and, if you choose, to the client)",
				"Exclusive lead zones: the quote requests for a category in a city you hold go only to your clients",
			},
		},
	}
	out := make([]PartnerPlan, len(plans.PartnerPlans))
	for i, p := range plans.PartnerPlans {
		pitch := pitches[p.ID]
		pitch.PartnerPlan, pitch.Rate = p, PartnerRate(p)
		earn := pitch.Rate + " of every invoice a business you referred pays in its first " + PartnerCommissionWindow
		pitch.Features = append([]string{earn}, pitch.Features...)
		out[i] = pitch
	}
	return out
}()

// PartnerRate is a partner plan's commission as the copy quotes it: "20%".
func PartnerRate(p plans.PartnerPlan) string { return strconv.Itoa(p.CommissionPercent) + "%" }

// PartnerCommissionMax is the highest commission a partner earns (the top
// partner plan's), as the pricing and partner pages quote it.
var PartnerCommissionMax = PartnerRate(plans.TopPartnerPlan())

// PartnerRates are the partner plans' commissions in one phrase: "20% on
// Partner and 25% on Partner+".
var PartnerRates = func() string {
	s := ""
	for i, p := range plans.PartnerPlans {
		switch {
		case i == 0:
		case i == len(plans.PartnerPlans)-1:
			s += " and "
		default:
			s += ", "
		}
		s += PartnerRate(p) + " on " + p.Name
	}
	return s
}()

// The programme's terms as the copy says them, from the catalogue:
// "90 days", "12 months", "30 days", "$50".
var (
	PartnerAttribution      = strconv.Itoa(plans.AttributionDays) + " days"
	PartnerCommissionWindow = strconv.Itoa(plans.CommissionMonths) + " months"
	PartnerHold             = strconv.Itoa(plans.HoldDays) + " days"
	PartnerPayoutThreshold  = centsLabel(plans.PayoutThresholdCents)
)

// centsLabel writes an amount in cents as the copy does: "$50",
// "$12.50".
func centsLabel(cents int) string {
	s := "$" + strconv.Itoa(cents/100)
	if c := cents % 100; c != 0 {
		s += "." + strconv.Itoa(c/10) + strconv.Itoa(c%10)
	}
	return s
}

// BusinessSignupPromises are what the business sign-up makes, as the
// sign-up choice promises it: the account's first listing on the free
// plan, with that plan's caps.
func BusinessSignupPromises() []string {
	free := plans.Free()
	return []string{
		"A listing for your business, made with your account, that you can verify for the Verified badge",
		leadsFeature(free) + " on the free " + free.Name + " plan",
		photosFeature(free),
		"AI insights and recommendations for your listing",
	}
}

// PersonSignupPromises are what an individual account brings, as the
// sign-up choice promises it.
var PersonSignupPromises = []string{
	"Save businesses to come back to",
	"Request quotes from up to " + strconv.Itoa(QuoteMatches) + " businesses that fit, and follow your requests",
	"Write reviews of the businesses you used",
}
