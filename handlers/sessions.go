package handlers

import (
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"
)

// NewSessionManager configures the session cookie and its lifetimes. The
// sessions themselves live in the database (store), so any app instance can
// serve any visitor.
func NewSessionManager(store scs.Store, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = store
	sm.Lifetime = 30 * 24 * time.Hour
	sm.IdleTimeout = 7 * 24 * time.Hour
	sm.Cookie.Name = "bizprofile_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	return sm
}
