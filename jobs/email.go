package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// KindEmail is the job that delivers one email.
const KindEmail = "email"

// Email is the job of sending m; the message is rendered when enqueued, so
// the worker only delivers it.
func Email(m bizmail.Message) store.NewJob {
	payload, err := json.Marshal(m)
	if err != nil {
		// A Message is strings only: it always marshals.
		panic(fmt.Sprintf("jobs: email payload: %v", err))
	}
	return store.NewJob{Kind: KindEmail, Payload: payload}
}

// SendEmail is the handler of email jobs: it delivers the message with s.
func SendEmail(s bizmail.Sender) Handler {
	return func(ctx context.Context, payload []byte) error {
		var m bizmail.Message
		if err := json.Unmarshal(payload, &m); err != nil {
			return fmt.Errorf("email job: %w", err)
		}
		return s.Send(ctx, m)
	}
}

// Describe says in a line what a job does, for /admin/jobs.
func Describe(kind string, payload []byte) string {
	if d, ok := describeAccountJob(kind, payload); ok {
		return d
	}
	if d, ok := describeReviewJob(kind, payload); ok {
		return d
	}
	if d, ok := describeAnalyticsJob(kind, payload); ok {
		return d
	}
	if d, ok := describeBroadcastJob(kind, payload); ok {
		return d
	}
	if d, ok := describeImagesJob(kind, payload); ok {
		return d
	}
	if d, ok := describePartnerJob(kind, payload); ok {
		return d
	}
	if d, ok := describeImportJob(kind, payload); ok {
		return d
	}
	if d, ok := describeBackupJob(kind, payload); ok {
		return d
	}
	if d, ok := describeAgencyReportsJob(kind, payload); ok {
		return d
	}
	if kind == KindEmail {
		var m bizmail.Message
		if json.Unmarshal(payload, &m) == nil {
			return "Email to " + m.To + ": " + m.Subject
		}
	}
	return kind
}
