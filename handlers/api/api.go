// Package api is the public REST API, v1 (/api/v1): JSON only, no cookies,
// authenticated by the bearer API keys an account creates on
// /dashboard/api. It calls the same store methods as the pages, never a
// second copy of their rules. Errors are RFC 9457 problem+json.
package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"bizprofile/store"
)

// Deps is what the API needs from the app.
type Deps struct {
	Log   *slog.Logger
	Store *store.Store
	// BaseURL is the site's public address (https://example.com), for
	// links in responses.
	BaseURL string
}

// API serves /api/v1.
type API struct {
	log   *slog.Logger
	store *store.Store
	base  string
}

// New returns the API's handler, to be mounted at /api/v1.
func New(d Deps) *API {
	return &API{log: d.Log, store: d.Store, base: d.BaseURL}
}

// Routes is the API's URL table (paths relative to /api/v1).
func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"type":"about:blank","title":"Not Found","status":404}`))
	})
	return r
}
