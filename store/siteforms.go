package store

import (
	"context"
	"crypto/rand"
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
	ListNewsletter MailingList = "newsletter" // the blog's monthly newsletter
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

// Subscribe adds email to list. Subscribing an address that is already on
// the list is not an error: it changes nothing and reports created false.
// Either way it returns the subscription, with its unsubscribe token.
func (s *Store) Subscribe(ctx context.Context, email string, list MailingList) (sub Subscriber, created bool, err error) {
	sub = Subscriber{Email: NormalizeEmail(email), List: list, CreatedAt: time.Now().UTC(), Token: rand.Text()}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`
		INSERT INTO subscribers (email, list, created_at, token) VALUES (?, ?, ?, ?)
		ON CONFLICT (email, list) DO NOTHING`),
		sub.Email, string(list), sub.CreatedAt, sub.Token)
	if err != nil {
		return Subscriber{}, false, fmt.Errorf("store: subscribe to %s: %w", list, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return Subscriber{}, false, fmt.Errorf("store: subscribe to %s: %w", list, err)
	}
	err = s.db.GetContext(ctx, &sub, s.db.Rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE email = ? AND list = ?`), sub.Email, string(list))
	if err != nil {
		return Subscriber{}, false, fmt.Errorf("store: read subscription: %w", err)
	}
	return sub, n > 0, nil
}

// SubscriberByToken returns the subscription an unsubscribe link names.
func (s *Store) SubscriberByToken(ctx context.Context, token string) (Subscriber, error) {
	var sub Subscriber
	err := s.db.GetContext(ctx, &sub, s.db.Rebind(`SELECT `+subscriberColumns+` FROM subscribers WHERE token = ?`), token)
	if err != nil {
		return Subscriber{}, notFound(err, "subscriber by token")
	}
	return sub, nil
}

// Unsubscribe removes the subscription an unsubscribe link names, and
// returns it; ErrNotFound when there is none (any more).
func (s *Store) Unsubscribe(ctx context.Context, token string) (Subscriber, error) {
	var sub Subscriber
	err := s.db.GetContext(ctx, &sub, s.db.Rebind(`DELETE FROM subscribers WHERE token = ? RETURNING `+subscriberColumns), token)
	if err != nil {
		return Subscriber{}, notFound(err, "unsubscribe")
	}
	return sub, nil
}

const subscriberColumns = `id, email, list, created_at, token`

// Subscriber is an address on a mailing list.
type Subscriber struct {
	ID        int64       `db:"id"`
	Email     string      `db:"email"`
	List      MailingList `db:"list"`
	CreatedAt time.Time   `db:"created_at"`
	Token     string      `db:"token"` // in every email's unsubscribe link
}

// Subscribers lists the addresses on list ("" for every list), the newest
// first, a page at a time, with how many there are in all.
func (s *Store) Subscribers(ctx context.Context, list MailingList, p Page) ([]Subscriber, int, error) {
	where, args := "", []any{}
	if list != "" {
		where, args = " WHERE list = ?", []any{string(list)}
	}
	var subs []Subscriber
	err := s.db.SelectContext(ctx, &subs, s.db.Rebind(`SELECT id, email, list, created_at FROM subscribers`+where+
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
