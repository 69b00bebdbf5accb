package domain

import (
	"context"
	"errors"
	"strconv"

	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Reputation alerts (plans with ReviewAlerts): the owner of a listing hears
// of each new review by email, or once a day in a digest, as they chose on
// /profile. Both go through the job queue, committed with the review.

// digestMax is how many reviews a digest quotes; it counts the others.
const digestMax = 20

// SendDigest is the work of a review digest: one email with the reviews
// of the owner's listings written since the last digest (none when there
// are none), and the digest's time recorded, in one transaction. An owner
// who no longer wants a digest, or whose plan no longer brings alerts,
// gets nothing.
func (rv *Reviews) SendDigest(ctx context.Context, ownerID int64) error {
	return rv.store.InTx(ctx, func(tx *store.Store) error {
		// The owner's row lock first: a review committing now waits, and
		// then sees this digest's time (store.DigestPassed).
		now := rv.now()
		since, err := tx.ReviewDigestSince(ctx, ownerID, now)
		if errors.Is(err, store.ErrNotFound) {
			return nil // the account was deleted
		}
		if err != nil {
			return err
		}
		now = rv.now() // after the lock: every review committed before is older
		bill, err := rv.billingOf(ctx, tx, ownerID)
		if err != nil {
			return err
		}
		setting, err := tx.ReviewAlertsOf(ctx, ownerID)
		if err != nil {
			return err
		}
		if !bill.Plan.ReviewAlerts || setting != store.ReviewAlertsDaily {
			return tx.SetReviewDigestAt(ctx, ownerID, now)
		}
		rs, total, err := tx.OwnerReviewsSince(ctx, ownerID, since, now, digestMax)
		if err != nil {
			return err
		}
		if total > 0 {
			if err := rv.queueDigest(ctx, tx, ownerID, rs, total); err != nil {
				return err
			}
			rv.log.Info("review digest queued", "user_id", ownerID, "reviews", total)
		}
		return tx.SetReviewDigestAt(ctx, ownerID, now)
	})
}

// queueDigest queues on tx the digest of rs, the first of total reviews:
// it links the listing's reviews page when they are all of one listing
// and all quoted, the dashboard otherwise.
func (rv *Reviews) queueDigest(ctx context.Context, tx *store.Store, ownerID int64, rs []store.OwnerReview, total int) error {
	owner, err := tx.UserByID(ctx, ownerID)
	if err != nil {
		return err
	}
	alerts := make([]bizmail.ReviewAlert, len(rs))
	listings := map[int64]bool{}
	for i, r := range rs {
		alerts[i] = rv.Alert(r.BusinessID, r.BusinessName, r.Review)
		listings[r.BusinessID] = true
	}
	link := rv.link("/dashboard")
	if len(listings) == 1 && total == len(rs) {
		link = rv.link(OwnerReviewsPath(rs[0].BusinessID))
	}
	return queueMail(ctx, tx, bizmail.ReviewDigest(rv.site, owner.Email, alerts, total-len(rs), link, rv.SettingsLink()))
}

// Alert is a review as the alert emails tell it.
func (rv *Reviews) Alert(businessID int64, business string, r store.Review) bizmail.ReviewAlert {
	return bizmail.ReviewAlert{
		Business: business, Stars: r.Rating, Title: r.Title, Body: r.Body, Author: r.AuthorName,
		Link: rv.link(OwnerReviewsPath(businessID) + "#review-" + strconv.FormatInt(r.ID, 10)),
	}
}

// SettingsLink is where an owner changes their review emails.
func (rv *Reviews) SettingsLink() string { return rv.link("/profile#review-alerts") }

// OwnerReviewsPath is the owner's page of a listing's reviews, which the
// alerts link.
func OwnerReviewsPath(businessID int64) string {
	return "/dashboard/businesses/" + strconv.FormatInt(businessID, 10) + "/reviews"
}
