package handlers

import (
	"bizprofile/jobs"
	"bizprofile/webhooks"
)

// HandleJobs registers on q the handlers of the jobs the pages enqueue:
// emails, sent with the mailer, the account jobs that 'forgot password'
// and 'resend verification' leave to the queue, the review jobs
// (owners' daily digests, the AI provider's sentiment readings) and the
// monthly analytics summaries.
func (h *Handlers) HandleJobs(q *jobs.Queue) {
	q.Handle(jobs.KindEmail, jobs.SendEmail(h.mailer))
	q.Handle(jobs.KindPasswordReset, jobs.ForAddress(h.domain.Accounts.SendResetLink))
	q.Handle(jobs.KindVerificationResend, jobs.ForAddress(h.domain.Accounts.ResendVerification))
	q.Handle(jobs.KindReviewDigest, jobs.ForOwner(h.sendReviewDigest))
	q.Handle(jobs.KindReviewSentiment, jobs.ForReview(h.readReviewSentiment))
	q.Handle(jobs.KindAnalyticsSummaries, jobs.ForMonth(h.sendAnalyticsSummaries))
	q.Handle(jobs.KindBroadcast, h.broadcaster().Handle)
	q.Handle(jobs.KindDeleteImages, jobs.ForPictures(h.domain.Images.DeleteFiles))
	// Webhook deliveries (CRM sync): in production the SSRF guard keeps
	// them off loopback and private addresses.
	q.Handle(webhooks.Kind, webhooks.New(h.store, webhooks.Options{Production: h.production, Site: h.domain.Site(), Log: h.log}).Deliver)
}
