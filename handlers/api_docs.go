package handlers

import (
	"net/http"

	"bizprofile/apispec"
	"bizprofile/present"
	"bizprofile/views"
)

// apiDocs shows the API reference, drawn from the OpenAPI document the API
// serves and the limits in force, so the page and the API cannot drift.
func (h *Handlers) apiDocs(w http.ResponseWriter, r *http.Request) {
	doc, err := apispec.Load(r.Context(), h.site.BaseURL)
	if h.broken(w, r, err) {
		return
	}
	v := present.APIDocs(doc, h.site.BaseURL+"/api/v1")
	v.RateLimit, v.RateWindow = h.limits.apiKey.Limit(), present.WindowWords(h.limits.apiKey.Window().Seconds())
	h.render(w, r, http.StatusOK, views.APIDocs(h.chrome(r), v))
}
