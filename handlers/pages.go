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
