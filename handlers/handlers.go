// Package handlers turns HTTP requests into rendered pages. Every handler is
// a method on Handlers, which holds the dependencies they share; routes.go
// lists every URL in one table.
package handlers

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/alexedwards/scs/v2"
	"github.com/go-chi/chi/v5"
	"github.com/stripe/stripe-go/v85"

	"bizprofile/analytics"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/handlers/api"
	"bizprofile/metrics"
	"bizprofile/pagecache"
	"bizprofile/present"
	"bizprofile/ratelimit"
	"bizprofile/status"
	"bizprofile/storage"
	"bizprofile/store"
	"bizprofile/turns"
	"bizprofile/views"
)

// Deps is what the handlers need from the outside world; main.go builds it.
type Deps struct {
	Log   *slog.Logger
	Store *store.Store
	// Domain is the product's rules, which the pages apply (main.go builds
	// it on the same Store, and hands it to the workers too).
	Domain     *domain.Domain
	Sessions   *scs.SessionManager
	Site       views.Site
	Production bool             // Secure cookies and HSTS
	RateLimits ratelimit.Limits // zero values take ratelimit.Defaults
	// Stripe takes payments for the paid plans; nil: payments are not
	// configured, and choosing a paid plan fails with the spec's toast.
	Stripe *stripe.Client
	// AdminEmails may use /admin, besides the accounts granted it by
	// command (lower-case addresses).
	AdminEmails []string
	// StripeWebhookSecret verifies Stripe's webhook signatures; empty:
	// webhooks are refused.
	StripeWebhookSecret string
	// TrustedProxies are the proxies (load balancers) whose
	// X-Forwarded-For names the visitor; none: the peer is the visitor.
	TrustedProxies []netip.Prefix
	// Analytics counts views, impressions and contact clicks for the
	// owners' analytics; nil: nothing is counted.
	Analytics *analytics.Counter
	// MetricsToken opens /metrics to requests bearing it; empty: /metrics
	// is not served on the app's address.
	MetricsToken string
	// Status checks the app's parts for /status (workers.StatusChecker);
	// nil: the page has no checks.
	Status *status.Checker
	// Media keeps listing images (a folder under DATA_DIR, or an
	// S3-compatible bucket); nil: a folder in the system's temporary
	// directory (for tools and tests that upload nothing).
	Media storage.Store
}

// Handlers serves every route of the app.
type Handlers struct {
	log        *slog.Logger
	store      *store.Store
	domain     *domain.Domain
	pages      pagecache.Cache // the directory's pages as visitors without a session see them
	sessions   *scs.SessionManager
	site       views.Site
	production bool
	metrics    *metrics.Metrics
	searches   *turns.Queue // the directory's searches take turns (package turns)
	started    time.Time    // when this instance started: a first backup is awaited from then
	limits     limiters
	analytics  *analytics.Counter

	stripe              *stripe.Client
	stripeWebhookSecret string
	// webhookLog bounds the log lines of refused webhook posts, which
	// anyone can send.
	webhookLog *ratelimit.LogBudget

	adminEmails    []string
	trustedProxies []netip.Prefix
	metricsToken   string

	// status checks the app's parts for /status (status.go).
	status *status.Checker

	// api serves the public REST API at /api/v1 (handlers/api).
	api http.Handler

	// media keeps listing images (media.go).
	media storage.Store
	// present builds the view models of listings (package present).
	present present.Pages
	// csp is the Content-Security-Policy of every answer (middleware.go).
	csp string
}

// New builds the handlers from their dependencies.
func New(d Deps) *Handlers {
	if d.Store != nil && (d.Domain == nil || d.Status == nil) {
		// Every page that applies a rule would fail: say so at start.
		panic("handlers: Deps.Domain and Deps.Status are required")
	}
	h := &Handlers{
		log:        d.Log,
		store:      d.Store,
		domain:     d.Domain,
		sessions:   d.Sessions,
		site:       d.Site,
		production: d.Production,
		limits:     newLimiters(d.RateLimits, sharedLimitsOf(d.Store), d.Log),
		analytics:  d.Analytics,

		stripe:              d.Stripe,
		stripeWebhookSecret: d.StripeWebhookSecret,
		webhookLog:          ratelimit.NewLogBudget(10, time.Minute),

		adminEmails: d.AdminEmails,

		trustedProxies: d.TrustedProxies,
		metricsToken:   d.MetricsToken,

		media:  d.Media,
		status: d.Status,

		searches: turns.New(2 * runtime.GOMAXPROCS(0)),
		started:  time.Now(),
	}
	var src metrics.Sources
	if h.store != nil {
		src.Index, src.Jobs = h.store.DirectoryStats, h.store.JobCounts
	}
	if h.domain != nil && h.domain.Backups.Settings().Archive != nil {
		src.LastBackup = h.domain.Backups.Last
	}
	h.metrics = metrics.New(src)
	if h.media == nil {
		disk, err := storage.NewDisk(filepath.Join(os.TempDir(), "bizprofile-media"))
		if err != nil {
			panic(fmt.Sprintf("handlers: no image storage: %v", err))
		}
		h.media = disk
	}
	h.present = present.Pages{BaseURL: h.site.BaseURL, Media: h.media}
	h.csp = contentSecurityPolicy(storage.Origin(h.media), h.site.MapTiles.Origin())
	if h.sessions != nil {
		// Loading or saving a session fails when the database does: the
		// same styled answer as any other failure, 503 when it is down.
		h.sessions.ErrorFunc = h.serverError
	}
	if h.store != nil {
		h.api = api.New(api.Deps{
			Log: h.log, Store: h.store, BaseURL: h.site.BaseURL, Production: h.production,
			Domain: h.domain,
			Take:   h.limits.apiKey.Take, Searches: h.searches,
			Limit: h.limits.apiKey.Limit(), Window: h.limits.apiKey.Window(),
		}).Routes()
	}
	return h
}

func init() {
	// Toasts travel in the session between a POST and the page after its
	// redirect; scs encodes session values with gob.
	gob.Register([]views.Toast{})
}

const toastsKey = "toasts"

// flash queues a toast for the next page this visitor sees.
func (h *Handlers) flash(r *http.Request, t views.Toast) {
	ts, _ := h.sessions.Get(r.Context(), toastsKey).([]views.Toast)
	h.sessions.Put(r.Context(), toastsKey, append(ts, t))
}

// redirect queues a toast and sends the browser to path (303 See Other):
// what a form that succeeded, or was refused with a message, answers.
func (h *Handlers) redirect(w http.ResponseWriter, r *http.Request, path string, t views.Toast) {
	h.flash(r, t)
	http.Redirect(w, r, path, http.StatusSeeOther)
}

// chrome gathers what the shared layout needs for this request, taking any
// queued toasts out of the session.
func (h *Handlers) chrome(r *http.Request) views.Chrome {
	c := views.Chrome{Site: h.site, Path: r.URL.Path, Theme: themeFromRequest(r)}
	if h.domain != nil {
		c.Listed = h.domain.Listings.Listed(r.Context())
	}
	if u := currentUser(r); u != nil {
		c.User = &views.Viewer{Name: u.Email, Email: u.Email, IsAdmin: h.isAdmin(u), Business: worksForBusiness(u)}
	}
	if ts, ok := h.sessions.Pop(r.Context(), toastsKey).([]views.Toast); ok {
		c.Toasts = ts
	}
	return c
}

// render writes a complete page with status. The component renders into a
// buffer first, so a failure half-way gives a clean 500 page instead of a
// truncated document.
func (h *Handlers) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	buf := pageBuffer()
	defer putPageBuffer(buf)
	if h.broken(w, r, c.Render(r.Context(), buf)) {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}

// pageBuffers are the buffers pages render into before they are sent or
// compressed. A directory page is about 40 KB: a buffer grown to that
// afresh for every request (64 bytes, doubled a dozen times) was half the
// memory a search allocated, and so half the collector's work under load.
var pageBuffers = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 64<<10)) }}

func pageBuffer() *bytes.Buffer { return pageBuffers.Get().(*bytes.Buffer) }

// putPageBuffer gives a buffer back once nothing refers to its bytes; one
// an unusually big page grew is left to the collector.
func putPageBuffer(b *bytes.Buffer) {
	if b.Cap() <= 1<<20 {
		b.Reset()
		pageBuffers.Put(b)
	}
}

// serverError logs err with the request it broke and shows the styled 500
// page, which reveals nothing of err to the visitor; a client that went
// away is sent nothing, and logged at INFO (clientgone).
func (h *Handlers) serverError(w http.ResponseWriter, r *http.Request, err error) {
	if clientgone.Handled(h.log, w, r, err) {
		return
	}
	if store.Unavailable(err) {
		h.unavailable(w, r, err)
		return
	}
	h.log.Error("server error", slog.Any("error", err), "method", r.Method, "path", r.URL.Path, "request_id", requestID(r.Context()))
	renderFailure(w, r, http.StatusInternalServerError, views.ServerErrorPage(h.bareChrome(r), requestID(r.Context())), "Unexpected Application Error!")
}

// bareChrome is the layout's chrome without the session (no toasts, no
// user), for answers to requests whose session may not have loaded.
func (h *Handlers) bareChrome(r *http.Request) views.Chrome {
	return views.Chrome{Site: h.site, Path: r.URL.Path, Theme: themeFromRequest(r)}
}

// renderFailure writes an error page with status, never cached; if even
// that page fails to render, the plain text fallback.
func renderFailure(w http.ResponseWriter, r *http.Request, status int, page templ.Component, fallback string) {
	var buf bytes.Buffer
	w.Header().Set("Cache-Control", "no-store")
	if page.Render(r.Context(), &buf) != nil {
		http.Error(w, fallback, status)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}

// notFound shows the not-found page and logs the path that was asked for.
func (h *Handlers) notFound(w http.ResponseWriter, r *http.Request) {
	h.log.Info("page not found", "path", r.URL.Path, "request_id", requestID(r.Context()))
	h.render(w, r, http.StatusNotFound, views.NotFoundPage(h.chrome(r)))
}

// page serves a page that needs nothing but the shared chrome.
func (h *Handlers) page(view func(views.Chrome) templ.Component) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h.render(w, r, http.StatusOK, view(h.chrome(r)))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Reading a request.

// Every number and name read from a URL or a form is checked against its
// range before it is used: a value out of range is treated as absent (a
// list's first page, an unknown record), never passed on to arithmetic or
// the database.

// maxListPage bounds the page numbers of the lists.
const maxListPage = 100000

// numberIn reads s as a whole number in [lo, hi]. Only plain decimal
// digits count ("+1", "01", " 1" and "1e3" do not), so each number has one
// URL.
func numberIn(s string, lo, hi int64) (int64, bool) {
	if s == "" || len(s) > 19 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}

// pageParam is the list page a request asks for (1 when none or bad).
func pageParam(r *http.Request) int {
	if p, ok := numberIn(r.URL.Query().Get("page"), 1, maxListPage); ok {
		return int(p)
	}
	return 1
}

// idParam reads the {id} of the URL; 0 when it is not one.
func idParam(r *http.Request) int64 {
	id, _ := numberIn(chi.URLParam(r, "id"), 1, math.MaxInt64)
	return id
}

// validSlug matches the slugs store.Slugify makes (with a uniqueness
// suffix).
var validSlug = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$`)

// slugParam reads the {slug} of the URL; false when it cannot be one.
func slugParam(r *http.Request) (string, bool) {
	s := chi.URLParam(r, "slug")
	return s, validSlug.MatchString(s)
}

// isHTMX reports whether htmx sent the request (it wants a fragment).
func isHTMX(r *http.Request) bool { return r.Header.Get("HX-Request") == "true" }

// acceptsJSON reports whether the client asked for a JSON answer (an
// island's fetch) rather than a page.
func acceptsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// Answering one.

// setToastTrigger asks htmx to raise a "toast" event, which the page turns
// into a toast.
func setToastTrigger(w http.ResponseWriter, t views.Toast) {
	b, _ := json.Marshal(map[string]views.Toast{"toast": t})
	w.Header().Set("HX-Trigger", string(b))
}

// writeJSON answers v as JSON with status, never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// sentFormKey holds, for the page after a form sent without JavaScript,
// which form it was: that page shows its confirmation in the form's place
// (the toast alone fades away).
const sentFormKey = "sent_form"

// wasSent reports (once) whether the visitor has just sent the form named
// what and was sent back here.
func (h *Handlers) wasSent(r *http.Request, what string) bool {
	if h.sessions.GetString(r.Context(), sentFormKey) != what {
		return false
	}
	h.sessions.Remove(r.Context(), sentFormKey)
	return true
}

// sentRedirect answers a form sent without JavaScript: a toast, and the
// page at back, where wasSent(what) shows the confirmation.
func (h *Handlers) sentRedirect(w http.ResponseWriter, r *http.Request, t views.Toast, what, back string) {
	h.flash(r, t)
	h.sessions.Put(r.Context(), sentFormKey, what)
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// sharedLimitsOf is where rate-limit events are counted for every
// instance: PostgreSQL's table; none on SQLite, which serves one instance.
func sharedLimitsOf(st *store.Store) ratelimit.Shared {
	if st != nil && st.Dialect() == store.Postgres {
		return st
	}
	return nil
}
