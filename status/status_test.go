package status

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// A check that overruns its time limit is an outage, and does not hold up
// the others, which run in parallel.
func TestChecksRunInParallelWithinTheirTimeLimit(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	slow := Check{Component: Component{Key: "slow"}, Run: func(ctx context.Context) Finding {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return Finding{State: Operational}
	}}
	stuck := Check{Component: Component{Key: "stuck"}, Run: func(ctx context.Context) Finding {
		<-release // ignores its context
		return Finding{State: Operational}
	}}
	fine := Check{Component: Component{Key: "fine"}, Run: func(context.Context) Finding {
		return Finding{State: Degraded, Detail: "Slow.", Err: errors.New("for the log")}
	}}
	c := New(quiet, 50*time.Millisecond, slow, stuck, fine)
	got := map[string]Result{}
	for _, r := range c.Run(context.Background()) {
		got[r.Key] = r
	}
	for _, key := range []string{"slow", "stuck"} {
		if got[key].State != Outage || got[key].Detail != "Did not answer in time." {
			t.Errorf("%s: %+v, want an outage", key, got[key])
		}
	}
	if got["fine"].State != Degraded || got["fine"].Detail != "Slow." || got["fine"].CheckedAt.IsZero() {
		t.Errorf("fine: %+v", got["fine"])
	}
}

// Current reuses the latest results while they are young enough, so the
// page cannot make the checks run more often than that.
func TestCurrentReusesRecentResults(t *testing.T) {
	var runs atomic.Int32
	c := New(quiet, time.Second, Check{Component: Component{Key: "x"}, Run: func(context.Context) Finding {
		runs.Add(1)
		return Finding{State: Operational}
	}})
	ctx := context.Background()
	for range 3 {
		c.Current(ctx, time.Hour)
	}
	if n := runs.Load(); n != 1 {
		t.Errorf("three pages within the cache ran the checks %d times, want 1", n)
	}
	c.Current(ctx, 0) // too old at once
	if n := runs.Load(); n != 2 {
		t.Errorf("results past their age: %d runs, want 2", n)
	}
}

func TestEmailCheck(t *testing.T) {
	for _, c := range []struct {
		d      Deliveries
		state  State
		detail string
	}{
		{Deliveries{}, Operational, "No emails in the last hour."},
		{Deliveries{Sent: 4}, Operational, "4 emails sent in the last hour."},
		{Deliveries{Sent: 3, Failing: 1}, Degraded, "1 of 4 emails in the last hour failed or are being tried again."},
		{Deliveries{Failing: 2}, Outage, "No email could be sent in the last hour (2 failures)."},
	} {
		f := Email(func(context.Context, time.Time) (Deliveries, error) { return c.d, nil }).Run(context.Background())
		if f.State != c.state || f.Detail != c.detail {
			t.Errorf("%+v: %s %q, want %s %q", c.d, f.State, f.Detail, c.state, c.detail)
		}
	}
}
