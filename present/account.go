package present

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/getkin/kin-openapi/openapi3"

	"bizprofile/apispec"
	"bizprofile/domain"
	"bizprofile/handlers/api"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/webhooks"
)

// WebhookStatus is whether events are sent to e.
func WebhookStatus(e store.WebhookEndpoint) views.WebhookStatus {
	return views.WebhookStatus{Disabled: e.DisabledAt.Time, Reason: e.DisabledReason, FailingSince: e.FailingSince.Time}
}

// HeldMessage tells a visitor whose sign-in is held how long to wait: in
// seconds for a short delay, as Retry-After says.
func HeldMessage(held domain.SignInHeld) string {
	if !held.Delay {
		return views.TooManyMessage(held.Retry)
	}
	secs, unit := int(held.Retry.Seconds())+1, " seconds"
	if secs == 1 {
		unit = " second"
	}
	return "Too many attempts. Please wait " + strconv.Itoa(secs) + unit + " and try again."
}

// APIDocs is the reference's view of the document, with the limits
// in force.
func APIDocs(doc *openapi3.T, server string) views.APIDocsView {
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

// WindowWords names a rate window: "minute", "hour", or "N seconds".
func WindowWords(seconds float64) string {
	switch seconds {
	case 60:
		return "minute"
	case 3600:
		return "hour"
	}
	return fmt.Sprintf("%g seconds", seconds)
}
