package handlers

import (
	"net/http"
	"time"

	"bizprofile/views"
)

const themeCookie = "theme"

// themeFromRequest reads the visitor's theme from its cookie, so the page
// arrives already in the right colours.
func themeFromRequest(r *http.Request) string {
	if c, err := r.Cookie(themeCookie); err == nil {
		switch c.Value {
		case views.ThemeLight, views.ThemeDark, views.ThemeSystem:
			return c.Value
		}
	}
	return views.ThemeSystem
}

// setTheme is the theme toggle without JavaScript: it stores the choice in
// the cookie and returns to the page the visitor was on. (The island writes
// the same cookie itself.)
func (h *Handlers) setTheme(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	theme := r.PostFormValue("theme")
	switch theme {
	case views.ThemeLight, views.ThemeDark, views.ThemeSystem:
	default:
		theme = views.ThemeSystem
	}
	http.SetCookie(w, &http.Cookie{
		Name:     themeCookie,
		Value:    theme,
		Path:     "/",
		Expires:  time.Now().AddDate(1, 0, 0),
		MaxAge:   365 * 24 * 60 * 60,
		SameSite: http.SameSiteLaxMode,
		Secure:   h.production,
	})
	http.Redirect(w, r, localPath(r.PostFormValue("return"), "/"), http.StatusSeeOther)
}
