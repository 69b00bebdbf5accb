package handlers

import (
	"context"
	"time"

	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Reputation alerts (plans with ReviewAlerts): the owner of a listing hears
// of each new review by email, or once a day in a digest, as they chose on
// /profile. Both go through the job queue, committed with the review.

// reviewWritten is called in the transaction that stores a new or edited
// review (created says which): it queues the work the review causes
// (the owner's reputation alert, the AI provider's sentiment reading).
func (h *Handlers) reviewWritten(ctx context.Context, tx *store.Store, b store.Business, r store.Review, created bool) error {
	if h.domain.Reviews.ReadsSentiment() {
		if err := tx.Enqueue(ctx, jobs.ReviewSentiment(r.ID)); err != nil {
			return err
		}
	}
	if created && b.OwnerID.Valid && r.Status == store.ReviewPublished {
		if err := h.domain.Events.ReviewCreated(ctx, tx, b, r); err != nil {
			return err
		}
		return h.alertOwner(ctx, tx, b, r)
	}
	return nil
}

// alertOwner queues what the listing's owner is told of a new review: an
// email, or the daily digest that will carry it, when their plan brings
// alerts and they want them. Starter owners see it on their dashboard.
func (h *Handlers) alertOwner(ctx context.Context, tx *store.Store, b store.Business, r store.Review) error {
	ownerID := b.OwnerID.Int64
	subs, err := tx.SubscriptionsOf(ctx, ownerID)
	if err != nil {
		return err
	}
	if !domain.CurrentBilling(subs, time.Now()).Plan.ReviewAlerts {
		return nil
	}
	setting, err := tx.ReviewAlertsOf(ctx, ownerID)
	if err != nil {
		return err
	}
	switch setting {
	case store.ReviewAlertsDaily:
		outcome, err := tx.EnqueueReviewDigest(ctx, ownerID, jobs.ReviewDigest(ownerID, time.Now()), r.CreatedAt)
		if err != nil || outcome != store.DigestPassed {
			return err
		}
		// The digest that just went out could not see this review: it
		// gets an email of its own rather than none.
	case store.ReviewAlertsEach:
	default:
		return nil
	}
	owner, err := tx.UserByID(ctx, ownerID)
	if err != nil {
		return err
	}
	return domain.QueueMail(ctx, tx, bizmail.NewReviewAlert(h.domain.Site(), owner.Email, h.domain.Reviews.Alert(b.ID, b.Name, r), h.domain.Reviews.SettingsLink()))
}
