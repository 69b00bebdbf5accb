package handlers

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"bizprofile/store"
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
