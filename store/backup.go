package store

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"bizprofile/migrations"
)

// SchemaVersion is the newest migration applied to the database (0 for
// one never migrated).
func (s *Store) SchemaVersion(ctx context.Context) (int64, error) {
	var v int64
	if err := s.db.GetContext(ctx, &v, `SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version WHERE is_applied`); err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// LatestSchemaVersion is the newest migration this build of the app knows
// for dialect: the version a database has once Open migrated it.
func LatestSchemaVersion(d Dialect) (int64, error) {
	entries, err := fs.ReadDir(migrations.FS, string(d))
	if err != nil {
		return 0, fmt.Errorf("store: migrations: %w", err)
	}
	var latest int64
	for _, e := range entries {
		n, _, ok := strings.Cut(e.Name(), "_")
		if v, err := strconv.ParseInt(n, 10, 64); ok && err == nil && path.Ext(e.Name()) == ".sql" {
			latest = max(latest, v)
		}
	}
	return latest, nil
}

// CopySQLite writes a consistent copy of the SQLite database to the new
// file at dst while the app goes on serving (VACUUM INTO reads one
// snapshot of the database; writers are not held up).
func (s *Store) CopySQLite(ctx context.Context, dst string) error {
	if s.dialect != SQLite {
		return fmt.Errorf("store: copy: the database is %s, not SQLite", s.dialect)
	}
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("store: copy the database: %w", err)
	}
	return nil
}

// Totals counts the records people made, table by table, for a restore to
// report (and its drill to compare): accounts, listings, reviews, leads,
// quote requests, subscriptions, sessions.
func (s *Store) Totals(ctx context.Context) (map[string]int, error) {
	totals := map[string]int{}
	for _, table := range []string{"users", "businesses", "reviews", "leads", "quote_requests", "subscriptions", "sessions"} {
		var n int
		if err := s.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM `+table); err != nil {
			return nil, fmt.Errorf("store: count %s: %w", table, err)
		}
		totals[table] = n
	}
	return totals, nil
}
