// Package metrics is the Prometheus series the app exposes on /metrics
// (handlers serve them, behind METRICS_TOKEN or on METRICS_ADDR): its
// requests, the directory's search index, the job queue, the last
// backup, and the Go runtime's and the process's own. Each Metrics has a registry of its own, so tests can
// build as many apps as they like.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"sync"
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

// Sources are what the series beyond the requests read at a scrape; a nil
// one is left out.
type Sources struct {
	// Index reads the directory's search index (store.DirectoryStats).
	Index func() search.Stats
	// Jobs counts the job queue's jobs by status (store.JobCounts).
	Jobs func(context.Context) (map[string]int, error)
	// LastBackup is the newest backup's time and size; ok false when
	// there is none.
	LastBackup func(context.Context) (at time.Time, size int64, ok bool, err error)
}

// New returns the series on src.
func New(src Sources) *Metrics {
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
	if src.Index != nil {
		m.reg.MustRegister(indexCollector(src.Index))
	}
	if src.Jobs != nil {
		m.reg.MustRegister(jobsCollector(src.Jobs))
	}
	if src.LastBackup != nil {
		m.reg.MustRegister(&backupCollector{read: src.LastBackup})
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
	// A series that cannot be read (the database or the backups' bucket
	// down) is left out; the others are still served, since they are the
	// ones that tell what is wrong.
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
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

// The job queue's gauge, from the database at each scrape: every
// instance reports the same queue.
var jobsByStatus = prometheus.NewDesc("bizprofile_jobs",
	"Jobs in the queue (shared by every instance) by status: queued, running, done, failed (gave up: retry them from /admin/jobs), discarded. Finished jobs are kept 7 days.",
	[]string{"status"}, nil)

type jobsCollector func(context.Context) (map[string]int, error)

func (jobsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- jobsByStatus }

func (c jobsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := c(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(jobsByStatus, err)
		return
	}
	for _, status := range []string{"queued", "running", "done", "failed", "discarded"} {
		ch <- prometheus.MustNewConstMetric(jobsByStatus, prometheus.GaugeValue, float64(counts[status]), status)
	}
}

// The last backup's gauges. Reading them lists the backups' archive (a
// folder, or a bucket), so a reading is kept for a minute.
var (
	backupTime = prometheus.NewDesc("bizprofile_backup_last_timestamp_seconds",
		"When the newest backup of the database was taken (Unix time); 0 when there is none. Alert when time() minus it exceeds two BACKUP_INTERVALs.", nil, nil)
	backupSize = prometheus.NewDesc("bizprofile_backup_last_size_bytes",
		"The size of the newest backup of the database, in bytes.", nil, nil)
	backupUp = prometheus.NewDesc("bizprofile_backup_archive_up",
		"1 when the backups' archive (folder or bucket) could be read at the last look, 0 when not (and the two series above are left out).", nil, nil)
)

type backupCollector struct {
	read func(context.Context) (time.Time, int64, bool, error)

	mu     sync.Mutex
	readAt time.Time
	at     time.Time
	size   int64
	err    error
}

func (*backupCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- backupTime
	ch <- backupSize
	ch <- backupUp
}

func (c *backupCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.readAt) > time.Minute {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		at, size, ok, err := c.read(ctx)
		cancel()
		c.readAt, c.at, c.size, c.err = time.Now(), time.Time{}, size, err
		if ok {
			c.at = at
		}
	}
	if c.err != nil {
		ch <- prometheus.MustNewConstMetric(backupUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(backupUp, prometheus.GaugeValue, 1)
	var unix float64
	if !c.at.IsZero() {
		unix = float64(c.at.Unix())
	}
	ch <- prometheus.MustNewConstMetric(backupTime, prometheus.GaugeValue, unix)
	ch <- prometheus.MustNewConstMetric(backupSize, prometheus.GaugeValue, float64(c.size))
}
