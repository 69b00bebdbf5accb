package handlers

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// metricsEndpoint is /metrics on the app's own address: open only to a
// request that brings the METRICS_TOKEN as a bearer token, and a page that
// does not exist when no token is set (METRICS_ADDR may serve it apart).
func (h *Handlers) metricsEndpoint(w http.ResponseWriter, r *http.Request) {
	if h.metricsToken == "" {
		http.NotFound(w, r)
		return
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(h.metricsToken)) != 1 {
		w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
		http.Error(w, "Unauthorized", http.StatusUnauthorized)
		return
	}
	h.metrics.Handler().ServeHTTP(w, r)
}

// MetricsHandler serves the metrics without a token, for a listen address
// of their own (METRICS_ADDR) that only the monitoring can reach.
func (h *Handlers) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h.metrics.Handler())
	return mux
}
