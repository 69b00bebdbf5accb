package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Verification: how a listing earns its Verified badge. Its owner starts
// it from the listing's manage page: by its domain (CheckDomain), decided
// at once, or by asking our team with evidence (a statement, a phone
// number to call back, a link), which an administrator approves or
// rejects with a reason. Every request and its decision is kept; the
// listing's verified, verified_method and verified_at change in the same
// transaction as the decision (and reach the directory's index through
// its triggers, as every change of verified does).

// How a listing was verified (businesses.verified_method).
const (
	VerifiedByDomain = "domain" // its owner's verified address is at its website's domain
	VerifiedByTeam   = "team"   // an administrator checked it
)

// Verification request statuses.
const (
	VerificationPending  = "pending"
	VerificationApproved = "approved"
	VerificationRejected = "rejected"
)

var (
	// ErrVerificationPending is returned for a request on a listing whose
	// earlier request still waits for an administrator.
	ErrVerificationPending = errors.New("store: a verification request already waits")
	// ErrVerificationDecided is returned when a request was decided
	// already.
	ErrVerificationDecided = errors.New("store: verification request already decided")
	// ErrAlreadyVerified is returned for a request on a verified listing.
	ErrAlreadyVerified = errors.New("store: listing already verified")
	// ErrUnowned refuses to verify a listing nobody owns: the badge says
	// we confirmed who runs the business, and nobody does here.
	ErrUnowned = errors.New("store: nobody owns the listing, so it cannot be verified")
)

// VerificationRequest is an owner's request to verify a listing, with its
// decision and the names an administrator needs to judge it.
type VerificationRequest struct {
	ID            int64         `db:"id"`
	BusinessID    int64         `db:"business_id"`
	UserID        sql.NullInt64 `db:"user_id"`
	Method        string        `db:"method"` // VerifiedByDomain or VerifiedByTeam
	Statement     string        `db:"statement"`
	CallbackPhone string        `db:"callback_phone"`
	EvidenceURL   string        `db:"evidence_url"`
	Status        string        `db:"status"`
	Reason        string        `db:"reason"`     // a rejection's, told to the owner
	DecidedBy     sql.NullInt64 `db:"decided_by"` // NULL for the app's own decisions (domain)
	DecidedAt     sql.NullTime  `db:"decided_at"`
	CreatedAt     time.Time     `db:"created_at"`

	BusinessName    string `db:"business_name"`
	BusinessSlug    string `db:"business_slug"`
	BusinessWebsite string `db:"business_website"`
	UserEmail       string `db:"user_email"`    // the requester's; empty once their account is gone
	DeciderEmail    string `db:"decider_email"` // empty while pending, or for the app's decisions
}

const verificationSelect = `SELECT v.id, v.business_id, v.user_id, v.method, v.statement, v.callback_phone, v.evidence_url,
	v.status, v.reason, v.decided_by, v.decided_at, v.created_at,
	b.name AS business_name, b.slug AS business_slug, b.website AS business_website,
	COALESCE(u.email, '') AS user_email, COALESCE(d.email, '') AS decider_email
	FROM verification_requests v JOIN businesses b ON b.id = v.business_id
	LEFT JOIN users u ON u.id = v.user_id LEFT JOIN users d ON d.id = v.decided_by`

// RequestVerification records an owner's request that our team verify a
// listing (r's BusinessID, UserID and evidence). A listing has one waiting
// request at most (ErrVerificationPending) and a verified one needs none
// (ErrAlreadyVerified).
func (s *Store) RequestVerification(ctx context.Context, r VerificationRequest) (VerificationRequest, error) {
	r.Method, r.Status, r.CreatedAt = VerifiedByTeam, VerificationPending, time.Now().UTC()
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := notVerified(ctx, tx, r.BusinessID); err != nil {
			return err
		}
		// A savepoint keeps the caller's transaction usable after a
		// second request hits the unique index (PostgreSQL would abort it).
		if _, err := tx.ExecContext(ctx, "SAVEPOINT verification_request"); err != nil {
			return fmt.Errorf("store: savepoint: %w", err)
		}
		err := tx.QueryRowxContext(ctx, tx.Rebind(`
			INSERT INTO verification_requests (business_id, user_id, method, statement, callback_phone, evidence_url, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			r.BusinessID, r.UserID, r.Method, r.Statement, r.CallbackPhone, r.EvidenceURL, r.Status, r.CreatedAt).Scan(&r.ID)
		if isUniqueViolation(err) {
			if _, rbErr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT verification_request"); rbErr != nil {
				return fmt.Errorf("store: rollback to savepoint: %w", rbErr)
			}
			return ErrVerificationPending
		}
		if err != nil {
			return fmt.Errorf("store: request verification: %w", err)
		}
		_, err = tx.ExecContext(ctx, "RELEASE SAVEPOINT verification_request")
		return err
	})
	if err != nil {
		return VerificationRequest{}, err
	}
	return s.VerificationRequestByID(ctx, r.ID)
}

// notVerified returns ErrAlreadyVerified for a verified listing, and
// ErrNotFound for none.
func notVerified(ctx context.Context, tx *sqlx.Tx, businessID int64) error {
	var verified bool
	if err := tx.GetContext(ctx, &verified, tx.Rebind(`SELECT verified FROM businesses WHERE id = ?`), businessID); err != nil {
		return notFound(err, "verification: business")
	}
	if verified {
		return ErrAlreadyVerified
	}
	return nil
}

// VerifyByDomain verifies a listing by its domain, as userID asked, once
// the handler has checked the rule (CheckDomain): the request is recorded
// as approved by the app (no decider), and a request that waited for our
// team is closed, as it is needed no more.
func (s *Store) VerifyByDomain(ctx context.Context, businessID, userID int64) (VerificationRequest, error) {
	now := time.Now().UTC()
	var id int64
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := notVerified(ctx, tx, businessID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE verification_requests SET status = ?, reason = ?, decided_at = ? WHERE business_id = ? AND status = ?`),
			VerificationRejected, "Not needed: the listing was verified by its website's domain.", now, businessID, VerificationPending)
		if err != nil {
			return fmt.Errorf("store: close waiting verification request: %w", err)
		}
		err = tx.QueryRowxContext(ctx, tx.Rebind(`
			INSERT INTO verification_requests (business_id, user_id, method, status, decided_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
			businessID, userID, VerifiedByDomain, VerificationApproved, now, now).Scan(&id)
		if err != nil {
			return fmt.Errorf("store: verify by domain: %w", err)
		}
		return setVerified(ctx, tx, businessID, VerifiedByDomain, now)
	})
	if err != nil {
		return VerificationRequest{}, err
	}
	return s.VerificationRequestByID(ctx, id)
}

// setVerified gives a listing the Verified badge, earned by method at at
// ("" takes it away). Only an owned listing earns it: ErrUnowned for
// one nobody owns (every way to verify comes here).
func setVerified(ctx context.Context, tx *sqlx.Tx, businessID int64, method string, at time.Time) error {
	if method != "" {
		var owned bool
		if err := tx.GetContext(ctx, &owned, tx.Rebind(`SELECT owner_id IS NOT NULL FROM businesses WHERE id = ?`), businessID); err != nil {
			return notFound(err, "set verified")
		}
		if !owned {
			return ErrUnowned
		}
	}
	verifiedAt := sql.NullTime{Time: at, Valid: method != ""}
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET verified = ?, verified_method = ?, verified_at = ?, updated_at = ? WHERE id = ?`),
		method != "", method, verifiedAt, at, businessID)
	return affectedOne(res, err, "set verified")
}

// unverifiedSQL takes the badge away, in an UPDATE of businesses.
const unverifiedSQL = `verified = FALSE, verified_method = '', verified_at = NULL`

// DecideVerification approves or rejects a waiting request as admin, with
// the reason a rejection needs (ErrReasonRequired, as for reviews). Approving verifies
// the listing (by our team, now) and records it among the listing's
// moderation actions; rejecting leaves the listing as it is. Of two
// administrators deciding at once, the second gets ErrVerificationDecided.
func (s *Store) DecideVerification(ctx context.Context, id int64, admin User, approve bool, reason string) (VerificationRequest, error) {
	reason = strings.TrimSpace(reason)
	if !approve && reason == "" {
		return VerificationRequest{}, ErrReasonRequired
	}
	v, err := s.VerificationRequestByID(ctx, id)
	if err != nil {
		return VerificationRequest{}, err
	}
	status := VerificationRejected
	if approve {
		status = VerificationApproved
	}
	now := time.Now().UTC()
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE verification_requests SET status = ?, reason = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = ?`),
			status, reason, admin.ID, now, id, VerificationPending)
		if err := affectedOne(res, err, "decide verification"); errors.Is(err, ErrNotFound) {
			return ErrVerificationDecided
		} else if err != nil {
			return err
		}
		if !approve {
			return nil
		}
		if err := setVerified(ctx, tx, v.BusinessID, VerifiedByTeam, now); err != nil {
			return err
		}
		return recordAction(ctx, tx, v.BusinessID, admin, ActionVerify, fmt.Sprintf("Verification request #%d of %s", v.ID, v.UserEmail), now)
	})
	if err != nil {
		return VerificationRequest{}, err
	}
	return s.VerificationRequestByID(ctx, id)
}

// VerificationRequestByID returns a request.
func (s *Store) VerificationRequestByID(ctx context.Context, id int64) (VerificationRequest, error) {
	var v VerificationRequest
	if err := s.db.GetContext(ctx, &v, s.db.Rebind(verificationSelect+` WHERE v.id = ?`), id); err != nil {
		return VerificationRequest{}, notFound(err, "verification request")
	}
	return v, nil
}

// LatestVerificationRequest is a listing's last request (ErrNotFound for
// none): the one that waits, or the last decided.
func (s *Store) LatestVerificationRequest(ctx context.Context, businessID int64) (VerificationRequest, error) {
	var v VerificationRequest
	err := s.db.GetContext(ctx, &v, s.db.Rebind(verificationSelect+` WHERE v.business_id = ? ORDER BY v.created_at DESC, v.id DESC LIMIT 1`), businessID)
	if err != nil {
		return VerificationRequest{}, notFound(err, "latest verification request")
	}
	return v, nil
}

// VerificationHistory is every request of a listing, the newest first.
func (s *Store) VerificationHistory(ctx context.Context, businessID int64) ([]VerificationRequest, error) {
	var vs []VerificationRequest
	err := s.db.SelectContext(ctx, &vs, s.db.Rebind(verificationSelect+` WHERE v.business_id = ? ORDER BY v.created_at DESC, v.id DESC`), businessID)
	if err != nil {
		return nil, fmt.Errorf("store: verification history: %w", err)
	}
	return vs, nil
}

// WaitingVerifications are the requests that wait for an administrator,
// the oldest first (the queue to work through), at most limit of them.
func (s *Store) WaitingVerifications(ctx context.Context, limit int) ([]VerificationRequest, error) {
	var vs []VerificationRequest
	err := s.db.SelectContext(ctx, &vs, s.db.Rebind(verificationSelect+` WHERE v.status = ? ORDER BY v.created_at, v.id LIMIT ?`), VerificationPending, limit)
	if err != nil {
		return nil, fmt.Errorf("store: waiting verifications: %w", err)
	}
	return vs, nil
}

// VerificationDecisions are the decided requests, the latest decision
// first, a page at a time, with how many there are.
func (s *Store) VerificationDecisions(ctx context.Context, p Page) ([]VerificationRequest, int, error) {
	var vs []VerificationRequest
	err := s.db.SelectContext(ctx, &vs, s.db.Rebind(verificationSelect+` WHERE v.status <> ? ORDER BY v.decided_at DESC, v.id DESC LIMIT ? OFFSET ?`),
		VerificationPending, p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: verification decisions: %w", err)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM verification_requests WHERE status <> ?`), VerificationPending); err != nil {
		return nil, 0, fmt.Errorf("store: count verification decisions: %w", err)
	}
	return vs, total, nil
}
