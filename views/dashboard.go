package views

import (
	"time"

	"bizprofile/catalog"
)

// DashboardView is the signed-in home.
type DashboardView struct {
	MemberOf       string // for a team member: the account's owner ("Name (email)"); "" for the owner
	Welcome        string // full name, or the email when there is none
	NeedsProfile   bool   // the full name is empty
	Businesses     []DashboardBusiness
	VerifiedPct    int
	ClaimedPct     int
	Leads          int // all leads of the user's listings
	LeadsThisMonth int
	LeadsDelta     int // this month minus last month
	RecentLeads    []DashboardLead
	Plan           PlanView
	Reviews        DashboardReviews // shown with at least one listing
	APIPlan        string           // the plan that brings API keys and webhooks, when the plan in force does not
}

// PlanView is the user's plan in force, how it bills and this month's use
// of its lead cap.
type PlanView struct {
	Name           string // the plan in force
	Free           bool
	Status         string    // Stripe's status of the subscription shown: trialing, active, past_due, canceled; "" on the free plan without one
	PeriodEnd      time.Time // end of the current period (or trial); zero when unknown
	Ending         bool      // canceled, or set to cancel at PeriodEnd
	Previous       string    // on the free plan: the paid plan that ended
	OnHold         string    // on the free plan: the paid plan whose payment has not gone through
	Confirming     string    // a paid plan whose checkout completed, waiting for Stripe's confirmation
	CanManage      bool      // the user has a Stripe customer: show 'Manage billing'
	ChangedBy      string    // for a team member: the owner, who alone changes the plan (no billing buttons)
	LeadsThisMonth int
	LeadCap        int // plans.Unlimited for no cap
	// CapReached: this month's leads reached the cap, so the next is
	// locked (domain.LeadCap.Reached).
	CapReached bool
}

// DashboardBusiness is one of the user's listings.
type DashboardBusiness struct {
	ID        int64
	Name      string
	Slug      string
	Category  string
	Location  string
	Verified  bool
	Claimed   bool
	Published bool
	Suspended bool // unpublished by an administrator
	Held      bool // waits for an administrator's review of its name
	// PendingEmail is the contact email waiting for confirmation (shown
	// nowhere until then); empty when there is none.
	PendingEmail string
	CreatedAt    time.Time
}

// DashboardLead is a recent enquiry to one of the user's listings. A
// locked lead (past the plan's monthly cap) carries no name, email or
// message.
type DashboardLead struct {
	ID        int64
	Business  string
	Name      string
	Email     string
	Message   string
	CreatedAt time.Time
	Locked    bool
}

// ProfileView is the /profile page.
type ProfileView struct {
	Email      string
	MemberOf   string // for a team member: the owner of the account they work in
	Individual bool
	FullName   string
	FirstName  string
	LastName   string
	Phone      string
	Location   string
	Profession string
	Interests  string
	Bio        string
	NewEmail   string
	Errors     catalog.FieldErrors // keyed by field; password and email forms use their own field names
	Section    string              // which form the errors belong to: details, password, email, alerts, summary

	// Review alerts, for business accounts (ReviewAlertsShown).
	ReviewAlertsShown bool
	ReviewAlerts      string // one of ReviewAlertOptions' values
	// ReviewAlertsPlan names the plan that brings review alerts when the
	// user's plan does not (the setting is then shown disabled); empty
	// when theirs does.
	ReviewAlertsPlan string

	// The monthly analytics summary email, for business accounts
	// (AnalyticsSummaryShown): on unless they turned it off.
	AnalyticsSummaryShown bool
	AnalyticsSummary      bool
	// AnalyticsSummaryPlan names the cheapest plan that brings the summary
	// when the user's plan is free (the setting is then shown disabled).
	AnalyticsSummaryPlan string
}

// ReviewAlertOptions are the choices of the review alert setting.
var ReviewAlertOptions = catalog.ReviewAlerts

func signedDelta(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}
