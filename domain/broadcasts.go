package domain

import (
	"context"
	"database/sql"

	"bizprofile/catalog"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Broadcasts are emails to every confirmed subscriber of a list: the
// newsletters of /admin/newsletter, and the status page's incident
// notices. The job queue sends them in batches (jobs/broadcasts.go).

// broadcast stores a broadcast of subject and body (Markdown) to list,
// written by the administrator by (0: none), and enqueues its sending, in
// tx (the transaction of the record that causes it); it returns its ID.
func (e *env) broadcast(ctx context.Context, tx *store.Store, list store.MailingList, subject, body string, by int64) (int64, error) {
	id, err := tx.CreateBroadcast(ctx, store.Broadcast{
		List: list, Subject: subject, Body: body, CreatedBy: sql.NullInt64{Int64: by, Valid: by != 0},
	})
	if err != nil {
		return 0, err
	}
	if err := tx.Enqueue(ctx, jobs.BroadcastBatch(id)); err != nil {
		return 0, err
	}
	return id, nil
}

// BroadcastMail is sub's own copy of b, with their unsubscribe link; the
// job queue's broadcaster sends it.
func (m *MailingLists) BroadcastMail(b store.Broadcast, sub store.Subscriber) bizmail.Message {
	return bizmail.BroadcastEmail(m.site, sub.Email, b.Subject, b.Body, ListName(sub.List), m.UnsubscribeLink(sub))
}

// SaveNewsletter stores a newsletter's draft (a new one when id is 0,
// written by the administrator by) and returns its ID; a sent newsletter
// is not changed (store.ErrNewsletterSent).
func (m *MailingLists) SaveNewsletter(ctx context.Context, id int64, subject, body string, by int64) (int64, error) {
	if errs := CheckNewsletter(subject, body); len(errs) > 0 {
		return id, Invalid(errs)
	}
	err := m.store.InTx(ctx, func(tx *store.Store) error {
		if id != 0 {
			return tx.UpdateNewsletter(ctx, store.Newsletter{ID: id, Subject: subject, Body: body})
		}
		var err error
		id, err = tx.CreateNewsletter(ctx, store.Newsletter{Subject: subject, Body: body, CreatedBy: sql.NullInt64{Int64: by, Valid: true}})
		return err
	})
	return id, err
}

// CheckNewsletter is what breaks the rules in a newsletter's subject and
// body, by field.
func CheckNewsletter(subject, body string) catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "subject", subject, "Write the subject line.")
	CheckLength(e, "subject", subject, catalog.NewsletterSubjectMax)
	Required(e, "body", body, "Write the newsletter.")
	CheckLength(e, "body", body, catalog.NewsletterBodyMax)
	return e
}

// TestNewsletter queues a copy of a newsletter marked [Test] to the
// administrator's address to. They are on no list: the copy has no
// one-click unsubscribe header.
func (m *MailingLists) TestNewsletter(ctx context.Context, to, subject, body string) error {
	test := bizmail.BroadcastEmail(m.site, to, "[Test] "+subject, body, ListName(store.ListNewsletter), m.link("/unsubscribe"))
	test.Unsubscribe = ""
	return queueMail(ctx, m.store, test)
}

// SendNewsletter sends newsletter n to its list's confirmed subscribers:
// its broadcast is stored and queued, and the newsletter marked sent, in
// one transaction; a second sending changes nothing
// (store.ErrNewsletterSent). It returns the broadcast's ID.
func (m *MailingLists) SendNewsletter(ctx context.Context, n store.Newsletter, by int64) (int64, error) {
	var broadcastID int64
	err := m.store.InTx(ctx, func(tx *store.Store) error {
		id, err := m.broadcast(ctx, tx, store.ListNewsletter, n.Subject, n.Body, by)
		if err != nil {
			return err
		}
		broadcastID = id
		return tx.MarkNewsletterSent(ctx, n.ID, id)
	})
	return broadcastID, err
}
