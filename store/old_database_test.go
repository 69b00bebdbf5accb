package store_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"

	"bizprofile/migrations"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// oldDatabase is a database of dialect d migrated up to version only, as
// an install before a later migration held it, with the provider that
// migrates it further. foreignKeys turns SQLite's foreign keys on, as the
// app does.
func oldDatabase(t *testing.T, d store.Dialect, version int64, foreignKeys bool) (*sqlx.DB, *goose.Provider) {
	t.Helper()
	url, path := "", ""
	driver, dialect := "sqlite", goose.DialectSQLite3
	if d == store.Postgres {
		url, driver, dialect = storetest.PostgresDatabase(t), "postgres", goose.DialectPostgres
	} else {
		path = filepath.Join(t.TempDir(), "old.db")
		if foreignKeys {
			path += "?_pragma=foreign_keys(1)"
		}
	}
	db, err := sqlx.Open(driver, url+path)
	must(t, err)
	t.Cleanup(func() { db.Close() })
	fsys, err := fs.Sub(migrations.FS, string(d))
	must(t, err)
	p, err := goose.NewProvider(dialect, db.DB, fsys, goose.WithDisableGlobalRegistry(true))
	must(t, err)
	if _, err := p.UpTo(context.Background(), version); err != nil {
		t.Fatal(err)
	}
	return db, p
}
