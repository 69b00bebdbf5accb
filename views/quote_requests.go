package views

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
)

// Quote requests: the form at /request and the requester's page at
// /requests/{token}.

// Limits of a quote request's description, in characters.
const (
	RequestDescriptionMin = 30
	RequestDescriptionMax = 2000
)

// RequestRules are what the server accepts in each field of a quote
// request (handlers.parseQuoteRequest checks them, with the description's
// minimum, RequestDescriptionMin).
var RequestRules = map[string]catalog.FieldRule{
	"category":    {Required: "Choose the kind of business you need.", Options: catalog.Categories, Invalid: "Choose the kind of business you need."},
	"description": {Required: "Describe what you need.", MaxLength: RequestDescriptionMax},
	"city":        catalog.CityRule,
	"state":       {Required: "Choose the state.", Options: catalog.StateOptions, Invalid: "Choose the state from the list."},
	"name":        {Required: "Enter your name.", MaxLength: 100},
	"email":       catalog.EmailRule,
	"phone":       catalog.PhoneRule,
}

// TooShortDescription is the message for a description under the minimum.
const TooShortDescription = "Tell the businesses a little more: at least 30 characters."

// ShortDescription reports whether a description is under the minimum.
func ShortDescription(s string) bool { return utf8.RuneCountInString(s) < RequestDescriptionMin }

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
