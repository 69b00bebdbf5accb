package handlers

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"bizprofile/ai"
	"bizprofile/analytics"
	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/status"
	"bizprofile/storage"
	"bizprofile/store"
	"bizprofile/store/storetest"
	"bizprofile/views"
	"bizprofile/workers"
)

func TestMain(m *testing.M) {
	domain.LightPasswordWork()
	code := storetest.Main(m)
	stopStripeMock() // started by the first test that needs it
	if appPath != "" {
		os.Remove(appPath) // built by the first benchmark that runs the app
	}
	os.Exit(code)
}

// testApp is the real router on a real database, served over HTTP.
type testApp struct {
	*httptest.Server
	h      *Handlers
	store  *store.Store
	logs   *logBuffer
	client *http.Client // keeps cookies, does not follow redirects
	inbox  *inbox
	// work is what the workers of runQueue use.
	work workers.Deps
	// stopQueue stops the app's job queue, as if the process died: jobs
	// committed after it wait in the database.
	stopQueue func()
}

// logBuffer collects log lines from concurrent requests.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

var testSite = views.Site{
	Name:         "BizProfile",
	BaseURL:      "http://bizprofile.test",
	SupportEmail: "support@bizprofile.test",
	SupportPhone: "1-800-555-0199",
}

func newTestApp(t testing.TB, engine store.Dialect, options ...func(*testDeps)) *testApp {
	t.Helper()
	return newTestAppOn(t, storetest.Open(t, engine), options...)
}

// newTestAppOn is an app instance on st: two of them on one database are
// two instances of the app behind a load balancer.
func newTestAppOn(t testing.TB, st *store.Store, options ...func(*testDeps)) *testApp {
	t.Helper()
	logs := &logBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	in := newInbox(t)
	mailer, err := bizmail.New(fmt.Sprintf("smtp://127.0.0.1:%d", in.srv.PortNumber()), "BizProfile <no-reply@bizprofile.test>", log)
	if err != nil {
		t.Fatalf("mailer: %v", err)
	}
	d := testDeps{Deps: Deps{
		Log:      log,
		Store:    st,
		Sessions: NewSessionManager(st.Sessions(), false, 0, 0),
		Site:     testSite,
		// Counted, never flushed on its own: a test writes the counts
		// with flushAnalytics when it wants them.
		Analytics: analytics.New(st, log, analytics.Options{}),
	}, Mailer: mailer}
	media, err := storage.NewDisk(t.TempDir())
	if err != nil {
		t.Fatalf("media: %v", err)
	}
	d.Media = media
	for _, o := range options {
		o(&d)
	}
	if d.Domain == nil {
		d.Domain = domainOf(d)
	}
	if d.Status == nil {
		d.Status = workers.StatusChecker(d.Store, d.Stripe, status.AIServer{}, d.Log)
	}
	h := New(d.Deps)
	work := workers.Deps{Domain: d.Domain, Store: st, Mailer: d.Mailer, Log: log, Production: d.Production, Stripe: d.Stripe}
	stopQueue := runQueue(t, work)
	srv := httptest.NewServer(h.Routes())
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{
		Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
	return &testApp{Server: srv, h: h, store: st, logs: logs, client: client, inbox: in, work: work, stopQueue: stopQueue}
}

// testDeps are a test app's dependencies: the handlers', and what main.go
// gives the domain and the workers besides (the AI provider, the mailer).
type testDeps struct {
	Deps
	Insights ai.Provider    // nil: the built-in analyser
	Mailer   bizmail.Sender // the test's SMTP server
}

// domainOf is the rules on d's store and settings, as main.go builds them.
func domainOf(d testDeps) *domain.Domain {
	return domain.New(domain.Deps{
		Log: d.Log, Store: d.Store, Production: d.Production, AdminEmails: d.AdminEmails, Media: d.Media, Insights: d.Insights,
		Site: bizmail.Site{Name: d.Site.Name, BaseURL: d.Site.BaseURL, SupportEmail: d.Site.SupportEmail},
	})
}

// browserHeaders are what a person's browser sends with a page request:
// only such requests count for the owners' analytics.
var browserHeaders = map[string]string{
	"User-Agent":      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
	"Accept":          "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
	"Accept-Language": "en-US,en;q=0.9",
}

// browse fetches path as a person's browser would (see browserHeaders),
// with this app's cookies.
func (a *testApp) browse(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
	for k, v := range browserHeaders {
		req.Header.Set(k, v)
	}
	return a.do(t, req)
}

// flushAnalytics writes the analytics counted so far, as the app does
// every few seconds.
func (a *testApp) flushAnalytics(t *testing.T) {
	t.Helper()
	if err := a.h.analytics.Flush(context.Background()); err != nil {
		t.Fatalf("flush analytics: %v", err)
	}
}

// get fetches path and returns the response with its body read.
func (a *testApp) get(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
	return a.do(t, req)
}

// post sends a same-origin form, as a browser would.
func (a *testApp) post(t *testing.T, path string, form url.Values) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", a.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return a.do(t, req)
}

func (a *testApp) do(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	res, err := a.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	return res, string(b)
}

// runQueue works the app's queued jobs (emails, account jobs) with the
// workers while the test runs (or until stop), as main.go does, polling
// often and retrying soon.
func runQueue(t testing.TB, d workers.Deps) (stop func()) {
	t.Helper()
	q := jobs.New(d.Store, d.Log, jobs.Options{Poll: 20 * time.Millisecond, Backoff: func(int) time.Duration { return 20 * time.Millisecond }})
	workers.Register(q, d)
	d.Store.OnEnqueue(q.Wake)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}
