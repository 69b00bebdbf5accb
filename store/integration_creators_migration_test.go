package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"bizprofile/store"
)

// Migration 00026 names who set up the webhook endpoints stored before it
// (whoever owned the account then: a former owner, who stayed on as a
// member, for those older than the handover) and stops what a former owner
// or a closed account made; the owner's own keep working.
func TestMigrationNamesWhoSetUpOldEndpoints(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			db, p := oldDatabase(t, d, 25, true)
			exec := func(query string, args ...any) int64 {
				t.Helper()
				var id int64
				if err := db.QueryRowxContext(ctx, db.Rebind(query+" RETURNING id"), args...).Scan(&id); err != nil {
					t.Fatalf("%s: %v", query, err)
				}
				return id
			}
			handover := time.Now().UTC().Add(-24 * time.Hour)
			user := func(email string) int64 {
				return exec(`INSERT INTO users (email, password_hash, kind, created_at, updated_at) VALUES (?, 'x', 'business', ?, ?)`, email, handover, handover)
			}
			former, owner := user("former@example.com"), user("owner@example.com")
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO team_members (user_id, account_id, invited_by, created_at) VALUES (?, ?, NULL, ?)`), former, owner, handover); err != nil {
				t.Fatal(err)
			}
			endpoint := func(url string, at time.Time) int64 {
				return exec(`INSERT INTO webhook_endpoints (account_id, url, secret, events, created_at, updated_at) VALUES (?, ?, 'whsec_x', 'lead.created', ?, ?)`, owner, url, at, at)
			}
			before, after := endpoint("https://before.example", handover.Add(-time.Hour)), endpoint("https://after.example", handover.Add(time.Hour))
			key := func(hash string, by sql.NullInt64) int64 {
				return exec(`INSERT INTO api_keys (account_id, name, prefix, hash, scopes, created_by, created_at) VALUES (?, ?, 'bp_x', ?, 'read', ?, ?)`, owner, hash, hash, by, handover)
			}
			formersKey, ownersKey, orphanKey := key("k1", sql.NullInt64{Int64: former, Valid: true}), key("k2", sql.NullInt64{Int64: owner, Valid: true}), key("k3", sql.NullInt64{})

			for _, step := range []func() error{
				func() error { _, err := p.UpTo(ctx, 26); return err },
				func() error { _, err := p.DownTo(ctx, 25); return err },
				func() error { _, err := p.UpTo(ctx, 26); return err },
			} {
				if err := step(); err != nil {
					t.Fatalf("migration 00026: %v", err)
				}
			}
			for id, want := range map[int64]struct {
				by      int64
				enabled bool
			}{before: {former, false}, after: {owner, true}} {
				var e struct {
					By       sql.NullInt64 `db:"created_by"`
					Disabled sql.NullTime  `db:"disabled_at"`
					Reason   string        `db:"disabled_reason"`
				}
				must(t, db.GetContext(ctx, &e, db.Rebind(`SELECT created_by, disabled_at, disabled_reason FROM webhook_endpoints WHERE id = ?`), id))
				if e.By.Int64 != want.by || e.Disabled.Valid == want.enabled || (!want.enabled && e.Reason == "") {
					t.Errorf("endpoint %d: set up by %d (want %d), disabled %v (want %v), reason %q", id, e.By.Int64, want.by, e.Disabled.Valid, !want.enabled, e.Reason)
				}
			}
			for id, wantRevoked := range map[int64]bool{formersKey: true, ownersKey: false, orphanKey: true} {
				var revoked sql.NullTime
				must(t, db.GetContext(ctx, &revoked, db.Rebind(`SELECT revoked_at FROM api_keys WHERE id = ?`), id))
				if revoked.Valid != wantRevoked {
					t.Errorf("key %d (former's %d, owner's %d, orphan %d): revoked %v", id, formersKey, ownersKey, orphanKey, revoked.Valid)
				}
			}
		})
	}
}
