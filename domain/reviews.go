package domain

import (
	"context"
	"errors"
	"strings"

	"bizprofile/catalog"
	"bizprofile/store"
)

// Reviews are what visitors write of a listing and what its owner
// answers: writing, replying, reporting and requesting them.
type Reviews struct{ *env }

// ErrReviewHidden refuses a reply to a review an administrator hid.
var ErrReviewHidden = errors.New("domain: the review is hidden")

// Reply writes or rewrites the answer of the listing's account to rev, by
// the user by (the owner, a member, or the account through an API key),
// from the reviews page or the API. ErrReviewHidden, Invalid (field
// "reply") and store.ErrNotFound / store.ErrNotAuthor (the review or the
// listing changed meanwhile) say why it could not.
func (rs *Reviews) Reply(ctx context.Context, rev store.Review, by int64, text string) (store.Review, error) {
	if rev.Status == store.ReviewHidden {
		return rev, ErrReviewHidden
	}
	text = strings.TrimSpace(text)
	e := catalog.FieldErrors{}
	CheckRule(e, "reply", text, catalog.ReplyRule)
	if len(e) > 0 {
		return rev, Invalid(e)
	}
	return rs.store.SetReply(ctx, rev.ID, by, text)
}

// DeleteReply takes the account's answer off rev.
func (rs *Reviews) DeleteReply(ctx context.Context, rev store.Review, by int64) (store.Review, error) {
	return rs.store.SetReply(ctx, rev.ID, by, "")
}
