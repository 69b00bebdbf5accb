package handlers

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"bizprofile/internal/loadmix"
	"bizprofile/internal/synthetic"
	"bizprofile/store"
)

// BenchmarkBackupUnderLoad is issue 39's measure: `bizprofile backup` of
// the first of BENCH_SIZES listings (100,000), run as an operator runs it
// (its own process) while the directory's mix runs at 64 connections
// against the app: how long it takes, how big it is, and the mix's
// latencies during it beside those just before. On each engine.
func BenchmarkBackupUnderLoad(b *testing.B) {
	sizes, engines, duration := loadSettings(b)
	size := sizes[0]
	for _, engine := range engines {
		var out string
		b.Run(fmt.Sprintf("%s/%d", engine, size), func(b *testing.B) {
			if out != "" {
				return
			}
			db := openBenchDB(b, engine)
			if err := synthetic.Add(context.Background(), db.st, size, loadSeed); err != nil {
				b.Fatal(err)
			}
			bin := appBinary(b)
			client := loadClient()
			defer client.CloseIdleConnections()
			app := startApp(b, bin, db)
			app.firstAnswer(client, "/directory.json?category="+synthetic.Words().Categories[0], -1)
			mix := loadmix.New(loadSeed, size)
			drive(app.base, loadConns, duration/5, 0, mix.Next)
			before := drive(app.base, loadConns, duration, 0, mix.Next).stats(nil)

			// The backup, beside the mix: the mix runs until it is done.
			type result struct {
				took time.Duration
				out  string
				err  error
			}
			done := make(chan result, 1)
			go func() {
				cmd := exec.Command(bin, "backup")
				cmd.Env = append(slices.DeleteFunc(os.Environ(), func(v string) bool { return strings.HasPrefix(v, "GOMEMLIMIT=") }),
					"DATA_DIR="+db.dir, "DATABASE_URL="+db.url, "LOG_LEVEL=warn")
				start := time.Now()
				out, err := cmd.CombinedOutput()
				done <- result{time.Since(start), string(out), err}
			}()
			var during loadRun
			var r result
			for r.took == 0 {
				run := drive(app.base, loadConns, time.Second, 0, mix.Next)
				during.samples = append(during.samples, run.samples...)
				during.errors = append(during.errors, run.errors...)
				during.elapsed += run.elapsed
				select {
				case r = <-done:
				default:
				}
			}
			if r.err != nil {
				b.Fatalf("bizprofile backup: %v\n%s", r.err, r.out)
			}
			app.stop(b)
			bytes := regexp.MustCompile(`\(([0-9.]+ [KMG]B)`).FindStringSubmatch(r.out)
			if bytes == nil {
				b.Fatalf("bizprofile backup said %q, without its size", r.out)
			}
			s := during.stats(nil)

			var w strings.Builder
			fmt.Fprintf(&w, "\nA backup under load: %s, %d listings, the mix at %d connections\n", engine, size, loadConns)
			fmt.Fprintf(&w, "%-28s %9s %7s %7s %7s %7s %7s %5s %6s\n", "", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", ">1 s", "errors")
			for _, row := range []struct {
				name string
				s    loadStats
			}{{"before, " + duration.String(), before}, {"during the backup", s}} {
				fmt.Fprintf(&w, "%-28s %9d %7.0f %7.1f %7.1f %7.1f %7.1f %5d %6d\n", row.name, row.s.requests, row.s.perSecond,
					ms(row.s.p50), ms(row.s.p95), ms(row.s.p99), ms(row.s.max), row.s.overSecond, row.s.errors)
			}
			fmt.Fprintf(&w, "the backup: %.1f s, %s (%s)\n", r.took.Seconds(), bytes[1], map[store.Dialect]string{store.SQLite: "VACUUM INTO, gzipped", store.Postgres: "pg_dump, custom format"}[engine])
			out = w.String()
			fmt.Print(out)
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(r.took.Seconds(), "backup-s")
			b.ReportMetric(ms(s.p99), "during-p99-ms")
		})
	}
}
