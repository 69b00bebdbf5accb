package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// What visitors send through the site's own forms (decision D8): the
// contact form, feature suggestions, the newsletter and status lists, and
// partner applications. Each is kept for the team to read and answer.

// ContactMessage is what the contact page's form sent.
type ContactMessage struct {
	ID        int64     `db:"id"`
	FirstName string    `db:"first_name"`
	LastName  string    `db:"last_name"`
	Email     string    `db:"email"`
	Company   string    `db:"company"`
	Subject   string    `db:"subject"`
	Message   string    `db:"message"`
	CreatedAt time.Time `db:"created_at"`
}

// FeatureSuggestion is a feature a visitor asked for on /whats-new.
type FeatureSuggestion struct {
	ID          int64     `db:"id"`
	Name        string    `db:"name"`
	Email       string    `db:"email"`
	Title       string    `db:"title"`
	Description string    `db:"description"`
	CreatedAt   time.Time `db:"created_at"`
}

// PartnerApplication is an application to the partner programme.
type PartnerApplication struct {
	ID        int64     `db:"id"`
	Name      string    `db:"name"`
	Email     string    `db:"email"`
	Company   string    `db:"company"`
	Website   string    `db:"website"`
	Tier      string    `db:"tier"` // referral, integration or strategic
	Message   string    `db:"message"`
	CreatedAt time.Time `db:"created_at"`
}

// MailingList names a list visitors subscribe to by email.
type MailingList string

// The lists of the site.
const (
	ListNewsletter MailingList = "newsletter" // the blog's newsletter, written on /admin/newsletter
	ListStatus     MailingList = "status"     // incidents and maintenance
)

// CreateContactMessage stores a message sent through the contact form.
func (s *Store) CreateContactMessage(ctx context.Context, m ContactMessage) (ContactMessage, error) {
	m.CreatedAt = time.Now().UTC()
	m.Email = NormalizeEmail(m.Email)
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`
		INSERT INTO contact_messages (first_name, last_name, email, company, subject, message, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		m.FirstName, m.LastName, m.Email, m.Company, m.Subject, m.Message, m.CreatedAt).Scan(&m.ID)
	if err != nil {
		return ContactMessage{}, fmt.Errorf("store: create contact message: %w", err)
	}
	return m, nil
}

// ContactMessages lists the newest contact messages first, a page at a time, with
// how many there are in all.
func (s *Store) ContactMessages(ctx context.Context, p Page) ([]ContactMessage, int, error) {
	var rows []ContactMessage
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`
		SELECT id, first_name, last_name, email, company, subject, message, created_at
		FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: contact messages: %w", err)
	}
	total, err := s.countRows(ctx, "contact_messages")
	return rows, total, err
}

// CreateFeatureSuggestion stores a suggestion for the product team.
func (s *Store) CreateFeatureSuggestion(ctx context.Context, f FeatureSuggestion) (FeatureSuggestion, error) {
	f.CreatedAt = time.Now().UTC()
	f.Email = NormalizeEmail(f.Email)
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`
		INSERT INTO feature_suggestions (name, email, title, description, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`),
		f.Name, f.Email, f.Title, f.Description, f.CreatedAt).Scan(&f.ID)
	if err != nil {
		return FeatureSuggestion{}, fmt.Errorf("store: create feature suggestion: %w", err)
	}
	return f, nil
}

// FeatureSuggestions lists the newest feature suggestions first, a page at a time, with
// how many there are in all.
func (s *Store) FeatureSuggestions(ctx context.Context, p Page) ([]FeatureSuggestion, int, error) {
	var rows []FeatureSuggestion
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`
		SELECT id, name, email, title, description, created_at
		FROM feature_suggestions ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: feature suggestions: %w", err)
	}
	total, err := s.countRows(ctx, "feature_suggestions")
	return rows, total, err
}

// Subscribe asks for email to be on list. A subscription counts once its
// address confirms it (ConfirmSubscription, from the link in the email the
// caller sends when send is true). send is true for a new subscription,
// and for one still unconfirmed whose last request is older than
// resendAfter: its request is renewed (created_at), so that a lost email
// can be asked for again but the form cannot flood an inbox. An address
// already confirmed is left as it is (send false). Either way it returns
// the subscription; when send is true, with the token of a new link for
// the email (Subscriber.Token).
func (s *Store) Subscribe(ctx context.Context, email string, list MailingList, resendAfter time.Duration) (sub Subscriber, send bool, err error) {
	now := time.Now().UTC()
	email = NormalizeEmail(email)
	err = s.InTx(ctx, func(tx *Store) error {
		err := tx.db.GetContext(ctx, &sub, tx.db.Rebind(`
			INSERT INTO subscribers (email, list, created_at) VALUES (?, ?, ?)
			ON CONFLICT (email, list) DO UPDATE SET created_at = excluded.created_at
			WHERE subscribers.confirmed_at IS NULL AND subscribers.created_at < ?
			RETURNING `+subscriberColumns),
			email, string(list), now, now.Add(-resendAfter))
		if err != nil {
			return err
		}
		send = true
		sub.Token, err = tx.SubscriberLink(ctx, sub.ID)
		return err
	})
	if err == nil {
		return sub, send, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Subscriber{}, false, fmt.Errorf("store: subscribe to %s: %w", list, err)
	}
	err = s.db.GetContext(ctx, &sub, s.db.Rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE email = ? AND list = ?`), email, string(list))
	if err != nil {
		return Subscriber{}, false, fmt.Errorf("store: read subscription: %w", err)
	}
	return sub, false, nil
}

// SubscriberLink makes a new link token for subscription id, for an email
// to send it: the token is returned, only its digest kept. ErrNotFound
// when the subscription is gone (unsubscribed since).
func (s *Store) SubscriberLink(ctx context.Context, id int64) (string, error) {
	token := rand.Text()
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO subscriber_links (digest, subscriber_id, created_at)
		SELECT ?, id, ? FROM subscribers WHERE id = ?`), Digest(token), time.Now().UTC(), id)
	if err != nil {
		return "", fmt.Errorf("store: subscriber link: %w", err)
	}
	n, err := res.RowsAffected()
	switch {
	case err != nil:
		return "", fmt.Errorf("store: subscriber link: %w", err)
	case n == 0:
		return "", ErrNotFound
	}
	return token, nil
}

// bySubscriberLink picks the subscription whose link token is the one
// given (its digest, the query's argument).
const bySubscriberLink = `id = (SELECT subscriber_id FROM subscriber_links WHERE digest = ?)`

// ConfirmSubscription confirms the subscription a confirmation link names
// and returns it; confirming again changes nothing. ErrNotFound when there
// is none (it was unsubscribed, or pruned unconfirmed).
func (s *Store) ConfirmSubscription(ctx context.Context, token string) (Subscriber, error) {
	var sub Subscriber
	err := s.db.GetContext(ctx, &sub, s.db.Rebind(`UPDATE subscribers SET confirmed_at = COALESCE(confirmed_at, ?)
		WHERE `+bySubscriberLink+` RETURNING `+subscriberColumns), time.Now().UTC(), Digest(token))
	if err != nil {
		return Subscriber{}, notFound(err, "confirm subscription")
	}
	sub.Token = token
	return sub, nil
}

// PruneUnconfirmedSubscribers deletes the subscriptions never confirmed
// whose last request is older than before, and says how many.
func (s *Store) PruneUnconfirmedSubscribers(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM subscribers WHERE confirmed_at IS NULL AND created_at < ?`), before.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: prune unconfirmed subscribers: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: prune unconfirmed subscribers: %w", err)
	}
	return n, nil
}

// SubscriberByToken returns the subscription an unsubscribe or
// confirmation link names.
func (s *Store) SubscriberByToken(ctx context.Context, token string) (Subscriber, error) {
	var sub Subscriber
	err := s.db.GetContext(ctx, &sub, s.db.Rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE `+bySubscriberLink), Digest(token))
	if err != nil {
		return Subscriber{}, notFound(err, "subscriber by token")
	}
	sub.Token = token
	return sub, nil
}

// Unsubscribe removes the subscription an unsubscribe link names (and its
// links with it), and returns it; ErrNotFound when there is none (any
// more).
func (s *Store) Unsubscribe(ctx context.Context, token string) (Subscriber, error) {
	var sub Subscriber
	err := s.db.GetContext(ctx, &sub, s.db.Rebind(`DELETE FROM subscribers WHERE `+bySubscriberLink+` RETURNING `+subscriberColumns), Digest(token))
	if err != nil {
		return Subscriber{}, notFound(err, "unsubscribe")
	}
	sub.Token = token
	return sub, nil
}

const subscriberColumns = `id, email, list, created_at, confirmed_at`

// Subscriber is an address on a mailing list.
type Subscriber struct {
	ID    int64       `db:"id"`
	Email string      `db:"email"`
	List  MailingList `db:"list"`
	// CreatedAt is when the address subscribed; while unconfirmed, when it
	// last asked to (each request renews it).
	CreatedAt time.Time `db:"created_at"`
	// Token is the token of the link in hand: the one just made for an
	// email (Subscribe, SubscriberLink), or the one a link came with.
	// Only its digest is stored.
	Token string `db:"-"`
	// ConfirmedAt is when the address confirmed; only confirmed
	// subscriptions are sent the list's emails.
	ConfirmedAt sql.NullTime `db:"confirmed_at"`
}

// Confirmed reports whether the address confirmed its subscription.
func (s Subscriber) Confirmed() bool { return s.ConfirmedAt.Valid }

// Subscribers lists the addresses on list ("" for every list), the newest
// first, a page at a time, with how many there are in all.
func (s *Store) Subscribers(ctx context.Context, list MailingList, p Page) ([]Subscriber, int, error) {
	where, args := "", []any{}
	if list != "" {
		where, args = " WHERE list = ?", []any{string(list)}
	}
	var subs []Subscriber
	err := s.db.SelectContext(ctx, &subs, s.db.Rebind(`SELECT id, email, list, created_at, confirmed_at FROM subscribers`+where+
		` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), concat(args, []any{p.Limit, p.Offset})...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: subscribers: %w", err)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM subscribers`+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count subscribers: %w", err)
	}
	return subs, total, nil
}

// ConfirmedSubscribers counts the confirmed addresses on list: who a
// broadcast to it would reach now.
func (s *Store) ConfirmedSubscribers(ctx context.Context, list MailingList) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM subscribers WHERE list = ? AND confirmed_at IS NOT NULL`), string(list))
	if err != nil {
		return 0, fmt.Errorf("store: count confirmed subscribers: %w", err)
	}
	return n, nil
}

// CreatePartnerApplication stores an application to the partner programme.
func (s *Store) CreatePartnerApplication(ctx context.Context, a PartnerApplication) (PartnerApplication, error) {
	a.CreatedAt = time.Now().UTC()
	a.Email = NormalizeEmail(a.Email)
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`
		INSERT INTO partner_applications (name, email, company, website, tier, message, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		a.Name, a.Email, a.Company, a.Website, a.Tier, a.Message, a.CreatedAt).Scan(&a.ID)
	if err != nil {
		return PartnerApplication{}, fmt.Errorf("store: create partner application: %w", err)
	}
	return a, nil
}

// PartnerApplications lists the newest partner applications first, a page at a time, with
// how many there are in all.
func (s *Store) PartnerApplications(ctx context.Context, p Page) ([]PartnerApplication, int, error) {
	var rows []PartnerApplication
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`
		SELECT id, name, email, company, website, tier, message, created_at
		FROM partner_applications ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: partner applications: %w", err)
	}
	total, err := s.countRows(ctx, "partner_applications")
	return rows, total, err
}

// countRows counts a whole table of the site's forms.
func (s *Store) countRows(ctx context.Context, table string) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM `+table); err != nil {
		return 0, fmt.Errorf("store: count %s: %w", table, err)
	}
	return n, nil
}
