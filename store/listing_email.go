package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// A listing's contact email is shown only once proved: it is the owner's
// verified account address, or whoever reads it opened a link sent to it.
// The links are single-use and known here only by their hash.

// ListingEmailToken is a link that confirms a listing's contact email.
type ListingEmailToken struct {
	Hash         string       `db:"hash"`
	BusinessID   int64        `db:"business_id"`
	Email        string       `db:"email"`
	ExpiresAt    time.Time    `db:"expires_at"`
	UsedAt       sql.NullTime `db:"used_at"`
	CreatedAt    time.Time    `db:"created_at"`
	BusinessName string       `db:"business_name"`
	BusinessSlug string       `db:"business_slug"`
	Published    bool         `db:"published"` // the listing is public
}

// CreateListingEmailToken stores a new link for a listing's email; the
// listing's older links stop working, so only the latest email's counts.
func (s *Store) CreateListingEmailToken(ctx context.Context, t ListingEmailToken) error {
	now := time.Now().UTC()
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE listing_email_tokens SET used_at = ? WHERE business_id = ? AND used_at IS NULL`), now, t.BusinessID); err != nil {
			return fmt.Errorf("store: retire listing email links: %w", err)
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`
			INSERT INTO listing_email_tokens (hash, business_id, email, expires_at, created_at) VALUES (?, ?, ?, ?, ?)`),
			t.Hash, t.BusinessID, NormalizeEmail(t.Email), t.ExpiresAt.UTC(), now)
		if err != nil {
			return fmt.Errorf("store: create listing email link: %w", err)
		}
		return nil
	})
}

// ListingEmailLinksSince counts the links sent for a listing since t.
func (s *Store) ListingEmailLinksSince(ctx context.Context, businessID int64, t time.Time) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM listing_email_tokens WHERE business_id = ? AND created_at > ?`), businessID, t.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: listing email links: %w", err)
	}
	return n, nil
}

const listingTokenSelect = `SELECT t.hash, t.business_id, t.email, t.expires_at, t.used_at, t.created_at,
	b.name AS business_name, b.slug AS business_slug, b.published
	FROM listing_email_tokens t JOIN businesses b ON b.id = t.business_id`

// ValidListingEmailToken returns an unused, unexpired link whose address
// is still the listing's, without using it (to show the page it leads
// to); ErrTokenInvalid otherwise.
func (s *Store) ValidListingEmailToken(ctx context.Context, hash string) (ListingEmailToken, error) {
	var t ListingEmailToken
	err := s.db.GetContext(ctx, &t, s.db.Rebind(listingTokenSelect+`
		WHERE t.hash = ? AND t.used_at IS NULL AND t.expires_at > ? AND b.email = t.email`), hash, time.Now().UTC())
	if errors.Is(err, sql.ErrNoRows) {
		return ListingEmailToken{}, ErrTokenInvalid
	}
	if err != nil {
		return ListingEmailToken{}, fmt.Errorf("store: listing email link: %w", err)
	}
	return t, nil
}

// ConfirmListingEmail uses a link: the listing's email, if it is still the
// address the link was sent to, is confirmed. Of two requests with the
// same link, one succeeds; the other, and any link that is unknown, used,
// expired or for an address the listing no longer has, get
// ErrTokenInvalid.
func (s *Store) ConfirmListingEmail(ctx context.Context, hash string) (ListingEmailToken, error) {
	var t ListingEmailToken
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		now := time.Now().UTC()
		var id int64
		err := tx.GetContext(ctx, &id, tx.Rebind(`
			UPDATE listing_email_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL AND expires_at > ? RETURNING business_id`), now, hash, now)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrTokenInvalid
		}
		if err != nil {
			return fmt.Errorf("store: use listing email link: %w", err)
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`
			UPDATE businesses SET email_confirmed = TRUE, updated_at = ?
			WHERE id = ? AND email = (SELECT email FROM listing_email_tokens WHERE hash = ?)`), now, id, hash)
		if err := affectedOne(res, err, "confirm listing email"); errors.Is(err, ErrNotFound) {
			return ErrTokenInvalid // the listing's address changed since
		} else if err != nil {
			return err
		}
		return tx.GetContext(ctx, &t, tx.Rebind(listingTokenSelect+` WHERE t.hash = ?`), hash)
	})
	return t, err
}
