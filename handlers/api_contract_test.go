package handlers

import (
	"context"
	"net/http"
	"testing"

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
