package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"bizprofile/ratelimit"
	"bizprofile/store"
)

func TestVisitorIPBehindTrustedProxies(t *testing.T) {
	h := &Handlers{trustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}}
	for _, tc := range []struct {
		peer, xff, want string
	}{
		{"203.0.113.9:5000", "198.51.100.1", "203.0.113.9"},               // not from a proxy: the header is ignored
		{"10.0.0.2:5000", "", "10.0.0.2"},                                 // a proxy's own request
		{"10.0.0.2:5000", "198.51.100.1", "198.51.100.1"},                 // the visitor
		{"10.0.0.2:5000", "1.2.3.4, 198.51.100.1", "198.51.100.1"},        // what the visitor wrote is not believed
		{"10.0.0.2:5000", "198.51.100.1, 10.0.0.7", "198.51.100.1"},       // two proxies deep
		{"10.0.0.2:5000", "10.0.0.8, 10.0.0.7", "10.0.0.8"},               // proxies all the way
		{"10.0.0.2:5000", "nonsense, 198.51.100.1", "198.51.100.1"},       // garbage before the visitor
		{"10.0.0.2:5000", "198.51.100.1, nonsense", "10.0.0.2"},           // garbage from a proxy: the proxy
		{"[fd00::1]:5000", "2001:db8::5", "2001:db8::5"},                  // IPv6
		{"[::ffff:10.0.0.2]:5000", "::ffff:198.51.100.1", "198.51.100.1"}, // IPv4-mapped
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = tc.peer
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		var got string
		h.forwardedFor(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = clientIP(r) })).ServeHTTP(httptest.NewRecorder(), r)
		if got != tc.want {
			t.Errorf("peer %s, X-Forwarded-For %q: visitor %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
	}
}

func TestRateLimitsSeeTheVisitorBehindATrustedProxy(t *testing.T) {
	subscribe := func(app *testApp, xff, email string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, app.URL+"/newsletter", strings.NewReader(url.Values{"email": {email}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", xff)
		res, _ := app.do(t, req)
		return res.StatusCode
	}
	oneForm := func(d *testDeps) { d.RateLimits.FormPerIP = ratelimit.Rate{Limit: 1, Window: time.Hour} }

	// Behind the load balancer (the test client, on 127.0.0.1), each
	// visitor has their own limit, whatever they add to the header.
	app := newTestApp(t, store.SQLite, oneForm, func(d *testDeps) { d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} })
	for _, step := range []struct {
		xff  string
		want int
	}{
		{"203.0.113.5", http.StatusSeeOther},
		{"203.0.113.5", http.StatusTooManyRequests},
		{"198.51.100.1, 203.0.113.5", http.StatusTooManyRequests},
		{"203.0.113.6", http.StatusSeeOther},
	} {
		if got := subscribe(app, step.xff, "reader@example.com"); got != step.want {
			t.Errorf("behind a trusted proxy, X-Forwarded-For %q: %d, want %d", step.xff, got, step.want)
		}
	}

	// Without trusted proxies the header changes nothing.
	app = newTestApp(t, store.SQLite, oneForm)
	if got := subscribe(app, "203.0.113.5", "reader@example.com"); got != http.StatusSeeOther {
		t.Fatalf("first: %d", got)
	}
	if got := subscribe(app, "203.0.113.6", "reader@example.com"); got != http.StatusTooManyRequests {
		t.Errorf("a forged X-Forwarded-For escaped the limit: %d", got)
	}
}
