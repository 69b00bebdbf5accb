package store_test

import (
	"context"
	"errors"
	"regexp"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

var webhookSecret = regexp.MustCompile(`^whsec_[a-z2-7]{32}$`)

func TestWebhookEndpointsAreCreatedChangedAndDeletedWithinTheirAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("hooks@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other-hooks@example.com"))
		must(t, err)

		e, err := s.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{
			URL: "https://crm.example/hooks", Description: "CRM", Events: []string{store.EventReviewCreated, store.EventLeadCreated},
		})
		must(t, err)
		if !webhookSecret.MatchString(e.Secret) {
			t.Errorf("secret %q, want whsec_ and 32 lower-case base32 characters", e.Secret)
		}
		got, err := s.WebhookEndpointOf(ctx, owner.ID, e.ID)
		must(t, err)
		if got.URL != "https://crm.example/hooks" || got.Description != "CRM" || got.Secret != e.Secret || !got.Enabled() {
			t.Errorf("stored endpoint = %+v", got)
		}
		if got.Events != "lead.created review.created" {
			t.Errorf("events = %q, want them in the catalogue's order", got.Events)
		}
		if _, err := s.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "https://x.example", Events: []string{"lead.deleted"}}); err == nil {
			t.Error("an unknown event type was stored")
		}
		if _, err := s.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "https://x.example"}); err == nil {
			t.Error("an endpoint without events was stored")
		}

		// Another account's endpoint is not found by any change.
		fields := store.WebhookEndpointFields{URL: "https://evil.example", Events: []string{store.EventLeadUpdated}}
		for name, err := range map[string]error{
			"update": s.UpdateWebhookEndpoint(ctx, other.ID, e.ID, fields),
			"enable": s.EnableWebhookEndpoint(ctx, other.ID, e.ID, other.ID),
			"delete": s.DeleteWebhookEndpoint(ctx, other.ID, e.ID),
		} {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s by another account: %v, want ErrNotFound", name, err)
			}
		}
		if _, err := s.RotateWebhookSecret(ctx, other.ID, e.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("rotate by another account: %v, want ErrNotFound", err)
		}
		if _, err := s.WebhookEndpointOf(ctx, other.ID, e.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another account reads the endpoint: %v", err)
		}

		// Failing and disabled (as the delivery engine marks it), then the
		// owner's changes.
		failing := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
		requesterExec(t, s, `UPDATE webhook_endpoints SET failing_since = ?, disabled_at = ?, disabled_reason = ? WHERE id = ?`,
			failing, failing.Add(72*time.Hour), "Every delivery failed for 3 days", e.ID)
		must(t, s.UpdateWebhookEndpoint(ctx, owner.ID, e.ID, store.WebhookEndpointFields{URL: "https://crm.example/hooks", Description: "", Events: []string{store.EventListingUpdated}}))
		got, err = s.WebhookEndpointOf(ctx, owner.ID, e.ID)
		must(t, err)
		if got.Events != "listing.updated" || got.Description != "" || !got.FailingSince.Valid || got.Enabled() {
			t.Errorf("after an edit keeping the URL = %+v: events and description change, failures and disabling stay", got)
		}
		must(t, s.UpdateWebhookEndpoint(ctx, owner.ID, e.ID, store.WebhookEndpointFields{URL: "https://crm.example/v2", Events: []string{store.EventListingUpdated}}))
		got, err = s.WebhookEndpointOf(ctx, owner.ID, e.ID)
		must(t, err)
		if got.URL != "https://crm.example/v2" || got.FailingSince.Valid || got.Enabled() {
			t.Errorf("after a new URL = %+v: the old URL's failures are forgotten, the endpoint stays disabled", got)
		}
		must(t, s.EnableWebhookEndpoint(ctx, owner.ID, e.ID, owner.ID))
		got, err = s.WebhookEndpointOf(ctx, owner.ID, e.ID)
		must(t, err)
		if !got.Enabled() || got.DisabledReason != "" || got.FailingSince.Valid {
			t.Errorf("after enabling = %+v", got)
		}

		secret, err := s.RotateWebhookSecret(ctx, owner.ID, e.ID)
		must(t, err)
		got, err = s.WebhookEndpointOf(ctx, owner.ID, e.ID)
		must(t, err)
		if secret == e.Secret || got.Secret != secret || !webhookSecret.MatchString(secret) {
			t.Errorf("rotated secret %q (was %q, stored %q)", secret, e.Secret, got.Secret)
		}

		must(t, s.DeleteWebhookEndpoint(ctx, owner.ID, e.ID))
		if _, err := s.WebhookEndpointOf(ctx, owner.ID, e.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted endpoint still read: %v", err)
		}
		if err := s.DeleteWebhookEndpoint(ctx, owner.ID, e.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("second delete: %v, want ErrNotFound", err)
		}
	})
}

func TestWebhookEndpointsAreLimitedPerAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("five-hooks@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("one-hook@example.com"))
		must(t, err)
		fields := store.WebhookEndpointFields{URL: "https://crm.example/hooks", Events: []string{store.EventLeadCreated}}
		var first store.WebhookEndpoint
		for i := range store.MaxWebhookEndpoints {
			e, err := s.CreateWebhookEndpoint(ctx, owner.ID, fields)
			must(t, err)
			if i == 0 {
				first = e
			}
		}
		if _, err := s.CreateWebhookEndpoint(ctx, owner.ID, fields); !errors.Is(err, store.ErrWebhookEndpointLimit) {
			t.Fatalf("endpoint past the limit: %v, want ErrWebhookEndpointLimit", err)
		}
		if _, err := s.CreateWebhookEndpoint(ctx, other.ID, fields); err != nil {
			t.Errorf("another account's first endpoint: %v", err)
		}
		must(t, s.DeleteWebhookEndpoint(ctx, owner.ID, first.ID))
		if _, err := s.CreateWebhookEndpoint(ctx, owner.ID, fields); err != nil {
			t.Errorf("endpoint after a deletion: %v", err)
		}
		es, err := s.WebhookEndpointsOf(ctx, owner.ID)
		must(t, err)
		if len(es) != store.MaxWebhookEndpoints {
			t.Errorf("%d endpoints listed, want %d", len(es), store.MaxWebhookEndpoints)
		}
	})
}
