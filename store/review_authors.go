package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// RenameReviewAuthor changes the name shown with a review, by its author,
// within ReviewEditWindow (the name is part of what the author wrote).
func (s *Store) RenameReviewAuthor(ctx context.Context, id, authorID int64, name string) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		r, err := lockedReview(ctx, tx, id)
		if err != nil {
			return err
		}
		if !r.WrittenBy(authorID) {
			return ErrNotAuthor
		}
		if !r.EditableAt(time.Now()) {
			return ErrEditWindowClosed
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE reviews SET author_name = ? WHERE id = ?`), name, id); err != nil {
			return fmt.Errorf("store: rename review author: %w", err)
		}
		return nil
	})
}
