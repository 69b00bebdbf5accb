package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// TeamMember is a user who joined a business account.
type TeamMember struct {
	UserID    int64         `db:"user_id"`
	AccountID int64         `db:"account_id"` // the account owner's user id
	InvitedBy sql.NullInt64 `db:"invited_by"`
	CreatedAt time.Time     `db:"created_at"`
}

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
// ErrNotFound when they are not a member of it.
func (s *Store) RemoveTeamMember(ctx context.Context, accountID, userID int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM team_members WHERE account_id = ? AND user_id = ?`), accountID, userID)
	if err != nil {
		return fmt.Errorf("store: remove team member: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
