package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Every email to a subscriber carries a link of its own; each names the
// subscription until it ends, and then none does.
func TestSubscriberLinksNameTheirSubscriptionUntilItEnds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		sub := listSubscriber(t, s, "ann@example.com", store.ListNewsletter, true)
		other := listSubscriber(t, s, "bo@example.com", store.ListNewsletter, true)
		second, err := s.SubscriberLink(ctx, sub.ID)
		must(t, err)
		if second == "" || second == sub.Token {
			t.Fatalf("a second link %q, the first %q", second, sub.Token)
		}
		for _, token := range []string{sub.Token, second} {
			if got, err := s.SubscriberByToken(ctx, token); err != nil || got.ID != sub.ID || got.Token != token {
				t.Errorf("link %q names %+v (%v)", token, got, err)
			}
		}
		if _, err := s.Unsubscribe(ctx, second); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SubscriberByToken(ctx, sub.Token); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the first link after unsubscribing by the second: %v", err)
		}
		if _, err := s.SubscriberLink(ctx, sub.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a link for a subscription gone: %v", err)
		}
		if got, err := s.SubscriberByToken(ctx, other.Token); err != nil || got.Email != "bo@example.com" {
			t.Errorf("another subscriber's link: %+v (%v)", got, err)
		}
	})
}

// Migration 00024 turns the tokens kept as they were into digests, so the
// links already emailed keep working, and goes down and up again on both
// engines.
func TestMigrationKeepsSubscriberTokensAsDigests(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			db, p := oldDatabase(t, d, 22, true)
			var id int64
			must(t, db.QueryRowxContext(ctx, db.Rebind(`INSERT INTO subscribers (email, list, created_at, token) VALUES ('ann@example.com', 'newsletter', ?, 'EMAILEDTOKEN') RETURNING id`),
				time.Now().UTC()).Scan(&id))

			if _, err := p.UpTo(ctx, 24); err != nil {
				t.Fatalf("migration 00024: %v", err)
			}
			var named int64
			must(t, db.QueryRowxContext(ctx, db.Rebind(`SELECT subscriber_id FROM subscriber_links WHERE digest = ?`), store.Digest("EMAILEDTOKEN")).Scan(&named))
			if named != id {
				t.Errorf("the emailed token's digest names subscriber %d, want %d", named, id)
			}
			var n int
			must(t, db.QueryRowxContext(ctx, `SELECT COUNT(*) FROM subscriber_links WHERE digest LIKE '%EMAILEDTOKEN%'`).Scan(&n))
			if _, err := db.ExecContext(ctx, `SELECT token FROM subscribers`); err == nil || n != 0 {
				t.Errorf("the token is still kept as it is (column there: %v, links holding it: %d)", err == nil, n)
			}

			for _, step := range []func() error{
				func() error { _, err := p.DownTo(ctx, 22); return err },
				func() error { _, err := p.UpTo(ctx, 24); return err },
			} {
				if err := step(); err != nil {
					t.Fatalf("migration 00024 down and up: %v", err)
				}
			}
			must(t, db.QueryRowxContext(ctx, `SELECT COUNT(*) FROM subscriber_links`).Scan(&n))
			if n != 1 {
				t.Errorf("%d links after going down and up, want 1", n)
			}
		})
	}
}
