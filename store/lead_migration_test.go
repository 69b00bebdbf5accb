package store_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/store"
)

// Migration 00018 gives the leads stored before it the inbox's first
// status and the contact form as their source, and goes down and up again
// on both engines.
func TestMigrationGivesOldLeadsAStatus(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			db, p := oldDatabase(t, d, 17, true)
			now := time.Now().UTC()
			var business, lead int64
			must(t, db.QueryRowxContext(ctx, db.Rebind(`INSERT INTO businesses (slug, name, created_at, updated_at) VALUES ('old', 'Old', ?, ?) RETURNING id`), now, now).Scan(&business))
			must(t, db.QueryRowxContext(ctx, db.Rebind(`INSERT INTO leads (business_id, name, email, message, created_at) VALUES (?, 'Ann', 'ann@example.com', 'Hello', ?) RETURNING id`), business, now).Scan(&lead))

			for _, step := range []func() error{
				func() error { _, err := p.UpTo(ctx, 18); return err },
				func() error { _, err := p.DownTo(ctx, 17); return err },
				func() error { _, err := p.UpTo(ctx, 18); return err },
			} {
				if err := step(); err != nil {
					t.Fatalf("migration 00018: %v", err)
				}
			}
			var status, source, reasons string
			must(t, db.QueryRowxContext(ctx, db.Rebind(`SELECT status, source, score_reasons FROM leads WHERE id = ?`), lead).Scan(&status, &source, &reasons))
			if status != store.LeadNew || source != store.SourceListing || reasons != "[]" {
				t.Errorf("an old lead has status %q, source %q, reasons %q", status, source, reasons)
			}
		})
	}
}
