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

type limiters struct {
	signIn                                                    domain.SignInLimits // also count the password a form asks again (domain.Reauth)
	signUpIP, resetIP, resendIP, leadIP, insightsUser, formIP *ratelimit.Limiter
	reviewUser, reviewIP                                      *ratelimit.Limiter
	apiKey                                                    *ratelimit.Limiter
	uploadAccount                                             *ratelimit.Limiter
}

// newLimiters builds the limits; shared, when not nil, counts their events
// for every instance.
func newLimiters(rl ratelimit.Limits, shared ratelimit.Shared, log *slog.Logger) limiters {
	pick := func(name string, v, def ratelimit.Rate) *ratelimit.Limiter {
		if v.Limit <= 0 || v.Window <= 0 {
			v = def
		}
		return ratelimit.New(name, v.Limit, v.Window, shared, log)
	}
	d := ratelimit.Defaults
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
