// Package api is the public REST API, v1 (/api/v1): JSON only, no cookies,
// authenticated by the bearer API keys an account's owner creates on
// /dashboard/api. It applies the product's rules through package domain,
// as the pages do, never a second copy of them. Errors are RFC 9457
// problem+json (problem.go); every request is counted against its key's
// rate limit (ratelimit.go).
package api

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"bizprofile/apispec"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/turns"
)

// Deps is what the API needs from the app.
type Deps struct {
	Log   *slog.Logger
	Store *store.Store
	// BaseURL is the site's public address (https://example.com), for
	// links in responses and problem types.
	BaseURL string
	// Domain is the product's rules, which the API applies as the pages do.
	Domain *domain.Domain
	// Take counts one request of a key (by the key's id) against Limit
	// requests per Window, across instances where the database allows.
	Take   func(ctx context.Context, key string) store.RateTake
	Limit  int
	Window time.Duration
	// Production: webhooks and links follow the production rules.
	Production bool
	// Searches are the turns the directory's searches take, the site's
	// and the API's together (package turns); nil: none.
	Searches *turns.Queue
}

// API serves /api/v1.
type API struct {
	log        *slog.Logger
	store      *store.Store
	base       string
	domain     *domain.Domain
	take       func(ctx context.Context, key string) store.RateTake
	limit      int
	window     time.Duration
	production bool
	searches   *turns.Queue
	doc        []byte // the OpenAPI document, with BaseURL in its server
}

// New returns the API; Routes is its handler, to be mounted at /api/v1.
func New(d Deps) *API {
	return &API{log: d.Log, store: d.Store, base: d.BaseURL, domain: d.Domain, take: d.Take, limit: d.Limit, window: d.Window, production: d.Production, searches: d.Searches,
		doc: apispec.DocumentFor(d.BaseURL)}
}

// Routes is the API's URL table (paths relative to /api/v1). Every route
// but the OpenAPI document needs a key; writes need a read-write key.
func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(a.jsonOnly, a.etag)
	r.NotFound(func(w http.ResponseWriter, r *http.Request) { a.problem(w, r, errNotFound) })
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		path := chi.RouteContext(req.Context()).RoutePath // within /api/v1
		allow := AllowedMethods(r, cmp.Or(path, req.URL.Path))
		if len(allow) == 0 { // a method chi does not know, on no route
			a.problem(w, req, errNotFound)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		a.problem(w, req, errMethod)
	})

	r.With(a.conform).Get("/openapi.json", a.openapi)

	r.Group(func(r chi.Router) {
		r.Use(a.authenticate, a.rateLimit, a.conform)
		// Changes: the key's scope first, then its Idempotency-Key, so a
		// refusal for the scope is never kept as the key's answer.
		write := r.With(a.requireWrite, a.idempotent)
		r.Get("/me", a.me)

		// The public directory (directory.go): what anyone sees on the site.
		r.With(a.searches.Handler).Get("/directory", a.searchDirectory)
		r.Get("/listings/{slug}", a.publicListing)

		// The account's listings, leads and reviews (listings.go, leads.go,
		// reviews.go); changes need a read-write key.
		r.Get("/account/listings", a.accountListings)
		r.Get("/account/listings/{id}", a.accountListing)
		write.Patch("/account/listings/{id}", a.updateListing)
		write.Post("/account/listings/{id}/publish", a.publishListing)
		write.Post("/account/listings/{id}/unpublish", a.unpublishListing)
		r.Get("/leads", a.leads)
		r.Get("/leads/{id}", a.lead)
		write.Patch("/leads/{id}", a.updateLead)
		r.Get("/reviews", a.reviews)
		write.Post("/reviews/{id}/reply", a.replyToReview)
	})
	return r
}

// AllowedMethods lists the methods routes serves at path, for the Allow
// header every 405 carries (RFC 9110); none when no route has the path.
func AllowedMethods(routes chi.Routes, path string) []string {
	var out []string
	for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
		if routes.Match(chi.NewRouteContext(), m, path) {
			out = append(out, m)
		}
	}
	return out
}
