package handlers

import (
	"context"
	"log/slog"
	"net/http"
	"time"
)

// healthz answers as long as the process serves requests.
func (h *Handlers) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz answers 200 only while the database answers, so a load balancer
// stops sending traffic to an instance that has lost it.
func (h *Handlers) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := h.store.Ping(ctx); err != nil {
		h.log.Warn("not ready: database unreachable", slog.Any("error", err))
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("database unreachable\n"))
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}
