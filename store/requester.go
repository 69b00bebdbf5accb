package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// What a person sent and wrote, as they see it on their home page: their
// quote requests with the businesses each went to and what each did with
// it, the enquiries they sent from listings' pages, and their reviews.
// Deleted leads (their owner erased them) are left out, as everywhere.

// RequestMatch is one business a quote request went to: the lead it
// became, its status in the owner's inbox and the owner's latest reply.
type RequestMatch struct {
	LeadID       int64  `db:"lead_id"`
	RequestID    int64  `db:"request_id"`
	BusinessID   int64  `db:"business_id"`
	BusinessName string `db:"business_name"`
	BusinessSlug string `db:"business_slug"`
	// Published: the listing's page can be linked to.
	Published bool   `db:"published"`
	Status    string `db:"status"`
	// Reply is the text of the owner's latest reply (empty: none), sent
	// at RepliedAt.
	Reply     string       `db:"reply"`
	RepliedAt sql.NullTime `db:"replied_at"`
	SentAt    time.Time    `db:"sent_at"`
}

// latestReply joins a lead (alias l) to its latest reply event (alias e),
// if any.
const latestReply = `
	LEFT JOIN lead_events e ON e.id = (
		SELECT r.id FROM lead_events r WHERE r.lead_id = l.id AND r.kind = 'reply'
		ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`

// RequestMatches lists, for each of the quote requests, the businesses it
// went to in the order they were matched. A request without matches (or
// an unknown id) has no entry.
func (s *Store) RequestMatches(ctx context.Context, requestIDs ...int64) (map[int64][]RequestMatch, error) {
	out := map[int64][]RequestMatch{}
	if len(requestIDs) == 0 {
		return out, nil
	}
	var ms []RequestMatch
	err := s.db.SelectContext(ctx, &ms, s.db.Rebind(`
		SELECT l.id AS lead_id, l.request_id, l.business_id, b.name AS business_name, b.slug AS business_slug,
			b.published, l.status, COALESCE(e.body, '') AS reply, e.created_at AS replied_at, l.created_at AS sent_at
		FROM leads l JOIN businesses b ON b.id = l.business_id`+latestReply+`
		WHERE l.request_id IN (`+inList(len(requestIDs))+`) AND l.deleted_at IS NULL
		ORDER BY l.request_id, l.id`), anys(requestIDs)...)
	if err != nil {
		return nil, fmt.Errorf("store: request matches: %w", err)
	}
	for _, m := range ms {
		out[m.RequestID] = append(out[m.RequestID], m)
	}
	return out, nil
}

// QuoteRequestIDs are the IDs of qs, in order (for RequestMatches).
func QuoteRequestIDs(qs []QuoteRequest) []int64 {
	ids := make([]int64, len(qs))
	for i, q := range qs {
		ids[i] = q.ID
	}
	return ids
}

// QuoteRequestsOf lists the quote requests userID sent while signed in,
// newest first.
func (s *Store) QuoteRequestsOf(ctx context.Context, userID int64) ([]QuoteRequest, error) {
	var qs []QuoteRequest
	err := s.db.SelectContext(ctx, &qs, s.db.Rebind(`
		SELECT `+quoteRequestColumns+`
		FROM quote_requests WHERE user_id = ? ORDER BY created_at DESC, id DESC`), userID)
	if err != nil {
		return nil, fmt.Errorf("store: quote requests of user: %w", err)
	}
	return qs, nil
}

// SentEnquiry is an enquiry someone sent from a listing's page while
// signed in, with what its owner did with it.
type SentEnquiry struct {
	LeadID       int64  `db:"lead_id"`
	BusinessID   int64  `db:"business_id"`
	BusinessName string `db:"business_name"`
	BusinessSlug string `db:"business_slug"`
	Published    bool   `db:"published"`
	// Managed: the listing has an owner; an enquiry to one nobody manages
	// waits for whoever claims it.
	Managed   bool         `db:"managed"`
	Message   string       `db:"message"`
	Status    string       `db:"status"`
	Reply     string       `db:"reply"`
	RepliedAt sql.NullTime `db:"replied_at"`
	SentAt    time.Time    `db:"sent_at"`
}

// EnquiriesOf lists the enquiries userID sent from listings' pages,
// newest first (a quote request's matches are listed with the request).
func (s *Store) EnquiriesOf(ctx context.Context, userID int64) ([]SentEnquiry, error) {
	var es []SentEnquiry
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`
		SELECT l.id AS lead_id, l.business_id, b.name AS business_name, b.slug AS business_slug, b.published,
			(b.owner_id IS NOT NULL) AS managed, l.message, l.status, COALESCE(e.body, '') AS reply, e.created_at AS replied_at, l.created_at AS sent_at
		FROM leads l JOIN businesses b ON b.id = l.business_id`+latestReply+`
		WHERE l.user_id = ? AND l.source = ? AND l.deleted_at IS NULL
		ORDER BY l.created_at DESC, l.id DESC`), userID, SourceListing)
	if err != nil {
		return nil, fmt.Errorf("store: enquiries of user: %w", err)
	}
	return es, nil
}

// AuthoredReview is a review with the listing it is about.
type AuthoredReview struct {
	Review
	BusinessName string `db:"business_name"`
	BusinessSlug string `db:"business_slug"`
	Published    bool   `db:"published"`
}

// ReviewsBy lists the reviews userID wrote, newest first, hidden ones too
// (their author was told why).
func (s *Store) ReviewsBy(ctx context.Context, userID int64) ([]AuthoredReview, error) {
	var rs []AuthoredReview
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`
		SELECT `+prefixed("r.", reviewColumns)+`, b.name AS business_name, b.slug AS business_slug, b.published
		FROM reviews r JOIN businesses b ON b.id = r.business_id
		WHERE r.user_id = ? ORDER BY r.created_at DESC, r.id DESC`), userID)
	if err != nil {
		return nil, fmt.Errorf("store: reviews by user: %w", err)
	}
	return rs, nil
}

// BecomeBusinessAccount turns an individual's account into a business
// account, to list a business: it keeps everything it has (its reviews,
// quote requests, enquiries and saved businesses). ErrNotFound when
// userID is not an individual's account.
func (s *Store) BecomeBusinessAccount(ctx context.Context, userID int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE users SET kind = ?, updated_at = ? WHERE id = ? AND kind = ?`),
		KindBusiness, time.Now().UTC(), userID, KindIndividual)
	return affectedOne(res, err, "become business account")
}
