package handlers

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"bizprofile/store"
)

// limiter allows at most limit events per key in a sliding window. On
// PostgreSQL the events are counted in the database (shared), so several
// app instances enforce one limit together; on SQLite, which serves one
// instance, and whenever the database cannot answer, they are counted in
// this process's memory.
type limiter struct {
	name   string // the limit's scope among the shared events
	limit  int
	window time.Duration
	shared sharedLimits // nil: memory only
	log    *slog.Logger

	mu     sync.Mutex
	events map[string][]time.Time
	swept  time.Time
}

// sharedLimits counts events for every instance (store.Store on
// PostgreSQL).
type sharedLimits interface {
	TakeEvent(ctx context.Context, scope, key string, limit int, window time.Duration) (store.RateTake, error)
	RecentEvents(ctx context.Context, scope, key string, window time.Duration) (store.RateEvents, error)
	RecordEvent(ctx context.Context, scope, key string, window time.Duration) error
	ForgetEvents(ctx context.Context, scope, key string) error
}

func newLimiter(limit int, window time.Duration) *limiter {
	return &limiter{limit: limit, window: window, events: map[string][]time.Time{}}
}

// allow records an event for key and reports whether it is within the
// limit; when it is not, retry says how long until the next is allowed.
func (l *limiter) allow(ctx context.Context, key string) (ok bool, retry time.Duration) {
	t := l.take(ctx, key)
	return t.OK, t.Retry
}

// take is allow with the counts a client may be told: how many events
// remain in the window and when it resets.
func (l *limiter) take(ctx context.Context, key string) store.RateTake {
	if l.shared != nil {
		t, err := l.shared.TakeEvent(ctx, l.name, key, l.limit, l.window)
		if err == nil {
			return t
		}
		l.unshared(err)
	}
	return l.takeLocal(key)
}

// recentEvents are key's events in the window, without recording one: with
// record and forget, a limiter counts what happened after the fact (a
// failed sign-in) rather than every attempt.
func (l *limiter) recentEvents(ctx context.Context, key string) store.RateEvents {
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

// record counts an event for key, whatever the limit.
func (l *limiter) record(ctx context.Context, key string) {
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

// forget drops key's events.
func (l *limiter) forget(ctx context.Context, key string) {
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
func (l *limiter) unshared(err error) {
	l.log.Warn("shared rate limit unavailable; counting in this instance", "limit", l.name, slog.Any("error", err))
}

func (l *limiter) takeLocal(key string) store.RateTake {
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

func (l *limiter) recent(key string, now time.Time) []time.Time {
	ts := l.events[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= l.window {
		i++
	}
	return ts[i:]
}

// sweep forgets keys with no recent events, so memory stays bounded.
func (l *limiter) sweep(now time.Time) {
	for k := range l.events {
		if len(l.recent(k, now)) == 0 {
			delete(l.events, k)
		}
	}
	l.swept = now
}

// RateLimit is a limit of Limit events per Window.
type RateLimit struct {
	Limit  int
	Window time.Duration
}

// RateLimits are the limits on the account endpoints; zero values take the
// defaults.
type RateLimits struct {
	SignInPerIP RateLimit // every sign-in attempt from an address
	// SignInPerEmailAndIP is the strict limit: failed sign-ins for one
	// email from one address, after which that address is refused for
	// that email (a right password from it clears them).
	SignInPerEmailAndIP RateLimit
	// SignInPerEmail is the loose one: past this many failed sign-ins
	// for one email from any addresses, an address that has failed for
	// it waits before each try, longer with every failure; an address
	// that has not failed is never held back (see lockout.go).
	SignInPerEmail RateLimit
	SignUpPerIP    RateLimit
	ResetPerIP     RateLimit
	ResendPerIP    RateLimit
	LeadPerIP      RateLimit
	InsightsUser   RateLimit
	FormPerIP      RateLimit // the site's own forms: contact, suggestions, subscriptions, partners
	ReviewPerUser  RateLimit // reviews written or edited by one account
	ReviewPerIP    RateLimit // reviews written or edited from one address
	APIPerKey      RateLimit // requests to the public API with one key (handlers/api)
	// UploadPerAccount bounds the images one account (its owner and
	// members together) sends to be resized and kept: each costs about a
	// second of a core.
	UploadPerAccount RateLimit
}

// DefaultRateLimits stop password guessing and mail bombing while leaving
// room for a family behind one address.
var DefaultRateLimits = RateLimits{
	SignInPerIP:         RateLimit{30, 15 * time.Minute},
	SignInPerEmailAndIP: RateLimit{10, 15 * time.Minute},
	SignInPerEmail:      RateLimit{20, 15 * time.Minute},
	SignUpPerIP:         RateLimit{10, time.Hour},
	ResetPerIP:          RateLimit{5, time.Hour},
	ResendPerIP:         RateLimit{5, time.Hour},
	LeadPerIP:           RateLimit{10, time.Hour},
	InsightsUser:        RateLimit{5, time.Hour},
	FormPerIP:           RateLimit{10, time.Hour},
	ReviewPerUser:       RateLimit{10, 24 * time.Hour},
	ReviewPerIP:         RateLimit{20, 24 * time.Hour},
	APIPerKey:           RateLimit{300, time.Minute},
	UploadPerAccount:    RateLimit{100, time.Hour},
}

// Times multiplies every limit by n (for load tests and browser tests that
// sign in many times from one address).
func (rl RateLimits) Times(n int) RateLimits {
	m := func(l RateLimit) RateLimit { return RateLimit{l.Limit * n, l.Window} }
	return RateLimits{m(rl.SignInPerIP), m(rl.SignInPerEmailAndIP), m(rl.SignInPerEmail), m(rl.SignUpPerIP), m(rl.ResetPerIP), m(rl.ResendPerIP), m(rl.LeadPerIP), m(rl.InsightsUser), m(rl.FormPerIP),
		m(rl.ReviewPerUser), m(rl.ReviewPerIP), m(rl.APIPerKey), m(rl.UploadPerAccount)}
}

type limiters struct {
	signInIP, signInPair, signInEmail, signUpIP, resetIP, resendIP, leadIP, insightsUser, formIP *limiter
	reviewUser, reviewIP                                                                         *limiter
	apiKey                                                                                       *limiter
	uploadAccount                                                                                *limiter
}

// newLimiters builds the limits; shared, when not nil, counts their events
// for every instance.
func newLimiters(rl RateLimits, shared sharedLimits, log *slog.Logger) limiters {
	pick := func(name string, v, def RateLimit) *limiter {
		if v.Limit <= 0 || v.Window <= 0 {
			v = def
		}
		l := newLimiter(v.Limit, v.Window)
		l.name, l.shared, l.log = name, shared, log
		return l
	}
	d := DefaultRateLimits
	return limiters{
		signInIP:      pick("sign-in-ip", rl.SignInPerIP, d.SignInPerIP),
		signInPair:    pick("sign-in-failed-email-ip", rl.SignInPerEmailAndIP, d.SignInPerEmailAndIP),
		signInEmail:   pick("sign-in-failed-email", rl.SignInPerEmail, d.SignInPerEmail),
		signUpIP:      pick("sign-up-ip", rl.SignUpPerIP, d.SignUpPerIP),
		resetIP:       pick("reset-ip", rl.ResetPerIP, d.ResetPerIP),
		resendIP:      pick("resend-ip", rl.ResendPerIP, d.ResendPerIP),
		leadIP:        pick("lead-ip", rl.LeadPerIP, d.LeadPerIP),
		insightsUser:  pick("insights-user", rl.InsightsUser, d.InsightsUser),
		formIP:        pick("form-ip", rl.FormPerIP, d.FormPerIP),
		reviewUser:    pick("review-user", rl.ReviewPerUser, d.ReviewPerUser),
		reviewIP:      pick("review-ip", rl.ReviewPerIP, d.ReviewPerIP),
		apiKey:        pick("api-key", rl.APIPerKey, d.APIPerKey),
		uploadAccount: pick("upload-account", rl.UploadPerAccount, d.UploadPerAccount),
	}
}

// clientIP is the address the request came from.
func clientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(clientIPKey{}).(netip.Addr); ok {
		return ip.String()
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// setRetryAfter tells the client, in whole seconds rounded up, when a
// rate-limited request may be tried again.
func setRetryAfter(w http.ResponseWriter, retry time.Duration) {
	w.Header().Set("Retry-After", itoa(int(retry.Seconds())+1))
}

// tooManyMessage tells the visitor how long to wait.
func tooManyMessage(retry time.Duration) string {
	mins := int(retry.Round(time.Minute) / time.Minute)
	if mins <= 1 {
		return "Too many attempts. Please wait a minute and try again."
	}
	return "Too many attempts. Please wait " + itoa(mins) + " minutes and try again."
}

type clientIPKey struct{}

// forwardedFor makes the visitor's address, rather than a proxy's, the one
// rate limits and logs see, when the app runs behind proxies it trusts
// (TRUSTED_PROXIES). Only a request from a trusted proxy is believed, and
// of its X-Forwarded-For only the part the trusted proxies appended: the
// address nearest the app that is not a trusted proxy. Anything else a
// client writes in the header is ignored, so it cannot dodge a limit.
func (h *Handlers) forwardedFor(next http.Handler) http.Handler {
	if len(h.trustedProxies) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ip, ok := h.visitorIP(r); ok {
			r = r.WithContext(context.WithValue(r.Context(), clientIPKey{}, ip))
		}
		next.ServeHTTP(w, r)
	})
}

func (h *Handlers) visitorIP(r *http.Request) (netip.Addr, bool) {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil || !h.trusted(peer.Addr()) {
		return netip.Addr{}, false
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	ip := peer.Addr().Unmap()
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // garbage: keep the last address a trusted proxy vouched for
		}
		ip = hop.Unmap()
		if !h.trusted(ip) {
			break
		}
	}
	return ip, true
}

func (h *Handlers) trusted(ip netip.Addr) bool {
	ip = ip.Unmap()
	for _, p := range h.trustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
