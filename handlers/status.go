package handlers

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"time"

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
	for _, res := range results {
		c := statusComponent(res, store.UptimeOf(days[res.Key]), open, now)
		if c.Uptime != "" {
			recorded := make([]views.UptimeDay, len(days[res.Key]))
			for i, d := range days[res.Key] {
				recorded[i] = views.UptimeDay(d)
			}
			c.History = views.UptimeHistory(recorded, store.StatusDays, now)
		}
		b.Components = append(b.Components, c)
	}
	b.Open, b.Past = statusIncidents(open), statusIncidents(past)
	return b
}

// statusComponent is a part as the page shows it: its check, its uptime
// when checks were recorded, and the open incidents that name it.
func statusComponent(r status.Result, up store.Uptime, open []store.Incident, now time.Time) views.StatusComponent {
	c := views.StatusComponent{
		Key: r.Key, Name: r.Name, Description: r.Description,
		State: string(r.State), Detail: r.Detail, CheckedAt: r.CheckedAt,
	}
	if up.Checks > 0 {
		c.Uptime = views.UptimePercent(up.Ratio(), up.Failures)
		today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
		c.Days = int(today.Sub(up.First).Hours()/24) + 1
	}
	for _, inc := range open {
		if slices.Contains(inc.Parts(), r.Key) {
			c.Incidents = append(c.Incidents, views.StatusIncidentRef{ID: inc.ID, Title: inc.Title})
		}
	}
	return c
}

// statusIncidents are incidents as the pages show them.
func statusIncidents(list []store.Incident) []views.StatusIncident {
	out := make([]views.StatusIncident, 0, len(list))
	for _, inc := range list {
		v := views.StatusIncident{ID: inc.ID, Title: inc.Title, Impact: inc.Impact, Status: inc.Status, StartedAt: inc.CreatedAt}
		if inc.ResolvedAt.Valid {
			v.ResolvedAt = inc.ResolvedAt.Time
		}
		for _, k := range inc.Parts() {
			v.Components = append(v.Components, status.ComponentName(k))
		}
		for _, u := range inc.Updates {
			v.Updates = append(v.Updates, views.StatusUpdate{Status: u.Status, Message: u.Message, At: u.CreatedAt, Author: u.Author})
		}
		out = append(out, v)
	}
	return out
}
