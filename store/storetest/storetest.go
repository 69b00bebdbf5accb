// Package storetest gives tests a fresh, migrated database on every engine
// the app supports: SQLite always, and PostgreSQL from a throwaway server
// this package starts itself (initdb + pg_ctl), so no test ever runs against
// a fake database.
//
// A test package opts in with
//
//	func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
//
// and then runs its cases on both engines with storetest.Each. When
// BIZPROFILE_REQUIRE_POSTGRES=1 (set by `go tool task test` and CI), failing
// to start PostgreSQL fails the run instead of skipping those cases.
// TEST_DATABASE_URL points the tests at an existing server instead.
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/lib/pq"

	"bizprofile/store"
)

// pg is the server tests share within one test binary; empty when none.
var (
	pgURL  string
	pgErr  error
	dbSeq  atomic.Int64
	prefix = fmt.Sprintf("t%d_", os.Getpid())
)

// Main starts PostgreSQL (when it can), runs the tests and stops it again.
func Main(m *testing.M) int {
	stop := func() {}
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		pgURL = u
	} else {
		pgURL, stop, pgErr = startPostgres()
	}
	if pgErr != nil && os.Getenv("BIZPROFILE_REQUIRE_POSTGRES") == "1" {
		fmt.Fprintf(os.Stderr, "storetest: PostgreSQL is required but could not start: %v\n", pgErr)
		return 1
	}
	code := m.Run()
	stop()
	return code
}

// Engines lists the engines available to this run.
func Engines() []store.Dialect {
	if pgURL != "" {
		return []store.Dialect{store.SQLite, store.Postgres}
	}
	return []store.Dialect{store.SQLite}
}

// Each runs fn as a subtest on every engine, each with its own fresh,
// migrated database.
func Each(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d))
		})
	}
}

// Open returns a fresh, migrated store on engine d, closed (and dropped) when
// the test ends. On PostgreSQL without a server it skips the test, which
// BIZPROFILE_REQUIRE_POSTGRES turns into a failure at start-up instead.
func Open(t testing.TB, d store.Dialect) *store.Store {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	switch d {
	case store.SQLite:
		path := filepath.Join(t.TempDir(), "test.db")
		if err := copySQLiteTemplate(path); err != nil {
			t.Fatalf("sqlite template: %v", err)
		}
		s, err := store.Open(ctx, "", path, log)
		if err != nil {
			t.Fatalf("open sqlite: %v", err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	case store.Postgres:
		s, err := store.Open(ctx, newDatabase(t, "postgres template"), "", log)
		if err != nil {
			t.Fatalf("open postgres: %v", err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Fatalf("unknown engine %q", d)
	return nil
}

// OpenShared returns n stores on one fresh, migrated database of engine d,
// as n app instances would have: to test that their writes add up.
func OpenShared(t testing.TB, d store.Dialect, n int) []*store.Store {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	url, path := "", filepath.Join(t.TempDir(), "test.db")
	if d == store.Postgres {
		url, path = PostgresDatabase(t), ""
	}
	stores := make([]*store.Store, n)
	for i := range stores {
		s, err := store.Open(ctx, url, path, log)
		if err != nil {
			t.Fatalf("open %s: %v", d, err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
		where.Store(s, [2]string{url, path})
	}
	return stores
}

// where is the database each store of OpenShared is on (URL, path).
var where sync.Map

// OpenSame opens another store on the database of s (from OpenShared), as
// the app does when it starts again: migrations and start-up work run.
func OpenSame(t testing.TB, s *store.Store) *store.Store {
	t.Helper()
	w, ok := where.Load(s)
	if !ok {
		t.Fatal("OpenSame: the store was not opened by OpenShared")
	}
	on := w.([2]string)
	again, err := store.Open(context.Background(), on[0], on[1], slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("open again: %v", err)
	}
	t.Cleanup(func() { again.Close() })
	return again
}

// PostgresDatabase creates an empty database on the test server and returns
// its URL; the database is dropped when the test ends.
func PostgresDatabase(t testing.TB) string {
	t.Helper()
	return newDatabase(t, "")
}

// newDatabase creates a database, empty or (with the template's purpose
// named) a copy of the migrated template, and returns its URL; it is
// dropped when the test ends.
func newDatabase(t testing.TB, template string) string {
	t.Helper()
	if pgURL == "" {
		t.Skipf("PostgreSQL not available: %v", pgErr)
	}
	from := ""
	if template != "" {
		tmpl, err := postgresTemplate()
		if err != nil {
			t.Fatalf("%s: %v", template, err)
		}
		from = " TEMPLATE " + tmpl + " STRATEGY FILE_COPY"
	}
	name := prefix + strconv.FormatInt(dbSeq.Add(1), 10)
	admin, err := sql.Open("postgres", pgURL)
	if err != nil {
		t.Fatalf("connect postgres: %v", err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE DATABASE " + name + from); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if a, err := sql.Open("postgres", pgURL); err == nil {
			_, _ = a.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			a.Close()
		}
	})
	return withDatabase(pgURL, name)
}

// Fresh databases are copies of one migrated per test binary: migrating
// every test's database from nothing took most of a short test's time
// (190 ms on PostgreSQL, 30 ms on SQLite); a copy takes 20 ms and 5 ms.
// store.Open still runs on each copy, finds every migration applied and
// does its start-up work as the app would.
var (
	sqliteTemplate = sync.OnceValues(func() (string, error) {
		dir, err := os.MkdirTemp("", "bizprofile-template-")
		if err != nil {
			return "", err
		}
		path := filepath.Join(dir, "template.db")
		s, err := store.Open(context.Background(), "", path, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			return "", err
		}
		// Closing checkpoints the WAL into the file, so the file alone is
		// the whole database.
		return path, s.Close()
	})
	postgresTemplate = sync.OnceValues(func() (string, error) {
		name := prefix + "template"
		admin, err := sql.Open("postgres", pgURL)
		if err != nil {
			return "", err
		}
		defer admin.Close()
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
			return "", err
		}
		s, err := store.Open(context.Background(), withDatabase(pgURL, name), "", slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			return "", err
		}
		// A template must have no connections while it is copied.
		return name, s.Close()
	})
)

// copySQLiteTemplate writes a migrated SQLite database at path.
func copySQLiteTemplate(path string) error {
	tmpl, err := sqliteTemplate()
	if err != nil {
		return err
	}
	b, err := os.ReadFile(tmpl)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// withDatabase swaps the database name in a postgres:// URL.
func withDatabase(u, name string) string {
	rest := ""
	if i := strings.IndexByte(u, '?'); i >= 0 {
		u, rest = u[:i], u[i:]
	}
	if i := strings.LastIndexByte(u, '/'); i > len("postgres://") {
		u = u[:i]
	}
	return u + "/" + name + rest
}

// startPostgres runs initdb and pg_ctl into a temporary directory, on a free
// port of 127.0.0.1, with durability off (tests do not need it). As root it
// runs them as the postgres user, which PostgreSQL insists on.
func startPostgres() (url string, stop func(), err error) {
	srv, err := newServer()
	if err != nil {
		return "", func() {}, err
	}
	return srv.URL, srv.remove, nil
}

// Server is a PostgreSQL server of a test's own, which it may stop and
// start again (the database going down and coming back).
type Server struct {
	URL  string // of its postgres database
	run  func(args ...string) error
	bin  string
	dir  string
	opts string
}

// StartServer starts a PostgreSQL server for t alone, removed when t ends;
// on a machine without PostgreSQL it skips t (or fails it, when
// BIZPROFILE_REQUIRE_POSTGRES=1).
func StartServer(t testing.TB) *Server {
	t.Helper()
	srv, err := newServer()
	if err != nil {
		if os.Getenv("BIZPROFILE_REQUIRE_POSTGRES") == "1" {
			t.Fatalf("start PostgreSQL: %v", err)
		}
		t.Skipf("PostgreSQL not available: %v", err)
	}
	t.Cleanup(srv.remove)
	return srv
}

// Stop stops the server, cutting every connection, as a failover or a
// restart of the database would. (A fast shutdown: the test server runs
// without synchronous commits, which a crash would lose.)
func (s *Server) Stop() error {
	return s.run(filepath.Join(s.bin, "pg_ctl"), "-D", filepath.Join(s.dir, "data"), "-m", "fast", "-w", "stop")
}

// Start starts the stopped server again, on the same address.
func (s *Server) Start() error {
	if err := s.run(filepath.Join(s.bin, "pg_ctl"), "-D", filepath.Join(s.dir, "data"), "-l", filepath.Join(s.dir, "server.log"), "-w", "-t", "30", "-o", s.opts, "start"); err != nil {
		return err
	}
	// pg_ctl -w waits for the server, but give the first connection a moment.
	deadline := time.Now().Add(10 * time.Second)
	for {
		db, _ := sql.Open("postgres", s.URL)
		err := db.Ping()
		db.Close()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres did not accept connections: %w", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *Server) remove() {
	_ = s.run(filepath.Join(s.bin, "pg_ctl"), "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(s.dir)
}

func newServer() (*Server, error) {
	bin, err := postgresBin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(memoryDir(), "bizprofile-pg-")
	if err != nil {
		return nil, err
	}
	var as []string
	if os.Geteuid() == 0 {
		pgUser, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root needs a postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(pgUser.Uid)
		gid, _ := strconv.Atoi(pgUser.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		as = []string{"runuser", "-u", "postgres", "--"}
	}
	run := func(args ...string) error {
		full := append(append([]string{}, as...), args...)
		cmd := exec.Command(full[0], full[1:]...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %w: %s", filepath.Base(args[0]), err, strings.TrimSpace(string(out)))
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	if err := run(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &Server{
		URL:  fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port),
		run:  run,
		bin:  bin,
		dir:  dir,
		opts: fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", port, dir),
	}
	if err := s.Start(); err != nil {
		s.remove()
		return nil, err
	}
	return s, nil
}

// postgresBin finds the server binaries: $PG_BIN, then Debian's versioned
// directory (newest first), then $PATH.
// memoryDir is where the test server keeps its files: /dev/shm, a file
// system in memory, when the machine has one. On disk, every CREATE
// DATABASE (one a test) waited 200-600 ms for the disk; in memory it takes
// tens of milliseconds. Nothing there outlives the test binary.
func memoryDir() string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if f, err := os.CreateTemp("/dev/shm", "bizprofile-probe-"); err == nil {
			f.Close()
			os.Remove(f.Name())
			return "/dev/shm"
		}
	}
	return ""
}

func postgresBin() (string, error) {
	if b := os.Getenv("PG_BIN"); b != "" {
		return b, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return pgVersion(dirs[i]) > pgVersion(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", fmt.Errorf("initdb not found (install postgresql or set PG_BIN)")
}

func pgVersion(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
