package handlers

import (
	"context"
	"time"

	"bizprofile/store"
)

// PruneStaleImages deletes the uploads that never joined a listing within
// age (main's housekeeping gives store.PendingImageTTL: a wizard left
// half-way, a form never sent again) and queues their files' deletion in
// the same transaction. It returns how many uploads went.
func PruneStaleImages(ctx context.Context, st *store.Store, age time.Duration) (int, error) {
	var n int
	err := st.InTx(ctx, func(tx *store.Store) error {
		stale, err := tx.PruneStaleImages(ctx, age)
		if err != nil {
			return err
		}
		n = len(stale)
		return forgetImages(ctx, tx, stale)
	})
	return n, err
}
