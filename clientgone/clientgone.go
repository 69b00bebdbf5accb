// Package clientgone tells a request whose client went away (closed the
// tab, pressed stop, typed on so the search island dropped its fetch) from
// one the app failed. The first is no fault of the app: its work fails
// only because it was cancelled with the request ("store: directory
// version: context canceled"), nobody reads the answer, and counting it as
// a 5xx would page whoever watches the error rate. It is logged at INFO
// and recorded with status 499, nginx's "client closed request"; a real
// fault while the client is still there stays a 500 logged at ERROR. The
// site's pages and the REST API (handlers/api) share this one rule.
package clientgone

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
)

// Status is what the request log and the metrics record for a request
// whose client went away before its answer was complete; it is never sent.
const Status = 499

// Is reports whether r's client went away: net/http cancels a request's
// context when its connection closes. A context cancelled for another
// cause (the server shutting down on a signal) or past a deadline the
// server set is not the client leaving. net/http cancels without a cause,
// so the cause is context.Canceled itself; a signal's cancellation
// (signal.NotifyContext) has a cause of its own that wraps it.
func Is(r *http.Request) bool {
	return context.Cause(r.Context()) == context.Canceled
}

// Handled reports whether r's client went away and, if so, logs err at
// INFO as that: the caller answers nothing more. The request's id is the
// X-Request-Id the app set on every answer (handlers.withRequestID).
func Handled(log *slog.Logger, w http.ResponseWriter, r *http.Request, err error) bool {
	if !Is(r) {
		return false
	}
	route := r.URL.Path
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		route = rc.RoutePattern()
	}
	log.Info("client went away", "method", r.Method, "route", route, "path", r.URL.Path,
		"request_id", w.Header().Get("X-Request-Id"), slog.Any("error", err))
	return true
}

// Error logs a failure of r's work at ERROR or, when r's client went away
// (the failure is then its work cancelled with it), at INFO with
// client_gone=true: for the failures a handler answers itself (a form
// shown again, an export broken off) rather than with a 500.
func Error(log *slog.Logger, r *http.Request, msg string, args ...any) {
	if Is(r) {
		log.Info(msg, append(args, "client_gone", true)...)
		return
	}
	log.Error(msg, args...)
}
