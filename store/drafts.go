package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Drafts: the listings of an owner whose email address is not verified
// yet. A draft is no listing: it has no id, no slug and no place in the
// directory, so a sign-up that makes one looks, to everyone else, like a
// sign-up that makes nothing (with an address that has an account
// already). ReleaseDrafts turns them into listings once the address is
// verified.

// insertDraft keeps b as a draft of its owner.
func insertDraft(ctx context.Context, tx *sqlx.Tx, b Business) error {
	if !b.OwnerID.Valid {
		return errors.New("store: a draft listing needs its owner")
	}
	b.ID, b.Slug = 0, ""
	data, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("store: draft listing: %w", err)
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO listing_drafts (owner_id, listing, created_at) VALUES (?, ?, ?)`),
		b.OwnerID.Int64, string(data), time.Now().UTC())
	if err != nil {
		return fmt.Errorf("store: save draft listing: %w", err)
	}
	return nil
}

// SaveDraft keeps b as a draft of its owner, whose address is not verified
// yet.
func (s *Store) SaveDraft(ctx context.Context, b Business) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error { return insertDraft(ctx, tx, b) })
}

// errNotVerified: the owner's address is not verified (or the owner is
// gone).
var errNotVerified = errors.New("store: address not verified")

type draftRow struct {
	ID      int64  `db:"id"`
	Listing string `db:"listing"`
}

// draftRows are the owner's stored drafts, oldest first.
func (s *Store) draftRows(ctx context.Context, ownerID int64) ([]draftRow, error) {
	var rows []draftRow
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`SELECT id, listing FROM listing_drafts WHERE owner_id = ? ORDER BY id`), ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: drafts: %w", err)
	}
	return rows, nil
}

// business is the listing a draft row keeps.
func (r draftRow) business() (Business, error) {
	var b Business
	if err := json.Unmarshal([]byte(r.Listing), &b); err != nil {
		return Business{}, fmt.Errorf("store: draft %d: %w", r.ID, err)
	}
	return b, nil
}

// Drafts are the owner's draft listings, oldest first.
func (s *Store) Drafts(ctx context.Context, ownerID int64) ([]Business, error) {
	rows, err := s.draftRows(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	bs := make([]Business, len(rows))
	for i, r := range rows {
		if bs[i], err = r.business(); err != nil {
			return nil, err
		}
	}
	return bs, nil
}

// Released is a draft made a listing: published, or Held for review as
// Publication says.
type Released struct {
	Business
	Publication Publication
}

// ReleaseDrafts makes each draft of the owner a listing, once their
// address is verified (before, it does nothing): its contact email counts
// as confirmed when it is that address, and it goes live, or is held for
// review, as any new listing does (PublishListing). A draft is released
// once, however many requests try.
func (s *Store) ReleaseDrafts(ctx context.Context, ownerID int64) ([]Released, error) {
	var out []Released
	err := s.InTx(ctx, func(st *Store) error {
		var email string
		err := st.db.GetContext(ctx, &email, st.db.Rebind(`SELECT email FROM users WHERE id = ? AND email_verified_at IS NOT NULL`), ownerID)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotVerified
		}
		if err != nil {
			return fmt.Errorf("store: release drafts: owner: %w", err)
		}
		rows, err := st.draftRows(ctx, ownerID)
		if err != nil {
			return err
		}
		for _, r := range rows {
			// Taking the draft first: of two requests releasing it, the
			// second finds it gone.
			res, err := st.db.ExecContext(ctx, st.db.Rebind(`DELETE FROM listing_drafts WHERE id = ?`), r.ID)
			if err := affectedOne(res, err, "take draft"); errors.Is(err, ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			b, err := r.business()
			if err != nil {
				return err
			}
			b.OwnerID.Int64, b.OwnerID.Valid = ownerID, true
			b.Published, b.Held, b.Suspended = false, false, false
			b.EmailConfirmed = b.Email == "" || NormalizeEmail(b.Email) == email
			created, err := st.insertListing(ctx, st.tx, b)
			if err != nil {
				return err
			}
			p, err := st.PublishListing(ctx, created.ID)
			if err != nil {
				return err
			}
			created.Published, created.Held = !p.Held, p.Held
			out = append(out, Released{Business: created, Publication: p})
		}
		return nil
	})
	if errors.Is(err, errNotVerified) {
		return nil, nil // nothing to release yet
	}
	return out, err
}
