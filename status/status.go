// Package status checks the app's own parts for the status page: the
// database, the job queue, email delivery, and the outside services that
// are configured (Stripe, an AI provider). A Checker runs its checks in
// parallel, each with a short time limit, and keeps the latest results in
// memory; Record runs it once a minute for the uptime the page shows.
package status

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// State is what a check found.
type State string

// The states of a part, from best to worst.
const (
	Operational State = "operational"
	Degraded    State = "degraded"
	Outage      State = "outage"
)

// severity orders states for the page's banner.
func (s State) severity() int {
	switch s {
	case Operational:
		return 0
	case Degraded:
		return 1
	}
	return 2
}

// Worse reports whether s is worse than t.
func (s State) Worse(t State) bool { return s.severity() > t.severity() }

// Failure reports whether a check in state s counts against uptime: only
// an outage does (a degraded part still serves).
func (s State) Failure() bool { return s == Outage }

// Component names a part of the app the status page lists.
type Component struct {
	Key         string // stored in status_checks and incidents.components
	Name        string // as people read it
	Description string
}

// Finding is what one check reports: its state and a short detail for
// people. Err, when set, is the cause, for the log only: the page never
// shows it.
type Finding struct {
	State  State
	Detail string
	Err    error
}

// Check is one named check of a part.
type Check struct {
	Component
	Run func(ctx context.Context) Finding
}

// Result is a check's latest finding, for the page.
type Result struct {
	Component
	State     State
	Detail    string
	CheckedAt time.Time
}

// Checker runs checks and keeps their latest results.
type Checker struct {
	checks  []Check
	timeout time.Duration
	log     *slog.Logger

	run    sync.Mutex // one run at a time: callers who wait share its results
	mu     sync.Mutex // guards latest and at
	latest []Result
	at     time.Time
}

// DefaultTimeout bounds each check.
const DefaultTimeout = 4 * time.Second

// New is a Checker of checks, each bounded by timeout (DefaultTimeout when
// zero).
func New(log *slog.Logger, timeout time.Duration, checks ...Check) *Checker {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &Checker{checks: checks, timeout: timeout, log: log}
}

// Components are the parts c checks, in the page's order.
func (c *Checker) Components() []Component {
	out := make([]Component, len(c.checks))
	for i, ch := range c.checks {
		out[i] = ch.Component
	}
	return out
}

// Run runs every check now, in parallel, and keeps the results.
func (c *Checker) Run(ctx context.Context) []Result {
	c.run.Lock()
	defer c.run.Unlock()
	return c.runLocked(ctx)
}

func (c *Checker) runLocked(ctx context.Context) []Result {
	results := make([]Result, len(c.checks))
	var wg sync.WaitGroup
	for i, ch := range c.checks {
		wg.Go(func() {
			results[i] = c.runOne(ctx, ch)
		})
	}
	wg.Wait()
	c.mu.Lock()
	c.latest, c.at = results, time.Now()
	c.mu.Unlock()
	return results
}

// runOne runs ch within the time limit; a check that overruns it, or
// panics, is an outage.
func (c *Checker) runOne(ctx context.Context, ch Check) (r Result) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	r = Result{Component: ch.Component}
	done := make(chan Finding, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				c.log.Error("status check panicked", "component", ch.Key, "panic", p)
				done <- Finding{State: Outage, Detail: "Could not be checked."}
			}
		}()
		done <- ch.Run(ctx)
	}()
	var f Finding
	select {
	case f = <-done:
	case <-ctx.Done():
		f = Finding{State: Outage, Detail: "Did not answer in time.", Err: ctx.Err()}
	}
	if f.State == "" {
		f.State = Outage
	}
	if f.Err != nil {
		c.log.Warn("status check", "component", ch.Key, "state", string(f.State), slog.Any("error", f.Err))
	}
	r.State, r.Detail, r.CheckedAt = f.State, f.Detail, time.Now()
	return r
}

// Current is the latest results when they are younger than maxAge, or
// the results of a run made now: the page is cheap to serve, and cannot be
// used to call the outside services more than once per maxAge.
func (c *Checker) Current(ctx context.Context, maxAge time.Duration) []Result {
	if r, ok := c.fresh(maxAge); ok {
		return r
	}
	c.run.Lock()
	defer c.run.Unlock()
	// Another caller may have run the checks while this one waited.
	if r, ok := c.fresh(maxAge); ok {
		return r
	}
	return c.runLocked(ctx)
}

func (c *Checker) fresh(maxAge time.Duration) ([]Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.latest == nil || time.Since(c.at) >= maxAge {
		return nil, false
	}
	return c.latest, true
}

// Record runs the checks every interval until ctx ends and has rec store
// each run's results.
func (c *Checker) Record(ctx context.Context, every time.Duration, rec func(ctx context.Context, minute time.Time, results []Result) error) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		results := c.Run(ctx)
		if ctx.Err() != nil {
			return
		}
		if err := rec(ctx, time.Now(), results); err != nil {
			c.log.Warn("status checks not recorded", slog.Any("error", err))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// DatabaseAnswered reports whether results found the database up.
func DatabaseAnswered(results []Result) bool {
	for _, r := range results {
		if r.Key == DatabaseComponent.Key {
			return r.State != Outage
		}
	}
	return false
}
