package handlers

import (
	"fmt"
	"net/http"

	"bizprofile/domain"

	"github.com/go-chi/chi/v5"
)

// Custom branding (Growth and Pro) colours a listing's page with its
// accent. The CSP allows no inline styles, so the colour comes as a
// stylesheet of its own, /brand/1d4ed8.css, setting --accent on the
// page's .branded element; app.css says where the accent goes. Like the
// placeholders, the address is the whole of it: cached for a year.

// brandStylesheet answers GET /brand/{rrggbb}.css: 404 unless rrggbb is a
// colour the branding form would accept, in lower case.
func (h *Handlers) brandStylesheet(w http.ResponseWriter, r *http.Request) {
	hex := chi.URLParam(r, "colour")
	colour, problem := domain.CheckAccent(hex)
	if problem != "" || colour != "#"+hex {
		http.NotFound(w, r)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/css; charset=utf-8")
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = fmt.Fprintf(w, "/* A listing's custom branding: its accent colour. */\n.branded { --accent: %s; }\n", colour)
}
