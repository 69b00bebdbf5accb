package handlers

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// directoryShapes are the kinds of directory request the benchmark times.
// Each cycles through a few URLs: words of the synthetic vocabulary
// (store/seed.go) that match many listings and some that match few.
var directoryShapes = []struct {
	name string
	urls []string
}{
	{"text+category+sort", []string{ // the target: p95 ≤ 20 ms at 100,000
		"/directory?q=coffee&category=food&sort=rating",
		"/directory?q=dental&category=healthcare&sort=rating",
		"/directory.json?q=ironwood&category=technology&sort=rating",
	}},
	{"text", []string{
		"/directory.json?q=bakery",
		"/directory.json?q=sourdough",
		"/directory.json?q=golden+gate+tire",
	}},
	{"category+sort rating", []string{
		"/directory.json?category=retail&sort=rating",
		"/directory?category=beauty&sort=rating",
	}},
	{"location+sort name", []string{
		"/directory.json?location=austin&sort=name",
		"/directory.json?location=salt+lake&sort=name",
	}},
	{"no filter", []string{"/directory", "/directory.json"}},
	{"deep page", []string{"/directory.json?page=50", "/directory.json?q=studio&page=50"}},
	{"2-char text", []string{"/directory.json?q=ca", "/directory.json?q=tx"}},
}

// directorySizes are the numbers of generated listings the benchmark
// searches: two sizes, so growth is visible.
var directorySizes = []int{10_000, 100_000}

// BenchmarkDirectory times directory requests through the real router on
// each engine and size, reports the median and 95th percentile of the
// request durations (p50-ms, p95-ms), then prints them all as one table.
// `go tool task bench` runs it; the target is text+category+sort
// at p95 ≤ 20 ms with 100,000 listings on both engines.
func BenchmarkDirectory(b *testing.B) {
	type row struct {
		engine   store.Dialect
		size     int
		shape    string
		p50, p95 time.Duration
		requests int
	}
	var (
		rows   []row
		builds []string
	)
	for _, engine := range storetest.Engines() {
		for _, size := range directorySizes {
			// One dataset per engine and size, built only when one of its
			// shapes is selected, dropped when they are done.
			b.Run(fmt.Sprintf("%s/%d", engine, size), func(b *testing.B) {
				start := time.Now()
				h := newDirectoryBenchApp(b, engine, size)
				builds = append(builds, fmt.Sprintf("%s, %d listings: generated in %.1f s", engine, size, time.Since(start).Seconds()))
				for _, shape := range directoryShapes {
					b.Run(shape.name, func(b *testing.B) {
						durations := make([]time.Duration, 0, b.N)
						for i := range b.N {
							url := shape.urls[i%len(shape.urls)]
							req := httptest.NewRequest(http.MethodGet, url, nil)
							rec := httptest.NewRecorder()
							start := time.Now()
							h.ServeHTTP(rec, req)
							durations = append(durations, time.Since(start))
							if rec.Code != http.StatusOK {
								b.Fatalf("GET %s: %d", url, rec.Code)
							}
						}
						p50, p95 := percentile(durations, 50), percentile(durations, 95)
						b.ReportMetric(ms(p50), "p50-ms")
						b.ReportMetric(ms(p95), "p95-ms")
						// Only the last (longest) run of a benchmark counts.
						if n := len(rows); n > 0 && rows[n-1].engine == engine && rows[n-1].size == size && rows[n-1].shape == shape.name {
							rows = rows[:n-1]
						}
						rows = append(rows, row{engine, size, shape.name, p50, p95, len(durations)})
					})
				}
			})
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Printf("\nDirectory requests through the router (target: text+category+sort p95 <= 20 ms at 100000)\n")
	fmt.Printf("%-9s %9s  %-22s %8s %8s %9s\n", "engine", "listings", "shape", "p50 ms", "p95 ms", "requests")
	for _, r := range rows {
		fmt.Printf("%-9s %9d  %-22s %8.1f %8.1f %9d\n", r.engine, r.size, r.shape, ms(r.p50), ms(r.p95), r.requests)
	}
	for _, line := range builds {
		fmt.Println(line)
	}
}

// newDirectoryBenchApp is the app's router on a fresh database of size
// generated listings, dropped when b ends.
func newDirectoryBenchApp(b *testing.B, engine store.Dialect, size int) http.Handler {
	b.Helper()
	st := storetest.Open(b, engine)
	if err := st.SeedSynthetic(context.Background(), size, 1); err != nil {
		b.Fatal(err)
	}
	runtime.GC() // the load's garbage is not the searches' to collect
	h := New(Deps{
		Log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		Store:    st,
		Sessions: NewSessionManager(st.Sessions(), false, 0, 0),
		Site:     testSite,
	})
	return h.Routes()
}

// percentile is the p-th percentile (nearest rank) of ds, which it sorts.
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	i := (len(ds)*p+99)/100 - 1
	return ds[max(i, 0)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
