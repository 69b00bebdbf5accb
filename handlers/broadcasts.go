package handlers

import (
	"context"
	"net/url"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Broadcasts are emails to every confirmed subscriber of a list: the
// newsletters of /admin/newsletter, and the status page's incident
// notices. The job queue sends them in batches (jobs/broadcasts.go).

// queueBroadcast stores b and enqueues its sending, in tx (the transaction
// of the record that causes it), and returns its ID. b.Body is Markdown.
func (h *Handlers) queueBroadcast(ctx context.Context, tx *store.Store, b store.Broadcast) (int64, error) {
	id, err := tx.CreateBroadcast(ctx, b)
	if err != nil {
		return 0, err
	}
	if err := tx.Enqueue(ctx, jobs.BroadcastBatch(id)); err != nil {
		return 0, err
	}
	return id, nil
}

// broadcaster sends the broadcasts' batches for the job queue.
func (h *Handlers) broadcaster() *jobs.Broadcaster {
	return &jobs.Broadcaster{Store: h.store, Mail: h.mailer, Compose: h.broadcastMail, Log: h.log}
}

// broadcastMail is sub's own copy of b, with their unsubscribe link.
func (h *Handlers) broadcastMail(b store.Broadcast, sub store.Subscriber) bizmail.Message {
	return bizmail.BroadcastEmail(h.domain.Site(), sub.Email, b.Subject, b.Body, listName(sub.List), h.unsubscribeLink(sub))
}

// unsubscribeLink is the link that takes sub off its list (a page with a
// button; mail clients POST to it for one-click unsubscribing).
func (h *Handlers) unsubscribeLink(sub store.Subscriber) string {
	return h.site.BaseURL + "/unsubscribe?token=" + url.QueryEscape(sub.Token)
}
