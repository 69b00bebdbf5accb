package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"bizprofile/catalog"

	"github.com/jmoiron/sqlx"
)

// Webhook event types an endpoint may ask for.
const (
	EventLeadCreated    = "lead.created"
	EventLeadUpdated    = "lead.updated"
	EventReviewCreated  = "review.created"
	EventListingUpdated = "listing.updated"
)

// WebhookEvents lists the event types, in the order the forms show them
// (the catalogue's).
var WebhookEvents = catalog.Values(catalog.WebhookEvents)

// MaxWebhookEndpoints is how many endpoints an account may have.
const MaxWebhookEndpoints = 5

// WebhookEndpoint is where an account's events are sent.
type WebhookEndpoint struct {
	ID             int64        `db:"id"`
	AccountID      int64        `db:"account_id"`
	URL            string       `db:"url"`
	Description    string       `db:"description"`
	Secret         string       `db:"secret"` // signs each delivery (whsec_…)
	Events         string       `db:"events"` // space-separated event types
	CreatedAt      time.Time    `db:"created_at"`
	UpdatedAt      time.Time    `db:"updated_at"`
	FailingSince   sql.NullTime `db:"failing_since"` // first failure since the last success
	DisabledAt     sql.NullTime `db:"disabled_at"`
	DisabledReason string       `db:"disabled_reason"`
	// CreatedBy is who set the endpoint up, or last turned it back on
	// (NULL: their account is closed): it stops with their rights to the
	// account's API (domain/team_integrations.go).
	CreatedBy sql.NullInt64 `db:"created_by"`
}

// EventList is the endpoint's event types.
func (e WebhookEndpoint) EventList() []string { return strings.Fields(e.Events) }

// Wants reports whether the endpoint asked for events of this type.
func (e WebhookEndpoint) Wants(eventType string) bool {
	for _, t := range e.EventList() {
		if t == eventType {
			return true
		}
	}
	return false
}

// Enabled reports whether events are sent to the endpoint.
func (e WebhookEndpoint) Enabled() bool { return !e.DisabledAt.Valid }

const webhookEndpointColumns = `id, account_id, url, description, secret, events, created_at, updated_at, failing_since, disabled_at, disabled_reason, created_by`

// WebhookEndpointsOf lists an account's endpoints, oldest first.
func (s *Store) WebhookEndpointsOf(ctx context.Context, accountID int64) ([]WebhookEndpoint, error) {
	var es []WebhookEndpoint
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE account_id = ? ORDER BY created_at, id`), accountID)
	if err != nil {
		return nil, fmt.Errorf("store: webhook endpoints of account: %w", err)
	}
	return es, nil
}

// WebhookEndpointByID finds an endpoint by id, whatever its account (the
// delivery worker's lookup; pages use WebhookEndpointOf).
func (s *Store) WebhookEndpointByID(ctx context.Context, id int64) (WebhookEndpoint, error) {
	var e WebhookEndpoint
	err := s.db.GetContext(ctx, &e, s.db.Rebind(`SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE id = ?`), id)
	if err != nil {
		return WebhookEndpoint{}, notFound(err, "webhook endpoint by id")
	}
	return e, nil
}

// WebhookEndpointOf finds an endpoint of the account; ErrNotFound for
// another account's.
func (s *Store) WebhookEndpointOf(ctx context.Context, accountID, id int64) (WebhookEndpoint, error) {
	var e WebhookEndpoint
	err := s.db.GetContext(ctx, &e, s.db.Rebind(`SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE id = ? AND account_id = ?`), id, accountID)
	if err != nil {
		return WebhookEndpoint{}, notFound(err, "webhook endpoint of account")
	}
	return e, nil
}

// WebhookSecretPrefix starts every endpoint's signing secret.
const WebhookSecretPrefix = "whsec_"

// ErrWebhookEndpointLimit is returned when an account already has
// MaxWebhookEndpoints endpoints.
var ErrWebhookEndpointLimit = errors.New("store: webhook endpoint limit reached")

// GenerateWebhookSecret makes a new signing secret: WebhookSecretPrefix and
// 32 random lower-case base32 characters (160 bits).
func GenerateWebhookSecret() string {
	b := make([]byte, 20)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return WebhookSecretPrefix + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// WebhookEndpointFields are what the owner sets on an endpoint.
type WebhookEndpointFields struct {
	URL         string
	Description string
	Events      []string // among WebhookEvents, at least one
	// CreatedBy is who adds the endpoint (0: the account's owner); a
	// change keeps the one who added it.
	CreatedBy int64
}

// eventsColumn is fields' events as the events column keeps them, in the
// order of WebhookEvents; an error for an unknown type or none.
func (f WebhookEndpointFields) eventsColumn() (string, error) {
	var kept []string
	for _, known := range WebhookEvents {
		if slices.Contains(f.Events, known) {
			kept = append(kept, known)
		}
	}
	for _, e := range f.Events {
		if !slices.Contains(WebhookEvents, e) {
			return "", fmt.Errorf("unknown event type %q", e)
		}
	}
	if len(kept) == 0 {
		return "", errors.New("no event type")
	}
	return strings.Join(kept, " "), nil
}

// CreateWebhookEndpoint adds an endpoint to the account with a new secret.
// It fails with ErrWebhookEndpointLimit when the account already has
// MaxWebhookEndpoints, counted in the transaction that adds it.
func (s *Store) CreateWebhookEndpoint(ctx context.Context, accountID int64, f WebhookEndpointFields) (WebhookEndpoint, error) {
	events, err := f.eventsColumn()
	if err != nil {
		return WebhookEndpoint{}, fmt.Errorf("store: create webhook endpoint: %w", err)
	}
	now, by := time.Now().UTC(), f.CreatedBy
	if by == 0 {
		by = accountID
	}
	e := WebhookEndpoint{AccountID: accountID, URL: f.URL, Description: f.Description, Secret: GenerateWebhookSecret(),
		Events: events, CreatedAt: now, UpdatedAt: now, CreatedBy: sql.NullInt64{Int64: by, Valid: true}}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if s.dialect == Postgres {
			// Two additions at once must not both pass the count.
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, fmt.Sprintf("webhook_endpoints|%d", accountID)); err != nil {
				return err
			}
		}
		var held int
		if err := tx.GetContext(ctx, &held, tx.Rebind(`SELECT COUNT(*) FROM webhook_endpoints WHERE account_id = ?`), accountID); err != nil {
			return err
		}
		if held >= MaxWebhookEndpoints {
			return ErrWebhookEndpointLimit
		}
		return tx.GetContext(ctx, &e.ID, tx.Rebind(`INSERT INTO webhook_endpoints (account_id, url, description, secret, events, created_at, updated_at, created_by)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), e.AccountID, e.URL, e.Description, e.Secret, e.Events, e.CreatedAt, e.UpdatedAt, e.CreatedBy)
	})
	if err != nil {
		if errors.Is(err, ErrWebhookEndpointLimit) {
			return WebhookEndpoint{}, err
		}
		return WebhookEndpoint{}, fmt.Errorf("store: create webhook endpoint: %w", err)
	}
	return e, nil
}

// UpdateWebhookEndpoint changes an endpoint's URL, description and events.
// A new URL forgets the failures of the old one (failing_since); a
// disabled endpoint stays disabled until EnableWebhookEndpoint.
// ErrNotFound when the account has no such endpoint.
func (s *Store) UpdateWebhookEndpoint(ctx context.Context, accountID, id int64, f WebhookEndpointFields) error {
	events, err := f.eventsColumn()
	if err != nil {
		return fmt.Errorf("store: update webhook endpoint: %w", err)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE webhook_endpoints
		SET failing_since = CASE WHEN url = ? THEN failing_since ELSE NULL END, url = ?, description = ?, events = ?, updated_at = ?
		WHERE id = ? AND account_id = ?`), f.URL, f.URL, f.Description, events, time.Now().UTC(), id, accountID)
	return affectedOne(res, err, "update webhook endpoint")
}

// DeleteWebhookEndpoint removes an endpoint of the account with its
// delivery log. ErrNotFound when the account has no such endpoint.
func (s *Store) DeleteWebhookEndpoint(ctx context.Context, accountID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM webhook_endpoints WHERE id = ? AND account_id = ?`), id, accountID)
	return affectedOne(res, err, "delete webhook endpoint")
}

// RotateWebhookSecret gives an endpoint of the account a new secret, which
// signs every delivery from now on, and returns it. ErrNotFound when the
// account has no such endpoint.
func (s *Store) RotateWebhookSecret(ctx context.Context, accountID, id int64) (string, error) {
	secret := GenerateWebhookSecret()
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE webhook_endpoints SET secret = ?, updated_at = ? WHERE id = ? AND account_id = ?`),
		secret, time.Now().UTC(), id, accountID)
	if err := affectedOne(res, err, "rotate webhook secret"); err != nil {
		return "", err
	}
	return secret, nil
}

// EnableWebhookEndpoint sends events to an endpoint of the account again,
// forgetting why and since when it was disabled or failing; the user by,
// who turns it back on, answers for it from now on (CreatedBy: an
// endpoint a former owner set up becomes the owner's). ErrNotFound when
// the account has no such endpoint.
func (s *Store) EnableWebhookEndpoint(ctx context.Context, accountID, id, by int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE webhook_endpoints
		SET disabled_at = NULL, disabled_reason = '', failing_since = NULL, updated_at = ?, created_by = ?
		WHERE id = ? AND account_id = ?`), time.Now().UTC(), by, id, accountID)
	return affectedOne(res, err, "enable webhook endpoint")
}
