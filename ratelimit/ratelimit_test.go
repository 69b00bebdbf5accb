package ratelimit

import (
	"context"
	"testing"
	"time"
)

// In one instance's memory, a key gets limit events per window and is then
// told how long to wait; other keys are counted apart; Record counts
// without asking and Forget starts a key again.
func TestLimiterInMemory(t *testing.T) {
	ctx := context.Background()
	l := New("test", 3, time.Hour, nil, nil)
	for i := range 3 {
		tk := l.Take(ctx, "a")
		if !tk.OK || tk.Remaining != 2-i {
			t.Fatalf("event %d: %+v, want allowed with %d remaining", i+1, tk, 2-i)
		}
	}
	if ok, retry := l.Allow(ctx, "a"); ok || retry <= 0 || retry > time.Hour {
		t.Errorf("the fourth event: ok %v, retry %v; want refused with a wait within the window", ok, retry)
	}
	if ok, _ := l.Allow(ctx, "b"); !ok {
		t.Error("another key is refused")
	}
	l.Record(ctx, "c")
	l.Record(ctx, "c")
	if ev := l.Recent(ctx, "c"); ev.N != 2 || ev.Oldest.After(ev.Newest) {
		t.Errorf("recorded events: %+v, want 2", ev)
	}
	l.Forget(ctx, "a")
	if ok, _ := l.Allow(ctx, "a"); !ok {
		t.Error("a forgotten key is still refused")
	}
	if l.Limit() != 3 || l.Window() != time.Hour || l.Name() != "test" {
		t.Errorf("limit %d window %v name %q", l.Limit(), l.Window(), l.Name())
	}
}

func TestLogBudget(t *testing.T) {
	b := NewLogBudget(2, time.Minute)
	now := time.Unix(1000, 0)
	b.now = func() time.Time { return now }
	for i, want := range []bool{true, true, false, false, false} {
		if ok, _ := b.Allow("k"); ok != want {
			t.Fatalf("line %d allowed=%v, want %v", i, ok, want)
		}
	}
	if ok, _ := b.Allow("other"); !ok {
		t.Fatal("another kind shares the budget")
	}
	now = now.Add(time.Minute)
	if ok, dropped := b.Allow("k"); !ok || dropped != 3 {
		t.Fatalf("after the window: allowed=%v dropped=%d, want true 3", ok, dropped)
	}
}
