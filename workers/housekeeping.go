package workers

import (
	"context"
	"log/slog"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
)

// housekeepingEvery is how often the housekeeping runs.
const housekeepingEvery = 10 * time.Minute

// Housekeeping deletes, every 10 minutes until ctx ends, the sessions
// past their expiry, the rate-limit events (PostgreSQL) older than any
// limit's window, the record of directory changes every instance has long
// applied, the mailing-list subscriptions never confirmed, the status
// page's checks older than it shows, the API's Idempotency-Keys past
// their 24 hours, webhook deliveries older than their log keeps (30
// days), and image uploads that never joined a listing within a day
// (their files through the job queue).
func Housekeeping(ctx context.Context, d Deps) {
	t := time.NewTicker(housekeepingEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			housekeep(ctx, d)
		}
	}
}

// housekeep is one round of Housekeeping.
func housekeep(ctx context.Context, d Deps) {
	db, log := d.Store, d.Log
	if n, err := db.Sessions().DeleteExpired(ctx); err != nil {
		log.Error("session cleanup failed", slog.Any("error", err))
	} else if n > 0 {
		log.Debug("expired sessions deleted", "count", n)
	}
	if err := db.PruneRateEvents(ctx, time.Now().Add(-24*time.Hour)); err != nil {
		log.Warn("rate-limit events not pruned", slog.Any("error", err))
	}
	if err := db.PruneDirectoryChanges(ctx, time.Hour); err != nil {
		log.Warn("directory changes not pruned", slog.Any("error", err))
	}
	if n, err := d.Domain.MailingLists.PruneUnconfirmed(ctx); err != nil {
		log.Warn("unconfirmed subscriptions not pruned", slog.Any("error", err))
	} else if n > 0 {
		log.Info("unconfirmed subscriptions deleted", "count", n)
	}
	if err := db.PruneStatusChecks(ctx, time.Now()); err != nil {
		log.Warn("old status checks not pruned", slog.Any("error", err))
	}
	if _, err := db.PruneIdempotency(ctx, time.Now()); err != nil {
		log.Warn("API idempotency keys not pruned", slog.Any("error", err))
	}
	if n, err := db.PruneWebhookDeliveries(ctx, time.Now().Add(-store.WebhookRetention)); err != nil {
		log.Warn("old webhook deliveries not pruned", slog.Any("error", err))
	} else if n > 0 {
		log.Info("old webhook deliveries deleted", "count", n)
	}
	if n, err := domain.PruneStaleImages(ctx, db, store.PendingImageTTL); err != nil {
		log.Warn("unused image uploads not pruned", slog.Any("error", err))
	} else if n > 0 {
		log.Info("unused image uploads deleted, their files queued for deletion", "count", n)
	}
}
