package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// An account's data, as 'Download my data' on /profile gives it (the
// privacy page lists what it holds): everything the account wrote or was
// sent as a business, and nobody else's details beyond that. Reviews of
// the account's listings are given as the public sees them (the author's
// chosen name, never their account); leads sent to its listings are the
// business's to hold, locked ones as the inbox shows them (without their
// sender's details).

// AccountData is the whole export of one account. Every list is present,
// empty when there is nothing.
type AccountData struct {
	Account           ExportAccount         `json:"account"`
	Listings          []ExportListing       `json:"listings"`
	LeadsReceived     []ExportLead          `json:"leads_received"`
	ReviewsOfListings []ExportListingReview `json:"reviews_of_your_listings"`
	ReviewRequests    []ExportReviewRequest `json:"review_requests_sent"`
	Insights          []ExportInsight       `json:"ai_insights"`
	EnquiriesSent     []ExportEnquiry       `json:"enquiries_sent"`
	QuoteRequests     []ExportQuoteRequest  `json:"quote_requests"`
	ReviewsWritten    []ExportReview        `json:"reviews_written"`
	HelpfulMarks      []ExportHelpfulMark   `json:"reviews_marked_helpful"`
	ReviewReports     []ExportReviewReport  `json:"review_reports"`
	SavedBusinesses   []ExportSaved         `json:"saved_businesses"`
	Claims            []ExportClaim         `json:"claims"`
	Verifications     []ExportVerification  `json:"verification_requests"`
	Subscriptions     []ExportSubscription  `json:"subscriptions"`
	MailingLists      []ExportMailingList   `json:"mailing_lists"`
}

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

// AccountData gathers userID's data in one read transaction, so the parts
// agree with each other. leadCap is the owner's plan's monthly lead cap
// (negative: none): leads past it are given locked, without their
// sender's details, as the inbox shows them. ErrNotFound when there is no
// such account.
func (s *Store) AccountData(ctx context.Context, userID int64, leadCap int) (AccountData, error) {
	d := AccountData{}
	err := s.readTx(ctx, func(tx *Store) error {
		err := tx.db.GetContext(ctx, &d.Account, tx.db.Rebind(`
			SELECT u.email, u.kind, u.is_admin, u.created_at, u.email_verified_at, u.review_alerts, u.analytics_summary, u.order_value_cents,
				COALESCE(p.full_name, '') AS full_name, COALESCE(p.first_name, '') AS first_name, COALESCE(p.last_name, '') AS last_name,
				COALESCE(p.phone, '') AS phone, COALESCE(p.location, '') AS location, COALESCE(p.profession, '') AS profession,
				COALESCE(p.interests, '') AS interests, COALESCE(p.bio, '') AS bio
			FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`), userID)
		if err != nil {
			return notFound(err, "account data")
		}
		lists := []struct {
			dest  any
			what  string
			query string
		}{
			{&d.Listings, "listings", `SELECT id, slug, name, tagline, description, category, sub_category, tags, business_type, address, city, state,
				zip_code, phone, website, email, email_confirmed, hours, services, show_email, show_phone, show_address, show_pricing, show_hours,
				published, suspended, held, claimed, featured, verified, verified_method, verified_at, rating, review_count, created_at, updated_at
				FROM businesses WHERE owner_id = ? ORDER BY created_at, id`},
			{&d.LeadsReceived, "leads received", `SELECT l.id, b.name AS listing, l.created_at, l.source, l.name, l.email, l.phone, l.message,
				l.status, l.score, l.first_response_at
				FROM leads l JOIN businesses b ON b.id = l.business_id
				WHERE b.owner_id = ? AND l.deleted_at IS NULL ORDER BY l.created_at, l.id`},
			{&d.ReviewsOfListings, "reviews of listings", `SELECT b.name AS listing, r.author_name, r.rating, r.title, r.body, r.visited_on,
				r.status, r.created_at, r.reply, r.replied_at
				FROM reviews r JOIN businesses b ON b.id = r.business_id WHERE b.owner_id = ? ORDER BY r.created_at, r.id`},
			{&d.ReviewRequests, "review requests", `SELECT b.name AS listing, q.email, q.created_at
				FROM review_requests q JOIN businesses b ON b.id = q.business_id WHERE b.owner_id = ? ORDER BY q.created_at, q.id`},
			{&d.Insights, "insights", `SELECT b.name AS listing, i.insight_type, i.title, i.content, i.recommendations, i.provider, i.created_at
				FROM ai_insights i JOIN businesses b ON b.id = i.business_id WHERE b.owner_id = ? ORDER BY i.created_at, i.id`},
			{&d.EnquiriesSent, "enquiries sent", `SELECT b.name AS listing, l.created_at, l.name, l.email, l.phone, l.message, l.status
				FROM leads l JOIN businesses b ON b.id = l.business_id
				WHERE l.user_id = ? AND l.source = 'listing' AND l.deleted_at IS NULL ORDER BY l.created_at, l.id`},
			{&d.QuoteRequests, "quote requests", `SELECT id, name, email, phone, category, description, city, state, timing, budget, created_at
				FROM quote_requests WHERE user_id = ? ORDER BY created_at, id`},
			{&d.ReviewsWritten, "reviews written", `SELECT b.name AS listing, r.author_name, r.rating, r.title, r.body, r.visited_on, r.status,
				r.hidden_reason, r.helpful_count, r.reply, r.replied_at, r.created_at, r.updated_at
				FROM reviews r JOIN businesses b ON b.id = r.business_id WHERE r.user_id = ? ORDER BY r.created_at, r.id`},
			{&d.HelpfulMarks, "helpful marks", `SELECT b.name AS listing, r.title, h.created_at
				FROM review_helpful h JOIN reviews r ON r.id = h.review_id JOIN businesses b ON b.id = r.business_id
				WHERE h.user_id = ? ORDER BY h.created_at, h.review_id`},
			{&d.ReviewReports, "review reports", `SELECT b.name AS listing, r.title, p.reason, p.detail, p.resolution, p.created_at
				FROM review_reports p JOIN reviews r ON r.id = p.review_id JOIN businesses b ON b.id = r.business_id
				WHERE p.user_id = ? ORDER BY p.created_at, p.id`},
			{&d.SavedBusinesses, "saved businesses", `SELECT b.name AS listing, b.slug, sb.created_at
				FROM saved_businesses sb JOIN businesses b ON b.id = sb.business_id WHERE sb.user_id = ? ORDER BY sb.created_at, b.id`},
			{&d.Claims, "claims", `SELECT b.name AS listing, c.role, c.message, c.status, c.created_at, c.decided_at
				FROM claims c JOIN businesses b ON b.id = c.business_id WHERE c.user_id = ? ORDER BY c.created_at, c.id`},
			{&d.Verifications, "verification requests", `SELECT b.name AS listing, v.method, v.statement, v.callback_phone, v.evidence_url,
				v.status, v.reason, v.created_at, v.decided_at
				FROM verification_requests v JOIN businesses b ON b.id = v.business_id WHERE v.user_id = ? ORDER BY v.created_at, v.id`},
			{&d.Subscriptions, "subscriptions", `SELECT stripe_subscription_id, plan, status, current_period_end, cancel_at_period_end, updated_at
				FROM subscriptions WHERE user_id = ? ORDER BY updated_at, stripe_subscription_id`},
		}
		for _, l := range lists {
			if err := tx.db.SelectContext(ctx, l.dest, tx.db.Rebind(l.query), userID); err != nil {
				return fmt.Errorf("store: account data: %s: %w", l.what, err)
			}
		}
		err = tx.db.SelectContext(ctx, &d.MailingLists, tx.db.Rebind(`
			SELECT list, created_at, confirmed_at FROM subscribers WHERE email = ? ORDER BY created_at, id`), d.Account.Email)
		if err != nil {
			return fmt.Errorf("store: account data: mailing lists: %w", err)
		}
		if err := tx.exportLeadDetails(ctx, userID, leadCap, d.LeadsReceived); err != nil {
			return err
		}
		return tx.exportRequestMatches(ctx, d.QuoteRequests)
	})
	if err != nil {
		return AccountData{}, err
	}
	d.emptyLists()
	return d, nil
}

// exportLeadDetails locks the leads past the plan's cap (their sender's
// details go) and gives the others their history.
func (s *Store) exportLeadDetails(ctx context.Context, ownerID int64, leadCap int, leads []ExportLead) error {
	if len(leads) == 0 {
		return nil
	}
	owned := make([]OwnerLead, len(leads))
	for i, l := range leads {
		owned[i].ID, owned[i].CreatedAt = l.ID, l.ReceivedAt
	}
	if err := s.MarkLockedLeads(ctx, ownerID, leadCap, owned); err != nil {
		return err
	}
	var events []ExportLeadEvent
	err := s.db.SelectContext(ctx, &events, s.db.Rebind(`
		SELECT e.lead_id, e.kind, e.from_status, e.status, e.body, (e.user_id IS NOT NULL AND e.user_id = ?) AS by_you, e.created_at
		FROM lead_events e JOIN leads l ON l.id = e.lead_id JOIN businesses b ON b.id = l.business_id
		WHERE b.owner_id = ? AND l.deleted_at IS NULL ORDER BY e.created_at, e.id`), ownerID, ownerID)
	if err != nil {
		return fmt.Errorf("store: account data: lead history: %w", err)
	}
	byLead := map[int64][]ExportLeadEvent{}
	for _, e := range events {
		byLead[e.LeadID] = append(byLead[e.LeadID], e)
	}
	for i := range leads {
		l := &leads[i]
		l.Events = byLead[l.ID]
		if l.Events == nil {
			l.Events = []ExportLeadEvent{}
		}
		if owned[i].Locked {
			l.Locked = true
			l.Name, l.Email, l.Phone, l.Message, l.Events = "", "", "", "", []ExportLeadEvent{}
		}
	}
	return nil
}

// exportRequestMatches gives each quote request the businesses it went to.
func (s *Store) exportRequestMatches(ctx context.Context, qs []ExportQuoteRequest) error {
	if len(qs) == 0 {
		return nil
	}
	ids := make([]int64, len(qs))
	for i, q := range qs {
		ids[i] = q.ID
	}
	var ms []ExportRequestMatch
	err := s.db.SelectContext(ctx, &ms, s.db.Rebind(`
		SELECT l.request_id, b.name AS listing, l.status FROM leads l JOIN businesses b ON b.id = l.business_id
		WHERE l.request_id IN (`+inList(len(ids))+`) AND l.deleted_at IS NULL ORDER BY l.request_id, l.id`), anys(ids)...)
	if err != nil {
		return fmt.Errorf("store: account data: quote request matches: %w", err)
	}
	byRequest := map[int64][]ExportRequestMatch{}
	for _, m := range ms {
		byRequest[m.RequestID] = append(byRequest[m.RequestID], m)
	}
	for i := range qs {
		qs[i].SentTo = byRequest[qs[i].ID]
		if qs[i].SentTo == nil {
			qs[i].SentTo = []ExportRequestMatch{}
		}
	}
	return nil
}

// emptyLists makes every missing list an empty one, so the JSON has [] for
// "none" rather than null.
func (d *AccountData) emptyLists() {
	orEmpty(&d.Listings)
	orEmpty(&d.LeadsReceived)
	orEmpty(&d.ReviewsOfListings)
	orEmpty(&d.ReviewRequests)
	orEmpty(&d.Insights)
	orEmpty(&d.EnquiriesSent)
	orEmpty(&d.QuoteRequests)
	orEmpty(&d.ReviewsWritten)
	orEmpty(&d.HelpfulMarks)
	orEmpty(&d.ReviewReports)
	orEmpty(&d.SavedBusinesses)
	orEmpty(&d.Claims)
	orEmpty(&d.Verifications)
	orEmpty(&d.Subscriptions)
	orEmpty(&d.MailingLists)
}

func orEmpty[T any](s *[]T) {
	if *s == nil {
		*s = []T{}
	}
}

// readTx runs fn with a Store bound to one read-only transaction: every
// query sees the database as it was at the first (SQLite's deferred
// transaction, PostgreSQL's repeatable read), and no writer waits for it.
func (s *Store) readTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.pool.BeginTxx(ctx, opts)
	if err != nil {
		return fmt.Errorf("store: begin read: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	bound := *s
	bound.db, bound.tx = tx, tx
	if err := fn(&bound); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: end read: %w", err)
	}
	return nil
}
