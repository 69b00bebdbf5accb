package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Claims: a business user asks to take over a listing nobody owns (a
// sample or an imported one); an administrator approves or rejects. On
// approval the listing gets its owner and the claimed flag.

// Claim statuses.
const (
	ClaimPending  = "pending"
	ClaimApproved = "approved"
	ClaimRejected = "rejected"
)

var (
	// ErrAlreadyClaimed is returned for a claim on a listing that has an
	// owner already.
	ErrAlreadyClaimed = errors.New("store: listing already has an owner")
	// ErrClaimPending is returned when the same person already has an open
	// claim on the listing.
	ErrClaimPending = errors.New("store: claim already pending")
	// ErrClaimDecided is returned when a claim was approved or rejected
	// already.
	ErrClaimDecided = errors.New("store: claim already decided")
)

// Claim is one request to own a listing, with the names an administrator
// needs to judge it.
type Claim struct {
	ID         int64         `db:"id"`
	BusinessID int64         `db:"business_id"`
	UserID     int64         `db:"user_id"`
	Role       string        `db:"role"`    // the claimant's role at the business
	Message    string        `db:"message"` // why the listing is theirs, how to check
	Status     string        `db:"status"`
	DecidedBy  sql.NullInt64 `db:"decided_by"`
	DecidedAt  sql.NullTime  `db:"decided_at"`
	CreatedAt  time.Time     `db:"created_at"`

	BusinessName string `db:"business_name"`
	BusinessSlug string `db:"business_slug"`
	UserEmail    string `db:"user_email"`
	DeciderEmail string `db:"decider_email"` // empty while pending

	// HandedOverLeads is, on a claim DecideClaim just approved, how many
	// enquiries the listing received without an owner and handed to the
	// claimant.
	HandedOverLeads int `db:"-"`
}

// claimSelect reads claims with their listing's and people's names.
const claimSelect = `SELECT c.id, c.business_id, c.user_id, c.role, c.message, c.status, c.decided_by, c.decided_at,
	c.created_at, b.name AS business_name, b.slug AS business_slug, u.email AS user_email,
	COALESCE(d.email, '') AS decider_email
	FROM claims c JOIN businesses b ON b.id = c.business_id JOIN users u ON u.id = c.user_id
	LEFT JOIN users d ON d.id = c.decided_by`

// CreateClaim records a claim on a listing without an owner.
func (s *Store) CreateClaim(ctx context.Context, c Claim) (Claim, error) {
	c.Status, c.CreatedAt = ClaimPending, time.Now().UTC()
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var owned bool
		err := tx.GetContext(ctx, &owned, tx.Rebind(`SELECT owner_id IS NOT NULL OR claimed FROM businesses WHERE id = ?`), c.BusinessID)
		if err != nil {
			return notFound(err, "claim: business")
		}
		if owned {
			return ErrAlreadyClaimed
		}
		err = tx.QueryRowxContext(ctx, tx.Rebind(`
			INSERT INTO claims (business_id, user_id, role, message, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
			c.BusinessID, c.UserID, c.Role, c.Message, c.Status, c.CreatedAt).Scan(&c.ID)
		if isUniqueViolation(err) {
			return ErrClaimPending
		}
		if err != nil {
			return fmt.Errorf("store: create claim: %w", err)
		}
		return nil
	})
	if err != nil {
		return Claim{}, err
	}
	return s.ClaimByID(ctx, c.ID)
}

// ClaimByID returns a claim.
func (s *Store) ClaimByID(ctx context.Context, id int64) (Claim, error) {
	var c Claim
	if err := s.db.GetContext(ctx, &c, s.db.Rebind(claimSelect+` WHERE c.id = ?`), id); err != nil {
		return Claim{}, notFound(err, "claim by id")
	}
	return c, nil
}

// PendingClaim returns userID's open claim on a listing, or ErrNotFound.
func (s *Store) PendingClaim(ctx context.Context, businessID, userID int64) (Claim, error) {
	var c Claim
	err := s.db.GetContext(ctx, &c, s.db.Rebind(claimSelect+` WHERE c.business_id = ? AND c.user_id = ? AND c.status = ?`),
		businessID, userID, ClaimPending)
	if err != nil {
		return Claim{}, notFound(err, "pending claim")
	}
	return c, nil
}

// Claims lists claims with a status ("" for all), oldest open claims
// first (the queue to work through), else the newest first.
func (s *Store) Claims(ctx context.Context, status string, p Page) ([]Claim, int, error) {
	where, args := "", []any{}
	if status != "" {
		where, args = " WHERE c.status = ?", append(args, status)
	}
	order := " ORDER BY c.created_at DESC, c.id DESC"
	if status == ClaimPending {
		order = " ORDER BY c.created_at, c.id"
	}
	var cs []Claim
	err := s.db.SelectContext(ctx, &cs, s.db.Rebind(claimSelect+where+order+` LIMIT ? OFFSET ?`), append(args, p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: claims: %w", err)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM claims c`+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count claims: %w", err)
	}
	return cs, total, nil
}

// ClaimsForBusiness lists every claim on a listing, the newest first.
func (s *Store) ClaimsForBusiness(ctx context.Context, businessID int64) ([]Claim, error) {
	var cs []Claim
	err := s.db.SelectContext(ctx, &cs, s.db.Rebind(claimSelect+` WHERE c.business_id = ? ORDER BY c.created_at DESC, c.id DESC`), businessID)
	if err != nil {
		return nil, fmt.Errorf("store: claims for business: %w", err)
	}
	return cs, nil
}

// DecideClaim approves or rejects a pending claim as admin, recording the
// decision among the listing's moderation actions. Approving gives the
// listing its owner and the claimed flag, and closes (rejects) the other
// open claims on it; the enquiries the listing received while nobody
// owned it are handed to the new owner (HandedOverLeads of the decided
// claim), each with the hand-over in its history. It returns the decided
// claim and the claims it closed, whose claimants deserve to be told.
func (s *Store) DecideClaim(ctx context.Context, id int64, admin User, approve bool) (decided Claim, closed []Claim, err error) {
	c, err := s.ClaimByID(ctx, id)
	if err != nil {
		return Claim{}, nil, err
	}
	var (
		closedIDs  []int64
		handedOver int
	)
	now := time.Now().UTC()
	status, action := ClaimRejected, ActionRejectClaim
	if approve {
		status, action = ClaimApproved, ActionApproveClaim
	}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// Only a pending claim changes: of two administrators deciding at
		// once, the second is told it was decided.
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE claims SET status = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = ?`),
			status, admin.ID, now, id, ClaimPending)
		if err := affectedOne(res, err, "decide claim"); errors.Is(err, ErrNotFound) {
			return ErrClaimDecided
		} else if err != nil {
			return err
		}
		detail := "Claim by " + c.UserEmail + " (" + c.Role + ")"
		if approve {
			// The listing goes to the account the claimant works in at
			// the decision: a member claims for the account they joined.
			res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET owner_id = `+accountSQL+`, claimed = TRUE, updated_at = ? WHERE id = ? AND owner_id IS NULL`),
				c.UserID, c.UserID, now, c.BusinessID)
			if err := affectedOne(res, err, "give listing its owner"); errors.Is(err, ErrNotFound) {
				return ErrAlreadyClaimed
			} else if err != nil {
				return err
			}
			if handedOver, err = handOverLeads(ctx, tx, c.BusinessID, now); err != nil {
				return err
			}
			err = tx.SelectContext(ctx, &closedIDs, tx.Rebind(`UPDATE claims SET status = ?, decided_by = ?, decided_at = ? WHERE business_id = ? AND status = ? RETURNING id`),
				ClaimRejected, admin.ID, now, c.BusinessID, ClaimPending)
			if err != nil {
				return fmt.Errorf("store: close other claims: %w", err)
			}
			if n := len(closedIDs); n > 0 {
				detail += fmt.Sprintf("; %d other open claim(s) closed", n)
				query, args, err := sqlx.In(claimSelect+` WHERE c.id IN (?) ORDER BY c.id`, closedIDs)
				if err == nil {
					err = tx.SelectContext(ctx, &closed, tx.Rebind(query), args...)
				}
				if err != nil {
					return fmt.Errorf("store: closed claims: %w", err)
				}
			}
		}
		return recordAction(ctx, tx, c.BusinessID, admin, action, detail, now)
	})
	if err != nil {
		return Claim{}, nil, err
	}
	decided, err = s.ClaimByID(ctx, id)
	decided.HandedOverLeads = handedOver
	return decided, closed, err
}
