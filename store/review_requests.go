package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Review requests: an owner emails customers a link to the review form.
// The rules that keep it from becoming spam live here, applied in the
// transaction that records the requests: a few a day per owner, one per
// address and listing a month, none to an address that opted out.

const (
	// ReviewRequestsPerDay is how many requests an owner may send in any
	// 24 hours, over all their listings.
	ReviewRequestsPerDay = 20
	// ReviewRequestInterval is how long an address waits before a
	// listing may ask it again.
	ReviewRequestInterval = 30 * 24 * time.Hour
)

// What became of one address of a request.
const (
	RequestSent      = "sent"
	RequestRecent    = "recent"     // the listing asked this address within ReviewRequestInterval
	RequestOptedOut  = "opted_out"  // the address asked for no review requests
	RequestOverLimit = "over_limit" // the owner's ReviewRequestsPerDay are used up
)

// ReviewRequestOutcome is what became of one address.
type ReviewRequestOutcome struct {
	Email   string
	Outcome string // RequestSent, ...
	Token   string // the unsubscribe token of a sent request
}

// RecordReviewRequests records a request from senderID to each of emails
// (normalized addresses, each once) for a listing, as far as the rules
// allow, and says what became of each address, in order. Addresses are
// taken in order, so when the day's requests run out the last ones wait.
// Call it in the transaction that queues the emails (InTx).
func (s *Store) RecordReviewRequests(ctx context.Context, businessID, senderID int64, emails []string, now time.Time) ([]ReviewRequestOutcome, error) {
	now = now.UTC()
	out := make([]ReviewRequestOutcome, 0, len(emails))
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// Two sends at once count one after the other: the sender's row
		// lock holds the day's count, the listing's the addresses'
		// (SQLite writes one transaction at a time anyway).
		if tx.DriverName() == "postgres" {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`SELECT id FROM users WHERE id = ? FOR UPDATE`), senderID); err != nil {
				return fmt.Errorf("store: lock sender: %w", err)
			}
		}
		if _, err := lockListing(ctx, tx, businessID); err != nil {
			return err
		}
		var sent int
		if err := tx.GetContext(ctx, &sent, tx.Rebind(`
			SELECT COUNT(*) FROM review_requests WHERE sent_by = ? AND created_at > ?`), senderID, now.Add(-24*time.Hour)); err != nil {
			return fmt.Errorf("store: count review requests: %w", err)
		}
		optedOut, err := emailSet(ctx, tx, `SELECT email FROM review_request_optouts WHERE email IN (%s)`, nil, emails)
		if err != nil {
			return err
		}
		recent, err := emailSet(ctx, tx, `SELECT email FROM review_requests WHERE business_id = ? AND created_at > ? AND email IN (%s)`,
			[]any{businessID, now.Add(-ReviewRequestInterval)}, emails)
		if err != nil {
			return err
		}
		for _, e := range emails {
			o := ReviewRequestOutcome{Email: e}
			switch {
			case optedOut[e]:
				o.Outcome = RequestOptedOut
			case recent[e]:
				o.Outcome = RequestRecent
			case sent >= ReviewRequestsPerDay:
				o.Outcome = RequestOverLimit
			default:
				o.Outcome, o.Token = RequestSent, rand.Text()
				if _, err := tx.ExecContext(ctx, tx.Rebind(`
					INSERT INTO review_requests (business_id, sent_by, email, token, created_at) VALUES (?, ?, ?, ?, ?)`),
					businessID, senderID, e, o.Token, now); err != nil {
					return fmt.Errorf("store: record review request: %w", err)
				}
				sent++
				recent[e] = true // listed twice: asked once
			}
			out = append(out, o)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReviewRequestsLeft is how many more requests senderID may send at now:
// ReviewRequestsPerDay less those of the last 24 hours.
func (s *Store) ReviewRequestsLeft(ctx context.Context, senderID int64, now time.Time) (int, error) {
	var sent int
	if err := s.db.GetContext(ctx, &sent, s.db.Rebind(`
		SELECT COUNT(*) FROM review_requests WHERE sent_by = ? AND created_at > ?`), senderID, now.UTC().Add(-24*time.Hour)); err != nil {
		return 0, fmt.Errorf("store: review requests left: %w", err)
	}
	return max(ReviewRequestsPerDay-sent, 0), nil
}

// emailSet runs query, whose %s is the list of emails' placeholders after
// args, and collects the addresses it returns.
func emailSet(ctx context.Context, tx *sqlx.Tx, query string, args []any, emails []string) (map[string]bool, error) {
	set := map[string]bool{}
	if len(emails) == 0 {
		return set, nil
	}
	var found []string
	if err := tx.SelectContext(ctx, &found, tx.Rebind(fmt.Sprintf(query, inList(len(emails)))), concat(args, anys(emails))...); err != nil {
		return nil, fmt.Errorf("store: review request addresses: %w", err)
	}
	for _, e := range found {
		set[e] = true
	}
	return set, nil
}

// ReviewRequest is one emailed request, as its unsubscribe link finds it.
type ReviewRequest struct {
	ID           int64     `db:"id"`
	BusinessID   int64     `db:"business_id"`
	BusinessName string    `db:"business_name"`
	Email        string    `db:"email"`
	CreatedAt    time.Time `db:"created_at"`
	OptedOut     bool      `db:"opted_out"` // the address asked for no more requests
}

// ReviewRequestByToken finds the request of an unsubscribe link
// (ErrNotFound: none).
func (s *Store) ReviewRequestByToken(ctx context.Context, token string) (ReviewRequest, error) {
	var r ReviewRequest
	if token == "" {
		return r, ErrNotFound
	}
	if err := s.db.GetContext(ctx, &r, s.db.Rebind(`
		SELECT rr.id, rr.business_id, b.name AS business_name, rr.email, rr.created_at,
			EXISTS (SELECT 1 FROM review_request_optouts o WHERE o.email = rr.email) AS opted_out
		FROM review_requests rr JOIN businesses b ON b.id = rr.business_id
		WHERE rr.token = ?`), token); err != nil {
		return ReviewRequest{}, notFound(err, "review request by token")
	}
	return r, nil
}

// OptOutReviewRequests stops every review request, from any listing, to
// the address the token's request went to, and returns that address.
// Doing it again changes nothing; an unknown token is ErrNotFound.
func (s *Store) OptOutReviewRequests(ctx context.Context, token string) (string, error) {
	var email string
	if token == "" {
		return "", ErrNotFound
	}
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := tx.GetContext(ctx, &email, tx.Rebind(`SELECT email FROM review_requests WHERE token = ?`), token); err != nil {
			return notFound(err, "review request token")
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`
			INSERT INTO review_request_optouts (email, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING`), email, time.Now().UTC())
		if err != nil {
			return fmt.Errorf("store: opt out of review requests: %w", err)
		}
		return nil
	})
	return email, err
}
