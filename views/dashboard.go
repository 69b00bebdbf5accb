package views

import "time"

// DashboardView is the signed-in home.
type DashboardView struct {
	Welcome      string // full name, or the email when there is none
	NeedsProfile bool   // the full name is empty
	Businesses   []DashboardBusiness
	VerifiedPct  int
	ClaimedPct   int
	Leads        int // all leads of the user's listings
	LeadsDelta   int // this month minus last month
	RecentLeads  []DashboardLead
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
	CreatedAt time.Time
}

// DashboardLead is a recent enquiry to one of the user's listings.
type DashboardLead struct {
	Business  string
	Name      string
	Email     string
	Message   string
	CreatedAt time.Time
}

// ProfileView is the /profile page.
type ProfileView struct {
	Email      string
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
	Errors     FieldErrors // keyed by field; password and email forms use their own field names
	Section    string      // which form the errors belong to: details, password, email
}

func signedDelta(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}
