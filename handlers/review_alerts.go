package handlers

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"bizprofile/ai"
	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Reputation alerts (plans with ReviewAlerts): the owner of a listing hears
// of each new review by email, or once a day in a digest, as they chose on
// /profile. Both go through the job queue, committed with the review.

// digestMax is how many reviews a digest quotes; it counts the others.
const digestMax = 20

// reviewWritten is called in the transaction that stores a new or edited
// review (created says which): it queues the work the review causes
// (the owner's reputation alert, the AI provider's sentiment reading).
func (h *Handlers) reviewWritten(ctx context.Context, tx *store.Store, b store.Business, r store.Review, created bool) error {
	if _, ok := h.sentimentProvider(); ok {
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

// sentimentProvider is the configured AI provider when it reads reviews'
// sentiment. The built-in analyser's reading is stored with the review
// already, so it needs no job.
func (h *Handlers) sentimentProvider() (ai.SentimentClassifier, bool) {
	if _, builtIn := h.insightProvider.(ai.Analyser); builtIn {
		return nil, false
	}
	c, ok := h.insightProvider.(ai.SentimentClassifier)
	return c, ok
}

// readReviewSentiment is the work of a sentiment job: the provider's
// reading of the review replaces the built-in analyser's. A provider
// failure fails the attempt, and the queue tries again later; the built-in
// reading stays meanwhile.
func (h *Handlers) readReviewSentiment(ctx context.Context, reviewID int64) error {
	c, ok := h.sentimentProvider()
	if !ok {
		return nil // the provider was unset since: the built-in reading stays
	}
	r, err := h.store.ReviewByID(ctx, reviewID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // deleted since
	}
	if err != nil {
		return err
	}
	sentiment, err := c.ClassifySentiment(ctx, r.Title, r.Body)
	if err != nil {
		return err
	}
	switch sentiment {
	case store.SentimentPositive, store.SentimentNeutral, store.SentimentNegative:
	default:
		return fmt.Errorf("review sentiment: the provider answered %q", sentiment)
	}
	return h.store.SetReviewSentiment(ctx, r.ID, sentiment)
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
	return domain.QueueMail(ctx, tx, bizmail.NewReviewAlert(h.domain.Site(), owner.Email, h.reviewAlert(b.ID, b.Name, r), h.reviewSettingsLink()))
}

// reviewAlert is a review as the alert emails tell it.
func (h *Handlers) reviewAlert(businessID int64, business string, r store.Review) bizmail.ReviewAlert {
	return bizmail.ReviewAlert{
		Business: business, Stars: r.Rating, Title: r.Title, Body: r.Body, Author: r.AuthorName,
		Link: h.site.BaseURL + ownerReviewsPath(businessID) + "#review-" + strconv.FormatInt(r.ID, 10),
	}
}

// ownerReviewsPath is the owner's page of a listing's reviews.
func ownerReviewsPath(businessID int64) string {
	return "/dashboard/businesses/" + strconv.FormatInt(businessID, 10) + "/reviews"
}

// reviewSettingsLink is where an owner changes their review emails.
func (h *Handlers) reviewSettingsLink() string { return h.site.BaseURL + "/profile#review-alerts" }

// sendReviewDigest is the work of a review digest: one email with the
// reviews of the owner's listings written since the last digest (none when
// there are none), and the digest's time recorded, in one transaction. An
// owner who no longer wants a digest, or whose plan no longer brings
// alerts, gets nothing.
func (h *Handlers) sendReviewDigest(ctx context.Context, ownerID int64) error {
	return h.store.InTx(ctx, func(tx *store.Store) error {
		// The owner's row lock first: a review committing now waits, and
		// then sees this digest's time (store.DigestPassed).
		now := time.Now()
		since, err := tx.ReviewDigestSince(ctx, ownerID, now)
		if errors.Is(err, store.ErrNotFound) {
			return nil // the account was deleted
		}
		if err != nil {
			return err
		}
		now = time.Now() // after the lock: every review committed before is older
		subs, err := tx.SubscriptionsOf(ctx, ownerID)
		if err != nil {
			return err
		}
		setting, err := tx.ReviewAlertsOf(ctx, ownerID)
		if err != nil {
			return err
		}
		if !domain.CurrentBilling(subs, now).Plan.ReviewAlerts || setting != store.ReviewAlertsDaily {
			return tx.SetReviewDigestAt(ctx, ownerID, now)
		}
		rs, total, err := tx.OwnerReviewsSince(ctx, ownerID, since, now, digestMax)
		if err != nil {
			return err
		}
		if total > 0 {
			owner, err := tx.UserByID(ctx, ownerID)
			if err != nil {
				return err
			}
			alerts := make([]bizmail.ReviewAlert, len(rs))
			listings := map[int64]bool{}
			for i, r := range rs {
				alerts[i] = h.reviewAlert(r.BusinessID, r.BusinessName, r.Review)
				listings[r.BusinessID] = true
			}
			link := h.site.BaseURL + "/dashboard"
			if len(listings) == 1 && total == len(rs) {
				link = h.site.BaseURL + ownerReviewsPath(rs[0].BusinessID)
			}
			if err := domain.QueueMail(ctx, tx, bizmail.ReviewDigest(h.domain.Site(), owner.Email, alerts, total-len(rs), link, h.reviewSettingsLink())); err != nil {
				return err
			}
			h.log.Info("review digest queued", "user_id", ownerID, "reviews", total)
		}
		return tx.SetReviewDigestAt(ctx, ownerID, now)
	})
}
