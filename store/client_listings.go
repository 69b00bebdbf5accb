package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// An agency's client listings (issue 37): listings an approved partner
// manages for client businesses. Until its client accepts the invitation,
// a client listing has no owner and is not public; once accepted, the
// client's account owns it and the agency keeps managing it until the
// client removes the agency (the row is deleted).

// ClientListing is a listing an agency manages, with the listing.
type ClientListing struct {
	Business
	PartnerID    int64         `db:"partner_id"`
	ClientEmail  string        `db:"client_email"` // "" until the agency invites someone
	InvitedAt    sql.NullTime  `db:"invited_at"`
	AcceptedAt   sql.NullTime  `db:"accepted_at"`
	AcceptedBy   sql.NullInt64 `db:"accepted_by"`
	ManagedSince time.Time     `db:"managed_since"`
}

// Accepted reports whether the client took the listing over.
func (c ClientListing) Accepted() bool { return c.AcceptedAt.Valid }

// Invited reports whether an invitation is open (sent, not accepted).
func (c ClientListing) Invited() bool { return c.InvitedAt.Valid && !c.AcceptedAt.Valid }

// clientListingColumns read a ClientListing (c: client_listings, b:
// businesses).
var clientListingColumns = prefixed("b.", businessColumns) +
	`, c.partner_id, c.client_email, c.invited_at, c.accepted_at, c.accepted_by, c.created_at AS managed_since`

// CreateClientListing stores b, a listing partnerID creates for a client,
// without an owner and unpublished, and records that partnerID manages it.
func (s *Store) CreateClientListing(ctx context.Context, partnerID int64, b Business, now time.Time) (Business, error) {
	b.OwnerID, b.Published, b.Claimed = sql.NullInt64{}, false, false
	var created Business
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if created, err = tx.CreateBusiness(ctx, b); err != nil {
			return err
		}
		return tx.AddClientListing(ctx, partnerID, created.ID, now)
	})
	return created, err
}

// AddClientListing records that partnerID manages listing businessID.
func (s *Store) AddClientListing(ctx context.Context, partnerID, businessID int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO client_listings (business_id, partner_id, created_at) VALUES (?, ?, ?)`),
		businessID, partnerID, now.UTC())
	if err != nil {
		return fmt.Errorf("store: add client listing: %w", err)
	}
	return nil
}

// ClientListingsOf are the listings partnerID manages, newest first.
func (s *Store) ClientListingsOf(ctx context.Context, partnerID int64) ([]ClientListing, error) {
	var out []ClientListing
	err := s.db.SelectContext(ctx, &out, s.db.Rebind(`SELECT `+clientListingColumns+`
		FROM client_listings c JOIN businesses b ON b.id = c.business_id
		WHERE c.partner_id = ? ORDER BY c.business_id DESC`), partnerID)
	if err != nil {
		return nil, fmt.Errorf("store: client listings: %w", err)
	}
	return out, nil
}

// ClientListing is listing businessID as the agency that manages it sees
// it; ErrNotFound when no agency manages it.
func (s *Store) ClientListing(ctx context.Context, businessID int64) (ClientListing, error) {
	var c ClientListing
	err := s.db.GetContext(ctx, &c, s.db.Rebind(`SELECT `+clientListingColumns+`
		FROM client_listings c JOIN businesses b ON b.id = c.business_id WHERE c.business_id = ?`), businessID)
	if err != nil {
		return ClientListing{}, notFound(err, "client listing")
	}
	return c, nil
}

// ClientInviteByDigest is the client listing whose open invitation has
// the secret of digest; ErrNotFound when none has.
func (s *Store) ClientInviteByDigest(ctx context.Context, digest string) (ClientListing, error) {
	var c ClientListing
	err := s.db.GetContext(ctx, &c, s.db.Rebind(`SELECT `+clientListingColumns+`
		FROM client_listings c JOIN businesses b ON b.id = c.business_id
		WHERE c.invite_digest = ? AND c.accepted_at IS NULL`), digest)
	if err != nil {
		return ClientListing{}, notFound(err, "client invitation")
	}
	return c, nil
}

// InviteClient records an invitation of email to take over listing
// businessID (its link's secret kept as digest), replacing any open one;
// ErrNotFound when the listing is not a client listing waiting for its
// client.
func (s *Store) InviteClient(ctx context.Context, businessID int64, email, digest string, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE client_listings SET client_email = ?, invite_digest = ?, invited_at = ?
		WHERE business_id = ? AND accepted_at IS NULL`), NormalizeEmail(email), digest, now.UTC(), businessID)
	return affectedOne(res, err, "invite client")
}

// AcceptClientListing gives listing businessID, whose invitation of
// digest is open, to accountID (userID, whose address is email, accepted
// it), claimed, its contact email proved when it is email; the agency
// keeps managing it. ErrNotFound when the invitation is not open.
func (s *Store) AcceptClientListing(ctx context.Context, businessID, accountID, userID int64, email, digest string, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE client_listings SET accepted_at = ?, accepted_by = ?, invite_digest = NULL
			WHERE business_id = ? AND invite_digest = ? AND accepted_at IS NULL`), now.UTC(), userID, businessID, digest)
		if err := affectedOne(res, err, "accept client listing"); err != nil {
			return err
		}
		res, err = tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE businesses SET owner_id = ?, claimed = TRUE, updated_at = ?,
			email_confirmed = CASE WHEN email = ? THEN TRUE ELSE email_confirmed END
			WHERE id = ? AND owner_id IS NULL`), accountID, now.UTC(), NormalizeEmail(email), businessID)
		return affectedOne(res, err, "give client listing")
	})
}

// RemoveAgency ends the agency's management of listing businessID: it
// keeps no rights over it. ErrNotFound when no agency manages it.
func (s *Store) RemoveAgency(ctx context.Context, businessID int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM client_listings WHERE business_id = ?`), businessID)
	return affectedOne(res, err, "remove agency")
}

// dropWaitingClients deletes, as agency partnerID's account closes, the
// client listings it created that no client accepted: nobody else would
// ever see or manage them. Their names join c.Listings. (The accepted
// ones are their clients' and stay; the agency's rights go with its row.)
func dropWaitingClients(ctx context.Context, tx *sqlx.Tx, partnerID int64, c *ClosedAccount) error {
	const waiting = `SELECT business_id FROM client_listings WHERE partner_id = ? AND accepted_at IS NULL`
	var names []string
	if err := tx.SelectContext(ctx, &names, tx.Rebind(`SELECT name FROM businesses WHERE id IN (`+waiting+`) ORDER BY id`), partnerID); err != nil {
		return fmt.Errorf("store: close account: client listings: %w", err)
	}
	if len(names) == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM businesses WHERE id IN (`+waiting+`)`), partnerID); err != nil {
		return fmt.Errorf("store: close account: delete client listings: %w", err)
	}
	c.Listings = append(c.Listings, names...)
	return nil
}
