package handlers

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// A visitor who gives up on a search (closes the tab, or types on so the
// directory island drops its fetch) is no fault of the app: the failure of
// the work cancelled with the request is logged at INFO, never ERROR, and
// the request is counted as 499, apart from the 5xx that page whoever
// watches the error rate. The API's clients are treated alike.

// abandonedSearches are a search on each of the directory's doors: the
// page, the island's JSON, and the public API (with key).
func abandonedSearches(key string) []*http.Request {
	page := httptest.NewRequest(http.MethodGet, "/directory?q=bakery", nil)
	island := httptest.NewRequest(http.MethodGet, "/directory.json?q=bakery", nil)
	viaAPI := httptest.NewRequest(http.MethodGet, "/api/v1/directory?q=bakery", nil)
	viaAPI.Header.Set("Accept", "application/json")
	viaAPI.Header.Set("Authorization", "Bearer "+key)
	return []*http.Request{page, island, viaAPI}
}

// checkNoServerError fails the test when the app logged an ERROR or counted
// a 5xx, and when routes were not each counted once as 499.
func checkNoServerError(t *testing.T, app *testApp, routes ...string) {
	t.Helper()
	logs := app.logs.String()
	for line := range strings.SplitSeq(logs, "\n") {
		if strings.Contains(line, "level=ERROR") {
			t.Errorf("a client that went away is logged as an error: %s", line)
		}
	}
	if n := strings.Count(logs, `msg="client went away"`); n != len(routes) {
		t.Errorf("%d INFO lines say the client went away, want %d:\n%s", n, len(routes), logs)
	}
	_, metrics := app.getMetrics(t, metricsToken)
	for _, route := range routes {
		want := `http_requests_total{method="GET",route="` + route + `",status="499"} 1`
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
		if !strings.Contains(logs, "route="+route+" status=499") {
			t.Errorf("the request log does not record %s as 499", route)
		}
	}
	for line := range strings.SplitSeq(metrics, "\n") {
		if strings.HasPrefix(line, "http_requests_total{") && strings.Contains(line, `status="5`) {
			t.Errorf("/metrics counts a 5xx: %s", line)
		}
	}
}

// Searches whose client has already gone when the app serves them.
func TestClientGoneBeforeTheSearchIsNotAServerError(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		_, key := apiOwner(t, app, "api@bizprofile.test", store.ScopeRead)
		for _, req := range abandonedSearches(key) {
			ctx, cancel := context.WithCancel(req.Context())
			cancel()
			rec := httptest.NewRecorder()
			app.Config.Handler.ServeHTTP(rec, req.WithContext(ctx))
			if rec.Body.Len() > 0 {
				t.Errorf("%s: %d bytes answered to a client that went away", req.URL, rec.Body.Len())
			}
		}
		checkNoServerError(t, app, "/directory", "/directory.json", "/api/v1/directory")
	}, withMetricsToken)
}

// Searches whose client leaves while the app waits on the database: a
// real connection, closed while the query waits on a lock (PostgreSQL,
// where a query can be held so). The driver's error for the cancelled
// query need not say "context canceled": the request tells.
func TestClientGoneDuringTheSearchIsNotAServerError(t *testing.T) {
	dbURL := storetest.PostgresDatabase(t)
	st, err := store.Open(context.Background(), dbURL, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	app := newTestAppOn(t, st, withMetricsToken)
	seeded(t, app)
	_, key := apiOwner(t, app, "api@bizprofile.test", store.ScopeRead)
	if res, _ := app.get(t, "/directory.json?q=bakery"); res.StatusCode != http.StatusOK { // the index is built
		t.Fatalf("search: %d", res.StatusCode)
	}
	db, err := sql.Open("postgres", dbURL)
	must(t, err)
	defer db.Close()

	for _, req := range abandonedSearches(key)[1:] {
		served := strings.Count(app.logs.String(), `msg=request`)
		lock, err := db.Begin()
		must(t, err)
		_, err = lock.Exec(`LOCK TABLE directory_state IN ACCESS EXCLUSIVE MODE`)
		must(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			out := req.Clone(ctx)
			out.RequestURI, out.URL.Scheme, out.URL.Host = "", "http", strings.TrimPrefix(app.URL, "http://")
			if res, err := http.DefaultClient.Do(out); err == nil {
				res.Body.Close()
				t.Errorf("%s: answered %d while the database held it", req.URL, res.StatusCode)
			}
		}()
		waitFor(t, "the search waits on the lock", func() bool {
			var n int
			must(t, db.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%directory_state%'`).Scan(&n))
			return n > 0
		})
		cancel() // the visitor leaves
		<-done
		waitFor(t, "the request is logged", func() bool { return strings.Count(app.logs.String(), `msg=request`) > served })
		must(t, lock.Rollback())
	}
	checkNoServerError(t, app, "/directory.json", "/api/v1/directory")
}

// waitFor polls cond for up to 10 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting: %s", what)
		}
	}
}
