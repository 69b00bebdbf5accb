// Package ratelimit counts events per key in a sliding window: sign-in
// attempts, forms sent, API requests. The pages and the API refuse what
// goes past a limit; the domain's sign-in rule reads the counts.
package ratelimit

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"bizprofile/store"
)

// Limiter allows at most limit events per key in a sliding window. On
// PostgreSQL the events are counted in the database (shared), so several
// app instances enforce one limit together; on SQLite, which serves one
// instance, and whenever the database cannot answer, they are counted in
// this process's memory.
type Limiter struct {
	name   string // the limit's scope among the shared events
	limit  int
	window time.Duration
	shared Shared // nil: memory only
	log    *slog.Logger

	mu     sync.Mutex
	events map[string][]time.Time
	swept  time.Time
}

// Shared counts events for every instance (store.Store on PostgreSQL).
type Shared interface {
	TakeEvent(ctx context.Context, scope, key string, limit int, window time.Duration) (store.RateTake, error)
	RecentEvents(ctx context.Context, scope, key string, window time.Duration) (store.RateEvents, error)
	RecordEvent(ctx context.Context, scope, key string, window time.Duration) error
	ForgetEvents(ctx context.Context, scope, key string) error
}

// New is a limiter of limit events per window, named name among the
// shared events; shared, when not nil, counts them for every instance.
func New(name string, limit int, window time.Duration, shared Shared, log *slog.Logger) *Limiter {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Limiter{name: name, limit: limit, window: window, shared: shared, log: log, events: map[string][]time.Time{}}
}

// Limit is how many events the window allows.
func (l *Limiter) Limit() int { return l.limit }

// Window is the sliding window the limit counts in.
func (l *Limiter) Window() time.Duration { return l.window }

// Allow records an event for key and reports whether it is within the
// limit; when it is not, retry says how long until the next is allowed.
func (l *Limiter) Allow(ctx context.Context, key string) (ok bool, retry time.Duration) {
	t := l.Take(ctx, key)
	return t.OK, t.Retry
}

// Take is Allow with the counts a client may be told: how many events
// remain in the window and when it resets.
func (l *Limiter) Take(ctx context.Context, key string) store.RateTake {
	if l.shared != nil {
		t, err := l.shared.TakeEvent(ctx, l.name, key, l.limit, l.window)
		if err == nil {
			return t
		}
		l.unshared(err)
	}
	return l.takeLocal(key)
}

// Recent are key's events in the window, without recording one: with
// Record and Forget, a limiter counts what happened after the fact (a
// failed sign-in) rather than every attempt.
func (l *Limiter) Recent(ctx context.Context, key string) store.RateEvents {
	if l.shared != nil {
		ev, err := l.shared.RecentEvents(ctx, l.name, key, l.window)
		if err == nil {
			return ev
		}
		l.unshared(err)
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := l.recent(key, now)
	if len(recent) == 0 {
		return store.RateEvents{}
	}
	return store.RateEvents{N: len(recent), Oldest: recent[0], Newest: recent[len(recent)-1]}
}

// Record counts an event for key, whatever the limit.
func (l *Limiter) Record(ctx context.Context, key string) {
	if l.shared != nil {
		err := l.shared.RecordEvent(ctx, l.name, key, l.window)
		if err == nil {
			return
		}
		l.unshared(err)
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > l.window {
		l.sweep(now)
	}
	l.events[key] = append(l.recent(key, now), now)
}

// Forget drops key's events.
func (l *Limiter) Forget(ctx context.Context, key string) {
	if l.shared != nil {
		if err := l.shared.ForgetEvents(ctx, l.name, key); err != nil {
			l.unshared(err)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.events, key)
}

// unshared logs that the database did not answer: this instance's own
// count still bounds abuse until it does.
func (l *Limiter) unshared(err error) {
	l.log.Warn("shared rate limit unavailable; counting in this instance", "limit", l.name, slog.Any("error", err))
}

func (l *Limiter) takeLocal(key string) store.RateTake {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > l.window {
		l.sweep(now)
	}
	recent := l.recent(key, now)
	if len(recent) >= l.limit {
		l.events[key] = recent
		reset := recent[0].Add(l.window).Sub(now)
		return store.RateTake{Retry: reset, Reset: reset}
	}
	reset := l.window
	if len(recent) > 0 {
		reset = recent[0].Add(l.window).Sub(now)
	}
	l.events[key] = append(recent, now)
	return store.RateTake{OK: true, Remaining: l.limit - len(recent) - 1, Reset: reset}
}

func (l *Limiter) recent(key string, now time.Time) []time.Time {
	ts := l.events[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= l.window {
		i++
	}
	return ts[i:]
}

// sweep forgets keys with no recent events, so memory stays bounded.
func (l *Limiter) sweep(now time.Time) {
	for k := range l.events {
		if len(l.recent(k, now)) == 0 {
			delete(l.events, k)
		}
	}
	l.swept = now
}

// Name is the limit's scope among the shared events, for logs.
func (l *Limiter) Name() string { return l.name }
