package handlers

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/webhooks"
)

// Webhook endpoints of an account (/dashboard/api, and each endpoint's
// page): the owner adds up to store.MaxWebhookEndpoints HTTPS addresses
// with the events each wants, edits, re-enables, re-keys and deletes them,
// sends a test event and reads the delivery log, resending a delivery.
// The sending itself is package webhooks'.

// deliveriesPerPage is how many deliveries a page of the log shows.
const deliveriesPerPage = 20

// webhookForm reads the add or edit form of an endpoint.
func webhookForm(form url.Values) (views.WebhookEndpointForm, domain.EndpointInput) {
	f := views.WebhookEndpointForm{URL: field(form, "url"), Description: field(form, "description"), Events: form["events"], Errors: catalog.FieldErrors{}}
	return f, domain.EndpointInput{URL: f.URL, Description: f.Description, Events: f.Events}
}

// createWebhookEndpoint adds an endpoint and opens its page, where its
// signing secret is.
func (h *Handlers) createWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	u, bill, ok := h.apiAccount(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	f, in := webhookForm(r.PostForm)
	e, err := h.domain.Integrations.CreateEndpoint(r.Context(), bill, u.Account(), u.ID, in)
	var bad domain.Invalid
	switch {
	case errors.Is(err, domain.ErrNoAPI):
		f.Errors = nil
		h.apiAnswer(w, r, http.StatusForbidden, u, bill, func(v *views.APIDashboardView) { v.Problem, v.EndpointForm = domain.NoAPIMessage(), f })
		return
	case errors.As(err, &bad):
		f.Errors = bad.Fields()
		h.apiAnswer(w, r, http.StatusUnprocessableEntity, u, bill, func(v *views.APIDashboardView) { v.EndpointForm = f })
		return
	case errors.Is(err, store.ErrWebhookEndpointLimit):
		f.Problem = "You have " + itoa(store.MaxWebhookEndpoints) + " endpoints, the most an account may have. Delete one, or change one's URL, to send events elsewhere."
		h.apiAnswer(w, r, http.StatusUnprocessableEntity, u, bill, func(v *views.APIDashboardView) { v.EndpointForm = f })
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.redirect(w, r, views.WebhookEndpointPath(e.ID), views.Toast{Title: "Endpoint added", Description: "Use its signing secret, on this page, to verify each delivery."})
}

// accountEndpoint loads the URL's endpoint of the user's account with the
// account's billing; another account's is 404.
func (h *Handlers) accountEndpoint(w http.ResponseWriter, r *http.Request) (*store.User, domain.Billing, store.WebhookEndpoint, bool) {
	u, bill, ok := h.apiAccount(w, r)
	if !ok {
		return nil, domain.Billing{}, store.WebhookEndpoint{}, false
	}
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return nil, domain.Billing{}, store.WebhookEndpoint{}, false
	}
	e, err := h.store.WebhookEndpointOf(r.Context(), u.Account(), id)
	if h.failed(w, r, err) {
		return nil, domain.Billing{}, store.WebhookEndpoint{}, false
	}
	return u, bill, e, true
}

// webhookEndpointPage shows an endpoint: its settings, secret and
// delivery log.
func (h *Handlers) webhookEndpointPage(w http.ResponseWriter, r *http.Request) {
	_, bill, e, ok := h.accountEndpoint(w, r)
	if !ok {
		return
	}
	h.endpointAnswer(w, r, http.StatusOK, bill, e, func(*views.WebhookEndpointView) {})
}

// endpointAnswer renders an endpoint's page with status, after edit sets
// what a form held or what happened.
func (h *Handlers) endpointAnswer(w http.ResponseWriter, r *http.Request, status int, bill domain.Billing, e store.WebhookEndpoint, edit func(*views.WebhookEndpointView)) {
	ctx, page := r.Context(), pageParam(r)
	v := present.WebhookEndpoint(e, bill, page)
	ds, total, err := h.domain.Integrations.DeliveryLog(ctx, e.ID, store.Page{Limit: deliveriesPerPage, Offset: (page - 1) * deliveriesPerPage})
	if h.broken(w, r, err) {
		return
	}
	if page > 1 && len(ds) == 0 {
		h.notFound(w, r)
		return
	}
	v.Total, v.Pages = total, max(1, int(math.Ceil(float64(total)/deliveriesPerPage)))
	v.Deliveries = present.WebhookDeliveries(ds)
	edit(&v)
	// The signing secret is on it: no cache keeps a copy.
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, status, views.WebhookEndpointPage(h.chrome(r), v))
}

// endpointDone goes back to the endpoint's page with a toast.
func (h *Handlers) endpointDone(w http.ResponseWriter, r *http.Request, id int64, t views.Toast, anchor string) {
	h.redirect(w, r, views.WebhookEndpointPath(id)+anchor, t)
}

// endpointChange loads the URL's endpoint for a change the plan must
// allow, answering 403 on the endpoint's page when it does not.
func (h *Handlers) endpointChange(w http.ResponseWriter, r *http.Request) (*store.User, domain.Billing, store.WebhookEndpoint, bool) {
	u, bill, e, ok := h.accountEndpoint(w, r)
	if !ok || !h.parseForm(w, r) {
		return nil, domain.Billing{}, store.WebhookEndpoint{}, false
	}
	if !bill.Plan.API {
		h.endpointAnswer(w, r, http.StatusForbidden, bill, e, func(v *views.WebhookEndpointView) { v.Problem = domain.NoAPIMessage() })
		return nil, domain.Billing{}, store.WebhookEndpoint{}, false
	}
	return u, bill, e, true
}

// updateWebhookEndpoint saves an endpoint's URL, description and events.
func (h *Handlers) updateWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	u, bill, e, ok := h.endpointChange(w, r)
	if !ok {
		return
	}
	f, in := webhookForm(r.PostForm)
	err := h.domain.Integrations.UpdateEndpoint(r.Context(), bill, u.Account(), e.ID, in)
	var bad domain.Invalid
	if errors.As(err, &bad) {
		f.Errors = bad.Fields()
		h.endpointAnswer(w, r, http.StatusUnprocessableEntity, bill, e, func(v *views.WebhookEndpointView) { v.Form = f })
		return
	}
	if h.failed(w, r, err) {
		return
	}
	h.endpointDone(w, r, e.ID, views.Toast{Title: "Endpoint saved", Description: "The next events are sent as you set them."}, "")
}

// deleteWebhookEndpointPage asks to confirm an endpoint's deletion.
func (h *Handlers) deleteWebhookEndpointPage(w http.ResponseWriter, r *http.Request) {
	_, _, e, ok := h.accountEndpoint(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.APIConfirmPage(h.chrome(r), views.DeleteEndpointConfirm(e.ID, e.URL)))
}

// deleteWebhookEndpoint removes an endpoint. It is allowed whatever the
// plan: an address no longer wanted must be removable.
func (h *Handlers) deleteWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	u, _, e, ok := h.accountEndpoint(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	if h.failed(w, r, h.store.DeleteWebhookEndpoint(r.Context(), u.Account(), e.ID)) {
		return
	}
	h.log.Info("webhook endpoint deleted", "account_id", u.Account(), "endpoint_id", e.ID, "user_id", u.ID)
	h.redirect(w, r, views.APIDashboardPath+"#webhooks", views.Toast{Title: "Endpoint deleted", Description: "No event is sent to " + e.URL + " any more."})
}

// enableWebhookEndpoint sends events to a disabled endpoint again.
func (h *Handlers) enableWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	u, _, e, ok := h.endpointChange(w, r)
	if !ok {
		return
	}
	if h.failed(w, r, h.store.EnableWebhookEndpoint(r.Context(), u.Account(), e.ID, u.ID)) {
		return
	}
	h.log.Info("webhook endpoint enabled", "account_id", u.Account(), "endpoint_id", e.ID, "user_id", u.ID)
	h.endpointDone(w, r, e.ID, views.Toast{Title: "Endpoint enabled", Description: "New events are sent to it again. Resend from the log what it missed."}, "")
}

// rotateWebhookSecretPage asks to confirm a new signing secret.
func (h *Handlers) rotateWebhookSecretPage(w http.ResponseWriter, r *http.Request) {
	_, _, e, ok := h.accountEndpoint(w, r)
	if !ok {
		return
	}
	h.render(w, r, http.StatusOK, views.APIConfirmPage(h.chrome(r), views.RotateSecretConfirm(e.ID, e.URL)))
}

// rotateWebhookSecret gives an endpoint a new signing secret.
func (h *Handlers) rotateWebhookSecret(w http.ResponseWriter, r *http.Request) {
	u, _, e, ok := h.endpointChange(w, r)
	if !ok {
		return
	}
	_, err := h.store.RotateWebhookSecret(r.Context(), u.Account(), e.ID)
	if h.failed(w, r, err) {
		return
	}
	h.log.Info("webhook secret rotated", "account_id", u.Account(), "endpoint_id", e.ID, "user_id", u.ID)
	h.endpointDone(w, r, e.ID, views.Toast{Title: "Secret rotated", Description: "Deliveries are signed with the new secret from now on: put it in your receiver."}, "#signing-secret")
}

// disabledRefusal answers a send to a disabled endpoint.
func (h *Handlers) disabledRefusal(w http.ResponseWriter, r *http.Request, bill domain.Billing, e store.WebhookEndpoint) {
	h.endpointAnswer(w, r, http.StatusConflict, bill, e, func(v *views.WebhookEndpointView) {
		v.Problem = "This endpoint is disabled: re-enable it to send it events."
	})
}

// sendTestEvent queues a ping to the endpoint; it shows in the log.
func (h *Handlers) sendTestEvent(w http.ResponseWriter, r *http.Request) {
	u, bill, e, ok := h.endpointChange(w, r)
	if !ok {
		return
	}
	id, err := webhooks.SendTest(r.Context(), h.store, e)
	if errors.Is(err, webhooks.ErrDisabled) {
		h.disabledRefusal(w, r, bill, e)
		return
	}
	if h.broken(w, r, err) {
		return
	}
	h.log.Info("webhook test event queued", "account_id", u.Account(), "endpoint_id", e.ID, "delivery_id", id)
	h.endpointDone(w, r, e.ID, views.Toast{Title: "Test event queued", Description: "It shows in the delivery log, with its response once it is sent."}, "#deliveries")
}

// resendDelivery sends a delivery of the endpoint again, as a new
// delivery of the same event.
func (h *Handlers) resendDelivery(w http.ResponseWriter, r *http.Request) {
	u, bill, e, ok := h.endpointChange(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	deliveryID, _ := numberIn(chi.URLParam(r, "delivery"), 1, math.MaxInt64)
	d, err := h.store.WebhookDeliveryOf(ctx, u.Account(), deliveryID)
	if err == nil && d.EndpointID != e.ID {
		err = store.ErrNotFound
	}
	if err == nil {
		err = webhooks.Resend(ctx, h.store, u.Account(), d.ID)
	}
	if errors.Is(err, webhooks.ErrDisabled) {
		h.disabledRefusal(w, r, bill, e)
		return
	}
	if h.failed(w, r, err) {
		return
	}
	h.log.Info("webhook delivery resent", slog.Int64("account_id", u.Account()), slog.Int64("endpoint_id", e.ID), slog.Int64("delivery_id", d.ID))
	h.endpointDone(w, r, e.ID, views.Toast{Title: "Delivery queued again", Description: "The event " + d.EventID + " is sent again as a new delivery in the log."}, "#deliveries")
}
