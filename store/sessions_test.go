package store_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

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

// TestSessionTokensAreStoredHashed: the sessions table holds no value equal
// to a session's token, so reading the database gives no live session.
func TestSessionTokensAreStoredHashed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		const token = "5Qm3nEqJbqjV8sS0m1hJ6yWc4VbqYtq2lF3oG7uKQxA"
		if err := s.Sessions().CommitCtx(ctx, token, []byte("user 42"), farFuture()); err != nil {
			t.Fatal(err)
		}
		rows := 0
		err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
			rs, err := tx.QueryxContext(ctx, "SELECT token, data, expiry FROM sessions")
			if err != nil {
				return err
			}
			defer rs.Close()
			for rs.Next() {
				rows++
				cols, err := rs.SliceScan()
				if err != nil {
					return err
				}
				for _, c := range cols {
					if v := fmt.Sprint(c); strings.Contains(v, token) || bytes.Contains(asBytes(c), []byte(token)) {
						t.Errorf("the sessions table holds the token in %v", v)
					}
				}
			}
			return rs.Err()
		})
		if err != nil || rows != 1 {
			t.Fatalf("read sessions: %d rows, %v", rows, err)
		}
		if b, found, err := s.Sessions().FindCtx(ctx, token); err != nil || !found || string(b) != "user 42" {
			t.Fatalf("the session is not found by its token: %q %v %v", b, found, err)
		}
		if _, found, _ := s.Sessions().FindCtx(ctx, strings.ToUpper(token)); found {
			t.Fatal("another token finds the session")
		}
	})
}

func asBytes(v any) []byte {
	switch b := v.(type) {
	case []byte:
		return b
	case string:
		return []byte(b)
	}
	return nil
}
