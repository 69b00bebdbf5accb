package handlers

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/getkin/kin-openapi/openapi3"

	"bizprofile/apispec"
	"bizprofile/handlers/api"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/webhooks"
)

// apiDocs shows the API reference, drawn from the OpenAPI document the API
// serves and the limits in force, so the page and the API cannot drift.
func (h *Handlers) apiDocs(w http.ResponseWriter, r *http.Request) {
	doc, err := apispec.Load(r.Context(), h.site.BaseURL)
	if h.broken(w, r, err) {
		return
	}
	v := apiDocsView(doc, h.site.BaseURL+"/api/v1")
	v.RateLimit, v.RateWindow = h.limits.apiKey.Limit(), windowWords(h.limits.apiKey.Window().Seconds())
	h.render(w, r, http.StatusOK, views.APIDocs(h.chrome(r), v))
}

// apiDocsView is the reference's view of the document, with the limits
// in force.
func apiDocsView(doc *openapi3.T, server string) views.APIDocsView {
	v := views.APIDocsView{
		Server: server, Version: doc.Info.Version, Summary: doc.Info.Summary,
		MaxKeys: store.MaxAPIKeys, IdemHours: int(store.IdempotencyTTL.Hours()), MaxPageSize: api.MaxPageSize,
		MaxHooks: store.MaxWebhookEndpoints,
	}
	for _, k := range api.ProblemKinds() {
		v.Problems = append(v.Problems, views.APIDocsProblem{Code: k.Code, Status: k.Status, Title: k.Title, Description: k.Description})
	}
	v.Tags, v.Events = apispec.Reference(doc, server, append(slices.Clone(store.WebhookEvents), webhooks.EventPing))
	return v
}

// windowWords names a rate window: "minute", "hour", or "N seconds".
func windowWords(seconds float64) string {
	switch seconds {
	case 60:
		return "minute"
	case 3600:
		return "hour"
	}
	return fmt.Sprintf("%g seconds", seconds)
}
