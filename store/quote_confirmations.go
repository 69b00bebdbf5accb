package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// A quote request from an address nobody proved is theirs waits: it makes
// no lead, so it uses up no listing's monthly cap, until the emailed link
// confirms it. The link's secret is kept only as its digest.

// matchRequest sends a confirmed request to the listings MatchListings
// finds: each gets a lead (source 'request'), dated when the request was
// confirmed, that counts toward its owner's plan like any other. A request
// routed to a lead zone's holder keeps the zone, for its figures.
func (s *Store) matchRequest(ctx context.Context, q QuoteRequest) ([]Match, error) {
	bs, zoneID, err := s.routeRequest(ctx, q)
	if err != nil {
		return nil, err
	}
	if zoneID != 0 {
		if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE quote_requests SET zone_id = ? WHERE id = ?`), zoneID, q.ID); err != nil {
			return nil, fmt.Errorf("store: route quote request to zone: %w", err)
		}
	}
	var matches []Match
	for _, b := range bs {
		l, err := s.CreateLead(ctx, Lead{
			BusinessID: b.ID, Name: q.Name, Email: q.Email, Phone: q.Phone, Message: q.Description,
			Source: SourceRequest, RequestID: sql.NullInt64{Int64: q.ID, Valid: true}, UserID: q.UserID, CreatedAt: q.ConfirmedAt.Time,
		})
		if err != nil {
			return nil, err
		}
		matches = append(matches, Match{Business: b, Lead: l})
	}
	return matches, nil
}

// ConfirmQuoteRequest confirms the waiting request of token whose emailed
// secret is secret, and sends it to its matches in the same transaction.
// userID, when not 0, is the signed-in account the request becomes
// theirs. ErrNotFound: no waiting request has that token and secret (a
// wrong link, or one already used).
func (s *Store) ConfirmQuoteRequest(ctx context.Context, token, secret string, userID int64, now time.Time) (QuoteRequest, []Match, error) {
	var (
		q       QuoteRequest
		matches []Match
	)
	err := s.InTx(ctx, func(tx *Store) error {
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`
			UPDATE quote_requests SET confirmed_at = ?, confirm_digest = NULL, user_id = COALESCE(user_id, ?)
			WHERE token = ? AND confirm_digest = ? AND confirmed_at IS NULL`),
			now.UTC(), sql.NullInt64{Int64: userID, Valid: userID != 0}, token, Digest(secret))
		if err != nil {
			return fmt.Errorf("store: confirm quote request: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return ErrNotFound
		}
		if q, err = tx.QuoteRequestByToken(ctx, token); err != nil {
			return err
		}
		matches, err = tx.matchRequest(ctx, q)
		return err
	})
	if err != nil {
		return QuoteRequest{}, nil, err
	}
	return q, matches, nil
}

// RenewQuoteConfirmation replaces the secret of a waiting request's
// confirmation link (the old link stops working) and records it as
// emailed now.
func (s *Store) RenewQuoteConfirmation(ctx context.Context, id int64, secret string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`
		UPDATE quote_requests SET confirm_digest = ?, confirm_sent_at = ? WHERE id = ? AND confirmed_at IS NULL`),
		Digest(secret), now.UTC(), id)
	if err != nil {
		return fmt.Errorf("store: renew quote request confirmation: %w", err)
	}
	return nil
}

// RepeatedQuoteRequest finds the newest request sent since since from q's
// address that asks the same thing (category, place and description, not
// minding case and spacing): ErrNotFound if none.
func (s *Store) RepeatedQuoteRequest(ctx context.Context, q QuoteRequest, since time.Time) (QuoteRequest, error) {
	var earlier []QuoteRequest
	err := s.db.SelectContext(ctx, &earlier, s.db.Rebind(`SELECT `+quoteRequestColumns+`
		FROM quote_requests WHERE email = ? AND category = ? AND created_at >= ? ORDER BY created_at DESC, id DESC LIMIT 50`),
		NormalizeEmail(q.Email), q.Category, since.UTC())
	if err != nil {
		return QuoteRequest{}, fmt.Errorf("store: earlier quote requests: %w", err)
	}
	same := func(a, b string) bool {
		return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
	}
	for _, e := range earlier {
		if same(e.City, q.City) && same(e.State, q.State) && same(e.Description, q.Description) {
			return e, nil
		}
	}
	return QuoteRequest{}, ErrNotFound
}
