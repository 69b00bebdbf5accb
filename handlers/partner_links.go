package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/analytics"
	"bizprofile/clientgone"
	"bizprofile/domain"
)

// A partner's referral link (issue 36): /r/{code}, or ?ref={code} on any
// page, sets the first-party cookie that remembers the last valid click
// for the attribution window, counts the click of a person's browser, and
// lands on the page. An unknown or not approved code changes nothing.

// followReferralLink is /r/{code}: to the home page, or to ?to= when it
// is a path on this site (never elsewhere).
func (h *Handlers) followReferralLink(w http.ResponseWriter, r *http.Request) {
	h.followReferral(w, r, chi.URLParam(r, "code"))
	http.Redirect(w, r, localPath(r.URL.Query().Get("to"), "/"), http.StatusFound)
}

// referralParam reads ?ref={code} on a page and redirects to the page
// without it, so pages stay canonical (and the link shared stays clean).
func (h *Handlers) referralParam(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The directory's searches pass here: their query is parsed only
		// when it could hold the parameter.
		if r.Method != http.MethodGet || !strings.Contains(r.URL.RawQuery, "ref") {
			next.ServeHTTP(w, r)
			return
		}
		q := r.URL.Query()
		if !q.Has("ref") {
			next.ServeHTTP(w, r)
			return
		}
		h.followReferral(w, r, q.Get("ref"))
		q.Del("ref")
		to := url.URL{Path: r.URL.Path, RawPath: r.URL.RawPath, RawQuery: q.Encode()}
		http.Redirect(w, r, localPath(to.String(), "/"), http.StatusFound)
	})
}

// followReferral sets the referral cookie for an approved partner's code
// (the last valid click wins). A failure costs the partner a click, never
// the visitor their page.
func (h *Handlers) followReferral(w http.ResponseWriter, r *http.Request, code string) {
	value, ok, err := h.domain.Partners.Follow(r.Context(), code, analytics.Human(r))
	if err != nil {
		clientgone.Error(h.log, r, "referral click not counted", "error", err, "request_id", requestID(r.Context()))
	}
	if !ok {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: domain.ReferralCookie, Value: value, Path: "/", MaxAge: int(domain.ReferralCookieMaxAge.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.sessions.Cookie.Secure})
}

// referralCookie is the referral cookie's value, "" when there is none.
func referralCookie(r *http.Request) string {
	c, err := r.Cookie(domain.ReferralCookie)
	if err != nil {
		return ""
	}
	return c.Value
}
