package catalog

// ClaimRoles are how a claimant may be connected to the business they
// claim.
var ClaimRoles = []Option{
	{Value: "owner", Label: "Owner"},
	{Value: "manager", Label: "Manager"},
	{Value: "employee", Label: "Employee"},
	{Value: "agency", Label: "Agency or representative"},
}

// ReviewAlerts are the choices of a business owner's review alert setting.
var ReviewAlerts = []Option{
	{Value: "each", Label: "Email me about each new review"},
	{Value: "daily", Label: "One email a day with the new reviews"},
	{Value: "off", Label: "No review emails"},
}

// What a verification request's evidence may hold, and an
// administrator's reason for rejecting one (characters).
const (
	VerificationStatementMin = 20
	VerificationStatementMax = 1000
	VerificationReasonMax    = 500
)
