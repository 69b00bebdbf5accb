package handlers

import (
	"net/http"
	"strings"

	"bizprofile/views"
)

// help shows the help centre; ?q= narrows its articles to those matching.
func (h *Handlers) help(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > 200 {
		q = q[:200]
	}
	h.render(w, r, http.StatusOK, views.HelpPage(h.chrome(r), q))
}

// login shows the shared sign-in / sign-up screen; /signup opens it in
// sign-up mode.
func (h *Handlers) login(w http.ResponseWriter, r *http.Request) {
	mode := views.ModeSignIn
	if r.URL.Path == "/signup" {
		mode = views.ModeSignUp
	}
	h.render(w, r, http.StatusOK, views.LoginPage(h.chrome(r), mode))
}

// dashboard is for signed-in users only; without a session it sends the
// visitor to sign in.
func (h *Handlers) dashboard(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}
