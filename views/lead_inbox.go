package views

import (
	"net/url"
	"strconv"
	"time"

	"bizprofile/catalog"
)

// LeadsPerPage is the size of a page of the inbox.
const LeadsPerPage = 20

// LeadStatusFilter is the Status filter's choices: any, or one status.
var LeadStatusFilter = append([]catalog.Option{{Value: "", Label: "Any status"}}, catalog.LeadStatusOptions...)

func inboxStatusBadge(s string) string {
	switch s {
	case "new":
		return "badge-primary"
	case "contacted":
		return "badge-warning"
	case "won":
		return "badge-success"
	}
	return ""
}

// LeadSourceLabel says where a lead came from.
func LeadSourceLabel(source string) string {
	if source == "request" {
		return "Quote request"
	}
	return "Contact form"
}

// LeadQuery is the inbox's filters and page, as in its URL.
type LeadQuery struct {
	Listing  int64  // one of the owner's listings; 0: all
	Status   string // "" or a status
	From, To string // YYYY-MM-DD, or ""
	Q        string // searched in names, emails and messages
	Sort     string // catalog.LeadSortNewest or catalog.LeadSortScore
	Page     int
}

// Filtered reports whether any filter narrows the list.
func (q LeadQuery) Filtered() bool {
	return q.Listing != 0 || q.Status != "" || q.From != "" || q.To != "" || q.Q != ""
}

// Values is the query's filters and sort in a URL, without the page; the
// defaults stay out of it.
func (q LeadQuery) Values() url.Values {
	v := url.Values{}
	if q.Listing != 0 {
		v.Set("listing", strconv.FormatInt(q.Listing, 10))
	}
	if q.Status != "" {
		v.Set("status", q.Status)
	}
	if q.From != "" {
		v.Set("from", q.From)
	}
	if q.To != "" {
		v.Set("to", q.To)
	}
	if q.Q != "" {
		v.Set("q", q.Q)
	}
	if q.Sort == catalog.LeadSortScore {
		v.Set("sort", catalog.LeadSortScore)
	}
	return v
}

// LeadsPath is the inbox with q's filters and sort (not its page).
func LeadsPath(q LeadQuery) string {
	if v := q.Values(); len(v) > 0 {
		return "/dashboard/leads?" + v.Encode()
	}
	return "/dashboard/leads"
}

// LeadPath is a lead's page.
func LeadPath(id int64) string { return "/dashboard/leads/" + strconv.FormatInt(id, 10) }

// LeadScoring is what the owner's plan shows of lead scores: the scores,
// or the name of the plan that brings them.
type LeadScoring struct {
	Shown bool
	Plan  string // the cheapest plan with lead scoring, when not Shown
}

// LeadInboxView is the owner's inbox.
type LeadInboxView struct {
	Query    LeadQuery
	Listings []catalog.Option // the owner's listings, for the Listing filter
	Leads    []InboxLead
	Total    int  // leads matching the filters
	AnyLeads bool // the owner has leads at all (the empty state says which case)
	Pager    AdminPager
	Scoring  LeadScoring
}

// ListingFilter is the Listing select's choices: all, or one listing.
func (v LeadInboxView) ListingFilter() []catalog.Option {
	return append([]catalog.Option{{Value: "", Label: "All listings"}}, v.Listings...)
}

// ListingValue is the Listing filter as its select's value.
func (q LeadQuery) ListingValue() string {
	if q.Listing == 0 {
		return ""
	}
	return strconv.FormatInt(q.Listing, 10)
}

// InboxLead is one row of the inbox. A locked lead carries no name, email
// or message.
type InboxLead struct {
	ID        int64
	Business  string
	Name      string
	Email     string
	Excerpt   string
	Status    string
	Source    string
	Score     int
	CreatedAt time.Time
	Locked    bool
}

// LeadPageView is one lead as its owner handles it.
type LeadPageView struct {
	ID         int64
	BusinessID int64
	Business   string
	Name       string
	Email      string
	Phone      string
	Message    string
	Status     string
	Source     string
	CreatedAt  time.Time
	Request    *LeadRequestView // the quote request it came from
	Scoring    LeadScoring
	Score      int
	Reasons    []LeadScoreReason
	History    []LeadHistoryItem // oldest first
	// Locked: past the plan's monthly cap; UnlockPlan is the cheapest
	// plan that opens it.
	Locked     bool
	UnlockPlan string
	PlanName   string // the owner's plan

	// The forms: what they hold after a failed send, their errors, and a
	// problem with the whole page's action.
	Note       string
	NoteError  string
	Reply      string
	ReplyError string
	Problem    string
}

// LeadRequestView is what a quote request asked.
type LeadRequestView struct {
	Category    string
	Description string
	Place       string
	Timing      string
	Budget      string // in words ("Not stated" when not given)
}

// LeadScoreReason is one line of a score: why, with its points in its
// text.
type LeadScoreReason struct {
	Points int
	Text   string
}

// LeadHistoryItem is one line of a lead's history.
type LeadHistoryItem struct {
	Kind string // created, status, note, reply, handed_over
	Text string // what happened, in words
	Body string // a note's or a reply's text
	By   string // who did it; "" for the sender or the app
	At   time.Time
}

// LeadDeleteView is the confirmation page of a lead's deletion.
type LeadDeleteView struct {
	ID       int64
	Name     string // "" for a locked lead
	Business string
	Problem  string
}

func leadCountNoun(n int, filtered bool) string {
	noun := "leads"
	if n == 1 {
		noun = "lead"
	}
	s := formatInt(n) + " " + noun
	if filtered {
		s += " match your filters"
		if n == 1 {
			s = formatInt(n) + " lead matches your filters"
		}
	}
	return s
}
