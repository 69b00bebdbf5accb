// Package store is the app's only door to the database. The same code serves
// SQLite (the embedded default) and PostgreSQL (production); the few places
// where the dialects differ are named and kept here.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq" // PostgreSQL driver, registered as "postgres".
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // pure-Go SQLite driver, registered as "sqlite".

	"bizprofile/migrations"
)

// ErrNotFound is returned when a record asked for by key does not exist.
var ErrNotFound = errors.New("store: not found")

// Dialect names a database engine.
type Dialect string

// The supported engines.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Store wraps the database handle. Its methods take a context first and
// return domain structs. Inside InTx a Store is bound to one transaction,
// so that records and the jobs they cause commit together.
type Store struct {
	db      queryer  // the pool, or the transaction of InTx
	pool    *sqlx.DB // the pool, for what a transaction cannot do
	tx      *sqlx.Tx // non-nil inside InTx
	dialect Dialect
	dir     *directory // the directory's search index, shared by InTx's copies

	// onEnqueue, when set, is told of new jobs once they are committed.
	onEnqueue func()
	enqueued  *bool // inside InTx: whether the transaction enqueued jobs
}

// queryer is what the store's methods use of a database handle: both the
// pool (*sqlx.DB) and a transaction (*sqlx.Tx) have it.
type queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

// Open connects to databaseURL (a postgres:// URL) or, when it is empty, to
// the SQLite file sqlitePath, and applies pending migrations.
func Open(ctx context.Context, databaseURL, sqlitePath string, log *slog.Logger) (*Store, error) {
	var (
		db  *sqlx.DB
		err error
		d   Dialect
	)
	if databaseURL == "" {
		d = SQLite
		db, err = openSQLite(sqlitePath)
	} else {
		d = Postgres
		db, err = sqlx.Open("postgres", databaseURL)
		if err == nil {
			// As many idle connections as open ones: under load a
			// connection given back is soon wanted again, and opening
			// one (a new server process) costs more than a search.
			db.SetMaxOpenConns(20)
			db.SetMaxIdleConns(20)
			db.SetConnMaxIdleTime(5 * time.Minute)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", d, err)
	}
	s := &Store{db: db, pool: db, dialect: d, dir: newDirectory()}
	if d == SQLite {
		// goose has no lock for SQLite: a file lock beside the database
		// keeps two processes (say, the server and a seed command) from
		// applying the same migration at once. It is taken before the
		// first connection, whose switch to WAL mode would otherwise
		// race the other process's migration ("database is locked").
		unlock, err := lockFile(sqlitePath + ".migrate-lock")
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("store: migration lock: %w", err)
		}
		defer unlock()
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", d, err)
	}
	if err := s.migrate(ctx, log); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.backfillCityKeys(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.locateListings(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// openSQLite opens the file with WAL (readers never wait for the writer),
// a busy timeout (writers queue instead of failing) and foreign keys on.
func openSQLite(path string) (*sqlx.DB, error) {
	if path != ":memory:" && !strings.HasPrefix(path, "file:") {
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			return nil, err
		}
	}
	dsn := "file:" + strings.TrimPrefix(path, "file:") +
		"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sqlx.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// SQLite allows one writer at a time; a small pool keeps readers
	// concurrent without piling up writers behind the busy timeout.
	db.SetMaxOpenConns(8)
	db.SetConnMaxIdleTime(0)
	return db, nil
}

// lockFile takes an exclusive advisory lock on path, waiting for it.
func lockFile(path string) (unlock func(), err error) {
	if path == ":memory:.migrate-lock" {
		return func() {}, nil
	}
	f, err := os.OpenFile(strings.TrimPrefix(path, "file:"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

func (s *Store) migrate(ctx context.Context, log *slog.Logger) error {
	fsys, err := fs.Sub(migrations.FS, string(s.dialect))
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	dialect := goose.DialectSQLite3
	if s.dialect == Postgres {
		dialect = goose.DialectPostgres
		// Several app instances may start at once: one migrates, the
		// others wait for it. They ask for the lock every second (goose
		// asks every 5 s, so an instance starting beside another waited
		// 5 s for migrations that took a fraction of one), for up to 5
		// minutes as goose does.
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
		if err != nil {
			return fmt.Errorf("store: migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, s.pool.DB, fsys, opts...)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("store: apply migrations: %w", err)
	}
	for _, r := range results {
		log.Info("migration applied", "dialect", s.dialect, "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// Dialect reports which engine this store talks to.
func (s *Store) Dialect() Dialect { return s.dialect }

// Ping checks that the database answers; /readyz uses it.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// Close closes the database handle.
func (s *Store) Close() error { return s.pool.Close() }

// InTx runs fn with a Store bound to one transaction, committing when fn
// returns nil and rolling back otherwise. Whatever fn does through tx (a
// lead stored, the email job it causes) commits together or not at all.
// Inside a transaction already, fn joins it.
func (s *Store) InTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	enqueued := false
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		bound := *s
		bound.db, bound.tx, bound.enqueued = tx, tx, &enqueued
		return fn(&bound)
	})
	if err == nil && enqueued && s.onEnqueue != nil {
		s.onEnqueue()
	}
	return err
}

// WithTx runs fn in a transaction, committing when fn returns nil and
// rolling back otherwise. Inside InTx, fn joins its transaction.
func (s *Store) WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	if s.tx != nil {
		return fn(s.tx)
	}
	tx, err := s.pool.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// readTx runs fn with a Store bound to one read-only transaction: every
// query sees the database as it was at the first (SQLite's deferred
// transaction, PostgreSQL's repeatable read), and no writer waits for it.
func (s *Store) readTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.pool.BeginTxx(ctx, opts)
	if err != nil {
		return fmt.Errorf("store: begin read: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	bound := *s
	bound.db, bound.tx = tx, tx
	if err := fn(&bound); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: end read: %w", err)
	}
	return nil
}

// notFound maps sql.ErrNoRows to ErrNotFound, so handlers never see driver
// errors, and wraps anything else with what was being done.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// isUniqueViolation reports whether err is a unique-constraint failure, on
// either engine.
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// concat joins argument lists.
func concat(lists ...[]any) []any {
	var all []any
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// escapeLike makes s match literally inside a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// prefixed qualifies each column of a column list with a table alias.
func prefixed(alias, columns string) string {
	cols := strings.Split(columns, ",")
	for i, c := range cols {
		cols[i] = alias + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}
