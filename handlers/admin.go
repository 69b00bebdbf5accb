package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"bizprofile/store"
	"bizprofile/views"
)

// The administration (/admin): moderation of listings, the claims queue,
// and what visitors sent through the site's forms. Administrators are
// named by ADMIN_EMAILS or granted by command; to everyone else every
// /admin address is a page that does not exist.

// isAdmin reports whether u may use /admin.
func (h *Handlers) isAdmin(u *store.User) bool {
	return u != nil && (u.IsAdmin || slices.Contains(h.adminEmails, u.Email))
}

// The commands that make an administrator, where the app is built
// (go tool task build) and in development.
const (
	adminCommand    = "bin/bizprofile"
	adminDevCommand = "go run ."
)

// FirstAdminHint says how to make the first administrator: the server's
// log says it at start-up while there is none.
const FirstAdminHint = "no administrator: /admin is closed to everyone. Make one with `" + adminCommand + " admin grant EMAIL` " +
	"(in development `" + adminDevCommand + " admin grant EMAIL`), or name them in ADMIN_EMAILS"

// requireAdmin answers 404 to anyone but an administrator (signed out
// included), so /admin does not even reveal that it exists. While the app
// has no administrator at all, a signed-in visitor is told instead how to
// make the first one (403).
func (h *Handlers) requireAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := currentUser(r)
		if !h.isAdmin(u) {
			if u != nil && len(h.adminEmails) == 0 {
				exist, err := h.store.AdministratorsExist(r.Context())
				if h.broken(w, r, err) {
					return
				}
				if !exist {
					w.Header().Set("Cache-Control", "no-store")
					h.render(w, r, http.StatusForbidden, views.FirstAdminPage(h.chrome(r), views.FirstAdmin{Email: u.Email, Command: adminCommand, DevCmd: adminDevCommand}))
					return
				}
			}
			h.notFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Robots-Tag", "noindex")
		next.ServeHTTP(w, r)
	})
}

// adminHome is the overview: what waits for the administrators.
func (h *Handlers) adminHome(w http.ResponseWriter, r *http.Request) {
	c, err := h.store.CountForAdmin(r.Context())
	if h.broken(w, r, err) {
		return
	}
	reports, err := h.store.OpenReviewReports(r.Context())
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.AdminOverviewPage(h.chrome(r), views.AdminOverview{
		PendingClaims: c.PendingClaims, HeldListings: c.HeldListings, UnverifiedListings: c.UnverifiedListings,
		ContactMessages: c.ContactMessages, FeatureSuggestions: c.FeatureSuggestions, PartnerApplications: c.PartnerApplications,
		Subscribers: c.Subscribers, FailedJobs: c.FailedJobs, ReviewReports: reports,
		PendingVerifications: c.PendingVerifications,
	}))
}

// adminBack is where an administrator's action returns: the administration
// page it was taken on (its filters and page kept), or fallback.
func adminBack(r *http.Request, fallback string) string {
	if ref, err := url.Parse(r.Referer()); err == nil && ref.Host == r.Host && strings.HasPrefix(ref.Path, "/admin/") {
		return localPath(ref.RequestURI(), fallback)
	}
	return fallback
}
