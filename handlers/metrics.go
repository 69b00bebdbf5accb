package handlers

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the Prometheus series /metrics exposes, in a registry of their
// own so tests can build as many Handlers as they like.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total",
			Help: "HTTP requests served, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "http_request_duration_seconds",
			Help:    "Time to serve HTTP requests, by method, route pattern and status.",
			Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route", "status"}),
	}
	m.reg.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) observe(method, route string, status int, d time.Duration) {
	s := strconv.Itoa(status)
	m.requests.WithLabelValues(method, route, s).Inc()
	m.duration.WithLabelValues(method, route, s).Observe(d.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

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
	h.metrics.handler().ServeHTTP(w, r)
}

// MetricsHandler serves the metrics without a token, for a listen address
// of their own (METRICS_ADDR) that only the monitoring can reach.
func (h *Handlers) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h.metrics.handler())
	return mux
}
