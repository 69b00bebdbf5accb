package backup_test

import (
	"context"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"

	"bizprofile/backup"
	"bizprofile/migrations"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

// oldVersion is the schema of the database the upgrade test starts from:
// before the partners (29), client listings, agencies' brands and
// locations (34).
const oldVersion = 28

// oldDatabase is a database as an older BizProfile left it: migrated to
// oldVersion only. It is what a backup reads (backup.Database), by SQL.
type oldDatabase struct {
	db      *sqlx.DB
	dialect store.Dialect
}

func (o oldDatabase) Dialect() store.Dialect { return o.dialect }

func (o oldDatabase) SchemaVersion(ctx context.Context) (int64, error) {
	var v int64
	err := o.db.GetContext(ctx, &v, `SELECT MAX(version_id) FROM goose_db_version WHERE is_applied`)
	return v, err
}

func (o oldDatabase) CopySQLite(ctx context.Context, dst string) error {
	_, err := o.db.ExecContext(ctx, `VACUUM INTO ?`, dst)
	return err
}

// TestUpgradeFromAnOldBackup: a backup made by an app that had applied
// only the first 28 migrations is restored and opened by today's app,
// which applies the rest: every record is kept, and the listings get
// what the newer migrations brought (coordinates from their city).
func TestUpgradeFromAnOldBackup(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			ctx := context.Background()
			old, url := openOld(t, engine)
			now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := old.db.ExecContext(ctx, old.db.Rebind(q), args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec(`INSERT INTO users (email, password_hash, kind, created_at, updated_at) VALUES (?, 'x', 'business', ?, ?)`, "owner@example.com", now, now)
			exec(`INSERT INTO businesses (slug, owner_id, name, category, city, state, zip_code, created_at, updated_at)
				VALUES ('austin-plumbing', (SELECT id FROM users WHERE email = 'owner@example.com'), 'Austin Plumbing', 'home-services', 'Austin', 'TX', '78701', ?, ?)`, now, now)
			exec(`INSERT INTO businesses (slug, name, category, city, state, created_at, updated_at) VALUES ('round-rock-bakery', 'Round Rock Bakery', 'food', 'Round Rock', 'TX', ?, ?)`, now, now)
			exec(`INSERT INTO reviews (business_id, author_name, rating, title, body, status, created_at, updated_at)
				VALUES ((SELECT id FROM businesses WHERE slug = 'austin-plumbing'), 'Rita', 5, 'Fast', 'Fixed the leak in an hour.', 'published', ?, ?)`, now, now)

			archive, err := backup.NewDir(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			m, err := backup.Take(ctx, backup.Source{Store: old, DatabaseURL: url, Scratch: t.TempDir()}, archive, now)
			if err != nil {
				t.Fatal(err)
			}
			if m.SchemaVersion != oldVersion {
				t.Fatalf("the old backup's schema version is %d, want %d", m.SchemaVersion, oldVersion)
			}

			target := backup.Target{Dialect: engine, DataDir: t.TempDir()}
			target.SQLitePath = filepath.Join(target.DataDir, "bizprofile.db")
			if engine == store.Postgres {
				target.DatabaseURL = storetest.PostgresDatabase(t)
			}
			if _, err := backup.Restore(ctx, archive, "latest", target, false); err != nil {
				t.Fatal(err)
			}
			st, err := store.Open(ctx, target.DatabaseURL, target.SQLitePath, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatalf("today's app on the old backup: %v", err)
			}
			defer st.Close()
			latest, _ := store.LatestSchemaVersion(engine)
			if v, err := st.SchemaVersion(ctx); err != nil || v != latest || latest <= oldVersion {
				t.Fatalf("schema version %d (%v) after the upgrade, want %d", v, err, latest)
			}
			totals, err := st.Totals(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if totals["users"] != 1 || totals["businesses"] != 2 || totals["reviews"] != 1 {
				t.Errorf("after the upgrade: %v, want the account, both listings and the review", totals)
			}
			b, err := st.BusinessBySlug(ctx, "austin-plumbing")
			if err != nil {
				t.Fatal(err)
			}
			if !b.Lat.Valid || b.Lat.Float64 < 30 || b.Lat.Float64 > 30.5 || b.OwnerID.Int64 == 0 {
				t.Errorf("Austin Plumbing after the upgrade: at %v,%v owned by %v, want placed in Austin and still owned", b.Lat, b.Lng, b.OwnerID)
			}
			res, err := st.SearchDirectory(ctx, store.Search{Query: "bakery"}, 0, 10)
			if err != nil || res.Total != 1 {
				t.Errorf("the directory after the upgrade finds %d bakeries (%v), want Round Rock Bakery", res.Total, err)
			}
		})
	}
}

// openOld is a new database of engine migrated to oldVersion, and its URL
// (empty for SQLite).
func openOld(t *testing.T, engine store.Dialect) (oldDatabase, string) {
	t.Helper()
	var (
		db      *sqlx.DB
		err     error
		url     string
		dialect = goose.DialectSQLite3
	)
	if engine == store.Postgres {
		url, dialect = storetest.PostgresDatabase(t), goose.DialectPostgres
		db, err = sqlx.Open("postgres", url)
	} else {
		db, err = sqlx.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "old.db")+"?_pragma=foreign_keys(1)")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	fsys, err := fs.Sub(migrations.FS, string(engine))
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(dialect, db.DB, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(context.Background(), oldVersion); err != nil {
		t.Fatal(err)
	}
	return oldDatabase{db: db, dialect: engine}, url
}

var _ backup.Database = oldDatabase{}
