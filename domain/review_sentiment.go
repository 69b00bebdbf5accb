package domain

import (
	"context"
	"errors"
	"fmt"

	"bizprofile/ai"
	"bizprofile/store"
)

// sentimentProvider is the configured AI provider when it reads reviews'
// sentiment. The built-in analyser's reading is stored with the review
// already, so it needs no job.
func (rv *Reviews) sentimentProvider() (ai.SentimentClassifier, bool) {
	if _, builtIn := rv.insights.(ai.Analyser); builtIn {
		return nil, false
	}
	c, ok := rv.insights.(ai.SentimentClassifier)
	return c, ok
}

// ReadsSentiment says whether a new or edited review needs a sentiment
// job: the configured provider reads reviews' sentiment.
func (rv *Reviews) ReadsSentiment() bool {
	_, ok := rv.sentimentProvider()
	return ok
}

// ReadSentiment is the work of a sentiment job: the provider's reading of
// the review replaces the built-in analyser's. A provider failure fails
// the attempt, and the queue tries again later; the built-in reading stays
// meanwhile.
func (rv *Reviews) ReadSentiment(ctx context.Context, reviewID int64) error {
	c, ok := rv.sentimentProvider()
	if !ok {
		return nil // the provider was unset since: the built-in reading stays
	}
	r, err := rv.store.ReviewByID(ctx, reviewID)
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
	return rv.store.SetReviewSentiment(ctx, r.ID, sentiment)
}
