// Package plans is the subscription catalogue (decision D7): what each plan
// costs, how many leads a month it opens, how many people may use it,
// whether it brings reputation alerts, and the free trial of the paid ones. Billing charges these figures and the
// handlers enforce the caps; the pages show them, in the words of
// views/content, so a price or a limit changes here and nowhere else.
package plans

// Plan is one subscription plan.
type Plan struct {
	ID            string // stable key used in URLs and billing: "starter", "growth", "pro"
	Name          string
	PriceDollars  int    // whole US dollars per Period; 0 means free
	Period        string // billing period, "month"
	LeadsPerMonth int    // lead cap per calendar month; Unlimited for no cap
	TeamUsers     int    // people who can manage the account
	// ReviewAlerts: the owner is emailed about new reviews of their
	// listings (each one, or a daily digest, as they choose on /profile);
	// without it they see new reviews on the dashboard only.
	ReviewAlerts bool
	// LeadScoring: each lead's 0-100 score and its reasons are shown in
	// the inbox, which can sort by it. Every lead is scored when it
	// arrives, so an upgrade shows the scores of earlier leads too.
	LeadScoring bool
	// API: the account may create API keys for the public REST API
	// (/api/v1) and webhook endpoints that receive its events
	// (/dashboard/api).
	API bool
	// Photos is how many photos each listing may show (besides its logo).
	Photos int
	// Branding: each listing's page may have an accent colour and show its
	// cover photo as a banner (custom branding).
	Branding bool
	// Analytics is how far back the owner's analytics reach and what
	// they show beyond views, clicks and leads.
	Analytics Analytics
}

// Analytics is what a plan's analytics (/dashboard/analytics) show.
type Analytics struct {
	// Days is the longest rolling range: the last 30 or 90 days.
	Days int
	// Months is how many past calendar months can be opened (the month
	// in progress included); 0 none, Unlimited all of them.
	Months int
	// AllTime opens the whole history as one range.
	AllTime bool
	// LeadQuality adds the share of leads won and lost, the response
	// time, and the return on investment (won leads times the owner's
	// average order value, against the plan's price).
	LeadQuality bool
	// Comparison adds the listings side by side.
	Comparison bool
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

// The plans of the catalogue.
var (
	Starter = Plan{ID: "starter", Name: "Starter", PriceDollars: 0, Period: "month", LeadsPerMonth: 10, TeamUsers: 1, ReviewAlerts: false, LeadScoring: false, Photos: 3,
		Analytics: Analytics{Days: 30}}
	Growth = Plan{ID: "growth", Name: "Growth", PriceDollars: 19, Period: "month", LeadsPerMonth: 100, TeamUsers: 1, ReviewAlerts: true, LeadScoring: false, Photos: 10, Branding: true,
		Analytics: Analytics{Days: 90, Months: 12, LeadQuality: true}}
	Pro = Plan{ID: "pro", Name: "Pro", PriceDollars: 49, Period: "month", LeadsPerMonth: Unlimited, TeamUsers: 5, ReviewAlerts: true, LeadScoring: true, API: true, Photos: 10, Branding: true,
		Analytics: Analytics{Days: 90, Months: Unlimited, AllTime: true, LeadQuality: true, Comparison: true}}
)

// All is the catalogue, cheapest first.
var All = []Plan{Starter, Growth, Pro}

// Free is the plan of everyone without a paid subscription in force: the
// first free plan of the catalogue.
func Free() Plan {
	for _, p := range All {
		if p.Free() {
			return p
		}
	}
	return All[0]
}

// FirstWith is the cheapest plan that has what has asks for (the dearest
// when none does): the plan named where a plan without it would show it.
func FirstWith(has func(Plan) bool) Plan {
	for _, p := range All {
		if has(p) {
			return p
		}
	}
	return All[len(All)-1]
}

// FirstWithReviewAlerts is the cheapest plan that brings reputation
// alerts, named where a plan without them offers the setting.
func FirstWithReviewAlerts() Plan { return FirstWith(func(p Plan) bool { return p.ReviewAlerts }) }

// FirstWithLeadScoring is the cheapest plan that shows lead scores, named
// where a plan without them would show one.
func FirstWithLeadScoring() Plan { return FirstWith(func(p Plan) bool { return p.LeadScoring }) }

// FirstWithAPI is the cheapest plan that brings API keys and webhooks,
// named where a plan without them offers them.
func FirstWithAPI() Plan { return FirstWith(func(p Plan) bool { return p.API }) }

// FirstWithBranding is the cheapest plan with custom branding (the accent
// colour and the cover banner), named where a plan without it offers them.
func FirstWithBranding() Plan { return FirstWith(func(p Plan) bool { return p.Branding }) }

// FirstWithTeam is the cheapest plan with seats for more than the owner.
func FirstWithTeam() Plan { return FirstWith(func(p Plan) bool { return p.TeamUsers > 1 }) }

// FirstOpening is the cheapest plan whose monthly lead cap reaches a
// month's nth lead: the plan that opens a lead locked at that place.
func FirstOpening(nth int) Plan {
	return FirstWith(func(p Plan) bool { return p.UnlimitedLeads() || p.LeadsPerMonth >= nth })
}

// ByID finds a plan of the catalogue by its ID.
func ByID(id string) (Plan, bool) {
	for _, p := range All {
		if p.ID == id {
			return p, true
		}
	}
	return Plan{}, false
}

// Top is the last plan of the catalogue, which has everything: there is
// nothing to upgrade to from it.
func Top() Plan { return All[len(All)-1] }
