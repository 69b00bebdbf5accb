package store_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Concurrent attempts through two connections pools (two instances) on
// one PostgreSQL: exactly the limit gets through.
func TestAllowEventHoldsTheLimitAcrossInstances(t *testing.T) {
	dbURL := storetest.PostgresDatabase(t)
	var stores []*store.Store
	for range 2 {
		s, err := store.Open(context.Background(), dbURL, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, retry, err := stores[i%2].AllowEvent(context.Background(), "sign-in-email", "victim@example.com", 10, time.Hour)
			if err != nil {
				t.Error(err)
				return
			}
			if ok {
				allowed.Add(1)
			} else if retry <= 0 || retry > time.Hour {
				t.Errorf("retry after %v", retry)
			}
		}()
	}
	wg.Wait()
	if n := allowed.Load(); n != 10 {
		t.Fatalf("%d of 40 attempts allowed, want 10", n)
	}
	// Another key and another scope have limits of their own.
	if ok, _, _ := stores[0].AllowEvent(context.Background(), "sign-in-email", "other@example.com", 10, time.Hour); !ok {
		t.Error("another key was limited")
	}
	if ok, _, _ := stores[1].AllowEvent(context.Background(), "reset-ip", "victim@example.com", 10, time.Hour); !ok {
		t.Error("another scope was limited")
	}
}

func TestAllowEventForgetsEventsPastTheWindow(t *testing.T) {
	s := storetest.Open(t, store.Postgres)
	ctx := context.Background()
	for range 2 {
		if ok, _, err := s.AllowEvent(ctx, "x", "k", 2, 200*time.Millisecond); !ok || err != nil {
			t.Fatalf("within the limit: %v %v", ok, err)
		}
	}
	if ok, _, _ := s.AllowEvent(ctx, "x", "k", 2, 200*time.Millisecond); ok {
		t.Fatal("past the limit, allowed")
	}
	time.Sleep(250 * time.Millisecond)
	if ok, _, _ := s.AllowEvent(ctx, "x", "k", 2, 200*time.Millisecond); !ok {
		t.Fatal("the window passed, still refused")
	}
}

// Failures recorded through two instances are counted by both, within the
// window only, and a key's events can be forgotten (a right password).
func TestRecordedEventsAreSharedCountedAndForgotten(t *testing.T) {
	dbURL := storetest.PostgresDatabase(t)
	var stores []*store.Store
	for range 2 {
		s, err := store.Open(context.Background(), dbURL, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	ctx := context.Background()
	const scope, key, window = "sign-in-email-ip", "victim@example.com 203.0.113.9", time.Hour
	start := time.Now()
	for i := range 3 {
		if err := stores[i%2].RecordEvent(ctx, scope, key, window); err != nil {
			t.Fatal(err)
		}
	}
	for i, s := range stores {
		got, err := s.RecentEvents(ctx, scope, key, window)
		if err != nil || got.N != 3 || got.Oldest.Before(start.Add(-time.Second)) || got.Newest.Before(got.Oldest) {
			t.Fatalf("instance %d counts %+v, %v; want 3 since %v", i, got, err, start)
		}
	}
	if got, _ := stores[0].RecentEvents(ctx, scope, "other@example.com 203.0.113.9", window); got.N != 0 || !got.Newest.IsZero() {
		t.Errorf("another key has events: %+v", got)
	}
	if got, _ := stores[0].RecentEvents(ctx, "sign-in-email", key, window); got.N != 0 {
		t.Errorf("another scope has events: %+v", got)
	}
	if got, _ := stores[1].RecentEvents(ctx, scope, key, time.Nanosecond); got.N != 0 {
		t.Errorf("events older than the window counted: %+v", got)
	}
	if err := stores[1].ForgetEvents(ctx, scope, key); err != nil {
		t.Fatal(err)
	}
	if got, _ := stores[0].RecentEvents(ctx, scope, key, window); got.N != 0 {
		t.Errorf("after ForgetEvents: %+v", got)
	}
}
