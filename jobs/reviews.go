package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"bizprofile/store"
)

// Kinds of the review jobs: an owner's daily digest of new reviews, and
// the AI provider's reading of a review's sentiment.
const (
	KindReviewDigest    = "review_digest"
	KindReviewSentiment = "review_sentiment"
)

// DigestHour is when, in UTC, the daily review digests go out.
const DigestHour = 8

// ownerPayload is a review digest's payload. Its JSON is the same for
// every digest of an owner, which is how the store tells whether one is
// already waiting.
type ownerPayload struct {
	OwnerID int64 `json:"owner_id"`
}

// reviewPayload is a sentiment job's payload.
type reviewPayload struct {
	ReviewID int64 `json:"review_id"`
}

// ReviewDigest is the job of sending ownerID the reviews written since
// their last digest, at the next DigestHour after now.
func ReviewDigest(ownerID int64, now time.Time) store.NewJob {
	return store.NewJob{Kind: KindReviewDigest, Payload: mustJSON(ownerPayload{OwnerID: ownerID}), RunAt: NextDigestAt(now)}
}

// NextDigestAt is the first DigestHour o'clock (UTC) after now.
func NextDigestAt(now time.Time) time.Time {
	now = now.UTC()
	at := time.Date(now.Year(), now.Month(), now.Day(), DigestHour, 0, 0, 0, time.UTC)
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	return at
}

// ReviewSentiment is the job of asking the AI provider for the sentiment
// of review id.
func ReviewSentiment(reviewID int64) store.NewJob {
	return store.NewJob{Kind: KindReviewSentiment, Payload: mustJSON(reviewPayload{ReviewID: reviewID})}
}

// ForOwner is the handler of review digests: it reads the owner and has do
// the work for them.
func ForOwner(do func(ctx context.Context, ownerID int64) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p ownerPayload
		if err := json.Unmarshal(payload, &p); err != nil {
			return fmt.Errorf("review digest job: %w", err)
		}
		return do(ctx, p.OwnerID)
	}
}

// ForReview is the handler of sentiment jobs: it reads the review and has
// do the work for it.
func ForReview(do func(ctx context.Context, reviewID int64) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p reviewPayload
		if err := json.Unmarshal(payload, &p); err != nil {
			return fmt.Errorf("review sentiment job: %w", err)
		}
		return do(ctx, p.ReviewID)
	}
}

// describeReviewJob says what a review job is for, for /admin/jobs.
func describeReviewJob(kind string, payload []byte) (string, bool) {
	switch kind {
	case KindReviewDigest:
		var p ownerPayload
		if json.Unmarshal(payload, &p) == nil {
			return "Daily review digest for user #" + strconv.FormatInt(p.OwnerID, 10), true
		}
	case KindReviewSentiment:
		var p reviewPayload
		if json.Unmarshal(payload, &p) == nil {
			return "Sentiment of review #" + strconv.FormatInt(p.ReviewID, 10) + " from the AI provider", true
		}
	}
	return "", false
}

// mustJSON encodes a payload of plain fields, which always encodes.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("jobs: payload: %v", err))
	}
	return b
}
