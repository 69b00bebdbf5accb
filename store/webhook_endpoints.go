package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Webhook event types an endpoint may ask for.
const (
	EventLeadCreated    = "lead.created"
	EventLeadUpdated    = "lead.updated"
	EventReviewCreated  = "review.created"
	EventListingUpdated = "listing.updated"
)

// WebhookEvents lists the event types, in the order the forms show them.
var WebhookEvents = []string{EventLeadCreated, EventLeadUpdated, EventReviewCreated, EventListingUpdated}

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

const webhookEndpointColumns = `id, account_id, url, description, secret, events, created_at, updated_at, failing_since, disabled_at, disabled_reason`

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
