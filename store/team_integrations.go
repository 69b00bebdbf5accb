package store

import (
	"context"
	"fmt"
	"time"
)

// RetiredIntegrations are an account's API keys revoked and webhook
// endpoints disabled at once, because the person who made them lost the
// right to the account's API.
type RetiredIntegrations struct {
	Keys      []APIKey
	Endpoints []WebhookEndpoint
}

// None reports whether nothing was retired.
func (r RetiredIntegrations) None() bool { return len(r.Keys) == 0 && len(r.Endpoints) == 0 }

// RetireIntegrationsBy revokes, at now, the account's live API keys that
// userID made and disables its enabled webhook endpoints they set up, with
// reason (which the endpoint's page shows), and returns them. Each change
// reports the rows it changed, so a key made meanwhile is never revoked
// unlisted.
func (s *Store) RetireIntegrationsBy(ctx context.Context, accountID, userID int64, reason string, now time.Time) (RetiredIntegrations, error) {
	var r RetiredIntegrations
	now = now.UTC()
	err := s.db.SelectContext(ctx, &r.Keys, s.db.Rebind(`UPDATE api_keys SET revoked_at = ?
		WHERE account_id = ? AND created_by = ? AND revoked_at IS NULL RETURNING `+apiKeyColumns), now, accountID, userID)
	if err != nil {
		return r, fmt.Errorf("store: revoke a person's API keys: %w", err)
	}
	err = s.db.SelectContext(ctx, &r.Endpoints, s.db.Rebind(`UPDATE webhook_endpoints SET disabled_at = ?, disabled_reason = ?, updated_at = ?
		WHERE account_id = ? AND created_by = ? AND disabled_at IS NULL RETURNING `+webhookEndpointColumns), now, reason, now, accountID, userID)
	if err != nil {
		return r, fmt.Errorf("store: disable a person's webhook endpoints: %w", err)
	}
	return r, nil
}
