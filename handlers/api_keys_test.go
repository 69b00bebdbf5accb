package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/plans"
	"bizprofile/store"
)

// proOwner signs in a business owner on the Pro plan.
func proOwner(t *testing.T, app *testApp, email string) *store.User {
	t.Helper()
	u := signedInOwner(t, app, email)
	onPlan(t, app, u.ID, plans.Pro.ID)
	return u
}

// apiKeyRow is the row of the API keys table for the key named name; it
// fails the test when there is none.
func apiKeyRow(t *testing.T, doc finder, name string) *goquery.Selection {
	t.Helper()
	row := byTestID(doc, "api-key").FilterFunction(func(_ int, tr *goquery.Selection) bool {
		return textOf(tr.Find("th")) == name
	})
	if row.Length() != 1 {
		t.Fatalf("%d keys named %q listed, want 1", row.Length(), name)
	}
	return row
}

// createKey creates a key through the page and returns the secret shown.
func createKey(t *testing.T, app *testApp, name, scopes string) string {
	t.Helper()
	res, body := app.post(t, "/dashboard/api/keys", url.Values{"name": {name}, "scopes": {scopes}})
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("create key %q: status %d", name, res.StatusCode)
	}
	return valueOf(labelled(t, parseHTML(t, body), "Your API key"))
}

func TestAPIKeyIsShownOnceAndKeptAsItsDigest(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := proOwner(t, app, "keys@bizprofile.test")

		res, body := app.get(t, "/dashboard/api")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET /dashboard/api = %d", res.StatusCode)
		}
		doc := parseHTML(t, body)
		if got := textOf(byTestID(doc, "key-count")); got != "0 of 10 keys" {
			t.Errorf("key count %q", got)
		}
		if !hasLink(doc, "API reference", "/api/docs") {
			t.Error("no link to the API reference")
		}
		if byTestID(doc, "api-offer").Length() != 0 {
			t.Error("a Pro account is offered the plan it has")
		}

		res, body = app.post(t, "/dashboard/api/keys", url.Values{"name": {"CRM sync"}, "scopes": {store.ScopeRead}})
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("create key: status %d", res.StatusCode)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("the page with the key may be cached: Cache-Control %q", cc)
		}
		doc = parseHTML(t, body)
		field := labelled(t, doc, "Your API key")
		secret := valueOf(field)
		if !strings.HasPrefix(secret, store.APIKeyPrefix) || len(secret) < 30 {
			t.Fatalf("the key shown is %q", secret)
		}
		if _, ro := field.Attr("readonly"); !ro {
			t.Error("the key's field is not read-only")
		}
		// A Copy key button for JavaScript (hidden until the island shows
		// it); without it the field's text is there to select.
		copyKey := doc.Find(`button[data-copy="` + field.AttrOr("id", "") + `"]`)
		if _, hidden := copyKey.Attr("hidden"); copyKey.Length() != 1 || !hidden || textOf(copyKey) != "Copy key" || copyKey.AttrOr("data-copy-what", "") != "key" {
			t.Errorf("the key's copy button: %d found, text %q", copyKey.Length(), textOf(copyKey))
		}
		if w := textOf(byID(field, field.AttrOr("aria-describedby", ""))); !strings.Contains(w, "cannot be shown again") {
			t.Errorf("the key's warning says %q", w)
		}
		if got := textOf(byTestID(doc, "key-count")); got != "1 of 10 keys" {
			t.Errorf("key count after creating one: %q", got)
		}

		keys, err := app.store.APIKeysOf(ctx, owner.ID)
		must(t, err)
		if len(keys) != 1 || keys[0].Hash != store.Digest(secret) || keys[0].Hash == secret || keys[0].CreatedBy.Int64 != owner.ID {
			t.Fatalf("stored keys %+v: want one, kept as the digest of the secret", keys)
		}

		_, body = app.get(t, "/dashboard/api")
		if strings.Contains(body, secret) {
			t.Fatal("the key is shown again on the next visit")
		}
		row := apiKeyRow(t, parseHTML(t, body), "CRM sync")
		cells := texts(row.Children())
		if cells[1] != keys[0].Prefix+"…" || cells[2] != "Read only" || !strings.HasSuffix(cells[3], "by you") || cells[4] != "Never used" || cells[5] != "Active" {
			t.Errorf("key row %q", cells)
		}

		used := time.Date(2026, 4, 3, 9, 41, 0, 0, time.UTC)
		must(t, app.store.TouchAPIKey(ctx, keys[0].ID, used))
		createKey(t, app, "Website", store.ScopeReadWrite)
		_, body = app.get(t, "/dashboard/api")
		doc = parseHTML(t, body)
		if got := texts(apiKeyRow(t, doc, "CRM sync").Children())[4]; got != "Apr 3, 2026 09:41 UTC" {
			t.Errorf("last used %q", got)
		}
		if got := texts(apiKeyRow(t, doc, "Website").Children())[2]; got != "Read and write" {
			t.Errorf("scopes of the write key %q", got)
		}
	})
}

func TestAPIKeyIsRevokedAfterConfirmation(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := proOwner(t, app, "revoke@bizprofile.test")
		secret := createKey(t, app, "Old CRM", store.ScopeReadWrite)
		_, body := app.get(t, "/dashboard/api")
		revoke := links(parseHTML(t, body), "Revoke Old CRM")
		if revoke.Length() != 1 {
			t.Fatal("no Revoke link for the key")
		}
		res, body := app.get(t, revoke.AttrOr("href", ""))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("confirmation page: %d", res.StatusCode)
		}
		doc := parseHTML(t, body)
		form := formOf(doc, "Yes, revoke this key")
		if form.Length() != 1 || !hasLink(doc, "Cancel", "/dashboard/api#api-keys") {
			t.Fatal("the confirmation has no revoke button or no way back")
		}
		if k, _ := app.store.APIKeyByHash(ctx, store.Digest(secret)); k.Revoked() {
			t.Fatal("the key was revoked before the confirmation")
		}

		// Another account cannot reach it.
		other := app.newClient()
		proOwner(t, other, "other-revoke@bizprofile.test")
		if res, _ := other.get(t, revoke.AttrOr("href", "")); res.StatusCode != http.StatusNotFound {
			t.Errorf("another account's confirmation page: %d, want 404", res.StatusCode)
		}
		if res, _ := other.post(t, form.AttrOr("action", ""), url.Values{}); res.StatusCode != http.StatusNotFound {
			t.Errorf("another account's revocation: %d, want 404", res.StatusCode)
		}
		if k, _ := app.store.APIKeyByHash(ctx, store.Digest(secret)); k.Revoked() {
			t.Fatal("another account revoked the key")
		}

		res, _ = app.post(t, form.AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard/api#api-keys" {
			t.Fatalf("revocation: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		k, err := app.store.APIKeyByHash(ctx, store.Digest(secret))
		must(t, err)
		if !k.Revoked() || k.AccountID != owner.ID {
			t.Fatalf("key after revocation %+v", k)
		}
		_, body = app.get(t, "/dashboard/api")
		doc = parseHTML(t, body)
		if !hasToast(doc, "Key revoked", "“Old CRM” no longer opens the API.") {
			t.Errorf("toasts %v", toasts(doc))
		}
		row := apiKeyRow(t, doc, "Old CRM")
		if status := texts(row.Children())[5]; !strings.HasPrefix(status, "Revoked ") {
			t.Errorf("status %q", status)
		}
		if links(row, "Revoke Old CRM").Length() != 0 {
			t.Error("a revoked key can be revoked again")
		}
		if got := textOf(byTestID(doc, "key-count")); got != "0 of 10 keys" {
			t.Errorf("key count after revoking: %q", got)
		}
	})
}

func TestAPIKeyFormRefusalsKeepWhatWasSent(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		proOwner(t, app, "refusals@bizprofile.test")
		createKey(t, app, "Website", store.ScopeRead)
		for _, c := range []struct {
			name, scopes, field, want string
		}{
			{"", store.ScopeRead, "Name", "Name the key, such as the system that will use it."},
			{strings.Repeat("k", 61), store.ScopeRead, "Name", "Keep this under 60 characters."},
			{"website", store.ScopeReadWrite, "Name", "An active key already has this name: choose another, so you can tell them apart."},
			{"Billing", "", "Read only", "Choose what the key may do: read only, or read and write."},
			{"Billing", "admin", "Read and write", "Choose what the key may do: read only, or read and write."},
		} {
			res, body := app.post(t, "/dashboard/api/keys", url.Values{"name": {c.name}, "scopes": {c.scopes}})
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Errorf("%q/%q: status %d, want 422", c.name, c.scopes, res.StatusCode)
				continue
			}
			doc := parseHTML(t, body)
			if got := fieldError(labelled(t, doc, c.field)); got != c.want {
				t.Errorf("%q/%q: %s says %q, want %q", c.name, c.scopes, c.field, got, c.want)
			}
			if got := valueOf(labelled(t, doc, "Name")); got != c.name {
				t.Errorf("%q/%q: name kept as %q", c.name, c.scopes, got)
			}
			if c.scopes == store.ScopeReadWrite && !checked(labelled(t, doc, "Read and write")) {
				t.Errorf("%q: the access chosen is not kept", c.name)
			}
			if byTestID(doc, "new-api-key").Length() != 0 {
				t.Errorf("%q/%q: a key is shown", c.name, c.scopes)
			}
		}
	})
}

func TestAPIKeysStopAtTen(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		proOwner(t, app, "ten@bizprofile.test")
		for i := range store.MaxAPIKeys {
			createKey(t, app, "Key "+strconv.Itoa(i+1), store.ScopeRead)
		}
		res, body := app.post(t, "/dashboard/api/keys", url.Values{"name": {"Eleventh"}, "scopes": {store.ScopeRead}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("11th key: status %d, want 422", res.StatusCode)
		}
		doc := parseHTML(t, body)
		if got := notices(formOf(doc, "Create key"), "alert"); len(got) != 1 || !strings.Contains(got[0], "the most an account may hold") {
			t.Errorf("11th key refused with %q", got)
		}
		if got := valueOf(labelled(t, doc, "Name")); got != "Eleventh" {
			t.Errorf("name kept as %q", got)
		}
		if got := textOf(byTestID(doc, "key-count")); got != "10 of 10 keys" {
			t.Errorf("key count %q", got)
		}
	})
}

func TestAPIPageIsTheOwnersAndNeedsTheAPIPlan(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := proOwner(t, app, "team-owner@bizprofile.test")
		createKey(t, app, "CRM", store.ScopeRead)

		_, body := app.get(t, "/dashboard")
		if !hasLink(parseHTML(t, body), "API & webhooks", "/dashboard/api") {
			t.Error("a Pro owner's dashboard does not link to the API page")
		}

		member := app.newClient()
		m := member.account(t, "member@bizprofile.test", store.KindBusiness)
		must(t, app.store.AddTeamMember(ctx, owner.ID, m.ID, owner.ID))
		_, body = member.get(t, "/dashboard")
		if linksTo(parseHTML(t, body), "/dashboard/api").Length() != 0 {
			t.Error("a member's dashboard links to the owner's API page")
		}
		for _, c := range []struct{ method, path string }{
			{http.MethodGet, "/dashboard/api"},
			{http.MethodPost, "/dashboard/api/keys"},
			{http.MethodPost, "/dashboard/api/webhooks"},
		} {
			var res *http.Response
			var body string
			if c.method == http.MethodGet {
				res, body = member.get(t, c.path)
			} else {
				res, body = member.post(t, c.path, url.Values{"name": {"Mine"}, "scopes": {store.ScopeRead}, "url": {"https://crm.example/h"}, "events": {store.EventLeadCreated}})
			}
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("member %s %s: %d, want 403", c.method, c.path, res.StatusCode)
				continue
			}
			if msg := textOf(byTestID(parseHTML(t, body), "owner-only")); !strings.Contains(msg, "Only the account owner") {
				t.Errorf("member %s %s is told %q", c.method, c.path, msg)
			}
		}
		if keys, _ := app.store.APIKeysOf(ctx, owner.ID); len(keys) != 1 {
			t.Errorf("%d keys after the member's tries, want 1", len(keys))
		}

		// An owner on the free plan sees what the plan with the API brings.
		free := app.newClient()
		u := signedInOwner(t, free, "free@bizprofile.test")
		_, body = free.get(t, "/dashboard")
		if !hasLink(parseHTML(t, body), "API & webhooks Pro", "/dashboard/api") {
			t.Error("a free owner's dashboard does not link to the API page naming the plan it needs")
		}
		res, body := free.get(t, "/dashboard/api")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("free plan GET: %d", res.StatusCode)
		}
		doc := parseHTML(t, body)
		offer := byTestID(doc, "api-offer")
		if !strings.Contains(textOf(offer), "come with the Pro plan") || !hasLink(offer, "Compare plans", "/pricing") {
			t.Errorf("offer %q", textOf(offer))
		}
		if buttons(doc, "Create key").Length() != 0 || buttons(doc, "Add endpoint").Length() != 0 {
			t.Error("the free plan is offered forms it cannot use")
		}
		for _, path := range []string{"/dashboard/api/keys", "/dashboard/api/webhooks"} {
			res, body := free.post(t, path, url.Values{"name": {"Mine"}, "scopes": {store.ScopeRead}, "url": {"https://crm.example/h"}, "events": {store.EventLeadCreated}})
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("free plan POST %s: %d, want 403", path, res.StatusCode)
				continue
			}
			if got := notices(parseHTML(t, body), "alert"); len(got) == 0 || !strings.Contains(got[0], "come with the Pro plan") {
				t.Errorf("free plan POST %s told %q", path, got)
			}
		}
		keys, err := app.store.APIKeysOf(ctx, u.ID)
		must(t, err)
		endpoints, err := app.store.WebhookEndpointsOf(ctx, u.ID)
		must(t, err)
		if len(keys) != 0 || len(endpoints) != 0 {
			t.Errorf("the free plan made %d keys and %d endpoints", len(keys), len(endpoints))
		}

		// Signed out: sent to sign in.
		if res, _ := app.newClient().get(t, "/dashboard/api"); res.StatusCode != http.StatusSeeOther {
			t.Errorf("signed out: %d, want 303", res.StatusCode)
		}
	})
}
