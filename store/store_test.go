package store_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestMigrationsApplyAndReopen(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	path := filepath.Join(t.TempDir(), "app.db")

	first, err := store.Open(ctx, "", path, log)
	if err != nil {
		t.Fatalf("first open: %v", err)
	}
	if err := first.Sessions().Commit("tok", []byte("data"), farFuture()); err != nil {
		t.Fatalf("commit on migrated schema: %v", err)
	}
	first.Close()

	// Opening again finds the schema current and keeps the data.
	second, err := store.Open(ctx, "", path, log)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer second.Close()
	if _, found, err := second.Sessions().Find("tok"); err != nil || !found {
		t.Fatalf("session after reopen: found=%v err=%v", found, err)
	}
}

func TestEachEngineIsUsable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		if err := s.Ping(context.Background()); err != nil {
			t.Fatalf("ping: %v", err)
		}
	})
}

func TestWithTxRollsBackOnError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
			if _, err := tx.ExecContext(ctx, tx.Rebind("INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)"), "rolled-back", []byte("x"), farFuture().Unix()); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("WithTx error = %v, want boom", err)
		}
		if _, found, _ := s.Sessions().Find("rolled-back"); found {
			t.Fatal("a row written in a failed transaction survived")
		}
	})
}

func TestConcurrentOpenMigratesOnce(t *testing.T) {
	// Several instances starting together must not trip over each other's
	// migrations: on SQLite they share the file, on PostgreSQL goose's
	// session lock lets one migrate while the others wait.
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			var url, path string
			if d == store.Postgres {
				url = storetest.PostgresDatabase(t)
			} else {
				path = filepath.Join(t.TempDir(), "shared.db")
			}
			ctx := context.Background()
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			var wg sync.WaitGroup
			errs := make(chan error, 4)
			for range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					st, err := store.Open(ctx, url, path, log)
					if err != nil {
						errs <- err
						return
					}
					st.Close()
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Errorf("concurrent open: %v", err)
			}
		})
	}
}
