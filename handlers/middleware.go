package handlers

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"bizprofile/clientgone"
	"bizprofile/images"
)

type ctxKey int

const requestIDKey ctxKey = iota

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// withRequestID tags each request with an id (the proxy's X-Request-Id when
// it sends a sane one) for the logs and the response header, so a user's
// report can be matched to its log lines.
func withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !validRequestID.MatchString(id) {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
}

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusRecorder remembers the status a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// observe logs every request and counts it in the metrics, labelled by its
// route pattern (not its path, which would explode the label set). A
// request whose client went away is recorded as 499, at INFO (clientgone).
func (h *Handlers) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		switch {
		case clientgone.Is(r): // it left before its answer was whole, whatever was written
			rec.status = clientgone.Status
		case rec.status == 0:
			rec.status = http.StatusOK
		}
		d := time.Since(start)
		route := "unmatched"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			route = rc.RoutePattern()
		}
		h.metrics.Observe(r.Method, route, rec.status, d)
		// A 503 is an answer we chose (the database is unreachable, a
		// service is not configured) and was logged as such where it was
		// chosen; other 5xx are faults.
		level := slog.LevelInfo
		switch {
		case rec.status == http.StatusServiceUnavailable:
			level = slog.LevelWarn
		case rec.status >= 500:
			level = slog.LevelError
		}
		h.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method),
			slog.String("route", route),
			slog.Int("status", rec.status),
			slog.Duration("duration", d),
			slog.String("request_id", requestID(r.Context())))
	})
}

// recoverPanic turns a panic in a handler into the styled 500 page and a log
// line with the stack, instead of a dropped connection.
func (h *Handlers) recoverPanic(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				h.log.Error("panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()), "request_id", requestID(r.Context()))
				h.serverError(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows scripts, styles and connections only from
// this origin: no inline script can run, even if an attacker slips one into
// a page. Forms post only here, and the redirects after a post may go only
// to Stripe's Checkout and billing portal (browsers apply form-action to
// those redirects too). Images come from here, data: URLs, the blob: URLs
// of the upload island's previews, the image bucket's origin when one is
// configured and the map tiles' origin (imgOrigins; "" ones are skipped).
func contentSecurityPolicy(imgOrigins ...string) string {
	img := "img-src 'self' data: blob:"
	for _, o := range imgOrigins {
		if o != "" && !slices.Contains(strings.Fields(img), o) {
			img += " " + o
		}
	}
	return "default-src 'self'; script-src 'self'; style-src 'self'; " + img + "; " +
		"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
		"form-action 'self' https://checkout.stripe.com https://billing.stripe.com; frame-ancestors 'none'"
}

func (h *Handlers) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		csp := h.csp
		if h.production {
			csp += "; upgrade-insecure-requests"
			hd.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		// Geolocation only for our own pages: the directory's "Near me" asks for it.
		hd.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(), usb=()")
		next.ServeHTTP(w, r)
	})
}

// crossOriginProtection refuses state-changing requests sent by other sites
// (the browser's Sec-Fetch-Site and Origin headers tell), which is what
// CSRF tokens used to do.
func (h *Handlers) crossOriginProtection(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.log.Warn("cross-origin request refused", "method", r.Method, "path", r.URL.Path,
			"origin", r.Header.Get("Origin"), "request_id", requestID(r.Context()))
		http.Error(w, "Cross-origin request refused.", http.StatusForbidden)
	}))
	return cop.Handler(next)
}

// maxBodyBytes bounds what a client may send; forms here are small.
const maxBodyBytes = 1 << 20

// maxUploadBytes bounds a multipart form, which may carry one image
// (images.MaxBytes) and its few fields; a bigger body is refused by the
// handler that reads it (readImageForm) with the file's size message.
const maxUploadBytes = images.MaxBytes + 256<<10

func limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Method != http.MethodGet && r.Method != http.MethodHead {
			// The body as sent stays in the context, for a route that
			// takes an upload (allowBody).
			r = r.WithContext(context.WithValue(r.Context(), rawBodyKey{}, r.Body))
			r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		}
		next.ServeHTTP(w, r)
	})
}

type rawBodyKey struct{}

// allowBody lets one route's multipart body reach n bytes instead of
// maxBodyBytes: the routes that take images (maxUploadBytes for one, more
// for the wizard's several). Every other body keeps limitBody's bound.
func allowBody(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if raw, ok := r.Context().Value(rawBodyKey{}).(io.ReadCloser); ok && isMultipart(r) {
				r.Body = http.MaxBytesReader(w, raw, n)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// isMultipart reports whether the request's body is a multipart form (a
// file upload).
func isMultipart(r *http.Request) bool {
	return strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), "multipart/form-data")
}

// localPath returns p when it is a plain path on this site, and fallback
// otherwise, so that a redirect can never send a visitor to another site.
// Browsers forgive a lot in a Location header: they drop tabs and newlines,
// read a backslash as a slash, and resolve dot segments, so "/\t/evil",
// "/\\evil" and "/.//evil" all lead off the site. A local path here is
// therefore printable ASCII only (anything else arrives percent-encoded),
// has no backslash, and its path, decoded, is already clean: one leading
// slash, no empty, "." or ".." segment, no control character, space or
// backslash.
func localPath(p, fallback string) string {
	if p == "" || len(p) > 2048 || p[0] != '/' || !plainASCII(p) {
		return fallback
	}
	pathPart := p
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		pathPart = p[:i]
	}
	decoded, err := url.PathUnescape(pathPart)
	if err != nil || !cleanPath(decoded) {
		return fallback
	}
	if u, err := url.Parse(p); err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return fallback
	}
	return p
}

// cleanPath reports whether p is an absolute path of printable ASCII that
// needs no cleaning: no empty, "." or ".." segment.
func cleanPath(p string) bool {
	if p == "" || p[0] != '/' || !plainASCII(p) {
		return false
	}
	clean := path.Clean(p)
	return clean == p || (clean != "/" && clean+"/" == p)
}

// plainASCII reports whether s is printable ASCII with no space or
// backslash.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}
