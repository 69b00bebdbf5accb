package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-chi/chi/v5"

	"bizprofile/apispec"
	"bizprofile/handlers/api"
	"bizprofile/plans"
	"bizprofile/ratelimit"
	"bizprofile/store"
)

// The public API's framework: the document against the routes, keys,
// plans, rate limits, problem bodies, content negotiation and ETags.

func TestAPIDocumentValidatesAndAgreesWithTheRoutes(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	doc, err := apispec.Load(context.Background(), app.URL)
	must(t, err)
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the OpenAPI document is not valid: %v", err)
	}
	if doc.OpenAPI != "3.1.0" || doc.Info.Title != "BizProfile API" || doc.Info.Version != "1.0.0" {
		t.Errorf("document %s, %q %s: want OpenAPI 3.1.0, BizProfile API 1.0.0", doc.OpenAPI, doc.Info.Title, doc.Info.Version)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != app.URL+"/api/v1" {
		t.Errorf("servers %v, want the site's /api/v1", doc.Servers)
	}

	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	routed := map[string]bool{}
	err = chi.Walk(app.h.api.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		routed[method+" "+strings.TrimSuffix(route, "/")] = true
		return nil
	})
	must(t, err)
	for r := range routed {
		if !documented[r] {
			t.Errorf("route %s is not in the OpenAPI document", r)
		}
	}
	for d := range documented {
		if !routed[d] {
			t.Errorf("the document describes %s, which no route serves", d)
		}
	}
	if len(routed) < 2 {
		t.Fatalf("walked %d routes: the walk found nothing", len(routed))
	}
}

func TestAPIDocumentRefusesAKeyDefinedTwice(t *testing.T) {
	base := `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"x"}}}}},"components":{"schemas":{"A":{"type":"object"}}}}`
	for name, frag := range map[string]string{
		"path":      `{"paths":{"/a":{"post":{"responses":{"200":{"description":"x"}}}}}}`,
		"schema":    `{"components":{"schemas":{"A":{"type":"string"}}}}`,
		"other key": `{"info":{"title":"u","version":"2"}}`,
	} {
		_, err := apispec.MergeFragments(fstest.MapFS{
			"openapi/base.json": {Data: []byte(base)},
			"openapi/more.json": {Data: []byte(frag)},
		})
		if err == nil {
			t.Errorf("a fragment redefining a %s merged without error", name)
		}
	}
	if _, err := apispec.MergeFragments(fstest.MapFS{
		"openapi/base.json": {Data: []byte(base)},
		"openapi/more.json": {Data: []byte(`{"paths":{"/b":{"get":{"responses":{"200":{"description":"x"}}}}},"components":{"schemas":{"B":{"type":"object"}}}}`)},
	}); err != nil {
		t.Errorf("distinct fragments: %v", err)
	}
}

func TestAPIOpenAPIDocumentIsServedWithoutAKey(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, body := apiDo(t, app, "", "GET", "/openapi.json", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d %s", res.StatusCode, body)
	}
	doc := apiJSON(t, body)
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v", doc["openapi"])
	}
	tag := res.Header.Get("ETag")
	res, body = apiDo(t, app, "", "GET", "/openapi.json", nil, "If-None-Match", tag)
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("with If-None-Match %s: %d %q, want 304 without a body", tag, res.StatusCode, body)
	}
}

func TestAPIRefusesRequestsWithoutAGoodKey(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		owner, key := apiOwner(t, app, "keys@example.com", store.ScopeRead)

		res, body := apiDo(t, app, "", "GET", "/me", nil)
		p := apiProblem(t, body)
		if res.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Bearer") || !strings.HasSuffix(p.Type, "#problem-unauthorized") || p.Detail == "" {
			t.Errorf("no key: %d, WWW-Authenticate %q, %+v", res.StatusCode, res.Header.Get("WWW-Authenticate"), p)
		}
		res, body = apiDo(t, app, "", "GET", "/me", nil, "Authorization", "Basic dXNlcjpwYXNz")
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("basic credentials: %d %s", res.StatusCode, body)
		}
		res, body = apiDo(t, app, store.GenerateAPIKey(), "GET", "/me", nil)
		if p := apiProblem(t, body); res.StatusCode != http.StatusUnauthorized || !strings.HasSuffix(p.Type, "#problem-unauthorized") || !strings.Contains(res.Header.Get("WWW-Authenticate"), "invalid_token") {
			t.Errorf("unknown key: %d %+v", res.StatusCode, p)
		}

		res, body = apiDo(t, app, key, "GET", "/me", nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("good key: %d %s", res.StatusCode, body)
		}
		me := apiJSON(t, body)
		if me["plan"] != plans.Pro.ID {
			t.Errorf("me = %v", me)
		}

		keys, err := app.store.APIKeysOf(context.Background(), owner.ID)
		must(t, err)
		must(t, app.store.RevokeAPIKey(context.Background(), owner.ID, keys[0].ID, time.Now()))
		res, body = apiDo(t, app, key, "GET", "/me", nil)
		if p := apiProblem(t, body); res.StatusCode != http.StatusUnauthorized || !strings.HasSuffix(p.Type, "#problem-revoked-key") {
			t.Errorf("revoked key: %d %+v", res.StatusCode, p)
		}

		// A key of an account whose plan has no API (Free: no subscription).
		free, _, err := app.store.CreateAccount(context.Background(), store.NewAccount{Email: "free@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		freeKey := apiKeyOf(t, app, free.ID, store.ScopeReadWrite)
		res, body = apiDo(t, app, freeKey, "GET", "/me", nil)
		if p := apiProblem(t, body); res.StatusCode != http.StatusForbidden || !strings.HasSuffix(p.Type, "#problem-plan") || !strings.Contains(p.Detail, "Pro") {
			t.Errorf("account without the API: %d %+v", res.StatusCode, p)
		}
	})
}

func TestAPIRateLimitsEachKey(t *testing.T) {
	three := func(d *testDeps) { d.RateLimits.APIPerKey = ratelimit.Rate{Limit: 3, Window: time.Minute} }
	eachEngine(t, func(t *testing.T, app *testApp) {
		owner, key := apiOwner(t, app, "busy@example.com", store.ScopeRead)
		for i := 1; i <= 3; i++ {
			res, body := apiDo(t, app, key, "GET", "/me", nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("request %d: %d %s", i, res.StatusCode, body)
			}
			if res.Header.Get("RateLimit-Limit") != "3" || res.Header.Get("RateLimit-Remaining") != strconv.Itoa(3-i) || res.Header.Get("RateLimit-Policy") != "3;w=60" {
				t.Errorf("request %d: RateLimit-Limit %q, -Remaining %q, -Policy %q", i, res.Header.Get("RateLimit-Limit"), res.Header.Get("RateLimit-Remaining"), res.Header.Get("RateLimit-Policy"))
			}
		}
		res, body := apiDo(t, app, key, "GET", "/me", nil)
		p := apiProblem(t, body)
		retry, _ := strconv.Atoi(res.Header.Get("Retry-After"))
		if res.StatusCode != http.StatusTooManyRequests || retry < 1 || retry > 60 || !strings.HasSuffix(p.Type, "#problem-rate-limited") || res.Header.Get("RateLimit-Remaining") != "0" {
			t.Errorf("fourth request: %d, Retry-After %q, %+v", res.StatusCode, res.Header.Get("Retry-After"), p)
		}
		// Another key of the same account has its own count.
		if res, body := apiDo(t, app, apiKeyOf(t, app, owner.ID, store.ScopeRead), "GET", "/me", nil); res.StatusCode != http.StatusOK {
			t.Errorf("another key: %d %s", res.StatusCode, body)
		}
	}, three)
}

func TestAPIAnswersJSONProblemsForWhatItCannotServe(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, key := apiOwner(t, app, "shape@example.com", store.ScopeReadWrite)
		for _, c := range []struct {
			name         string
			method, path string
			body         any
			headers      []string
			status       int
			kind         string
		}{
			{"unknown route", "GET", "/businesses", nil, nil, 404, "not-found"},
			{"unknown route without a key", "GET", "/nothing/here", nil, []string{"Authorization", ""}, 404, "not-found"},
			{"method not allowed", "DELETE", "/me", nil, nil, 405, "method-not-allowed"},
			{"HTML asked for", "GET", "/me", nil, []string{"Accept", "text/html"}, 406, "not-acceptable"},
			{"a form sent", "POST", "/me", "a=1", []string{"Content-Type", "application/x-www-form-urlencoded"}, 415, "unsupported-media-type"},
		} {
			res, body := apiDo(t, app, key, c.method, c.path, c.body, c.headers...)
			p := apiProblem(t, body)
			if res.StatusCode != c.status || !strings.HasSuffix(p.Type, "#problem-"+c.kind) || p.Status != c.status {
				t.Errorf("%s: %d %+v, want %d %s", c.name, res.StatusCode, p, c.status, c.kind)
			}
		}
	})
}

func TestAPIGivesReadsAnETag(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, key := apiOwner(t, app, "etag@example.com", store.ScopeRead)
		res, _ := apiDo(t, app, key, "GET", "/me", nil)
		tag := res.Header.Get("ETag")
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Fatalf("GET /me: %d, ETag %q (want a strong, quoted tag)", res.StatusCode, tag)
		}
		for _, inm := range []string{tag, "W/" + tag, `"other", ` + tag, "*"} {
			res, body := apiDo(t, app, key, "GET", "/me", nil, "If-None-Match", inm)
			if res.StatusCode != http.StatusNotModified || len(body) != 0 || res.Header.Get("ETag") != tag {
				t.Errorf("If-None-Match %s: %d %q ETag %q, want 304 without a body", inm, res.StatusCode, body, res.Header.Get("ETag"))
			}
		}
		res, body := apiDo(t, app, key, "GET", "/me", nil, "If-None-Match", `"stale"`)
		if res.StatusCode != http.StatusOK || len(body) == 0 {
			t.Errorf("a stale tag: %d %q, want the whole answer", res.StatusCode, body)
		}
	})
}

func TestAPIProblemKindsAreDocumented(t *testing.T) {
	kinds := api.ProblemKinds()
	codes := map[string]bool{}
	for _, k := range kinds {
		if k.Code == "" || k.Title == "" || k.Description == "" || k.Status < 400 || codes[k.Code] {
			t.Errorf("kind %+v: each has a unique code, a title, a description and an error status", k)
		}
		codes[k.Code] = true
	}
	if !sort.SliceIsSorted(kinds, func(i, j int) bool { return kinds[i].Status < kinds[j].Status }) {
		t.Error("kinds are not in the order of their status")
	}
	var doc map[string]any
	must(t, json.Unmarshal(apispec.Document(), &doc))
	if doc["servers"].([]any)[0].(map[string]any)["url"] != "/api/v1" {
		t.Errorf("Document's servers = %v, want /api/v1", doc["servers"])
	}
}
