package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"bizprofile/apispec"
	"bizprofile/handlers/api"
	"bizprofile/plans"
	"bizprofile/store"
)

// The public API's test harness: a Pro account with a key, and apiDo, which
// sends a request through the app's real router and checks the request and
// its answer against the OpenAPI document (api.Document).

// apiOwner is a business account on Pro holding one API key with scopes
// (store.ScopeRead or store.ScopeReadWrite); it returns the account's owner
// and the key's secret.
func apiOwner(t *testing.T, app *testApp, email, scopes string) (store.User, string) {
	t.Helper()
	ctx := context.Background()
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "x", Kind: store.KindBusiness, Profile: store.Profile{FullName: "Owner " + email}})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	onPlan(t, app, u.ID, plans.Pro.ID)
	return u, apiKeyOf(t, app, u.ID, scopes)
}

// apiKeyOf makes another key of the account and returns its secret.
func apiKeyOf(t *testing.T, app *testApp, accountID int64, scopes string) string {
	t.Helper()
	_, secret, err := app.store.CreateAPIKey(context.Background(), store.NewAPIKey{AccountID: accountID, Name: "Test key " + scopes, Scopes: scopes, CreatedBy: accountID})
	must(t, err)
	return secret
}

// apiDocs caches the parsed document and its router per test server.
var apiDocs sync.Map // base URL -> *apiDoc

type apiDoc struct {
	doc    *openapi3.T
	router routers.Router
}

func apiDocOf(t *testing.T, app *testApp) *apiDoc {
	t.Helper()
	if d, ok := apiDocs.Load(app.URL); ok {
		return d.(*apiDoc)
	}
	doc, err := apispec.Load(context.Background(), app.URL)
	must(t, err)
	router, err := legacy.NewRouter(doc)
	must(t, err)
	d := &apiDoc{doc: doc, router: router}
	apiDocs.Store(app.URL, d)
	t.Cleanup(func() { apiDocs.Delete(app.URL) })
	return d
}

// apiDo sends method path (relative to /api/v1, query included) with key
// as its bearer key (none when empty) and body: nil for none, []byte or
// string as it is, anything else as JSON. headers are name, value pairs
// (they replace the defaults: Accept and Content-Type application/json).
//
// Every request and answer is checked against the OpenAPI document: an
// answer the document does not describe (status, headers, body) fails the
// test; a request the document calls invalid must be refused with a 4xx; an
// answer to a route the document lacks must be a 4xx problem.
func apiDo(t *testing.T, app *testApp, key, method, path string, body any, headers ...string) (*http.Response, []byte) {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case []byte:
		raw = b
	case string:
		raw = []byte(b)
	default:
		var err error
		raw, err = json.Marshal(b)
		must(t, err)
	}
	newReq := func() *http.Request {
		var rd io.Reader
		if body != nil {
			rd = bytes.NewReader(raw)
		}
		req, err := http.NewRequest(method, app.URL+"/api/v1"+path, rd)
		must(t, err)
		req.Header.Set("Accept", "application/json")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		return req
	}
	res, err := http.DefaultClient.Do(newReq())
	must(t, err)
	got, err := io.ReadAll(res.Body)
	must(t, err)
	res.Body.Close()
	checkAPIAnswer(t, app, newReq(), res, got)
	return res, got
}

// checkAPIAnswer fails the test when the exchange disagrees with the
// document.
func checkAPIAnswer(t *testing.T, app *testApp, req *http.Request, res *http.Response, body []byte) {
	t.Helper()
	ctx := context.Background()
	d := apiDocOf(t, app)
	where := req.Method + " " + req.URL.RequestURI()
	ct := res.Header.Get("Content-Type")
	if res.StatusCode >= 400 {
		if ct != "application/problem+json" {
			t.Fatalf("%s: %d answered as %q, want application/problem+json", where, res.StatusCode, ct)
		}
		var p api.Problem
		must(t, json.Unmarshal(body, &p))
		if !strings.HasPrefix(p.Type, testSite.BaseURL+"/api/docs#problem-") || p.Status != res.StatusCode || p.Title == "" {
			t.Fatalf("%s: problem %+v: its type links to /api/docs#problem-…, its status is the answer's, it has a title", where, p)
		}
	}
	if res.StatusCode == http.StatusNotModified {
		if len(body) != 0 || res.Header.Get("ETag") == "" {
			t.Fatalf("%s: 304 with a body (%q) or without an ETag", where, body)
		}
	}
	route, params, err := d.router.FindRoute(req)
	if slices.Contains(slices.Collect(maps.Values(params)), "") {
		// kin's router matches /leads to /leads/{id} with an empty id.
		err = &routers.RouteError{Reason: routers.ErrPathNotFound.Error()}
	}
	if err != nil {
		var re *routers.RouteError
		if !errors.As(err, &re) || (re.Reason != routers.ErrPathNotFound.Error() && re.Reason != routers.ErrMethodNotAllowed.Error()) {
			t.Fatalf("%s: finding the route in the document: %v", where, err)
		}
		if res.StatusCode < 400 || res.StatusCode >= 500 {
			t.Fatalf("%s is not in the document but answered %d: %s", where, res.StatusCode, body)
		}
		var v any
		must(t, json.Unmarshal(body, &v))
		if err := d.doc.Components.Schemas["Problem"].Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
			t.Fatalf("%s: the problem does not match the document's Problem: %v\n%s", where, err, body)
		}
		return
	}
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: bearerPresent},
	}
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
		if res.StatusCode < 400 || res.StatusCode >= 500 {
			t.Fatalf("%s: the document calls the request invalid (%v) but it was answered %d: %s", where, err, res.StatusCode, body)
		}
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 res.StatusCode,
		Header:                 res.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		t.Fatalf("%s: the answer %d disagrees with the document: %v\n%s", where, res.StatusCode, err, body)
	}
}

// bearerPresent is the document's bearer scheme as a client sees it: an
// Authorization header with a Bearer token. (The server decides whether
// the key is good.)
func bearerPresent(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	h := in.RequestValidationInput.Request.Header.Get("Authorization")
	if !strings.HasPrefix(h, "Bearer ") {
		return fmt.Errorf("no bearer token")
	}
	return nil
}

// apiJSON decodes an API answer's body into a map, failing the test if it
// is not JSON.
func apiJSON(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("answer is not a JSON object: %v\n%s", err, body)
	}
	return v
}

// apiProblem decodes a problem+json answer.
func apiProblem(t *testing.T, body []byte) api.Problem {
	t.Helper()
	var p api.Problem
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("answer is not a problem: %v\n%s", err, body)
	}
	return p
}
