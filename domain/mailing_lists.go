package domain

import (
	"context"
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// MailingLists are the newsletter's and the status page's lists: who is
// on them (double opt-in), and the broadcasts that email every confirmed
// subscriber (broadcasts.go).
type MailingLists struct{ *env }

// ConfirmResendAfter is how long an unconfirmed address waits before the
// subscribe form sends it the confirmation link again.
const ConfirmResendAfter = 30 * time.Minute

// unconfirmedKeptFor is how long a subscription waits for its address to
// confirm before housekeeping deletes it (the confirmation email says so).
const unconfirmedKeptFor = 30 * 24 * time.Hour

// Subscribe asks for email to be on list: it is stored
// unconfirmed and sent a link to confirm (double opt-in), and only a
// confirmed address gets the list's emails. Asking again while
// unconfirmed sends the link again, but at most once per
// ConfirmResendAfter: a lost email can be asked for again, and the form
// cannot be used to flood an inbox. A confirmed address is sent nothing
// more.
// Invalid (field "email") says the address is not one.
func (m *MailingLists) Subscribe(ctx context.Context, email string, list store.MailingList) error {
	email = strings.TrimSpace(email)
	e := catalog.FieldErrors{}
	CheckEmail(e, "email", email)
	if len(e) > 0 {
		return Invalid(e)
	}
	return m.store.InTx(ctx, func(tx *store.Store) error {
		sub, send, err := tx.Subscribe(ctx, email, list, ConfirmResendAfter)
		switch {
		case err != nil:
			return err
		case !send:
			m.log.Info("subscription asked again; no email sent", "list", list, "confirmed", sub.Confirmed())
			return nil
		}
		return queueMail(ctx, tx, bizmail.ConfirmSubscription(m.site, sub.Email, ListName(sub.List), ListAbout(sub.List),
			m.link("/subscribe/confirm?token="+url.QueryEscape(sub.Token))))
	})
}

// PruneUnconfirmed deletes the subscriptions never confirmed within
// unconfirmedKeptFor of their last request; the housekeeping runs it.
func (m *MailingLists) PruneUnconfirmed(ctx context.Context) (int64, error) {
	return m.store.PruneUnconfirmedSubscribers(ctx, m.now().Add(-unconfirmedKeptFor))
}

// UnsubscribeLink is the link that takes sub off its list (a page with a
// button; mail clients POST to it for one-click unsubscribing).
func (m *MailingLists) UnsubscribeLink(sub store.Subscriber) string {
	return m.link("/unsubscribe?token=" + url.QueryEscape(sub.Token))
}

// ListName names a mailing list for people.
func ListName(l store.MailingList) string {
	if l == store.ListStatus {
		return "status updates"
	}
	return "the newsletter"
}

// ListAbout says what a mailing list sends, and when.
func ListAbout(l store.MailingList) string {
	if l == store.ListStatus {
		return "You will get an email when an incident or a maintenance on our status page opens, is updated or is resolved."
	}
	return "You will get an email when we publish a newsletter: our newest guides and product changes."
}
