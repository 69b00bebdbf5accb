package handlers

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"bizprofile/domain"
	"bizprofile/ratelimit"
)

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
	signIn                                                    domain.SignInLimits // also count the password a form asks again (domain.Reauth)
	signUpIP, resetIP, resendIP, leadIP, insightsUser, formIP *ratelimit.Limiter
	reviewUser, reviewIP                                      *ratelimit.Limiter
	apiKey                                                    *ratelimit.Limiter
	uploadAccount                                             *ratelimit.Limiter
}

// newLimiters builds the limits; shared, when not nil, counts their events
// for every instance.
func newLimiters(rl RateLimits, shared ratelimit.Shared, log *slog.Logger) limiters {
	pick := func(name string, v, def RateLimit) *ratelimit.Limiter {
		if v.Limit <= 0 || v.Window <= 0 {
			v = def
		}
		return ratelimit.New(name, v.Limit, v.Window, shared, log)
	}
	d := DefaultRateLimits
	return limiters{
		signIn: domain.SignInLimits{PerIP: pick("sign-in-ip", rl.SignInPerIP, d.SignInPerIP),
			PerEmailAndIP: pick("sign-in-failed-email-ip", rl.SignInPerEmailAndIP, d.SignInPerEmailAndIP),
			PerEmail:      pick("sign-in-failed-email", rl.SignInPerEmail, d.SignInPerEmail)},
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
