package domain

import (
	"context"
	"strings"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// ReportInput is a reader's report of a review: why (one of
// catalog.ReportReasons) and their detail.
type ReportInput struct {
	Reason, Detail string
}

// Check is what breaks the rules in in, by field.
func (in ReportInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	CheckOption(e, "reason", strings.TrimSpace(in.Reason), catalog.ReportReasons, "Choose why you are reporting this review.")
	CheckLength(e, "detail", strings.TrimSpace(in.Detail), catalog.ReportDetailMax)
	return e
}

// Report records, by the reader by, that rev breaks the rules. Invalid
// and the store's ErrAlreadyReported, ErrOwnReview and ErrNotFound (hidden
// or deleted meanwhile) say why it could not.
func (rs *Reviews) Report(ctx context.Context, rev store.Review, by int64, in ReportInput) (store.ReviewReport, error) {
	if errs := in.Check(); len(errs) > 0 {
		return store.ReviewReport{}, Invalid(errs)
	}
	rep, err := rs.store.ReportReview(ctx, rev.ID, by, strings.TrimSpace(in.Reason), strings.TrimSpace(in.Detail))
	if err == nil {
		rs.log.Info("review reported", "report_id", rep.ID, "review_id", rev.ID, "business_id", rev.BusinessID, "user_id", by, "reason", rep.Reason)
	}
	return rep, err
}

// ReviewDecision is an administrator's decision on a reported review:
// store.ActionKeepReview, ActionHideReview (a reason is owed to its
// author) or ActionDeleteReview.
type ReviewDecision struct {
	ReviewID int64
	Action   string
	Reason   string
}

// Check is what breaks the rules in d, by field ("reason").
func (d ReviewDecision) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	reason := strings.TrimSpace(d.Reason)
	if d.Action == store.ActionHideReview {
		Required(e, "reason", reason, "Say why the review is hidden: its author is emailed the reason.")
	}
	CheckLength(e, "reason", reason, catalog.ReviewModerationReasonMax)
	return e
}

// DecideReview keeps, hides or deletes a reported review for admin, and
// emails the author of a review hidden or deleted, through the queue in
// the same transaction. Invalid, store.ErrNotFound (deleted meanwhile)
// and store.ErrReviewModerated (decided meanwhile) say why it could not.
func (m *Moderation) DecideReview(ctx context.Context, admin store.User, d ReviewDecision) (store.ModeratedReview, error) {
	if errs := d.Check(); len(errs) > 0 {
		return store.ModeratedReview{}, Invalid(errs)
	}
	reason := strings.TrimSpace(d.Reason)
	var mr store.ModeratedReview
	err := m.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if mr, err = tx.ModerateReview(ctx, d.ReviewID, admin, d.Action, reason); err != nil || mr.AuthorEmail == "" {
			return err
		}
		link := m.link("/directory/" + mr.BusinessSlug)
		switch d.Action {
		case store.ActionHideReview:
			return queueMail(ctx, tx, bizmail.ReviewHidden(m.site, mr.AuthorEmail, mr.BusinessName, mr.Title, reason, link))
		case store.ActionDeleteReview:
			return queueMail(ctx, tx, bizmail.ReviewDeleted(m.site, mr.AuthorEmail, mr.BusinessName, mr.Title, reason, link))
		}
		return nil
	})
	if err == nil {
		m.log.Info("review moderated", "review_id", d.ReviewID, "business_id", mr.BusinessID, "action", d.Action, "admin_id", admin.ID)
	}
	return mr, err
}
