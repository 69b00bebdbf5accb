package views

import (
	"time"

	"bizprofile/catalog"
)

// How a listing was verified, as store.Business.VerifiedMethod says.
const (
	VerifiedByDomain = "domain"
	VerifiedByTeam   = "team"
)

// The domain rule's answers (store.CheckDomain), which the manage page
// explains.
const (
	DomainMatches         = "matches"
	DomainEmailUnverified = "email-unverified"
	DomainFreeMail        = "free-mail"
	DomainNoWebsite       = "no-website"
	DomainDifferent       = "different"
)

// What a verification request's evidence may hold: the statement's
// length (the server checks the same).
const (
	VerificationStatementMin = catalog.VerificationStatementMin
	VerificationStatementMax = catalog.VerificationStatementMax
	VerificationReasonMax    = catalog.VerificationReasonMax
)

// VerificationPanel is the Verification section of a listing's manage
// page: where the badge stands, and the ways to earn it.
type VerificationPanel struct {
	BusinessID int64
	Name       string
	Verified   bool
	Method     string    // VerifiedByDomain, VerifiedByTeam, or "" (verified before the method was recorded)
	VerifiedAt time.Time // zero when not known

	Pending      bool // a request waits for our team
	PendingSince time.Time

	Rejected       bool // the last request was rejected
	RejectedAt     time.Time
	RejectedReason string

	// Blocked says why the listing cannot be verified now: "suspended"
	// (taken down by an administrator) or "held" (its name waits for a
	// review); "" when it can.
	Blocked string

	Domain DomainOffer
	Form   VerificationForm
}

// DomainOffer is the domain rule for the owner and the listing.
type DomainOffer struct {
	Check         string // DomainMatches, or why it does not apply
	Email         string // the owner's address
	EmailDomain   string // its registrable domain
	WebsiteDomain string // the website's registrable domain ("" for none)
}

// VerificationForm is the request to our team, with its evidence.
type VerificationForm struct {
	Statement string
	Phone     string
	Link      string
	Errors    catalog.FieldErrors
	Problem   string // a failure of the whole form (the database)
}

// canRequest reports whether the owner may ask our team now.
func (p VerificationPanel) canRequest() bool { return !p.Verified && !p.Pending && p.Blocked == "" }

// VerifiedLabel is the badge of a verified listing's page: how, and when
// our team checked it.
func VerifiedLabel(method string, at time.Time) string {
	switch {
	case method == VerifiedByDomain:
		return "Verified: domain"
	case method == VerifiedByTeam && !at.IsZero():
		return "Verified by our team on " + LongDate(at)
	}
	return "Verified"
}

// VerifiedExplanation says in a sentence what the badge means.
func VerifiedExplanation(method string, at time.Time) string {
	switch {
	case method == VerifiedByDomain:
		return "Its owner's email address is at the business's website domain."
	case method == VerifiedByTeam && !at.IsZero():
		return "Our team checked this business on " + LongDate(at) + "."
	}
	return "Our team checked this business."
}

// AdminVerifications is /admin/verifications: the requests that wait,
// then the decisions taken.
type AdminVerifications struct {
	Waiting   []AdminVerificationRow
	Decisions []AdminVerificationRow
	Pager     AdminPager // of the decisions
	// Errors are a failed rejection's, by request: its reason's message.
	Errors  map[int64]string
	Reasons map[int64]string // the reasons typed, kept with the errors
}

// AdminVerificationRow is one request as administrators judge it.
type AdminVerificationRow struct {
	ID, BusinessID             int64
	BusinessName, BusinessSlug string
	Website                    string
	OwnerEmail                 string // "" once the account is gone
	Method                     string // VerifiedByDomain or VerifiedByTeam
	Statement, Phone, Link     string
	Status                     string // pending, approved or rejected
	Reason                     string
	CreatedAt                  time.Time
	DecidedAt                  time.Time
	DeciderEmail               string // "" for the app's own decisions
}

// FirstAdmin is the page a signed-in visitor of /admin sees while the app
// has no administrator at all: how to make one.
type FirstAdmin struct {
	Email   string // the visitor's: the command names it
	Command string // how the binary is run where it is deployed
	DevCmd  string // ... and in development
}
