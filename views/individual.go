package views

import (
	"strings"
	"time"
)

// An individual's home: what they asked for and wrote, and what became of
// it, in the words of the person who sent it.

// LeadStatusWords says a lead's status (store.LeadNew, ...) as its sender
// reads it.
func LeadStatusWords(status string) string {
	switch status {
	case "contacted":
		return "Contacted you"
	case "won":
		return "Hired"
	case "lost":
		return "Closed"
	default:
		return "Not answered yet"
	}
}

// leadStatusBadge is the badge class of a status, as the sender sees it.
func leadStatusBadge(status string) string {
	switch status {
	case "contacted":
		return "badge badge-primary"
	case "won":
		return "badge badge-success"
	default:
		return "badge"
	}
}

// RequestMatch is a business a quote request (or an enquiry) went to, and
// what it did with it.
type RequestMatch struct {
	Business string
	Slug     string
	Linked   bool   // the listing is published: link its page
	Status   string // store.LeadNew, LeadContacted, LeadWon, LeadLost
	// Reply is the business's latest reply (empty: none), sent at
	// RepliedAt.
	Reply     string
	RepliedAt time.Time
	// Unmanaged: nobody manages the listing yet, so nobody can answer;
	// what was sent waits for whoever claims it.
	Unmanaged bool
}

// StatusWords says what became of what was sent, as its sender reads it.
func (m RequestMatch) StatusWords() string {
	if m.Unmanaged && m.Status == "new" {
		return "Waiting for the business to claim its listing"
	}
	return LeadStatusWords(m.Status)
}

// SaveToggle is a listing's Save button: on the directory's cards and on
// the listing's page. Without JavaScript it is a form that comes back to
// Next; the directory's island sends it itself, and on the listing's page
// htmx swaps it.
type SaveToggle struct {
	Slug  string
	Name  string
	Saved bool
	Next  string // the local page to come back to
	Page  bool   // on the listing's page: a large button htmx swaps
}

// Action is where the button posts: it saves an unsaved listing and
// removes a saved one.
func (s SaveToggle) Action() string {
	if s.Saved {
		return "/directory/" + s.Slug + "/unsave"
	}
	return "/directory/" + s.Slug + "/save"
}

func (s SaveToggle) class() string {
	if s.Page {
		return "btn btn-outline btn-lg save-toggle"
	}
	return "btn btn-ghost btn-sm save-toggle"
}

// SavedPath is the list of the account's saved businesses.
const SavedPath = "/dashboard/saved"

// SavedOnHome is how many saved businesses the home shows.
const SavedOnHome = 4

// IndividualHome is an individual's /dashboard: what they asked for and
// wrote, what became of it, and the businesses they saved. Its parts are
// pages of their own (Section) for anyone, whatever else they manage.
type IndividualHome struct {
	Welcome    string // full name, or the email when there is none
	Section    string // "" for the whole home, YoursRequests or YoursReviews
	Requests   []SentRequest
	Enquiries  []SentEnquiry
	Reviews    []WrittenReview
	Saved      []SavedBusiness // the newest SavedOnHome
	SavedTotal int
}

// The parts of a person's home that are pages of their own ('My requests',
// 'My reviews'; 'Saved' is SavedPath), at /dashboard/{section}.
const (
	YoursRequests = "requests"
	YoursReviews  = "reviews"
)

// yoursNav is the navigation to a person's own side of the site, which
// every signed-in person keeps, whatever else they manage.
var yoursNav = []navLink{
	{"/dashboard/" + YoursRequests, "My requests"},
	{"/dashboard/" + YoursReviews, "My reviews"},
	{SavedPath, "Saved"},
}

// accountPage: the page is one of the signed-in person's account (the
// dashboard and its pages, the profile), where yoursNav shows.
func (c Chrome) accountPage() bool {
	return c.Path == "/dashboard" || strings.HasPrefix(c.Path, "/dashboard/") || c.Path == "/profile"
}

// shows reports whether the page shows section.
func (v IndividualHome) shows(section string) bool { return v.Section == "" || v.Section == section }

// meta describes the home, or the section shown.
func (v IndividualHome) meta() Meta {
	switch v.Section {
	case YoursRequests:
		return Meta{Title: "My requests", Description: "Your quote requests and the enquiries you sent, with what each business answered.", Path: "/dashboard/" + YoursRequests, NoIndex: true}
	case YoursReviews:
		return Meta{Title: "My reviews", Description: "The reviews you wrote about businesses.", Path: "/dashboard/" + YoursReviews, NoIndex: true}
	}
	return Meta{Title: "Your home", Description: "Your quote requests, enquiries, reviews and saved businesses.", Path: "/dashboard", NoIndex: true}
}

// SentRequest is one of the person's quote requests.
type SentRequest struct {
	Token       string // its page: /requests/{token}
	Category    string // label
	Description string
	Location    string
	CreatedAt   time.Time
	Matches     []RequestMatch
	Waiting     bool // sent with an address not yet confirmed: it went to no one yet
}

// Path is the request's own page.
func (q SentRequest) Path() string { return RequestPath(q.Token) }

// RequestPath is a quote request's page, named by its token.
func RequestPath(token string) string { return "/requests/" + token }

// SentEnquiry is an enquiry sent from a listing's page, and what the
// business did with it.
type SentEnquiry struct {
	RequestMatch
	Message string
	SentAt  time.Time
}

// WrittenReview is a review the person wrote.
type WrittenReview struct {
	Business  string
	Slug      string
	Linked    bool // the listing is published: its page and the review form work
	Stars     int
	Title     string
	CreatedAt time.Time
	Hidden    bool // hidden by an administrator (the author was told why)
	Editable  bool // within the edit window
}

// SavedBusiness is a saved listing as the saved list shows it.
type SavedBusiness struct {
	Slug     string
	Name     string
	Category string // label
	Location string
	Rating   float64
	Reviews  int
}

// SavedView is the full list of saved businesses.
type SavedView struct {
	Businesses []SavedBusiness
}

// clipText shortens s to at most n characters, at a word when it can.
func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}
