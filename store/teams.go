package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// A business account is known by its owner's user id; a member is a user
// with a team_members row naming it. Invitations (team_invites) are the
// way in: open ones take a seat until they are accepted, revoked or expire.

// TeamInviteTTL is how long an invitation's link works.
const TeamInviteTTL = 7 * 24 * time.Hour

var (
	// ErrTeamSeatsFull is returned when an account's plan has no seat left
	// for one more person.
	ErrTeamSeatsFull = errors.New("store: no team seat left")
	// ErrTeamJoinBlocked is returned when a user cannot join a team as they
	// are (TeamJoinBlocker says why).
	ErrTeamJoinBlocked = errors.New("store: user cannot join a team")
	// ErrTeamInviteEmail is returned when an invitation is accepted by an
	// account with another address than the one invited.
	ErrTeamInviteEmail = errors.New("store: invitation is for another address")
)

// Why a user cannot join a team (TeamJoinBlocker).
const (
	BlockedMember       = "member"       // already a member of a team
	BlockedTeam         = "team"         // has members or open invitations of their own
	BlockedListings     = "listings"     // owns listings (or listings waiting for their address)
	BlockedSubscription = "subscription" // pays for a plan Stripe still charges
)

// TeamMember is a user who joined a business account.
type TeamMember struct {
	UserID    int64         `db:"user_id"`
	AccountID int64         `db:"account_id"` // the account owner's user id
	InvitedBy sql.NullInt64 `db:"invited_by"`
	CreatedAt time.Time     `db:"created_at"`
}

// TeamMate is a member as the team page shows them.
type TeamMate struct {
	UserID    int64          `db:"user_id"`
	Email     string         `db:"email"`
	Name      string         `db:"full_name"`
	JoinedAt  time.Time      `db:"created_at"`
	InvitedBy sql.NullString `db:"invited_by_email"` // NULL: nobody (a former owner) or a closed account
}

// TeamInvite is an invitation to an account, known by its token's digest.
type TeamInvite struct {
	ID         int64         `db:"id"`
	AccountID  int64         `db:"account_id"`
	Email      string        `db:"email"`
	TokenHash  string        `db:"token_hash"`
	InvitedBy  sql.NullInt64 `db:"invited_by"`
	CreatedAt  time.Time     `db:"created_at"`
	ExpiresAt  time.Time     `db:"expires_at"`
	AcceptedAt sql.NullTime  `db:"accepted_at"`
	AcceptedBy sql.NullInt64 `db:"accepted_by"`
	RevokedAt  sql.NullTime  `db:"revoked_at"`
}

// Expired reports whether the invitation's link stopped working at now.
func (i TeamInvite) Expired(now time.Time) bool { return !now.Before(i.ExpiresAt) }

// Open reports whether the invitation can still be accepted at now (and so
// takes a seat).
func (i TeamInvite) Open(now time.Time) bool {
	return !i.AcceptedAt.Valid && !i.RevokedAt.Valid && !i.Expired(now)
}

const teamInviteColumns = `id, account_id, email, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at`

// openInvite is the condition of an open invitation, given now.
const openInvite = `accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`

// AddTeamMember makes userID a member of the account. The invitation flow
// (AcceptTeamInvite) is the way in for people; tests use this directly.
func (s *Store) AddTeamMember(ctx context.Context, accountID, userID, invitedBy int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO team_members (user_id, account_id, invited_by, created_at) VALUES (?, ?, ?, ?)`),
		userID, accountID, sql.NullInt64{Int64: invitedBy, Valid: invitedBy != 0}, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("store: add team member: %w", err)
	}
	return nil
}

// RemoveTeamMember ends userID's membership of the account at once: the
// next request of any of their sessions works in their own (empty) account.
// The listings they verified by domain lose the badge (dropDomainProof).
// ErrNotFound when they are not a member of it.
func (s *Store) RemoveTeamMember(ctx context.Context, accountID, userID int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM team_members WHERE account_id = ? AND user_id = ?`), accountID, userID)
		if err != nil {
			return fmt.Errorf("store: remove team member: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return dropDomainProof(ctx, tx, accountID, userID, time.Now().UTC())
	})
}

// dropDomainProof takes the badge from the account's listings that userID
// verified by domain (the user of the latest approved domain request), as
// they leave the account: their address at the website's domain was the
// proof, and it is no longer anyone's there (as SetEmail does when the
// address changes).
func dropDomainProof(ctx context.Context, tx *sqlx.Tx, accountID, userID int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET `+unverifiedSQL+`, updated_at = ?
		WHERE owner_id = ? AND verified = TRUE AND verified_method = ?
		  AND (SELECT v.user_id FROM verification_requests v
		       WHERE v.business_id = businesses.id AND v.method = ? AND v.status = ?
		       ORDER BY v.decided_at DESC, v.id DESC LIMIT 1) = ?`),
		now, accountID, VerifiedByDomain, VerifiedByDomain, VerificationApproved, userID)
	if err != nil {
		return fmt.Errorf("store: drop domain proof: %w", err)
	}
	return nil
}

// TeamMatesOf lists the account's members, first joined first.
func (s *Store) TeamMatesOf(ctx context.Context, accountID int64) ([]TeamMate, error) {
	var ms []TeamMate
	err := s.db.SelectContext(ctx, &ms, s.db.Rebind(`
		SELECT m.user_id, u.email, COALESCE(p.full_name, '') AS full_name, m.created_at, i.email AS invited_by_email
		FROM team_members m JOIN users u ON u.id = m.user_id
		LEFT JOIN profiles p ON p.user_id = m.user_id
		LEFT JOIN users i ON i.id = m.invited_by
		WHERE m.account_id = ? ORDER BY m.created_at, m.user_id`), accountID)
	if err != nil {
		return nil, fmt.Errorf("store: team mates: %w", err)
	}
	return ms, nil
}

// PendingTeamInvites lists the account's invitations neither accepted nor
// revoked, expired ones included (the page offers to send them again),
// newest first.
func (s *Store) PendingTeamInvites(ctx context.Context, accountID int64) ([]TeamInvite, error) {
	var is []TeamInvite
	err := s.db.SelectContext(ctx, &is, s.db.Rebind(`SELECT `+teamInviteColumns+` FROM team_invites
		WHERE account_id = ? AND accepted_at IS NULL AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`), accountID)
	if err != nil {
		return nil, fmt.Errorf("store: pending team invites: %w", err)
	}
	return is, nil
}

// TeamSeatsTaken is how many seats the account uses at now: its owner, its
// members and its open invitations.
func (s *Store) TeamSeatsTaken(ctx context.Context, accountID int64, now time.Time) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT 1
		+ (SELECT COUNT(*) FROM team_members WHERE account_id = ?)
		+ (SELECT COUNT(*) FROM team_invites WHERE account_id = ? AND `+openInvite+`)`), accountID, accountID, now.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: team seats: %w", err)
	}
	return n, nil
}

// TeamInvitesSince counts the invitation emails the account sent since
// (each sending is a row: sending again makes a new one).
func (s *Store) TeamInvitesSince(ctx context.Context, accountID int64, since time.Time) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM team_invites WHERE account_id = ? AND created_at > ?`), accountID, since.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: team invites since: %w", err)
	}
	return n, nil
}

// CreateTeamInvite stores an invitation to inv.Email, valid for
// TeamInviteTTL; any earlier invitation of the address to the account that
// was not accepted is revoked with it, so only the newest link works. It
// returns the stored invitation.
func (s *Store) CreateTeamInvite(ctx context.Context, inv TeamInvite) (TeamInvite, error) {
	now := time.Now().UTC()
	inv.Email = NormalizeEmail(inv.Email)
	inv.CreatedAt, inv.ExpiresAt = now, now.Add(TeamInviteTTL)
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE team_invites SET revoked_at = ?
			WHERE account_id = ? AND email = ? AND accepted_at IS NULL AND revoked_at IS NULL`), now, inv.AccountID, inv.Email); err != nil {
			return fmt.Errorf("store: retire team invites: %w", err)
		}
		return tx.QueryRowxContext(ctx, tx.Rebind(`INSERT INTO team_invites (account_id, email, token_hash, invited_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), inv.AccountID, inv.Email, inv.TokenHash, inv.InvitedBy, inv.CreatedAt, inv.ExpiresAt).Scan(&inv.ID)
	})
	if err != nil {
		return TeamInvite{}, fmt.Errorf("store: create team invite: %w", err)
	}
	return inv, nil
}

// TeamInviteOf finds one of the account's invitations by id.
func (s *Store) TeamInviteOf(ctx context.Context, accountID, id int64) (TeamInvite, error) {
	var inv TeamInvite
	err := s.db.GetContext(ctx, &inv, s.db.Rebind(`SELECT `+teamInviteColumns+` FROM team_invites WHERE id = ? AND account_id = ?`), id, accountID)
	if err != nil {
		return TeamInvite{}, notFound(err, "team invite")
	}
	return inv, nil
}

// TeamInviteByHash finds an invitation by its token's digest, whatever its
// state (the page tells a used link from an expired one).
func (s *Store) TeamInviteByHash(ctx context.Context, hash string) (TeamInvite, error) {
	var inv TeamInvite
	err := s.db.GetContext(ctx, &inv, s.db.Rebind(`SELECT `+teamInviteColumns+` FROM team_invites WHERE token_hash = ?`), hash)
	if err != nil {
		return TeamInvite{}, notFound(err, "team invite by hash")
	}
	return inv, nil
}

// RevokeTeamInvite ends one of the account's invitations that was not
// accepted: its link stops working and its seat is free. ErrNotFound when
// there is no such invitation still pending.
func (s *Store) RevokeTeamInvite(ctx context.Context, accountID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE team_invites SET revoked_at = ?
		WHERE id = ? AND account_id = ? AND accepted_at IS NULL AND revoked_at IS NULL`), time.Now().UTC(), id, accountID)
	return affectedOne(res, err, "revoke team invite")
}

// TeamJoinBlocker says why the user cannot join a team as they are (one of
// the Blocked constants), or "" when they can: a member never owns
// anything under their own id.
func (s *Store) TeamJoinBlocker(ctx context.Context, userID int64) (string, error) {
	var row struct {
		Member       bool `db:"member"`
		Team         bool `db:"team"`
		Listings     bool `db:"listings"`
		Subscription bool `db:"subscription"`
	}
	err := s.db.GetContext(ctx, &row, s.db.Rebind(`SELECT
		EXISTS (SELECT 1 FROM team_members WHERE user_id = ?) AS member,
		(EXISTS (SELECT 1 FROM team_members WHERE account_id = ?)
			OR EXISTS (SELECT 1 FROM team_invites WHERE account_id = ? AND `+openInvite+`)) AS team,
		(EXISTS (SELECT 1 FROM businesses WHERE owner_id = ?)
			OR EXISTS (SELECT 1 FROM listing_drafts WHERE owner_id = ?)) AS listings,
		EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ? AND status NOT IN (?, ?)) AS subscription`),
		userID, userID, userID, time.Now().UTC(), userID, userID, userID, StatusCanceled, StatusIncompleteExpired)
	if err != nil {
		return "", fmt.Errorf("store: team join blocker: %w", err)
	}
	switch {
	case row.Member:
		return BlockedMember, nil
	case row.Team:
		return BlockedTeam, nil
	case row.Listings:
		return BlockedListings, nil
	case row.Subscription:
		return BlockedSubscription, nil
	}
	return "", nil
}

// AcceptTeamInvite makes user a member of the account of the invitation
// whose token has the digest hash, in one transaction: the invitation is
// marked accepted only if it is still open (so a link works once, even
// clicked twice at the same moment: ErrTokenInvalid for the second), the
// account must have a seat for them within seats (ErrTeamSeatsFull), and
// the user must be the one invited (ErrTeamInviteEmail) and own nothing
// (ErrTeamJoinBlocked). The user's kind of account stays as it is (a
// member works in the team's business account whatever their own kind,
// and a person who leaves finds their own home as they left it); API keys
// and webhook endpoints of their own (empty) account stop working, as a
// member's account is the team's. It returns the invitation.
func (s *Store) AcceptTeamInvite(ctx context.Context, hash string, user User, seats int) (TeamInvite, error) {
	var inv TeamInvite
	err := s.InTx(ctx, func(tx *Store) error {
		now := time.Now().UTC()
		var err error
		if inv, err = tx.TeamInviteByHash(ctx, hash); errors.Is(err, ErrNotFound) {
			return ErrTokenInvalid
		} else if err != nil {
			return err
		}
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE team_invites SET accepted_at = ?, accepted_by = ?
			WHERE id = ? AND `+openInvite), now, user.ID, inv.ID, now)
		if err := affectedOne(res, err, "accept team invite"); errors.Is(err, ErrNotFound) {
			return ErrTokenInvalid
		} else if err != nil {
			return err
		}
		inv.AcceptedAt, inv.AcceptedBy = sql.NullTime{Time: now, Valid: true}, sql.NullInt64{Int64: user.ID, Valid: true}
		if NormalizeEmail(user.Email) != inv.Email {
			return ErrTeamInviteEmail
		}
		if user.ID == inv.AccountID {
			return ErrTeamJoinBlocked
		}
		if blocker, err := tx.TeamJoinBlocker(ctx, user.ID); err != nil {
			return err
		} else if blocker != "" {
			return ErrTeamJoinBlocked
		}
		// The seats: everyone there now (this invitation no longer counts
		// as open) and the newcomer.
		if taken, err := tx.TeamSeatsTaken(ctx, inv.AccountID, now); err != nil {
			return err
		} else if taken+1 > seats {
			return ErrTeamSeatsFull
		}
		if err := tx.AddTeamMember(ctx, inv.AccountID, user.ID, inv.InvitedBy.Int64); err != nil {
			return err
		}
		for _, q := range []struct {
			what string
			sql  string
			args []any
		}{
			{"retire own API keys", `UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL`, []any{now, user.ID}},
			{"retire own webhook endpoints", `UPDATE webhook_endpoints SET disabled_at = ?, disabled_reason = ? WHERE account_id = ? AND disabled_at IS NULL`,
				[]any{now, "Its account joined another account's team.", user.ID}},
			{"forget own idempotency keys", `DELETE FROM api_idempotency WHERE account_id = ?`, []any{user.ID}},
		} {
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(q.sql), q.args...); err != nil {
				return fmt.Errorf("store: %s: %w", q.what, err)
			}
		}
		return nil
	})
	if err != nil {
		return TeamInvite{}, err
	}
	return inv, nil
}

// TransferTeamOwnership makes the member newOwnerID the owner of the
// account (the old owner's id) in one transaction: everything the account
// holds under its owner's id moves to the new owner's (listings, which
// lose their Verified badge, as it was earned by their owner; listing
// drafts, subscriptions, and so the plan and its card, members,
// invitations, API keys, idempotency records, webhook endpoints, the
// analytics order value), and the old owner
// becomes a member. A new owner with a personal account gets a business
// account. Personal settings (review alerts, the analytics summary
// choice) stay with each person, and so do claims (an approved claim goes
// to the account its claimant works in at the decision). ErrNotFound when newOwnerID is not a
// member of the account.
func (s *Store) TransferTeamOwnership(ctx context.Context, accountID, newOwnerID int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		now := time.Now().UTC()
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`DELETE FROM team_members WHERE user_id = ? AND account_id = ?`), newOwnerID, accountID)
		if err := affectedOne(res, err, "transfer: new owner's membership"); err != nil {
			return err
		}
		old, to := accountID, newOwnerID
		for _, q := range []struct {
			what string
			sql  string
			args []any
		}{
			// An owner of listings has a business account (a member may
			// have joined with a personal one).
			{"new owner's kind", `UPDATE users SET kind = ?, updated_at = ? WHERE id = ? AND kind = ?`, []any{KindBusiness, now, to, KindIndividual}},
			// The badge was the old owner's: we confirmed who ran the
			// business, and that changes. The new owner verifies again.
			{"verification", `UPDATE businesses SET ` + unverifiedSQL + `, updated_at = ? WHERE owner_id = ? AND verified = TRUE`, []any{now, old}},
			{"listings", `UPDATE businesses SET owner_id = ?, updated_at = ? WHERE owner_id = ?`, []any{to, now, old}},
			{"listing drafts", `UPDATE listing_drafts SET owner_id = ? WHERE owner_id = ?`, []any{to, old}},
			// The plan goes with the account. The Stripe subscription's
			// metadata still names the old owner: the webhook keeps a
			// stored user_id (billing.go), so later events leave it here.
			{"subscriptions", `UPDATE subscriptions SET user_id = ? WHERE user_id = ?`, []any{to, old}},
			{"members", `UPDATE team_members SET account_id = ? WHERE account_id = ?`, []any{to, old}},
			{"old owner's membership", `INSERT INTO team_members (user_id, account_id, invited_by, created_at) VALUES (?, ?, NULL, ?)`, []any{old, to, now}},
			{"invitations", `UPDATE team_invites SET account_id = ? WHERE account_id = ?`, []any{to, old}},
			{"API keys", `UPDATE api_keys SET account_id = ? WHERE account_id = ?`, []any{to, old}},
			// A member holds none; a key of the new owner's own from before
			// (AcceptTeamInvite forgets them) would clash with the key.
			{"idempotency (new owner's)", `DELETE FROM api_idempotency WHERE account_id = ?`, []any{to}},
			{"idempotency", `UPDATE api_idempotency SET account_id = ? WHERE account_id = ?`, []any{to, old}},
			{"webhook endpoints", `UPDATE webhook_endpoints SET account_id = ? WHERE account_id = ?`, []any{to, old}},
			{"listing images", `UPDATE listing_images SET account_id = ? WHERE account_id = ?`, []any{to, old}},
			// The average order value is the account's (analytics' return
			// on investment), kept on its owner's row.
			{"order value", `UPDATE users SET order_value_cents = (SELECT o.order_value_cents FROM users o WHERE o.id = ?), updated_at = ? WHERE id = ?`, []any{old, now, to}},
		} {
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(q.sql), q.args...); err != nil {
				return fmt.Errorf("store: transfer %s: %w", q.what, err)
			}
		}
		return nil
	})
}
