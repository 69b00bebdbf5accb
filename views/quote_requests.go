package views

import (
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
)

// Quote requests: the form at /request and the requester's page at
// /requests/{token}.

// QuoteRequestForm is the quote request form and what was typed into it.
type QuoteRequestForm struct {
	Category    string
	Description string
	City        string
	State       string
	Timing      string
	Budget      string
	Name        string
	Email       string
	Phone       string
	ZipCode     string
	Timings     []catalog.Option // the answers to "When do you need it?"
	Budgets     []catalog.Option // the budget ranges
	// FromEnquiry names the listing whose enquiry prefilled the form.
	FromEnquiry string
	Errors      catalog.FieldErrors
	Problem     string
}

// QuoteRequestView is a sent request on its page.
type QuoteRequestView struct {
	Token       string
	Name        string
	Category    string // label
	CategoryKey string // value, for the directory link
	Description string
	City        string
	State       string
	Timing      string // words
	Budget      string // words
	SentAt      time.Time
	Matches     []RequestMatch
	// Waiting: the request goes to no business until Email is confirmed
	// from the emailed link, which carries ConfirmKey.
	Waiting    bool
	Email      string
	ConfirmKey string
}

// place is the request's city and state, as a directory search writes it.
func (v QuoteRequestView) place() string { return v.City + ", " + v.State }

// RequestURL is the quote request form prefilled with a directory search's
// category and location (islands/directory/query.ts's requestURL).
func (q DirectoryQuery) RequestURL() string {
	v := url.Values{}
	if q.Category != "" {
		v.Set("category", q.Category)
	}
	if l := strings.Join(strings.Fields(q.Location), " "); l != "" {
		v.Set("location", l)
	}
	if len(v) == 0 {
		return "/request"
	}
	return "/request?" + v.Encode()
}
