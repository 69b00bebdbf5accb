package handlers

import (
	"context"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// queueMail enqueues messages for the job queue on st: the store, or the
// transaction (store.InTx) that stores the record they tell of, so that
// the record and its emails commit together. The queue delivers them,
// retrying while the mail server fails; nothing the app promised to send
// is lost with the process.
func queueMail(ctx context.Context, st *store.Store, ms ...bizmail.Message) error {
	js := make([]store.NewJob, len(ms))
	for i, m := range ms {
		js[i] = jobs.Email(m)
	}
	return st.Enqueue(ctx, js...)
}

func (h *Handlers) mailSite() bizmail.Site {
	return bizmail.Site{Name: h.site.Name, BaseURL: h.site.BaseURL, SupportEmail: h.site.SupportEmail}
}
