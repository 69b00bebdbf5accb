package handlers

import (
	"context"
	"errors"

	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/webhooks"
)

// HandleJobs registers on q the handlers of the jobs the pages enqueue:
// emails, sent with the mailer, the account jobs that 'forgot password'
// and 'resend verification' leave to the queue, the review jobs
// (owners' daily digests, the AI provider's sentiment readings) and the
// monthly analytics summaries.
func (h *Handlers) HandleJobs(q *jobs.Queue) {
	q.Handle(jobs.KindEmail, jobs.SendEmail(h.mailer))
	q.Handle(jobs.KindPasswordReset, jobs.ForAddress(h.sendResetLink))
	q.Handle(jobs.KindVerificationResend, jobs.ForAddress(h.resendVerificationLink))
	q.Handle(jobs.KindReviewDigest, jobs.ForOwner(h.sendReviewDigest))
	q.Handle(jobs.KindReviewSentiment, jobs.ForReview(h.readReviewSentiment))
	q.Handle(jobs.KindAnalyticsSummaries, jobs.ForMonth(h.sendAnalyticsSummaries))
	q.Handle(jobs.KindBroadcast, h.broadcaster().Handle)
	q.Handle(jobs.KindDeleteImages, jobs.ForPictures(h.domain.Images.DeleteFiles))
	// Webhook deliveries (CRM sync): in production the SSRF guard keeps
	// them off loopback and private addresses.
	q.Handle(webhooks.Kind, webhooks.New(h.store, webhooks.Options{Production: h.production, Site: h.domain.Site(), Log: h.log}).Deliver)
}

// sendResetLink is the work of a 'forgot password' request: a reset link
// for the account of email, if there is one.
func (h *Handlers) sendResetLink(ctx context.Context, email string) error {
	u, err := h.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil // nothing to send; the visitor had the same answer
	}
	if err != nil {
		return err
	}
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		token, err := h.newToken(ctx, tx, u.ID, store.TokenReset, u.Email, resetTTL)
		if err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.PasswordReset(h.domain.Site(), u.Email, h.site.BaseURL+"/reset-password?token="+token))
	})
	if err == nil {
		h.log.Info("password reset link queued", "user_id", u.ID)
	}
	return err
}

// resendVerificationLink is the work of a 'resend verification' request:
// a new link for the account of email, if it waits for verification.
func (h *Handlers) resendVerificationLink(ctx context.Context, email string) error {
	u, err := h.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil || u.Verified() {
		return err
	}
	p, err := h.store.ProfileOf(ctx, u.ID)
	if err != nil {
		return err
	}
	return h.store.InTx(ctx, func(tx *store.Store) error { return h.queueVerification(ctx, tx, u, p.FullName) })
}
