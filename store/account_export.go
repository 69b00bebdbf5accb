package store

import (
	"database/sql"
	"encoding/json"
	"time"
)

// The records of the account data file (AccountData, account_data.go):
// each has its columns for the query that reads it and its names in the
// JSON, which the privacy page describes.

// OptionalTime is a time that may be missing: null in JSON.
type OptionalTime struct{ sql.NullTime }

// MarshalJSON implements json.Marshaler.
func (t OptionalTime) MarshalJSON() ([]byte, error) {
	if !t.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(t.Time.UTC())
}

// ExportAccount is the account, its profile and its settings.
type ExportAccount struct {
	// ID is the account's number, as the payment provider's records (and
	// support) know it.
	ID              int64        `db:"id" json:"id"`
	Email           string       `db:"email" json:"email"`
	Kind            string       `db:"kind" json:"kind"`
	Administrator   bool         `db:"is_admin" json:"administrator"`
	CreatedAt       time.Time    `db:"created_at" json:"created_at"`
	EmailVerifiedAt OptionalTime `db:"email_verified_at" json:"email_verified_at"`
	FullName        string       `db:"full_name" json:"full_name"`
	FirstName       string       `db:"first_name" json:"first_name"`
	LastName        string       `db:"last_name" json:"last_name"`
	Phone           string       `db:"phone" json:"phone"`
	Location        string       `db:"location" json:"location"`
	Profession      string       `db:"profession" json:"profession"`
	Interests       string       `db:"interests" json:"interests"`
	Bio             string       `db:"bio" json:"bio"`
	ReviewAlerts    string       `db:"review_alerts" json:"review_alerts"`
	// AnalyticsSummary: the monthly analytics summary email is on.
	AnalyticsSummary bool `db:"analytics_summary" json:"analytics_summary_email"`
	// OrderValueCents is the average order value saved on the analytics
	// page (0: none).
	OrderValueCents int64 `db:"order_value_cents" json:"average_order_value_cents"`
}

// ExportListing is a listing the account owns: every field the wizard
// edits, and its state in the directory.
type ExportListing struct {
	ID             int64        `db:"id" json:"id"`
	Slug           string       `db:"slug" json:"slug"`
	Name           string       `db:"name" json:"name"`
	Tagline        string       `db:"tagline" json:"tagline"`
	Description    string       `db:"description" json:"description"`
	Category       string       `db:"category" json:"category"`
	SubCategory    string       `db:"sub_category" json:"sub_category"`
	Tags           ExportLines  `db:"tags" json:"tags"`
	BusinessType   string       `db:"business_type" json:"business_type"`
	Address        string       `db:"address" json:"address"`
	City           string       `db:"city" json:"city"`
	State          string       `db:"state" json:"state"`
	ZipCode        string       `db:"zip_code" json:"zip_code"`
	Phone          string       `db:"phone" json:"phone"`
	Website        string       `db:"website" json:"website"`
	Email          string       `db:"email" json:"email"`
	EmailConfirmed bool         `db:"email_confirmed" json:"email_confirmed"`
	Hours          ExportWeek   `db:"hours" json:"hours"`
	Services       ExportLines  `db:"services" json:"services"`
	ShowEmail      bool         `db:"show_email" json:"show_email"`
	ShowPhone      bool         `db:"show_phone" json:"show_phone"`
	ShowAddress    bool         `db:"show_address" json:"show_address"`
	ShowPricing    bool         `db:"show_pricing" json:"show_pricing"`
	ShowHours      bool         `db:"show_hours" json:"show_hours"`
	Published      bool         `db:"published" json:"published"`
	Suspended      bool         `db:"suspended" json:"unpublished_by_moderators"`
	Held           bool         `db:"held" json:"held_for_review"`
	Claimed        bool         `db:"claimed" json:"claimed"`
	Featured       bool         `db:"featured" json:"featured"`
	Verified       bool         `db:"verified" json:"verified"`
	VerifiedMethod string       `db:"verified_method" json:"verified_method"`
	VerifiedAt     OptionalTime `db:"verified_at" json:"verified_at"`
	Rating         float64      `db:"rating" json:"rating"`
	ReviewCount    int          `db:"review_count" json:"review_count"`
	CreatedAt      time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time    `db:"updated_at" json:"updated_at"`
}

// ExportWeek is a listing's hours in the data file: each day named
// ("Monday" first), so that the file reads without knowing the order; no
// day when the owner gave no hours.
type ExportWeek Week

// Scan implements sql.Scanner.
func (w *ExportWeek) Scan(src any) error { return (*Week)(w).Scan(src) }

// MarshalJSON writes the days with their names.
func (w ExportWeek) MarshalJSON() ([]byte, error) {
	type day struct {
		Day string `json:"day"`
		DayHours
	}
	days := make([]day, 0, len(w))
	for i, h := range w {
		if i < len(Weekdays) {
			days = append(days, day{Day: Weekdays[i], DayHours: h})
		}
	}
	return json.Marshal(days)
}

// ExportLines is a list of a listing's (tags, services) in the data
// file: [] when there is none, rather than null.
type ExportLines Lines

// Scan implements sql.Scanner.
func (l *ExportLines) Scan(src any) error { return (*Lines)(l).Scan(src) }

// MarshalJSON writes the lines as a JSON array.
func (l ExportLines) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]string(l))
}

// ExportLead is an enquiry one of the account's listings received, with
// what was done with it.
type ExportLead struct {
	ID              int64             `db:"id" json:"id"`
	Listing         string            `db:"listing" json:"listing"`
	ReceivedAt      time.Time         `db:"created_at" json:"received_at"`
	Source          string            `db:"source" json:"source"`
	Name            string            `db:"name" json:"name"`
	Email           string            `db:"email" json:"email"`
	Phone           string            `db:"phone" json:"phone"`
	Message         string            `db:"message" json:"message"`
	Status          string            `db:"status" json:"status"`
	Score           int               `db:"score" json:"score"`
	FirstResponseAt OptionalTime      `db:"first_response_at" json:"first_response_at"`
	Locked          bool              `db:"-" json:"locked_by_plan"`
	Events          []ExportLeadEvent `db:"-" json:"history"`
}

// ExportLeadEvent is one thing done with a lead: a status change, a note,
// a reply, its hand-over after a claim.
type ExportLeadEvent struct {
	LeadID     int64     `db:"lead_id" json:"-"`
	Kind       string    `db:"kind" json:"kind"`
	FromStatus string    `db:"from_status" json:"from_status,omitempty"`
	Status     string    `db:"status" json:"status,omitempty"`
	Body       string    `db:"body" json:"text,omitempty"`
	ByYou      bool      `db:"by_you" json:"by_you"`
	At         time.Time `db:"created_at" json:"at"`
}

// ExportListingReview is a review of one of the account's listings, as
// the public sees it, with the reply written as its owner.
type ExportListingReview struct {
	Listing    string       `db:"listing" json:"listing"`
	AuthorName string       `db:"author_name" json:"author_name"`
	Rating     int          `db:"rating" json:"rating"`
	Title      string       `db:"title" json:"title"`
	Body       string       `db:"body" json:"body"`
	VisitedOn  string       `db:"visited_on" json:"visited_on"`
	Status     string       `db:"status" json:"status"`
	CreatedAt  time.Time    `db:"created_at" json:"written_at"`
	Reply      string       `db:"reply" json:"your_reply"`
	RepliedAt  OptionalTime `db:"replied_at" json:"replied_at"`
}

// ExportReviewRequest is a review request emailed from one of the
// account's listings: the address it was typed in with.
type ExportReviewRequest struct {
	Listing string    `db:"listing" json:"listing"`
	Email   string    `db:"email" json:"email"`
	SentAt  time.Time `db:"created_at" json:"sent_at"`
}

// ExportInsight is an AI insight generated for one of the account's
// listings.
type ExportInsight struct {
	Listing         string    `db:"listing" json:"listing"`
	Type            string    `db:"insight_type" json:"type"`
	Title           string    `db:"title" json:"title"`
	Content         string    `db:"content" json:"content"`
	Recommendations Lines     `db:"recommendations" json:"recommendations"`
	Provider        string    `db:"provider" json:"provider"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
}

// ExportEnquiry is an enquiry the account sent from a listing's page while
// signed in (a quote request's copies are listed with the request).
type ExportEnquiry struct {
	Listing string    `db:"listing" json:"listing"`
	SentAt  time.Time `db:"created_at" json:"sent_at"`
	Name    string    `db:"name" json:"name"`
	Email   string    `db:"email" json:"email"`
	Phone   string    `db:"phone" json:"phone"`
	Message string    `db:"message" json:"message"`
	Status  string    `db:"status" json:"status_at_the_business"`
}

// ExportQuoteRequest is a quote request the account sent while signed in,
// and the businesses it went to.
type ExportQuoteRequest struct {
	ID          int64                `db:"id" json:"-"`
	Name        string               `db:"name" json:"name"`
	Email       string               `db:"email" json:"email"`
	Phone       string               `db:"phone" json:"phone"`
	Category    string               `db:"category" json:"category"`
	Description string               `db:"description" json:"description"`
	City        string               `db:"city" json:"city"`
	State       string               `db:"state" json:"state"`
	Timing      string               `db:"timing" json:"timing"`
	Budget      string               `db:"budget" json:"budget"`
	CreatedAt   time.Time            `db:"created_at" json:"sent_at"`
	SentTo      []ExportRequestMatch `db:"-" json:"sent_to"`
}

// ExportRequestMatch is a business a quote request went to.
type ExportRequestMatch struct {
	RequestID int64  `db:"request_id" json:"-"`
	Listing   string `db:"listing" json:"listing"`
	Status    string `db:"status" json:"status_at_the_business"`
}

// ExportReview is a review the account wrote.
type ExportReview struct {
	Listing      string       `db:"listing" json:"listing"`
	AuthorName   string       `db:"author_name" json:"shown_as"`
	Rating       int          `db:"rating" json:"rating"`
	Title        string       `db:"title" json:"title"`
	Body         string       `db:"body" json:"body"`
	VisitedOn    string       `db:"visited_on" json:"visited_on"`
	Status       string       `db:"status" json:"status"`
	HiddenReason string       `db:"hidden_reason" json:"hidden_reason"`
	HelpfulCount int          `db:"helpful_count" json:"helpful_count"`
	Reply        string       `db:"reply" json:"owner_reply"`
	RepliedAt    OptionalTime `db:"replied_at" json:"owner_replied_at"`
	CreatedAt    time.Time    `db:"created_at" json:"written_at"`
	UpdatedAt    time.Time    `db:"updated_at" json:"updated_at"`
}

// ExportHelpfulMark is a review the account marked helpful.
type ExportHelpfulMark struct {
	Listing     string    `db:"listing" json:"listing"`
	ReviewTitle string    `db:"title" json:"review_title"`
	MarkedAt    time.Time `db:"created_at" json:"marked_at"`
}

// ExportReviewReport is a review the account reported.
type ExportReviewReport struct {
	Listing     string    `db:"listing" json:"listing"`
	ReviewTitle string    `db:"title" json:"review_title"`
	Reason      string    `db:"reason" json:"reason"`
	Detail      string    `db:"detail" json:"detail"`
	Resolution  string    `db:"resolution" json:"resolution"`
	CreatedAt   time.Time `db:"created_at" json:"reported_at"`
}

// ExportSaved is a business the account saved.
type ExportSaved struct {
	Listing string    `db:"listing" json:"listing"`
	Slug    string    `db:"slug" json:"slug"`
	SavedAt time.Time `db:"created_at" json:"saved_at"`
}

// ExportClaim is a claim the account made on a listing.
type ExportClaim struct {
	Listing   string       `db:"listing" json:"listing"`
	Role      string       `db:"role" json:"role"`
	Message   string       `db:"message" json:"message"`
	Status    string       `db:"status" json:"status"`
	CreatedAt time.Time    `db:"created_at" json:"created_at"`
	DecidedAt OptionalTime `db:"decided_at" json:"decided_at"`
}

// ExportVerification is a request the account made to verify a listing.
type ExportVerification struct {
	Listing       string       `db:"listing" json:"listing"`
	Method        string       `db:"method" json:"method"`
	Statement     string       `db:"statement" json:"statement"`
	CallbackPhone string       `db:"callback_phone" json:"callback_phone"`
	EvidenceURL   string       `db:"evidence_url" json:"evidence_url"`
	Status        string       `db:"status" json:"status"`
	Reason        string       `db:"reason" json:"reason"`
	CreatedAt     time.Time    `db:"created_at" json:"created_at"`
	DecidedAt     OptionalTime `db:"decided_at" json:"decided_at"`
}

// ExportSubscription is a paid plan as Stripe last described it (no card
// details: they never reach the app).
type ExportSubscription struct {
	ID                string       `db:"stripe_subscription_id" json:"stripe_subscription_id"`
	Plan              string       `db:"plan" json:"plan"`
	Status            string       `db:"status" json:"status"`
	CurrentPeriodEnd  OptionalTime `db:"current_period_end" json:"current_period_end"`
	CancelAtPeriodEnd bool         `db:"cancel_at_period_end" json:"cancel_at_period_end"`
	UpdatedAt         time.Time    `db:"updated_at" json:"updated_at"`
}

// ExportMailingList is a mailing list the account's address is on.
type ExportMailingList struct {
	List         string       `db:"list" json:"list"`
	SubscribedAt time.Time    `db:"created_at" json:"subscribed_at"`
	ConfirmedAt  OptionalTime `db:"confirmed_at" json:"confirmed_at"`
}
