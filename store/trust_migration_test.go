package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"bizprofile/store"
)

// Migration 00020 records that the listings verified before it were
// verified by an administrator, keeps the subscriptions made before it as
// confirmed, and goes down and up again on both engines.
func TestMigrationKeepsEarlierVerificationsAndSubscriptions(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			db, p := oldDatabase(t, d, 19, true)
			now := time.Now().UTC().Truncate(time.Second)
			var verified, plain int64
			must(t, db.QueryRowxContext(ctx, db.Rebind(`INSERT INTO businesses (slug, name, verified, created_at, updated_at) VALUES ('checked', 'Checked', TRUE, ?, ?) RETURNING id`), now, now).Scan(&verified))
			must(t, db.QueryRowxContext(ctx, db.Rebind(`INSERT INTO businesses (slug, name, created_at, updated_at) VALUES ('plain', 'Plain', ?, ?) RETURNING id`), now, now).Scan(&plain))
			_, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO subscribers (email, list, created_at, token) VALUES ('ann@example.com', 'newsletter', ?, 't1')`), now)
			must(t, err)

			for _, step := range []func() error{
				func() error { _, err := p.UpTo(ctx, 20); return err },
				func() error { _, err := p.DownTo(ctx, 19); return err },
				func() error { _, err := p.UpTo(ctx, 20); return err },
			} {
				if err := step(); err != nil {
					t.Fatalf("migration 00020: %v", err)
				}
			}
			for _, c := range []struct {
				id         int64
				method     string
				verifiedAt bool
			}{{verified, "team", true}, {plain, "", false}} {
				var method string
				var at sql.NullTime
				must(t, db.QueryRowxContext(ctx, db.Rebind(`SELECT verified_method, verified_at FROM businesses WHERE id = ?`), c.id).Scan(&method, &at))
				if method != c.method || at.Valid != c.verifiedAt {
					t.Errorf("listing %d: verified by %q at %v, want %q (a date: %v)", c.id, method, at, c.method, c.verifiedAt)
				}
			}
			var confirmed sql.NullTime
			must(t, db.QueryRowxContext(ctx, `SELECT confirmed_at FROM subscribers WHERE token = 't1'`).Scan(&confirmed))
			if !confirmed.Valid {
				t.Error("a subscription made before the migration is not confirmed")
			}
		})
	}
}
