package store

import (
	"context"
	"fmt"
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

// AccountData gathers userID's data in one read transaction, so the parts
// agree with each other. leadCap is the owner's plan's monthly lead cap
// (negative: none): leads past it are given locked, without their
// sender's details, as the inbox shows them. ErrNotFound when there is no
// such account.
func (s *Store) AccountData(ctx context.Context, userID int64, leadCap int) (AccountData, error) {
	d := AccountData{}
	err := s.readTx(ctx, func(tx *Store) error {
		err := tx.db.GetContext(ctx, &d.Account, tx.db.Rebind(`
			SELECT u.id, u.email, u.kind, u.is_admin, u.created_at, u.email_verified_at, u.review_alerts, u.analytics_summary, u.order_value_cents,
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
