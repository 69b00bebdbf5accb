package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"bizprofile/apispec"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/webhooks"
)

// webhookEvents are the events delivered to endpoint e, oldest first,
// parsed.
func webhookEvents(t *testing.T, app *testApp, e store.WebhookEndpoint) []webhooks.Event {
	t.Helper()
	ds, _, err := app.store.WebhookDeliveriesOf(context.Background(), e.ID, store.Page{Limit: 50})
	must(t, err)
	var evs []webhooks.Event
	for i := len(ds) - 1; i >= 0; i-- {
		checkWebhookDelivery(t, ds[i].EventType, nil, []byte(ds[i].Payload))
		var ev webhooks.Event
		must(t, json.Unmarshal([]byte(ds[i].Payload), &ev))
		evs = append(evs, ev)
	}
	return evs
}

// checkWebhookDelivery checks a delivery's body, and its headers when
// header is not nil, against the OpenAPI document's webhook of eventType,
// as a receiver generated from the document would read them.
func checkWebhookDelivery(t *testing.T, eventType string, header http.Header, body []byte) {
	t.Helper()
	doc, err := apispec.Load(context.Background(), "")
	must(t, err)
	item := doc.Webhooks[eventType]
	if item == nil || item.Post == nil {
		t.Fatalf("the OpenAPI document has no webhook %q", eventType)
	}
	var v any
	must(t, json.Unmarshal(body, &v))
	schema := item.Post.RequestBody.Value.Content.Get("application/json").Schema.Value
	if err := schema.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		t.Errorf("a %s delivery does not match the document: %v\n%s", eventType, err, body)
	}
	if header == nil {
		return
	}
	for _, p := range item.Post.Parameters {
		h := header.Get(p.Value.Name)
		if h == "" {
			t.Errorf("a %s delivery has no %s header", eventType, p.Value.Name)
			continue
		}
		if err := p.Value.Schema.Value.VisitJSON(h, openapi3.EnableJSONSchema2020()); err != nil {
			t.Errorf("a %s delivery's %s header %q does not match the document: %v", eventType, p.Value.Name, h, err)
		}
	}
}

// object is an event's record as JSON fields.
func object(ev webhooks.Event) map[string]any {
	o, _ := ev.Data.Object.(map[string]any)
	return o
}

func TestAContactFormSendsTheLeadToTheAccountsWebhook(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		var mu sync.Mutex
		var got [][]byte
		var headers []http.Header
		receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			got, headers = append(got, b), append(headers, r.Header.Clone())
			mu.Unlock()
		}))
		defer receiver.Close()

		owner := app.newClient()
		u := owner.account(t, "crm-owner@example.com", store.KindBusiness)
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Synced Plumbing", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
		must(t, err)
		onPlan(t, app, u.ID, plans.Pro.ID)
		e, err := app.store.CreateWebhookEndpoint(ctx, u.ID, store.WebhookEndpointFields{URL: receiver.URL, Events: []string{store.EventLeadCreated}})
		must(t, err)

		visitor := app.newClient()
		res, _ := visitor.post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Vic Visitor"}, "email": {"vic@example.com"},
			"phone": {"555-0100"}, "message": {"Can you fix a leaking tap on Monday?"}})
		if res.StatusCode != http.StatusSeeOther && res.StatusCode != http.StatusOK {
			t.Fatalf("contact form: %d", res.StatusCode)
		}
		evs := webhookEvents(t, app, e)
		if len(evs) != 1 || evs[0].Type != store.EventLeadCreated {
			t.Fatalf("events = %+v, want one lead.created", evs)
		}
		lead := object(evs[0])
		listing, _ := lead["listing"].(map[string]any)
		if lead["object"] != "lead" || lead["name"] != "Vic Visitor" || lead["email"] != "vic@example.com" ||
			lead["message"] != "Can you fix a leaking tap on Monday?" || lead["status"] != "new" || listing["name"] != "Synced Plumbing" {
			t.Errorf("lead object = %v", lead)
		}

		// The app's job queue delivers it to the receiver.
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			mu.Lock()
			n := len(got)
			mu.Unlock()
			if n == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the receiver got %d deliveries", n)
			}
		}
		var ev webhooks.Event
		mu.Lock()
		must(t, json.Unmarshal(got[0], &ev))
		checkWebhookDelivery(t, store.EventLeadCreated, headers[0], got[0])
		mu.Unlock()
		if object(ev)["id"] != lead["id"] {
			t.Errorf("delivered %s", got[0])
		}

		// A status change is lead.updated, only for an endpoint that asked.
		must(t, app.store.UpdateWebhookEndpoint(ctx, b.OwnerID.Int64, e.ID, store.WebhookEndpointFields{URL: receiver.URL,
			Events: []string{store.EventLeadCreated, store.EventLeadUpdated}}))
		id := int64(lead["id"].(float64))
		if res, _ := owner.post(t, "/dashboard/leads/"+itoa(int(id))+"/status", url.Values{"status": {"contacted"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("status: %d", res.StatusCode)
		}
		evs = webhookEvents(t, app, e)
		if len(evs) != 2 || evs[1].Type != store.EventLeadUpdated || object(evs[1])["status"] != "contacted" {
			t.Errorf("after a status change: %+v", evs)
		}

		// The test event is described by the document too.
		_, err = webhooks.SendTest(ctx, app.store, e)
		must(t, err)
		if evs = webhookEvents(t, app, e); len(evs) != 3 || evs[2].Type != webhooks.EventPing {
			t.Errorf("after Send test event: %+v", evs)
		}
	})
}

func TestUpdatingAListingSendsListingUpdated(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "listing-hooks@example.com")
		app.post(t, "/business/create-profile", listingForm("Hooked Diner"))
		b, err := app.store.BusinessBySlug(ctx, "hooked-diner")
		must(t, err)
		e, err := app.store.CreateWebhookEndpoint(ctx, u.ID, store.WebhookEndpointFields{URL: "http://localhost:1/hooks", Events: []string{store.EventListingUpdated}})
		must(t, err)
		base := "/dashboard/businesses/" + itoa(int(b.ID))

		// Without a plan that has the API, nothing is sent.
		edit := listingForm("Hooked Diner")
		edit.Set("description", "Before the plan.")
		if res, _ := app.post(t, base, edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if evs := webhookEvents(t, app, e); len(evs) != 0 {
			t.Fatalf("events without the API plan: %+v", evs)
		}

		onPlan(t, app, u.ID, plans.Pro.ID)
		edit.Set("description", "Now with a bar.")
		if res, _ := app.post(t, base, edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if res, _ := app.post(t, base+"/publish", url.Values{"published": {"0"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("unpublish: %d", res.StatusCode)
		}
		evs := webhookEvents(t, app, e)
		if len(evs) != 2 || evs[0].Type != store.EventListingUpdated || evs[1].Type != store.EventListingUpdated {
			t.Fatalf("events = %+v, want two listing.updated", evs)
		}
		if o := object(evs[0]); o["object"] != "listing" || o["id"] != float64(b.ID) || o["description"] != "Now with a bar." || o["status"] != "published" {
			t.Errorf("after the edit: %v", o)
		}
		if o := object(evs[1]); o["status"] != "unpublished" {
			t.Errorf("after unpublishing: %v", o)
		}
	})
}

func TestPublishingAReviewSendsReviewCreated(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := app.newClient().account(t, "review-hooks@example.com", store.KindBusiness)
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Reviewed Cafe", Published: true, OwnerID: sql.NullInt64{Int64: owner.ID, Valid: true}})
		must(t, err)
		onPlan(t, app, owner.ID, plans.Pro.ID)
		e, err := app.store.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "http://localhost:1/hooks", Events: []string{store.EventReviewCreated}})
		must(t, err)

		reviewer := app.newClient()
		reviewer.account(t, "reviewer-hooks@example.com", store.KindIndividual)
		if res, _ := reviewer.post(t, reviewPath(b), goodReview(5)); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("review form: %d", res.StatusCode)
		}
		evs := webhookEvents(t, app, e)
		if len(evs) != 1 || evs[0].Type != store.EventReviewCreated {
			t.Fatalf("events = %+v, want one review.created", evs)
		}
		o := object(evs[0])
		listing, _ := o["listing"].(map[string]any)
		if o["object"] != "review" || o["rating"] != float64(5) || o["title"] != "Best flat white in town" || o["author"] != "Dana K." || listing["name"] != "Reviewed Cafe" {
			t.Errorf("review object = %v", o)
		}
		// Editing the review is not a new review.
		edit := goodReview(4)
		if res, _ := reviewer.post(t, reviewPath(b), edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if n := len(webhookEvents(t, app, e)); n != 1 {
			t.Errorf("%d events after an edit, want 1", n)
		}
	})
}
