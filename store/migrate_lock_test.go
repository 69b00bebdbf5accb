package store_test

import (
	"context"
	"io/fs"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"

	"bizprofile/migrations"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Instances starting together on one database migrate it once: one takes
// the migration lock (PostgreSQL's advisory lock through goose, a file
// lock beside SQLite's file) and applies what is pending, the others wait
// for it and find nothing left to apply. Both a new database and an
// upgrade (a database an older release migrated, the newest migrations
// pending) are started on: without the lock, the instances run the same
// migration at once and one fails ("table already exists"), or a
// migration is applied twice. (On a new database goose itself retries
// creating its version table a second later, which hides a missing lock
// about half the time; the upgrade has no such cover.)
func TestInstancesStartingTogetherMigrateOnce(t *testing.T) {
	const instances = 2
	for _, d := range storetest.Engines() {
		files, err := fs.Glob(migrations.FS, string(d)+"/*.sql")
		if err != nil || len(files) < 6 {
			t.Fatalf("migrations of %s: %v (%d files)", d, err, len(files))
		}
		for _, c := range []struct {
			name    string
			applied int // migrations the database holds before the instances start
		}{
			{"new database", 0},
			{"upgrade", len(files) - 5},
		} {
			t.Run(string(d)+"/"+c.name, func(t *testing.T) {
				url, path := "", filepath.Join(t.TempDir(), "bizprofile.db")
				driver := "sqlite"
				if d == store.Postgres {
					url, path, driver = storetest.PostgresDatabase(t), "", "postgres"
				}
				db, err := sqlx.Open(driver, url+path)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				if c.applied > 0 {
					migrateOnly(t, db, d, c.applied)
				}

				logs := make([]*records, instances)
				errs := make([]error, instances)
				start := make(chan struct{})
				var wg sync.WaitGroup
				for i := range instances {
					logs[i] = &records{}
					wg.Go(func() {
						<-start
						s, err := store.Open(context.Background(), url, path, slog.New(logs[i]))
						if err == nil {
							err = s.Close()
						}
						errs[i] = err
					})
				}
				began := time.Now()
				close(start)
				wg.Wait()
				t.Logf("%d instances started together in %s", instances, time.Since(began).Round(time.Millisecond))

				applied := 0
				for i := range instances {
					if errs[i] != nil {
						t.Errorf("instance %d: %v", i+1, errs[i])
					}
					applied += logs[i].count("migration applied")
				}
				if want := len(files) - c.applied; applied != want {
					t.Errorf("the instances applied %d migrations in all; want each of the %d pending once", applied, want)
				}

				var versions []struct {
					Version int64 `db:"version_id"`
					Times   int   `db:"times"`
				}
				err = db.Select(&versions, `SELECT version_id, COUNT(*) AS times FROM goose_db_version
					WHERE is_applied AND version_id > 0 GROUP BY version_id ORDER BY version_id`)
				if err != nil {
					t.Fatal(err)
				}
				if len(versions) != len(files) {
					t.Errorf("goose_db_version records %d versions; want the %d migrations", len(versions), len(files))
				}
				for _, v := range versions {
					if v.Times != 1 {
						t.Errorf("version %d recorded %d times; want once", v.Version, v.Times)
					}
				}
			})
		}
	}
}

// migrateOnly applies the first n migrations of dialect d to db, as an
// older release of the app left its database.
func migrateOnly(t *testing.T, db *sqlx.DB, d store.Dialect, n int) {
	t.Helper()
	fsys, err := fs.Sub(migrations.FS, string(d))
	must(t, err)
	dialect := goose.DialectSQLite3
	if d == store.Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, db.DB, fsys, goose.WithDisableGlobalRegistry(true))
	must(t, err)
	sources := p.ListSources()
	if _, err := p.UpTo(context.Background(), sources[n-1].Version); err != nil {
		t.Fatal(err)
	}
}

// records is a slog.Handler that keeps the messages logged through it.
type records struct {
	mu       sync.Mutex
	messages []string
}

func (r *records) Enabled(context.Context, slog.Level) bool { return true }

func (r *records) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.messages = append(r.messages, rec.Message)
	return nil
}

func (r *records) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *records) WithGroup(string) slog.Handler      { return r }

// count is how many records carried msg.
func (r *records) count(msg string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, m := range r.messages {
		if m == msg {
			n++
		}
	}
	return n
}
