// Package workers is the app's background work: the job queue's handlers,
// one per kind of job the pages, the API and the domain enqueue, and the
// periodic housekeeping. A worker only turns a job's payload into a call
// of the domain (or of the adapter that does the work: the mailer, the
// webhook sender); what the work means is the domain's.
package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/webhooks"
)

// Deps is what the workers need; main.go builds it.
type Deps struct {
	Domain *domain.Domain
	Store  *store.Store
	// Mailer sends the queued emails.
	Mailer bizmail.Sender
	Log    *slog.Logger
	// Production: webhook deliveries keep off loopback and private
	// addresses (the SSRF guard in full).
	Production bool
	// Stripe pays partners' payouts by transfer; nil: not configured.
	Stripe *stripe.Client
}

// backupTimeout bounds a backup (a snapshot and its upload), longer than
// other jobs': a big database takes minutes to copy.
const backupTimeout = 4 * time.Minute

// Register sets on q the handler of every kind of job: emails; the
// account jobs that 'forgot password' and 'resend verification' leave to
// the queue; the review jobs (owners' daily digests, the AI provider's
// sentiment readings); the monthly analytics summaries; the backups; broadcasts to the
// mailing lists; the deletion of images' files; webhook deliveries.
func Register(q *jobs.Queue, d Deps) {
	q.Handle(jobs.KindEmail, jobs.SendEmail(d.Mailer))
	q.Handle(jobs.KindPasswordReset, jobs.ForAddress(d.Domain.Accounts.SendResetLink))
	q.Handle(jobs.KindVerificationResend, jobs.ForAddress(d.Domain.Accounts.ResendVerification))
	q.Handle(jobs.KindReviewDigest, jobs.ForOwner(d.Domain.Reviews.SendDigest))
	q.Handle(jobs.KindReviewSentiment, jobs.ForReview(d.Domain.Reviews.ReadSentiment))
	q.Handle(jobs.KindAnalyticsSummaries, jobs.ForMonth(d.Domain.Analytics.SendSummaries))
	q.Handle(jobs.KindPartnerPayouts, jobs.ForMonth(d.Domain.Partners.RunPayouts))
	q.Handle(jobs.KindAgencyReports, jobs.ForMonth(d.Domain.Agencies.SendReports))
	q.Handle(jobs.KindPartnerTransfer, jobs.ForPayout(func(ctx context.Context, id int64) error {
		return d.Domain.Partners.PayByConnect(ctx, d.Stripe, id)
	}))
	broadcaster := &jobs.Broadcaster{Store: d.Store, Mail: d.Mailer, Compose: d.Domain.MailingLists.BroadcastMail, Log: d.Log}
	q.Handle(jobs.KindBroadcast, broadcaster.Handle)
	q.Handle(jobs.KindImportCheck, jobs.ForImport(d.Domain.Imports.Check))
	q.Handle(jobs.KindImportRun, jobs.ForImport(d.Domain.Imports.Run))
	q.Handle(jobs.KindDeleteImages, jobs.ForPictures(d.Domain.Images.DeleteFiles))
	q.HandleWithin(jobs.KindBackup, jobs.ForBackup(d.Domain.Backups.Run), backupTimeout)
	webhookSender := webhooks.New(d.Store, webhooks.Options{Production: d.Production, Site: d.Domain.Site(), Log: d.Log})
	q.Handle(webhooks.Kind, webhookSender.Deliver)
}
