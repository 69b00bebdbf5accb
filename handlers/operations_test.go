package handlers

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/ratelimit"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestMetricsAreNotPublic(t *testing.T) {
	closed := newTestApp(t, store.SQLite)
	if res, _ := closed.getMetrics(t, ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("/metrics without METRICS_TOKEN: %d, want 404", res.StatusCode)
	}
	if res, _ := closed.getMetrics(t, metricsToken); res.StatusCode != http.StatusNotFound {
		t.Errorf("/metrics without METRICS_TOKEN, any token: %d, want 404", res.StatusCode)
	}

	app := newTestApp(t, store.SQLite, withMetricsToken)
	for _, token := range []string{"", "wrong", metricsToken + "x", metricsToken[:10]} {
		res, body := app.getMetrics(t, token)
		if res.StatusCode != http.StatusUnauthorized || res.Header.Get("WWW-Authenticate") == "" {
			t.Errorf("token %q: %d (WWW-Authenticate %q), want 401", token, res.StatusCode, res.Header.Get("WWW-Authenticate"))
		}
		if len(body) > 100 {
			t.Errorf("token %q: the refusal shows %d bytes", token, len(body))
		}
	}
	if res, _ := app.getMetrics(t, metricsToken); res.StatusCode != http.StatusOK {
		t.Errorf("/metrics with the token: %d", res.StatusCode)
	}

	// METRICS_ADDR: the metrics alone, on a listener of their own.
	own := httptest.NewServer(closed.h.MetricsHandler())
	defer own.Close()
	res, err := http.Get(own.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || len(b) == 0 {
		t.Errorf("the metrics listener: %d, %d bytes", res.StatusCode, len(b))
	}
	if res, _ := http.Get(own.URL + "/"); res != nil && res.StatusCode != http.StatusNotFound {
		t.Errorf("the metrics listener serves pages: %d", res.StatusCode)
	}
}

// Two app instances on one PostgreSQL behave as one: a session started on
// one is good on the other, and a sign-in limit per email is the same as
// with one instance, whichever instance the attempts reach.
func TestTwoInstancesOnOnePostgresShareSessionsAndRateLimits(t *testing.T) {
	dbURL := storetest.PostgresDatabase(t)
	open := func() *store.Store {
		st, err := store.Open(context.Background(), dbURL, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	// 3 failed sign-ins an hour per email from one address.
	limit := func(d *testDeps) { d.RateLimits.SignInPerEmailAndIP = ratelimit.Rate{Limit: 3, Window: time.Hour} }
	a := newTestAppOn(t, open(), limit)
	b := newTestAppOn(t, open(), limit)

	a.account(t, "shared@example.com", store.KindBusiness) // signed in through instance a
	onB := *b
	onB.client = a.client // the same browser, balanced to instance b
	// Signed out, /dashboard sends to /login (303).
	if res, _ := onB.get(t, "/dashboard"); res.StatusCode != http.StatusOK {
		t.Fatalf("instance b does not know the session from a: %d", res.StatusCode)
	}

	guess := url.Values{"email": {"shared@example.com"}, "password": {"not the password"}}
	for i, app := range []*testApp{a.newClient(), b.newClient(), a.newClient()} {
		if res, _ := app.post(t, "/login", guess); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d, want 401", i+1, res.StatusCode)
		}
	}
	for name, app := range map[string]*testApp{"a": a.newClient(), "b": b.newClient()} {
		res, _ := app.post(t, "/login", guess)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Errorf("5th sign-in on instance %s: %d, want 429 with Retry-After", name, res.StatusCode)
		}
	}
}

// The database stops mid-session: pages answer 503 with Retry-After and
// the styled page (never a 500), a sent lead comes back with what was
// typed, /readyz says 503; when the database returns, the same app serves
// again without a restart and the lead can be sent.
func TestDatabaseDownAnswers503AndRecovers(t *testing.T) {
	srv := storetest.StartServer(t)
	st, err := store.Open(context.Background(), srv.URL, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	app := newTestAppOn(t, st)
	b := ownedListing(t, app, "owner@example.com", "Downtime Diner")
	member := app.newClient()
	member.account(t, "member@example.com", store.KindIndividual) // a session kept in the database
	visitor := app.newClient()
	lead := url.Values{"name": {"Vic Visitor"}, "email": {"vic@example.com"}, "message": {"A table for six on Friday?"}}

	must(t, srv.Stop())

	for _, c := range []struct {
		name string
		app  *testApp
		path string
	}{{"the directory", visitor, "/directory"}, {"a listing", visitor, "/directory/" + b.Slug}, {"the dashboard (signed in)", member, "/dashboard"}} {
		res, body := c.app.get(t, c.path)
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s with the database down: %d, Retry-After %q; want 503 with Retry-After", c.name, res.StatusCode, res.Header.Get("Retry-After"))
			continue
		}
		if h := headings(parseHTML(t, body), 1, "We'll be back in a moment"); h.Length() != 1 {
			t.Errorf("%s: not the styled page: %q", c.name, texts(parseHTML(t, body).Find("h1")))
		}
	}
	// The island's search answers as the page does: 503, with a moment to
	// wait and a message, never a 500.
	res, body := visitor.get(t, "/directory.json?q=diner")
	var answer struct{ Error string }
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || json.Unmarshal([]byte(body), &answer) != nil || answer.Error == "" {
		t.Errorf("/directory.json with the database down: %d, Retry-After %q, %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	res, body = visitor.post(t, "/directory/"+b.Slug+"/contact", lead)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Fatalf("a lead with the database down: %d", res.StatusCode)
	}
	page := parseHTML(t, body)
	again := formOf(page, "Try again")
	if again.AttrOr("action", "") != "/directory/"+b.Slug+"/contact" {
		t.Fatalf("no form to send the lead again: %q", again.AttrOr("action", ""))
	}
	kept := url.Values{}
	again.Find(`input[type="hidden"]`).Each(func(_ int, in *goquery.Selection) { kept.Add(in.AttrOr("name", ""), in.AttrOr("value", "")) })
	for name, want := range lead {
		if kept.Get(name) != want[0] {
			t.Errorf("the lead's %s was not kept: %q", name, kept.Get(name))
		}
	}
	if shown := terms(page); shown["Message"] != "A table for six on Friday?" {
		t.Errorf("the message is not shown to copy: %v", shown)
	}
	if res, _ := app.get(t, "/readyz"); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("/readyz with the database down: %d", res.StatusCode)
	}
	if strings.Contains(app.logs.String(), "level=ERROR msg=\"server error\"") {
		t.Error("a database outage was logged as a server error (500)")
	}

	must(t, srv.Start())
	waitUntil(t, "the app to serve again", func() bool {
		res, _ := visitor.get(t, "/directory")
		return res.StatusCode == http.StatusOK
	})
	if res, _ := member.get(t, "/dashboard"); res.StatusCode != http.StatusOK {
		t.Errorf("the session after the database returned: %d", res.StatusCode)
	}
	if res, _ := visitor.post(t, "/directory/"+b.Slug+"/contact", kept); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sending the kept lead again: %d", res.StatusCode)
	}
	if res, _ := app.get(t, "/readyz"); res.StatusCode != http.StatusOK {
		t.Errorf("/readyz after the database returned: %d", res.StatusCode)
	}
	app.inbox.waitForSubject(t, "owner@example.com", "New enquiry")
}
