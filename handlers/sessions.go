package handlers

import (
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"
)

// NewSessionManager configures the session cookie and its lifetimes. The
// sessions themselves live in the database (store), so any app instance can
// serve any visitor.
// A zero lifetime or idle timeout takes the default (30 days, 7 days).
func NewSessionManager(store scs.Store, secure bool, lifetime, idle time.Duration) *scs.SessionManager {
	if lifetime <= 0 {
		lifetime = 30 * 24 * time.Hour
	}
	if idle <= 0 {
		idle = 7 * 24 * time.Hour
	}
	sm := scs.New()
	sm.Store = store
	sm.Lifetime = lifetime
	sm.IdleTimeout = idle
	sm.Cookie.Name = "bizprofile_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	return sm
}
