package views

import (
	"time"

	"bizprofile/catalog"
)

// The administrators' partner pages (issue 36): the partner accounts,
// one partner's page with its decision, referred accounts and their
// changes, and a listing owner's referral on the listing's page.

// AdminPartnerRow is a partner account in the administrators' list.
type AdminPartnerRow struct {
	ID                                      int64
	Name, Company, Email, State, Plan, Kind string // Plan and Kind: their labels
	Referrals                               int
	AppliedAt                               time.Time
}

// AdminPartners is /admin/partners.
type AdminPartners struct {
	Rows  []AdminPartnerRow
	Pager AdminPager
}

// PartnerStateLabel is how a partner's state reads.
func PartnerStateLabel(state string) string {
	switch state {
	case "approved":
		return "Approved"
	case "declined":
		return "Declined"
	}
	return "Pending"
}

func partnerStateBadge(state string) string {
	switch state {
	case "approved":
		return "badge badge-success"
	case "declined":
		return "badge badge-danger"
	}
	return "badge badge-warning"
}

// AdminPartner is /admin/partners/{id}.
type AdminPartner struct {
	AdminPartnerRow
	Website, Message, Link, DecisionReason string
	PlanID                                 string
	DecidedAt, TermsAcceptedAt             time.Time
	Plans                                  []catalog.Option // the partner plans, with their rates
	// Decide is the decision forms' values and messages (a 422).
	Decide    PartnerDecisionForm
	Referred  []AdminReferredRow
	Changes   []AdminReferralChangeRow
	Attribute ReferralForm // the form that attributes an account by email
}

// PartnerDecisionForm is what was sent with an approval or a decline.
type PartnerDecisionForm struct {
	Approve            bool
	Plan, Note, Reason string
	Errors             catalog.FieldErrors
}

// AdminReferredRow is an account attributed to the partner.
type AdminReferredRow struct {
	UserID     int64
	Email      string
	Businesses []string
	Since      time.Time
}

// AdminReferralChangeRow is an administrator's change of an account's
// partner.
type AdminReferralChangeRow struct {
	At                            time.Time
	Account, From, To, By, Reason string
}

// ReferralForm is an administrator's change of an account's partner:
// the account (by email, or the row's UserID), the partner and the reason.
type ReferralForm struct {
	UserID    int64
	Email     string
	PartnerID int64
	Reason    string
	Errors    catalog.FieldErrors
}

// AdminReferral is the partner a listing's owner account is attributed
// to, on the listing's administration page, with the form that changes it.
type AdminReferral struct {
	BusinessID int64  // the listing whose owner it is
	PartnerID  int64  // 0: none
	Partner    string // its label; "" for none
	Choices    []catalog.Option
	Form       ReferralForm
	Changes    []AdminReferralChangeRow
}
