package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

const metricsToken = "metrics-token-for-tests-0123456789"

func withMetricsToken(d *Deps) { d.MetricsToken = metricsToken }

// getMetrics asks for /metrics with token as its bearer token (none when
// empty).
func (a *testApp) getMetrics(t *testing.T, token string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+"/metrics", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return a.do(t, req)
}

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
	// 4 sign-ins an hour per email: the owner's own, then three guesses.
	limit := func(d *Deps) { d.RateLimits.SignInPerEmail = RateLimit{Limit: 4, Window: time.Hour} }
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
