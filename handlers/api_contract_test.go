package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
)

// The API's contract with its clients beyond each resource: who an
// Idempotency-Key's stored answer belongs to, 405s and their Allow, the
// query parameters an operation takes and the limits the document states.

// A read-only key's refusal changes nothing, so it is not kept: the same
// Idempotency-Key sent by a read-and-write key of the account acts. And a
// stored answer is the key's that got it: another key of the account with
// the same Idempotency-Key acts for itself.
func TestAPIIdempotencyKeyIsTheCallersAfterItsScope(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newAPIAccount(t, app)
		unpublish := pathf("/account/listings/%d/unpublish", f.bakery.ID)
		publish := pathf("/account/listings/%d/publish", f.bakery.ID)

		res, body := apiDo(t, app, f.ro, "POST", unpublish, nil, "Idempotency-Key", "X")
		wantProblem(t, res, body, http.StatusForbidden)
		res, body = apiDo(t, app, f.rw, "POST", unpublish, nil, "Idempotency-Key", "X")
		if res.StatusCode != http.StatusOK || res.Header.Get("Idempotent-Replayed") != "" || apiJSON(t, body)["status"] != "unpublished" {
			t.Fatalf("the read-and-write key after the read key's 403: %d, replayed %q: %s", res.StatusCode, res.Header.Get("Idempotent-Replayed"), body)
		}
		if b, _ := app.store.BusinessByID(ctx, f.bakery.ID); b.Published {
			t.Fatal("the listing is still published: the write never ran")
		}

		// The first key publishes with Y; the listing is unpublished again;
		// a second read-and-write key publishing with Y acts, not replays.
		if res, body := apiDo(t, app, f.rw, "POST", publish, nil, "Idempotency-Key", "Y"); res.StatusCode != http.StatusOK {
			t.Fatalf("publish: %d %s", res.StatusCode, body)
		}
		apiDo(t, app, f.rw, "POST", unpublish, nil)
		second := apiKeyOf(t, app, f.owner.ID, store.ScopeReadWrite)
		res, body = apiDo(t, app, second, "POST", publish, nil, "Idempotency-Key", "Y")
		if res.StatusCode != http.StatusOK || res.Header.Get("Idempotent-Replayed") != "" {
			t.Fatalf("another key with the same Idempotency-Key: %d, replayed %q: %s", res.StatusCode, res.Header.Get("Idempotent-Replayed"), body)
		}
		if b, _ := app.store.BusinessByID(ctx, f.bakery.ID); !b.Published {
			t.Fatal("the second key's publish did not run: it got the first key's stored answer")
		}
		// Each key still gets its own answer again.
		res, _ = apiDo(t, app, f.rw, "POST", publish, nil, "Idempotency-Key", "Y")
		if res.Header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("the first key's retry with Y was not replayed")
		}
	})
}

// A 405 says which methods the path does allow (RFC 9110 §15.5.6), on the
// API with a problem and on the pages; a path that exists with no method
// is still not found.
func TestMethodNotAllowedSaysWhatIsAllowed(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)
		for _, c := range []struct{ method, path, allow string }{
			{"DELETE", "/me", "GET"},
			{"POST", "/directory", "GET"},
			{"PUT", pathf("/account/listings/%d", f.bakery.ID), "GET, PATCH"},
			{"GET", pathf("/account/listings/%d/publish", f.bakery.ID), "POST"},
			{"DELETE", "/leads/1", "GET, PATCH"},
			{"PATCH", "/reviews/1/reply", "POST"},
			{"POST", "/openapi.json", "GET"},
		} {
			res, body := apiDo(t, app, f.rw, c.method, c.path, nil)
			wantProblem(t, res, body, http.StatusMethodNotAllowed)
			if got := strings.Join(res.Header.Values("Allow"), ", "); got != c.allow {
				t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
			}
		}
		if res, body := apiDo(t, app, f.rw, "DELETE", "/nothing/here", nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("DELETE of a path that is not the API's: %d %s", res.StatusCode, body)
		}

		for _, c := range []struct{ method, path, allow string }{
			{"DELETE", "/login", "GET, POST"},
			{"PUT", "/directory", "GET"},
			{"GET", "/logout", "POST"},
		} {
			req, _ := http.NewRequest(c.method, app.URL+c.path, nil)
			req.Header.Set("Origin", app.URL)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			res, body := app.do(t, req)
			if got := strings.Join(res.Header.Values("Allow"), ", "); res.StatusCode != http.StatusMethodNotAllowed || got != c.allow {
				t.Errorf("%s %s: %d, Allow %q, want 405 and %q: %.200s", c.method, c.path, res.StatusCode, got, c.allow, body)
			}
		}
	})
}

// What the document refuses the server refuses, though its forms would
// clean it up: apiDo fails the test when the server takes a request the
// document calls invalid.
func TestAPIRefusesWhatTheDocumentRefuses(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)
		listing := pathf("/account/listings/%d", f.bakery.ID)
		for _, c := range []struct {
			field string
			value string
		}{
			{"name", strings.Repeat("n", 118) + "   "},
			{"city", " Portland"},
			{"business_type", " online"},
			{"phone", "      1"},
			{"name", "\uFEFF"},
		} {
			res, body := apiDo(t, app, f.rw, "PATCH", listing, map[string]any{c.field: c.value})
			wantProblem(t, res, body, http.StatusUnprocessableEntity, c.field)
		}
		for _, c := range []struct {
			body  any
			field string
		}{
			{map[string]any{"name": nil}, "name"},
			{map[string]any{"hours": []any{map[string]any{"open": "9am"}, map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}}}, "hours[0].open"},
		} {
			res, body := apiDo(t, app, f.rw, "PATCH", listing, c.body)
			wantProblem(t, res, body, http.StatusUnprocessableEntity, c.field)
		}
		res, body := apiDo(t, app, f.rw, "PATCH", pathf("/leads/%d", apiLead(t, app, f.bakery, "Ada Lovelace", time.Now()).ID), map[string]any{})
		wantProblem(t, res, body, http.StatusUnprocessableEntity)
	})
}

// An operation takes the query parameters it documents and no others, and
// an empty value of a typed one is no value: each is refused by name.
func TestAPIRefusesUnknownAndEmptyQueryParameters(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)
		for _, c := range []struct{ path, field string }{
			{"/directory?verified=", "verified"},
			{"/directory?limit=", "limit"},
			{"/directory?verified=1", "verified"},
			{"/directory?category=", "category"},
			{"/leads?listing=", "listing"},
			{"/leads?from=", "from"},
			{"/leads?cursor=", "cursor"},
			{"/reviews?rating=", "rating"},
			{"/reviews?replied=", "replied"},
			{"/leads?sort=newest", "sort"},
			{"/reviews?page=2", "page"},
			{"/me?verbose=true", "verbose"},
			{"/account/listings?status=published", "status"},
			{pathf("/account/listings/%d?fields=name", f.bakery.ID), "fields"},
			{"/reviews?rating=4&rating=5", "rating"},
		} {
			res, body := apiDo(t, app, f.ro, "GET", c.path, nil)
			wantProblem(t, res, body, http.StatusUnprocessableEntity, c.field)
			if p := apiProblem(t, body); len(p.Errors) != 1 {
				t.Errorf("%s: errors %+v, want one naming %s", c.path, p.Errors, c.field)
			}
		}
		res, body := apiDo(t, app, f.rw, "POST", pathf("/account/listings/%d/unpublish?force=true", f.bakery.ID), nil)
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "force")
		if b, _ := app.store.BusinessByID(context.Background(), f.bakery.ID); !b.Published {
			t.Error("a refused request unpublished the listing")
		}
		res, body = apiDo(t, app, "", "GET", "/openapi.json?format=yaml", nil)
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "format")
	})
}
