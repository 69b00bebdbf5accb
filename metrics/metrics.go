// Package metrics is the Prometheus series the app exposes on /metrics
// (handlers serve them, behind METRICS_TOKEN or on METRICS_ADDR): its
// requests, the directory's search index, and the Go runtime's and the
// process's own. Each Metrics has a registry of its own, so tests can
// build as many apps as they like.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"bizprofile/search"
)

// Metrics are one app's series.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// New returns the series; index, when not nil, reads the directory's
// search index (store.DirectoryStats) at each scrape.
func New(index func() search.Stats) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total",
			Help: "HTTP requests served, by method, route pattern and status. Status 499: the client went away " +
				"(closed the connection) before its answer was complete; no fault of the app, counted apart from the 5xx.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "http_request_duration_seconds",
			Help:    "Time to serve HTTP requests, by method, route pattern and status.",
			Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route", "status"}),
	}
	m.reg.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if index != nil {
		m.reg.MustRegister(indexCollector(index))
	}
	return m
}

// Observe counts one request.
func (m *Metrics) Observe(method, route string, status int, d time.Duration) {
	s := strconv.Itoa(status)
	m.requests.WithLabelValues(method, route, s).Inc()
	m.duration.WithLabelValues(method, route, s).Observe(d.Seconds())
}

// Handler serves the series in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// The search index's gauges. Reading its size walks the index, so one
// collector reads it once a scrape for all three (three GaugeFuncs would
// walk it three times, and could disagree with each other).
var (
	indexListings = prometheus.NewDesc("bizprofile_search_index_listings",
		"Published listings the directory's in-memory search index holds.", nil, nil)
	indexBytes = prometheus.NewDesc("bizprofile_search_index_bytes",
		"Memory the directory's search index takes, estimated from its own structures, in bytes.", nil, nil)
	indexVersion = prometheus.NewDesc("bizprofile_search_index_version",
		"The database's directory version the search index reflects (it moves with every change to a listing); -1 before the index is first built.", nil, nil)
)

type indexCollector func() search.Stats

func (indexCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- indexListings
	ch <- indexBytes
	ch <- indexVersion
}

func (c indexCollector) Collect(ch chan<- prometheus.Metric) {
	s := c()
	ch <- prometheus.MustNewConstMetric(indexListings, prometheus.GaugeValue, float64(s.Listings))
	ch <- prometheus.MustNewConstMetric(indexBytes, prometheus.GaugeValue, float64(s.Bytes))
	ch <- prometheus.MustNewConstMetric(indexVersion, prometheus.GaugeValue, float64(s.Version))
}
