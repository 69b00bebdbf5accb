package handlers

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"bizprofile/present"
	"bizprofile/status"
	"bizprofile/store"
	"bizprofile/views"
)

// The status page (/status): the app's own checks of its parts, their
// recorded uptime, and the incidents administrators post (admin_status.go).

// statusCacheAge is how long the page shows the same checks: it is cheap
// to serve, and cannot be used to call Stripe or the AI provider more than
// once per this.
const statusCacheAge = 30 * time.Second

// statusPingTimeout bounds the page's own check that the database answers.
const statusPingTimeout = 2 * time.Second

// databaseDownKey marks a request the status page serves while the
// database does not answer.
type databaseDownKey struct{}

// statusSessions loads the visitor's session (and account) for the status
// page only when the database answers: the sessions live in the database,
// and the page must answer while it is down.
func (h *Handlers) statusSessions(next http.Handler) http.Handler {
	withSession := h.sessions.LoadAndSave(h.loadUser(h.checkQuery(next)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), statusPingTimeout)
		err := h.store.Ping(ctx)
		cancel()
		if err != nil {
			h.log.Warn("status page without a session: the database is unreachable", slog.Any("error", err), "request_id", requestID(r.Context()))
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), databaseDownKey{}, true)))
			return
		}
		withSession.ServeHTTP(w, r)
	})
}

// statusPage shows the parts' checks, their uptime and the incidents.
// With the database down it still answers, with 503 (as every other page
// then does, so that monitors and crawlers see the outage) and the full
// page: the database as an outage, the incidents as unavailable.
func (h *Handlers) statusPage(w http.ResponseWriter, r *http.Request) {
	down, _ := r.Context().Value(databaseDownKey{}).(bool)
	b := h.statusBoard(r.Context(), down)
	if down {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Retry-After", retryAfterUnavailable)
		h.render(w, r, http.StatusServiceUnavailable, views.StatusBoardPage(h.bareChrome(r), b))
		return
	}
	b.Subscribe.Sent = h.wasSent(r, subscriptionForm(b.Subscribe.List))
	h.render(w, r, http.StatusOK, views.StatusBoardPage(h.chrome(r), b))
}

// statusBoard is what the status page shows: the parts' latest checks with
// their uptime, and the incidents (unavailable while the database is down).
func (h *Handlers) statusBoard(ctx context.Context, down bool) views.StatusBoard {
	results := h.status.Current(ctx, statusCacheAge)
	if down == status.DatabaseAnswered(results) {
		// The results were taken before the database went down, or came
		// back: this request's own check is newer.
		results = h.status.Run(ctx)
	}
	b := views.StatusBoard{UptimeDays: store.StatusDays, Subscribe: views.StatusForm()}
	var open, past []store.Incident
	days := map[string][]store.StatusDay{}
	now := time.Now()
	if down {
		b.IncidentsUnavailable = true
	} else {
		var err error
		if days, err = h.store.StatusDayCounts(ctx, now); err != nil {
			h.log.Warn("status page without uptime", slog.Any("error", err), "request_id", requestID(ctx))
		}
		open, past, err = h.domain.Incidents.Listed(ctx, now)
		if err != nil {
			h.log.Warn("status page without incidents", slog.Any("error", err), "request_id", requestID(ctx))
			b.IncidentsUnavailable = true
		}
	}
	return present.StatusBoard(b, results, days, open, past, now)
}
