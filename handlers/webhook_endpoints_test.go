package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	"bizprofile/store"
	"bizprofile/views"
)

var endpointPath = regexp.MustCompile(`^/dashboard/api/webhooks/([0-9]+)$`)

// addEndpoint adds an endpoint through the API page and returns its id.
func addEndpoint(t *testing.T, app *testApp, rawURL string, events ...string) int64 {
	t.Helper()
	res, body := app.post(t, "/dashboard/api/webhooks", url.Values{"url": {rawURL}, "description": {"CRM"}, "events": events})
	m := endpointPath.FindStringSubmatch(res.Header.Get("Location"))
	if res.StatusCode != http.StatusSeeOther || m == nil {
		t.Fatalf("add endpoint %s: %d to %q\n%v", rawURL, res.StatusCode, res.Header.Get("Location"), notices(parseHTML(t, body), "alert"))
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

// endpointRow is the row of the API page's endpoints table for the
// endpoint id.
func endpointRow(t *testing.T, doc finder, id int64) *goquery.Selection {
	t.Helper()
	row := doc.Find(`[data-testid="webhook-endpoint"][data-endpoint-id="` + strconv.FormatInt(id, 10) + `"]`)
	if row.Length() != 1 {
		t.Fatalf("%d rows for endpoint %d, want 1", row.Length(), id)
	}
	return row
}

func TestWebhookEndpointIsAddedEditedRekeyedReenabledAndDeleted(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := proOwner(t, app, "hooks@bizprofile.test")
		_, body := app.get(t, "/dashboard/api")
		doc := parseHTML(t, body)
		if got := textOf(byTestID(doc, "endpoint-count")); got != "0 of 5 endpoints" {
			t.Errorf("endpoint count %q", got)
		}
		if !checked(labelled(t, doc, "New lead")) || checked(labelled(t, doc, "New review")) {
			t.Error("the add form does not start with new leads ticked alone")
		}

		id := addEndpoint(t, app, "https://crm.example/hooks", store.EventLeadCreated, store.EventReviewCreated)
		e, err := app.store.WebhookEndpointOf(ctx, owner.ID, id)
		must(t, err)
		if e.URL != "https://crm.example/hooks" || e.Description != "CRM" || e.Events != "lead.created review.created" || !strings.HasPrefix(e.Secret, "whsec_") {
			t.Fatalf("stored endpoint %+v", e)
		}
		path := views.WebhookEndpointPath(id)
		res, body := app.get(t, path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("endpoint page: %d", res.StatusCode)
		}
		doc = parseHTML(t, body)
		if !hasToast(doc, "Endpoint added", "") {
			t.Errorf("toasts %v", toasts(doc))
		}
		if got := valueOf(labelled(t, doc, "Signing secret")); got != e.Secret {
			t.Errorf("secret shown %q, want %q", got, e.Secret)
		}
		if !hasLink(doc, "How to verify signatures", "/api/docs#webhooks") {
			t.Error("no link to how signatures are verified")
		}
		if got := textOf(byTestID(doc, "endpoint-status")); got != "Enabled" {
			t.Errorf("status %q", got)
		}
		settings := formOf(doc, "Save changes")
		if valueOf(labelled(t, settings, "Endpoint URL")) != e.URL || valueOf(labelled(t, settings, "Description")) != "CRM" ||
			!checked(labelled(t, settings, "New lead")) || !checked(labelled(t, settings, "New review")) || checked(labelled(t, settings, "Lead updated")) {
			t.Error("the settings form does not hold the endpoint's settings")
		}
		if byTestID(doc, "no-deliveries").Length() != 1 {
			t.Error("a new endpoint's log is not empty")
		}

		_, body = app.get(t, "/dashboard/api")
		doc = parseHTML(t, body)
		row := endpointRow(t, doc, id)
		if !hasLink(row, "https://crm.example/hooks", path) || textOf(byTestID(row, "endpoint-status")) != "Enabled" ||
			!strings.Contains(textOf(row), "lead.created review.created") {
			t.Errorf("endpoint row %q", textOf(row))
		}
		if got := textOf(byTestID(doc, "endpoint-count")); got != "1 of 5 endpoints" {
			t.Errorf("endpoint count %q", got)
		}

		// Edit.
		res, _ = app.post(t, path, url.Values{"url": {"https://crm.example/v2"}, "description": {""}, "events": {store.EventListingUpdated}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != path {
			t.Fatalf("edit: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		e, err = app.store.WebhookEndpointOf(ctx, owner.ID, id)
		must(t, err)
		if e.URL != "https://crm.example/v2" || e.Description != "" || e.Events != "listing.updated" {
			t.Errorf("after the edit %+v", e)
		}

		// Rotate the secret, after a confirmation.
		_, body = app.get(t, path)
		rotate := links(parseHTML(t, body), "Rotate secret")
		res, body = app.get(t, rotate.AttrOr("href", ""))
		if res.StatusCode != http.StatusOK || formOf(parseHTML(t, body), "Yes, rotate the secret").Length() != 1 {
			t.Fatalf("rotation confirmation: %d", res.StatusCode)
		}
		res, _ = app.post(t, path+"/rotate", url.Values{})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rotate: %d", res.StatusCode)
		}
		rotated, err := app.store.WebhookEndpointOf(ctx, owner.ID, id)
		must(t, err)
		_, body = app.get(t, path)
		doc = parseHTML(t, body)
		if rotated.Secret == e.Secret || valueOf(labelled(t, doc, "Signing secret")) != rotated.Secret || !hasToast(doc, "Secret rotated", "") {
			t.Errorf("after rotation: secret %q (was %q), shown %q", rotated.Secret, e.Secret, valueOf(labelled(t, doc, "Signing secret")))
		}

		// Disabled by the delivery engine, then enabled again.
		disabledAt := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
		_, err = app.store.DisableWebhookEndpoint(ctx, id, disabledAt, "every delivery failed for 3 days")
		must(t, err)
		_, body = app.get(t, "/dashboard/api")
		if got := textOf(byTestID(endpointRow(t, parseHTML(t, body), id), "endpoint-status")); got != "Disabled since Apr 2, 2026 10:00 UTC: every delivery failed for 3 days" {
			t.Errorf("disabled status %q", got)
		}
		_, body = app.get(t, path)
		doc = parseHTML(t, body)
		if byTestID(doc, "endpoint-disabled").Length() != 1 || buttons(doc, "Send test event").Length() != 0 {
			t.Error("a disabled endpoint's page does not say so, or offers a test event")
		}
		res, _ = app.post(t, formOf(doc, "Re-enable endpoint").AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("enable: %d", res.StatusCode)
		}
		if e, _ := app.store.WebhookEndpointOf(ctx, owner.ID, id); !e.Enabled() {
			t.Error("the endpoint is still disabled")
		}

		// Delete, after a confirmation.
		res, body = app.get(t, path+"/delete")
		if res.StatusCode != http.StatusOK || formOf(parseHTML(t, body), "Yes, delete this endpoint").Length() != 1 {
			t.Fatalf("delete confirmation: %d", res.StatusCode)
		}
		if _, err := app.store.WebhookEndpointOf(ctx, owner.ID, id); err != nil {
			t.Fatal("deleted before the confirmation")
		}
		res, _ = app.post(t, path+"/delete", url.Values{})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard/api#webhooks" {
			t.Fatalf("delete: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if _, err := app.store.WebhookEndpointOf(ctx, owner.ID, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("after deletion: %v", err)
		}
		if res, _ := app.get(t, path); res.StatusCode != http.StatusNotFound {
			t.Errorf("deleted endpoint's page: %d", res.StatusCode)
		}
	})
}

func TestAnotherAccountsEndpointIsNotFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := proOwner(t, app, "mine@bizprofile.test")
		id := addEndpoint(t, app, "https://crm.example/hooks", store.EventLeadCreated)
		d, err := app.store.CreateWebhookDelivery(ctx, id, store.NewWebhookEvent{ID: "evt_mine", Type: store.EventLeadCreated, Payload: `{}`})
		must(t, err)

		other := app.newClient()
		proOwner(t, other, "theirs@bizprofile.test")
		theirs := addEndpoint(t, other, "https://theirs.example/hooks", store.EventLeadCreated)
		path := views.WebhookEndpointPath(id)
		form := url.Values{"url": {"https://evil.example/"}, "events": {store.EventLeadCreated}}
		for _, c := range []struct{ method, path string }{
			{http.MethodGet, path},
			{http.MethodPost, path},
			{http.MethodGet, path + "/delete"},
			{http.MethodPost, path + "/delete"},
			{http.MethodGet, path + "/rotate"},
			{http.MethodPost, path + "/rotate"},
			{http.MethodPost, path + "/enable"},
			{http.MethodPost, path + "/test"},
			{http.MethodPost, path + "/deliveries/" + strconv.FormatInt(d.ID, 10) + "/resend"},
			// My delivery through their own endpoint's path.
			{http.MethodPost, views.WebhookEndpointPath(theirs) + "/deliveries/" + strconv.FormatInt(d.ID, 10) + "/resend"},
		} {
			var res *http.Response
			if c.method == http.MethodGet {
				res, _ = other.get(t, c.path)
			} else {
				res, _ = other.post(t, c.path, form)
			}
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("another account's %s %s: %d, want 404", c.method, c.path, res.StatusCode)
			}
		}
		e, err := app.store.WebhookEndpointOf(ctx, owner.ID, id)
		must(t, err)
		if e.URL != "https://crm.example/hooks" {
			t.Errorf("another account changed the endpoint: %+v", e)
		}
		if _, total, _ := app.store.WebhookDeliveriesOf(ctx, id, store.Page{Limit: 10}); total != 1 {
			t.Errorf("%d deliveries after another account's tries, want 1", total)
		}
	})
}

func TestWebhookEndpointFormRefusals(t *testing.T) {
	production := func(d *testDeps) { d.Production = true }
	type check struct {
		url, description string
		events           []string
		field, want      string // "" for accepted
	}
	long := "https://crm.example/" + strings.Repeat("a", 2000)
	run := func(t *testing.T, app *testApp, cases []check) {
		proOwner(t, app, "form@bizprofile.test")
		for _, c := range cases {
			res, body := app.post(t, "/dashboard/api/webhooks", url.Values{"url": {c.url}, "description": {c.description}, "events": c.events})
			if c.want == "" {
				if res.StatusCode != http.StatusSeeOther {
					t.Errorf("%s: %d, want 303 (accepted)", c.url, res.StatusCode)
				}
				continue
			}
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Errorf("%s: %d, want 422", c.url, res.StatusCode)
				continue
			}
			doc := parseHTML(t, body)
			form := formOf(doc, "Add endpoint")
			if got := fieldError(labelled(t, form, c.field)); got != c.want {
				t.Errorf("%s: %s says %q, want %q", c.url, c.field, got, c.want)
			}
			if valueOf(labelled(t, form, "Endpoint URL")) != c.url || valueOf(labelled(t, form, "Description")) != c.description {
				t.Errorf("%s: what was sent is not kept", c.url)
			}
			for _, ev := range c.events {
				if !checked(labelled(t, form, catalog.OptionLabel(catalog.WebhookEvents, ev))) {
					t.Errorf("%s: %s is not kept ticked", c.url, ev)
				}
			}
		}
	}
	lead := []string{store.EventLeadCreated}
	const httpsOnly = "Use an https:// URL, such as https://crm.example.com/webhooks."
	t.Run("development", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, app *testApp) {
			run(t, app, []check{
				{url: "http://localhost:8080/hooks", events: lead},
				{url: "http://127.0.0.1:9000/hooks", events: lead},
				{url: "http://[::1]:9000/hooks", events: lead},
				{url: "http://example.com/hooks", events: lead, field: "Endpoint URL", want: "Use an https:// URL. While developing, http:// is accepted for localhost, 127.0.0.1 and [::1] only."},
				{url: "ftp://example.com/hooks", events: lead, field: "Endpoint URL", want: httpsOnly},
				{url: "", events: lead, field: "Endpoint URL", want: "Enter the URL that receives the events."},
				{url: "crm.example.com/hooks", events: lead, field: "Endpoint URL", want: "Enter a full URL, such as https://crm.example.com/webhooks."},
				{url: "https://me:secret@crm.example.com/hooks", events: lead, field: "Endpoint URL", want: "Leave the user name and password out of the URL: each delivery is signed with the endpoint's secret instead."},
				{url: long, events: lead, field: "Endpoint URL", want: "Keep this under 2000 characters."},
				{url: "https://crm.example/hooks", description: "Ours", field: "New lead", want: "Choose at least one event to send."},
				{url: "https://crm.example/hooks", description: strings.Repeat("d", 201), events: lead, field: "Description", want: "Keep this under 200 characters."},
			})
			// Three were added above; two more fill the account, the sixth is refused.
			addEndpoint(t, app, "https://crm.example/4", store.EventLeadUpdated)
			addEndpoint(t, app, "https://crm.example/5", store.EventLeadUpdated)
			res, body := app.post(t, "/dashboard/api/webhooks", url.Values{"url": {"https://crm.example/6"}, "events": {store.EventReviewCreated}})
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("6th endpoint: %d, want 422", res.StatusCode)
			}
			doc := parseHTML(t, body)
			form := formOf(doc, "Add endpoint")
			if got := notices(form, "alert"); len(got) != 1 || !strings.Contains(got[0], "the most an account may have") {
				t.Errorf("6th endpoint refused with %q", got)
			}
			if valueOf(labelled(t, form, "Endpoint URL")) != "https://crm.example/6" || !checked(labelled(t, form, "New review")) {
				t.Error("the 6th endpoint's form is not kept")
			}
		})
	})
	t.Run("production", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, app *testApp) {
			run(t, app, []check{
				{url: "https://crm.example/hooks", events: lead},
				{url: "http://example.com/hooks", events: lead, field: "Endpoint URL", want: "Use an https:// URL: events carry your leads' contact details, which must travel encrypted."},
				{url: "http://localhost:8080/hooks", events: lead, field: "Endpoint URL", want: "Use an https:// URL: events carry your leads' contact details, which must travel encrypted."},
				{url: "https://127.0.0.1/hooks", events: lead, field: "Endpoint URL", want: "This address is on a private network, which we cannot reach: use your server's public address."},
				{url: "https://10.1.2.3/hooks", events: lead, field: "Endpoint URL", want: "This address is on a private network, which we cannot reach: use your server's public address."},
				{url: "ftp://example.com/hooks", events: lead, field: "Endpoint URL", want: httpsOnly},
			})
		}, production)
	})
}

// receiver is a local webhook receiver that answers 200 and keeps what it
// got.
type receiver struct {
	mu     sync.Mutex
	events []string
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc.mu.Lock()
	rc.events = append(rc.events, r.Header.Get("BizProfile-Event"))
	rc.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

func (rc *receiver) got() []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]string(nil), rc.events...)
}

// deliveryRow is the delivery log's row of delivery id.
func deliveryRow(t *testing.T, doc finder, id int64) *goquery.Selection {
	t.Helper()
	row := doc.Find(`[data-testid="delivery"][data-delivery-id="` + strconv.FormatInt(id, 10) + `"]`)
	if row.Length() != 1 {
		t.Fatalf("%d rows for delivery %d, want 1", row.Length(), id)
	}
	return row
}

func TestDeliveryLogShowsDeliveriesAttemptsAndResends(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := proOwner(t, app, "log@bizprofile.test")
		rc := &receiver{}
		srv := httptest.NewServer(rc)
		t.Cleanup(srv.Close)
		id := addEndpoint(t, app, srv.URL+"/hooks", store.EventLeadCreated)
		path := views.WebhookEndpointPath(id)

		// A log as the delivery engine writes it: one delivered on its
		// second attempt, one waiting for a retry, one given up on.
		base := time.Date(2026, 4, 1, 8, 0, 0, 0, time.UTC)
		newDelivery := func(eventID string, at time.Time) store.WebhookDelivery {
			d, err := app.store.CreateWebhookDelivery(ctx, id, store.NewWebhookEvent{ID: eventID, Type: store.EventLeadCreated, Payload: `{"id":"` + eventID + `"}`, At: at})
			must(t, err)
			return d
		}
		delivered := newDelivery("evt_delivered", base)
		must(t, app.store.RecordWebhookAttempt(ctx, delivered.ID, store.WebhookOutcome{At: base, Code: 500, Duration: 120 * time.Millisecond, Error: "answered 500, not a 2xx", Status: store.WebhookPending, NextAttemptAt: base.Add(time.Minute)}))
		must(t, app.store.RecordWebhookAttempt(ctx, delivered.ID, store.WebhookOutcome{At: base.Add(time.Minute), Code: 200, Duration: 85 * time.Millisecond, Status: store.WebhookDelivered}))
		retrying := newDelivery("evt_retrying", base.Add(time.Hour))
		must(t, app.store.RecordWebhookAttempt(ctx, retrying.ID, store.WebhookOutcome{At: base.Add(time.Hour), Duration: 3 * time.Second, Error: "connection refused", Status: store.WebhookPending, NextAttemptAt: base.Add(time.Hour + 2*time.Minute)}))
		failed := newDelivery("evt_failed", base.Add(2*time.Hour))
		must(t, app.store.RecordWebhookAttempt(ctx, failed.ID, store.WebhookOutcome{At: base.Add(2 * time.Hour), Code: 404, Duration: 40 * time.Millisecond, Error: "answered 404, not a 2xx", Status: store.WebhookFailed}))

		_, body := app.get(t, path)
		doc := parseHTML(t, body)
		for _, c := range []struct {
			d                          store.WebhookDelivery
			status, attempts, code, ms string
			log                        []string
		}{
			{delivered, "Delivered", "2", "200", "85 ms", []string{"Apr 1, 2026 08:00 UTC · HTTP 500 · 120 ms", "Apr 1, 2026 08:01 UTC · HTTP 200 · 85 ms"}},
			{retrying, "Retrying (next attempt at Apr 1, 2026 09:02 UTC)", "1", "No response", "3,000 ms", []string{"Apr 1, 2026 09:00 UTC · connection refused · 3,000 ms"}},
			{failed, "Failed", "1", "404", "40 ms", []string{"Apr 1, 2026 10:00 UTC · HTTP 404 · 40 ms"}},
		} {
			row := deliveryRow(t, doc, c.d.ID)
			got := []string{textOf(byTestID(row, "delivery-status")), textOf(byTestID(row, "delivery-attempts")), textOf(byTestID(row, "delivery-code")), textOf(byTestID(row, "delivery-ms"))}
			if want := []string{c.status, c.attempts, c.code, c.ms}; strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s: %q, want %q", c.d.EventID, got, want)
			}
			if !strings.Contains(textOf(row), c.d.EventID) || !strings.Contains(textOf(row), "lead.created") {
				t.Errorf("%s: row %q does not name the event", c.d.EventID, textOf(row))
			}
			if log := texts(byTestID(row, "attempt")); strings.Join(log, "\n") != strings.Join(c.log, "\n") {
				t.Errorf("%s: attempts %q, want %q", c.d.EventID, log, c.log)
			}
		}
		// Newest first.
		if ids := doc.Find(`[data-testid="delivery"]`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-delivery-id", "") }); strings.Join(ids, ",") !=
			strings.Join([]string{strconv.FormatInt(failed.ID, 10), strconv.FormatInt(retrying.ID, 10), strconv.FormatInt(delivered.ID, 10)}, ",") {
			t.Errorf("deliveries in the order %v", ids)
		}

		// Resend the failed one: a new delivery of the same event, sent to
		// the receiver.
		resend := formOf(deliveryRow(t, doc, failed.ID), "Resend evt_failed")
		res, _ := app.post(t, resend.AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != path+"#deliveries" {
			t.Fatalf("resend: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		// Send a test event.
		_, body = app.get(t, path)
		doc = parseHTML(t, body)
		if !hasToast(doc, "Delivery queued again", "") {
			t.Errorf("toasts after resend %v", toasts(doc))
		}
		res, _ = app.post(t, formOf(doc, "Send test event").AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("test event: %d", res.StatusCode)
		}
		_, body = app.get(t, path)
		doc = parseHTML(t, body)
		if !hasToast(doc, "Test event queued", "") {
			t.Errorf("toasts after the test event %v", toasts(doc))
		}
		if byTestID(doc, "delivery").Length() != 5 {
			t.Errorf("%d deliveries listed, want 5", byTestID(doc, "delivery").Length())
		}

		// Both reach the receiver, and the log says so.
		deadline := time.Now().Add(10 * time.Second)
		for {
			ds, _, err := app.store.WebhookDeliveriesOf(ctx, id, store.Page{Limit: 2})
			must(t, err)
			if ds[0].Status == store.WebhookDelivered && ds[1].Status == store.WebhookDelivered {
				_, body = app.get(t, path)
				doc = parseHTML(t, body)
				for _, d := range ds {
					row := deliveryRow(t, doc, d.ID)
					if textOf(byTestID(row, "delivery-status")) != "Delivered" || textOf(byTestID(row, "delivery-code")) != "200" {
						t.Errorf("%s %s: row %q", d.EventType, d.EventID, textOf(row))
					}
				}
				if ds[0].EventType != "ping" || ds[1].EventID != "evt_failed" {
					t.Errorf("newest deliveries %s %s, %s %s", ds[0].EventType, ds[0].EventID, ds[1].EventType, ds[1].EventID)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("deliveries not delivered: %+v; receiver got %v", ds, rc.got())
			}
			time.Sleep(50 * time.Millisecond)
		}
		if got := strings.Join(rc.got(), ","); got != "lead.created,ping" && got != "ping,lead.created" {
			t.Errorf("the receiver got %q", got)
		}

		// More than a page: the log pages.
		for i := range 20 {
			newDelivery("evt_more_"+strconv.Itoa(i), base.Add(-time.Duration(i+1)*time.Hour))
		}
		_, body = app.get(t, path)
		doc = parseHTML(t, body)
		if n := byTestID(doc, "delivery").Length(); n != deliveriesPerPage {
			t.Errorf("first page lists %d deliveries, want %d", n, deliveriesPerPage)
		}
		next := doc.Find(`a[rel="next"]`)
		if next.Length() != 1 {
			t.Fatal("no next page")
		}
		res, body = app.get(t, next.AttrOr("href", ""))
		if res.StatusCode != http.StatusOK || byTestID(parseHTML(t, body), "delivery").Length() != 5 {
			t.Errorf("second page: %d with %d deliveries, want 5", res.StatusCode, byTestID(parseHTML(t, body), "delivery").Length())
		}
		if res, _ := app.get(t, path+"?page=3"); res.StatusCode != http.StatusNotFound {
			t.Errorf("a page past the log: %d, want 404", res.StatusCode)
		}
		_ = owner
	})
}
