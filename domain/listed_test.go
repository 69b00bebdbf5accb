package domain

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"
)

func TestListedCountIsCachedAndSurvivesAFailingDatabase(t *testing.T) {
	var calls atomic.Int32
	var fail atomic.Bool
	clock := time.Date(2026, time.November, 25, 12, 0, 0, 0, time.UTC)
	c := newListedCount(func(context.Context) (int, error) {
		calls.Add(1)
		if fail.Load() {
			return 0, errors.New("database down")
		}
		return 1234, nil
	}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	c.now = func() time.Time { return clock }
	ctx := context.Background()

	// The first read waits for the count; later ones, within the TTL, do not
	// ask the database again.
	for range 100 {
		if got := c.get(ctx); got != 1234 {
			t.Fatalf("count = %d, want 1234", got)
		}
	}
	if calls.Load() != 1 {
		t.Fatalf("the database was asked %d times in the TTL, want once", calls.Load())
	}

	// Once stale, the known figure is served while one read runs in the
	// background.
	clock = clock.Add(listedCountTTL + time.Second)
	fail.Store(true)
	if got := c.get(ctx); got != 1234 {
		t.Errorf("stale count = %d, want the last known 1234 while it is read again", got)
	}
	waitFor(t, func() bool { return !c.busy.Load() })
	if calls.Load() != 2 {
		t.Errorf("the database was asked %d times, want 2", calls.Load())
	}
	// The read failed: no figure, and the database is not asked again
	// before the retry.
	if got := c.get(ctx); got != 0 {
		t.Errorf("count after a failed read = %d, want 0 (no figure)", got)
	}
	if calls.Load() != 2 {
		t.Errorf("a failed read is retried at once (%d reads)", calls.Load())
	}
	clock = clock.Add(listedCountRetry + time.Second)
	fail.Store(false)
	c.get(ctx)
	waitFor(t, func() bool { return !c.busy.Load() && c.get(ctx) == 1234 })
}

// waitFor polls cond for up to a few seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for range 300 {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("condition not met in time")
}
