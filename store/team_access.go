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
