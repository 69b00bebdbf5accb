package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/alexedwards/scs/v2"

	"bizprofile/store"
)

// Sessions: the cookie that carries a visitor's session, and the
// signed-in user it names.

// NewSessionManager configures the session cookie and its lifetimes. The
// sessions themselves live in the database (store), so any app instance can
// serve any visitor.
// A zero lifetime or idle timeout takes the default (30 days, 7 days).
func NewSessionManager(st scs.Store, secure bool, lifetime, idle time.Duration) *scs.SessionManager {
	if lifetime <= 0 {
		lifetime = 30 * 24 * time.Hour
	}
	if idle <= 0 {
		idle = 7 * 24 * time.Hour
	}
	sm := scs.New()
	sm.Store = st
	sm.Lifetime = lifetime
	sm.IdleTimeout = idle
	sm.Cookie.Name = "bizprofile_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	return sm
}

type userKey struct{}

// currentUser is the signed-in user of the request, or nil.
func currentUser(r *http.Request) *store.User {
	u, _ := r.Context().Value(userKey{}).(*store.User)
	return u
}

// loadUser puts the signed-in user, if any, in the request context. A
// session from before a password change (an older session version) or of
// a deleted account is signed out.
func (h *Handlers) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id, ok := h.sessions.Get(ctx, sessionUserID).(int64)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		u, err := h.store.UserByID(ctx, id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			h.serverError(w, r, err)
			return
		}
		if err != nil || u.SessionVersion != h.sessions.GetInt(ctx, sessionVersion) || !u.Verified() {
			h.sessions.Remove(ctx, sessionUserID)
			h.sessions.Remove(ctx, sessionVersion)
			next.ServeHTTP(w, r)
			return
		}
		// What a signed-in visitor is sent is theirs: no shared cache may
		// keep it (handlers may still ask for no-store).
		w.Header().Set("Cache-Control", "private, no-cache")
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, userKey{}, &u)))
	})
}

// requireUser sends signed-out visitors to sign in, and back here after.
func (h *Handlers) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if currentUser(r) == nil {
			if acceptsJSON(r) {
				writeJSON(w, http.StatusUnauthorized, map[string]any{"success": false, "error": "Your session has ended. Please sign in again."})
				return
			}
			target := r.URL.EscapedPath()
			if r.Method == http.MethodGet && r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			if r.Method != http.MethodGet {
				// After a form post, come back to the page the form was on.
				target = "/dashboard"
				if ref, err := url.Parse(r.Referer()); err == nil && ref.Host == r.Host {
					target = localPath(ref.RequestURI(), "/dashboard")
				}
			}
			http.Redirect(w, r, "/login?next="+url.QueryEscape(target), http.StatusSeeOther)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
