package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bizprofile/internal/samples"
	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
)

func TestNotFoundShowsPageAndLogsPath(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, body := app.get(t, "/no-such-page/here")
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("status = %d, want 404", res.StatusCode)
	}
	page := parseHTML(t, body)
	if main := page.Find("main"); !strings.HasPrefix(textOf(main), "404 ") || headings(main, 1, "Oops! Page not found").Length() != 1 || !hasLink(main, "Return to Home", "/") {
		t.Errorf("404 page reads %q", textOf(main))
	}
	if !strings.Contains(app.logs.String(), "path=/no-such-page/here") {
		t.Errorf("attempted path not logged; logs:\n%s", app.logs.String())
	}
}

func TestPanicGivesStyledServerErrorWithoutInternals(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	boom := app.h.recoverPanic(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("secret internal detail")
	}))
	rec := httptest.NewRecorder()
	boom.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status = %d, want 500", rec.Code)
	}
	body := rec.Body.String()
	if page := parseHTML(t, body); headings(page, 1, "Something went wrong on our side").Length() != 1 || page.Find("body > footer").Length() != 1 {
		t.Error("500 page is not the styled page with the site chrome")
	}
	if strings.Contains(body, "secret internal detail") || strings.Contains(body, "goroutine") {
		t.Error("500 page reveals internals")
	}
	if !strings.Contains(app.logs.String(), "secret internal detail") {
		t.Error("panic not logged")
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for _, path := range []string{"/", "/pricing", "/no-such-page", "/healthz", "/metrics"} {
		res, _ := app.get(t, path)
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP allows inline code: %q", path, csp)
		}
		for h, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "strict-origin-when-cross-origin",
			"X-Frame-Options":        "DENY",
			// Our pages may ask where the visitor is ("Near me"); no
			// other origin's frame may, nor use camera or microphone.
			"Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
		} {
			if got := res.Header.Get(h); got != want {
				t.Errorf("%s: %s = %q, want %q", path, h, got, want)
			}
		}
		if res.Header.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS sent in development", path)
		}
		if res.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s: no request id", path)
		}
	}
}

func TestHSTSAndSecureCookiesInProduction(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.h.production = true
	app.h.sessions.Cookie.Secure = true
	res, _ := app.post(t, "/theme", url.Values{"theme": {"dark"}, "return": {"/"}})
	if !strings.Contains(res.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Error("no HSTS in production")
	}
	for _, c := range res.Cookies() {
		if !c.Secure {
			t.Errorf("cookie %s is not Secure in production", c.Name)
		}
	}
}

func TestNoInlineScripts(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for _, path := range publicPaths {
		_, body := app.get(t, path)
		page := parseHTML(t, body)
		page.Find("script").Each(func(_ int, s *goquery.Selection) {
			_, src := s.Attr("src")
			if typ := s.AttrOr("type", ""); !src && typ != "application/json" && typ != "application/ld+json" {
				t.Errorf("%s: inline script %.80q", path, s.Text())
			}
		})
		page.Find("*").Each(func(_ int, e *goquery.Selection) {
			for _, a := range e.Nodes[0].Attr {
				if a.Key == "style" || strings.HasPrefix(a.Key, "on") {
					t.Errorf("%s: the %s attribute of a <%s> breaks the CSP", path, a.Key, goquery.NodeName(e))
				}
			}
		})
	}
}

func TestCrossOriginPostIsRefused(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/theme", strings.NewReader("theme=dark"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, _ := app.do(t, req)
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-origin POST status = %d, want 403", res.StatusCode)
	}
	for _, c := range res.Cookies() {
		if c.Name == themeCookie {
			t.Error("cross-origin POST changed the theme cookie")
		}
	}
	// The same request from our own origin goes through.
	res, _ = app.post(t, "/theme", url.Values{"theme": {"dark"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("same-origin POST status = %d, want 303", res.StatusCode)
	}
}

func TestRequestBodyIsLimited(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	big := "theme=" + strings.Repeat("a", 2<<20)
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/theme", strings.NewReader(big))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, _ := app.do(t, req)
	if res.StatusCode != http.StatusRequestEntityTooLarge && res.StatusCode != http.StatusBadRequest {
		t.Fatalf("2 MiB body: status = %d, want 413 or 400", res.StatusCode)
	}
}

func TestHealthAndReadiness(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	if res, body := app.get(t, "/healthz"); res.StatusCode != 200 || !strings.Contains(body, "ok") {
		t.Fatalf("/healthz = %d %q", res.StatusCode, body)
	}
	if res, _ := app.get(t, "/readyz"); res.StatusCode != 200 {
		t.Fatalf("/readyz with a database = %d, want 200", res.StatusCode)
	}
	app.store.Close() // the database goes away
	if res, _ := app.get(t, "/readyz"); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("/readyz without a database = %d, want 503", res.StatusCode)
	}
	if res, _ := app.get(t, "/healthz"); res.StatusCode != 200 {
		t.Fatal("/healthz should not depend on the database")
	}
}

func TestMetricsCountRequestsByRoutePattern(t *testing.T) {
	app := newTestApp(t, store.SQLite, withMetricsToken)
	app.get(t, "/pricing")
	app.get(t, "/pricing")
	app.get(t, "/missing-page")
	res, body := app.getMetrics(t, metricsToken)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/metrics with the token: %d", res.StatusCode)
	}
	for _, want := range []string{
		`http_requests_total{method="GET",route="/pricing",status="200"} 2`,
		`http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`http_request_duration_seconds_bucket{method="GET",route="/pricing"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if !strings.Contains(app.logs.String(), "route=/pricing status=200") {
		t.Errorf("request log lacks route and status:\n%s", app.logs.String())
	}
}

// The operators see the directory's search index at each scrape: its
// listings, the memory it takes and the version it reflects.
func TestMetricsShowTheSearchIndex(t *testing.T) {
	app := newTestApp(t, store.SQLite, withMetricsToken)
	added, err := samples.Add(context.Background(), app.store)
	must(t, err)
	if res, _ := app.get(t, "/directory?q=bakery"); res.StatusCode != http.StatusOK {
		t.Fatalf("search: %d", res.StatusCode)
	}
	_, metrics := app.getMetrics(t, metricsToken)
	for _, name := range []string{"bizprofile_search_index_listings", "bizprofile_search_index_bytes", "bizprofile_search_index_version"} {
		if v, ok := metricValue(metrics, name); !ok || v <= 0 {
			t.Errorf("/metrics: %s = %v (found %v), want > 0", name, v, ok)
		}
	}
	if v, _ := metricValue(metrics, "bizprofile_search_index_listings"); int(v) != added {
		t.Errorf("/metrics: the index holds %v listings, the samples are %d", v, added)
	}
}

// metricValue is the value of an unlabelled series in a scrape.
func metricValue(scrape, name string) (float64, bool) {
	for line := range strings.SplitSeq(scrape, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			return f, err == nil
		}
	}
	return 0, false
}

func TestAssetsAreFingerprintedCachedAndCompressed(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/")
	css := parseHTML(t, body).Find(`head link[rel="stylesheet"]`).AttrOr("href", "")
	if !regexp.MustCompile(`^/assets/css/app\.[0-9a-f]{10}\.css$`).MatchString(css) {
		t.Fatalf("stylesheet URL %q is not fingerprinted", css)
	}
	req, _ := http.NewRequest(http.MethodGet, app.URL+css, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("stylesheet: status %d, encoding %q; want 200 gzip", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("stylesheet Cache-Control = %q, want a year, immutable", cc)
	}

	// Pages themselves are compressed too.
	req, _ = http.NewRequest(http.MethodGet, app.URL+"/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err = http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Error("HTML page not compressed")
	}
}
