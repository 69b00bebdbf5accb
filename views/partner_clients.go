package views

import "time"

// PartnerClientsPath is an agency's list of client listings.
const PartnerClientsPath = "/partners/clients"

// PartnerClients is an agency's list of the listings it manages for
// clients, with each one's figures over the last Days days.
type PartnerClients struct {
	Agency string
	Days   int
	Rows   []PartnerClientRow
}

// PartnerClientRow is one client listing on the agency's list.
type PartnerClientRow struct {
	ID                            int64
	Name, City, State, Slug       string
	Status                        ClientStatus
	Views, Clicks, Leads, Reviews int64
	Published                     bool
}

// ClientStatus is where a client listing stands: waiting for an
// invitation, invited (whom, when), or accepted (when); Held and
// Suspended say why an accepted one is not public.
type ClientStatus struct {
	Invited, Accepted bool
	Email             string
	Since             time.Time
	Held, Suspended   bool
}

// Label is the status in a few words.
func (s ClientStatus) Label() string {
	switch {
	case s.Accepted && s.Suspended:
		return "Unpublished by moderators"
	case s.Accepted && s.Held:
		return "Held for review"
	case s.Accepted:
		return "Accepted by the client"
	case s.Invited:
		return "Invited"
	}
	return "Not invited yet"
}

// Key is the status as a data attribute: "new", "invited" or "accepted".
func (s ClientStatus) Key() string {
	switch {
	case s.Accepted:
		return "accepted"
	case s.Invited:
		return "invited"
	}
	return "new"
}

// PartnerClient is the agency's page of one client listing: its status,
// the invitation form, its figures, newest leads and reviews.
type PartnerClient struct {
	ID                            int64
	Name, Slug, City, State       string
	Published                     bool
	Status                        ClientStatus
	Days                          int
	Views, Clicks, Leads, Reviews int64
	Rating                        float64
	RecentLeads                   []PartnerClientLead
	RecentReviews                 []PartnerClientReview
	Invite                        Field // the client's email
}

// PartnerClientLead is a lead of a client listing as its agency sees it
// (its details hidden when past the owner's plan's cap).
type PartnerClientLead struct {
	Name, Message, Status string
	At                    time.Time
	Locked                bool
}

// PartnerClientReview is a review of a client listing.
type PartnerClientReview struct {
	Author, Title string
	Rating        int
	At            time.Time
}

// ClientOfferView is an agency's invitation to take a listing over, as the
// person who opens its link sees it.
type ClientOfferView struct {
	State                  string // Invite*
	Token, Next            string
	Listing, Agency, Place string
	Masked, Blocker        string
	SignedInAs             string
	Becomes                bool
}
