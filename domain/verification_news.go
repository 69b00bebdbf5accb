package domain

import (
	"context"
	"errors"
	"time"

	"bizprofile/store"
)

// VerificationNews is what the latest verification request of a listing
// tells its owner: one waiting for an administrator, or a rejection by one.
type VerificationNews struct {
	Pending        bool
	PendingSince   time.Time
	Rejected       bool
	RejectedAt     time.Time
	RejectedReason string
}

// VerificationNews reads the latest verification request of businessID.
// A request closed by a domain verification since is no news.
func (l *Listings) VerificationNews(ctx context.Context, businessID int64) (VerificationNews, error) {
	var n VerificationNews
	last, err := l.store.LatestVerificationRequest(ctx, businessID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return n, err
	case last.Status == store.VerificationPending:
		n.Pending, n.PendingSince = true, last.CreatedAt
	case last.Status == store.VerificationRejected && last.DecidedBy.Valid:
		// A rejection by an administrator.
		n.Rejected, n.RejectedAt, n.RejectedReason = true, last.DecidedAt.Time, last.Reason
	}
	return n, nil
}
