package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestWebhookDeliveriesGoToTheEndpointsThatWantTheEvent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("deliveries@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other-deliveries@example.com"))
		must(t, err)
		endpoint := func(account int64, url string, events ...string) store.WebhookEndpoint {
			t.Helper()
			e, err := s.CreateWebhookEndpoint(ctx, account, store.WebhookEndpointFields{URL: url, Events: events})
			must(t, err)
			return e
		}
		leads := endpoint(owner.ID, "https://crm.example/leads", store.EventLeadCreated, store.EventLeadUpdated)
		endpoint(owner.ID, "https://crm.example/listings", store.EventListingUpdated)
		off := endpoint(owner.ID, "https://crm.example/off", store.EventLeadCreated)
		changed, err := s.DisableWebhookEndpoint(ctx, off.ID, time.Now(), "failing")
		must(t, err)
		if !changed {
			t.Fatal("disabling an enabled endpoint changed nothing")
		}
		if again, err := s.DisableWebhookEndpoint(ctx, off.ID, time.Now(), "failing"); err != nil || again {
			t.Errorf("disabling it again = %v, %v; want false (the owner was told once)", again, err)
		}
		theirs := endpoint(other.ID, "https://other.example/hooks", store.EventLeadCreated)

		at := time.Now().UTC().Truncate(time.Second)
		ds, err := s.CreateWebhookDeliveries(ctx, owner.ID, store.NewWebhookEvent{ID: "evt_1", Type: store.EventLeadCreated, Payload: `{"id":"evt_1"}`, At: at})
		must(t, err)
		if len(ds) != 1 || ds[0].EndpointID != leads.ID || ds[0].Status != store.WebhookPending {
			t.Fatalf("deliveries = %+v, want one pending to the enabled lead endpoint", ds)
		}

		got, err := s.WebhookDeliveryOf(ctx, owner.ID, ds[0].ID)
		must(t, err)
		if got.EventID != "evt_1" || got.EventType != store.EventLeadCreated || got.Payload != `{"id":"evt_1"}` || got.Attempts != 0 || !got.CreatedAt.Equal(at) {
			t.Errorf("stored delivery = %+v", got)
		}
		if _, err := s.WebhookDeliveryOf(ctx, other.ID, ds[0].ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another account's delivery: %v, want ErrNotFound", err)
		}
		if list, total, err := s.WebhookDeliveriesOf(ctx, theirs.ID, store.Page{Limit: 10}); err != nil || total != 0 || len(list) != 0 {
			t.Errorf("the other account's endpoint got %d deliveries (%v)", total, err)
		}

		// Three more events: the log pages newest first.
		for _, id := range []string{"evt_2", "evt_3", "evt_4"} {
			at = at.Add(time.Second)
			_, err := s.CreateWebhookDeliveries(ctx, owner.ID, store.NewWebhookEvent{ID: id, Type: store.EventLeadUpdated, Payload: `{}`, At: at})
			must(t, err)
		}
		page, total, err := s.WebhookDeliveriesOf(ctx, leads.ID, store.Page{Limit: 2, Offset: 1})
		must(t, err)
		if total != 4 || len(page) != 2 || page[0].EventID != "evt_3" || page[1].EventID != "evt_2" {
			t.Errorf("second page = %d of %d: %+v", len(page), total, page)
		}
	})
}

func TestWebhookAttemptsAreRecordedAndTheEndpointKnowsSinceWhenItFails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("attempts@example.com"))
		must(t, err)
		e, err := s.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "https://crm.example/hooks", Events: []string{store.EventLeadCreated}})
		must(t, err)
		t0 := time.Now().UTC().Truncate(time.Second)
		d, err := s.CreateWebhookDelivery(ctx, e.ID, store.NewWebhookEvent{ID: "evt_a", Type: store.EventLeadCreated, Payload: `{}`, At: t0})
		must(t, err)

		must(t, s.RecordWebhookAttempt(ctx, d.ID, store.WebhookOutcome{At: t0, Code: 500, Duration: 120 * time.Millisecond,
			Error: "answered 500, not a 2xx", Status: store.WebhookPending, NextAttemptAt: t0.Add(time.Minute)}))
		must(t, s.RecordWebhookAttempt(ctx, d.ID, store.WebhookOutcome{At: t0.Add(time.Minute), Duration: 10 * time.Second,
			Error: "no response within 10s", Status: store.WebhookPending, NextAttemptAt: t0.Add(3 * time.Minute)}))
		got, err := s.WebhookDeliveryOf(ctx, owner.ID, d.ID)
		must(t, err)
		if got.Status != store.WebhookPending || got.Attempts != 2 || got.ResponseCode.Valid || got.LastError != "no response within 10s" ||
			!got.NextAttemptAt.Valid || !got.NextAttemptAt.Time.Equal(t0.Add(3*time.Minute)) || got.ResponseMS.Int64 != 10000 {
			t.Errorf("after two failures = %+v", got)
		}
		ep, err := s.WebhookEndpointByID(ctx, e.ID)
		must(t, err)
		if !ep.FailingSince.Valid || !ep.FailingSince.Time.Equal(t0) {
			t.Errorf("failing since %v, want the first failure %v", ep.FailingSince, t0)
		}

		must(t, s.RecordWebhookAttempt(ctx, d.ID, store.WebhookOutcome{At: t0.Add(3 * time.Minute), Code: 204, Duration: 40 * time.Millisecond, Status: store.WebhookDelivered}))
		got, err = s.WebhookDeliveryOf(ctx, owner.ID, d.ID)
		must(t, err)
		if got.Status != store.WebhookDelivered || got.Attempts != 3 || got.ResponseCode.Int64 != 204 || got.LastError != "" ||
			got.NextAttemptAt.Valid || !got.DeliveredAt.Valid {
			t.Errorf("after a success = %+v", got)
		}
		if ep, _ := s.WebhookEndpointByID(ctx, e.ID); ep.FailingSince.Valid {
			t.Error("a success left the endpoint failing")
		}
		as, err := s.WebhookAttemptsOf(ctx, d.ID)
		must(t, err)
		if len(as) != 3 || as[0].ResponseCode.Int64 != 500 || as[1].ResponseCode.Valid || as[1].Error != "no response within 10s" ||
			as[2].ResponseCode.Int64 != 204 || as[2].ResponseMS != 40 || !as[0].AttemptedAt.Before(as[1].AttemptedAt) {
			t.Errorf("attempts = %+v", as)
		}

		// A delivery whose endpoint was disabled fails without an attempt.
		d2, err := s.CreateWebhookDelivery(ctx, e.ID, store.NewWebhookEvent{ID: "evt_b", Type: store.EventLeadCreated, Payload: `{}`})
		must(t, err)
		must(t, s.FailWebhookDelivery(ctx, d2.ID, "not sent: the endpoint is disabled"))
		if got, _ := s.WebhookDeliveryByID(ctx, d2.ID); got.Status != store.WebhookFailed || got.Attempts != 0 || got.LastError == "" {
			t.Errorf("failed unsent delivery = %+v", got)
		}
	})
}

func TestOldWebhookDeliveriesArePruned(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("prune-hooks@example.com"))
		must(t, err)
		e, err := s.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "https://crm.example/hooks", Events: []string{store.EventLeadCreated}})
		must(t, err)
		now := time.Now().UTC()
		old, err := s.CreateWebhookDelivery(ctx, e.ID, store.NewWebhookEvent{ID: "evt_old", Type: "ping", Payload: `{}`, At: now.Add(-31 * 24 * time.Hour)})
		must(t, err)
		must(t, s.RecordWebhookAttempt(ctx, old.ID, store.WebhookOutcome{At: now.Add(-31 * 24 * time.Hour), Code: 200, Status: store.WebhookDelivered}))
		recent, err := s.CreateWebhookDelivery(ctx, e.ID, store.NewWebhookEvent{ID: "evt_new", Type: "ping", Payload: `{}`, At: now.Add(-29 * 24 * time.Hour)})
		must(t, err)
		n, err := s.PruneWebhookDeliveries(ctx, now.Add(-store.WebhookRetention))
		must(t, err)
		if n != 1 {
			t.Errorf("pruned %d deliveries, want 1", n)
		}
		if _, err := s.WebhookDeliveryByID(ctx, old.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the 31-day-old delivery: %v, want it gone", err)
		}
		if as, _ := s.WebhookAttemptsOf(ctx, old.ID); len(as) != 0 {
			t.Error("its attempts were kept")
		}
		if _, err := s.WebhookDeliveryByID(ctx, recent.ID); err != nil {
			t.Errorf("the 29-day-old delivery: %v, want it kept", err)
		}
	})
}
