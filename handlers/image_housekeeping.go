package handlers

import (
	"context"

	"bizprofile/store"
)

// PruneStaleImages deletes the uploads that never joined a listing within
// store.PendingImageTTL (a wizard left half-way, a form never sent again)
// and queues their files' deletion in the same transaction; main's
// housekeeping runs it. It returns how many uploads went.
func PruneStaleImages(ctx context.Context, st *store.Store) (int, error) {
	var n int
	err := st.InTx(ctx, func(tx *store.Store) error {
		stale, err := tx.PruneStaleImages(ctx, store.PendingImageTTL)
		if err != nil {
			return err
		}
		n = len(stale)
		return forgetImages(ctx, tx, stale)
	})
	return n, err
}
