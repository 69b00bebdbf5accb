package handlers

import (
	"net/http"
	"strings"

	"bizprofile/views"
)

// help shows the help centre; ?q= narrows its articles to those matching.
func (h *Handlers) help(w http.ResponseWriter, r *http.Request) {
	q := clipQuery(strings.TrimSpace(r.URL.Query().Get("q")))
	h.render(w, r, http.StatusOK, views.HelpPage(h.chrome(r), q))
}
