package handlers

import (
	"context"

	"bizprofile/store"
)

// reviewWritten is called in the transaction that stores a new or edited
// review (created says which): it queues the work the review causes
// (the owner's reputation alert, the AI provider's sentiment reading).
func (h *Handlers) reviewWritten(ctx context.Context, tx *store.Store, b store.Business, r store.Review, created bool) error {
	return nil
}
