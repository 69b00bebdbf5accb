package store_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func farFuture() time.Time { return time.Now().Add(time.Hour) }

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ss := s.Sessions()

		if _, found, err := ss.FindCtx(ctx, "missing"); err != nil || found {
			t.Fatalf("unknown token: found=%v err=%v", found, err)
		}

		if err := ss.CommitCtx(ctx, "a", []byte("one"), farFuture()); err != nil {
			t.Fatalf("commit: %v", err)
		}
		// Committing the same token again replaces its data.
		if err := ss.CommitCtx(ctx, "a", []byte("two"), farFuture()); err != nil {
			t.Fatalf("re-commit: %v", err)
		}
		b, found, err := ss.FindCtx(ctx, "a")
		if err != nil || !found || !bytes.Equal(b, []byte("two")) {
			t.Fatalf("find after re-commit = %q, %v, %v; want two", b, found, err)
		}

		// An expired session is never returned, and the cleanup removes it.
		if err := ss.CommitCtx(ctx, "old", []byte("x"), time.Now().Add(-time.Minute)); err != nil {
			t.Fatalf("commit expired: %v", err)
		}
		if _, found, _ := ss.FindCtx(ctx, "old"); found {
			t.Fatal("expired session was returned")
		}
		n, err := ss.DeleteExpired(ctx)
		if err != nil || n != 1 {
			t.Fatalf("DeleteExpired = %d, %v; want 1", n, err)
		}

		if err := ss.DeleteCtx(ctx, "a"); err != nil {
			t.Fatalf("delete: %v", err)
		}
		if _, found, _ := ss.FindCtx(ctx, "a"); found {
			t.Fatal("deleted session still found")
		}
	})
}
