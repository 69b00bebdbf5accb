package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// accountSQL is the account userID (the ? it takes twice) works in, inside
// a statement: the one they joined as a member, or their own (as
// User.Account, read at the moment of the statement).
const accountSQL = `COALESCE((SELECT m.account_id FROM team_members m WHERE m.user_id = ?), ?)`

// accountOf is the account userID works in now, read in tx: a member
// removed a moment ago is back in their own.
func accountOf(ctx context.Context, tx *sqlx.Tx, userID int64) (int64, error) {
	var account int64
	if err := tx.GetContext(ctx, &account, tx.Rebind(`SELECT `+accountSQL), userID, userID); err != nil {
		return 0, fmt.Errorf("store: account of user: %w", err)
	}
	return account, nil
}

// TeamMemberEmails are the addresses of the members of the account
// (accountID is its owner's id), in the order they joined: the account
// closing page names who loses access with it.
func (s *Store) TeamMemberEmails(ctx context.Context, accountID int64) ([]string, error) {
	var emails []string
	err := s.db.SelectContext(ctx, &emails, s.db.Rebind(`
		SELECT u.email FROM team_members m JOIN users u ON u.id = m.user_id
		WHERE m.account_id = ? ORDER BY m.created_at, u.id`), accountID)
	if err != nil {
		return nil, fmt.Errorf("store: team member emails: %w", err)
	}
	return emails, nil
}
