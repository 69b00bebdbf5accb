package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The owner's page of the public API (/dashboard/api): API keys, created
// with a name and scopes and shown once (only their digest is kept), and
// the webhook endpoints (webhook_endpoints.go). A key acts for the whole
// account, so the page is the owner's alone; a member gets 403. Accounts
// whose plan has no API see what it would bring, and can still revoke a
// key or delete an endpoint they no longer want.

// apiAccount lets the account's owner through with the account's billing;
// a member gets the owner-only page. It reports whether the handler may
// go on.
func (h *Handlers) apiAccount(w http.ResponseWriter, r *http.Request) (*store.User, domain.Billing, bool) {
	if !h.ownerOnly(w, r, "manage API keys and webhooks") {
		return nil, domain.Billing{}, false
	}
	u := currentUser(r)
	bill, err := h.billingOf(r.Context(), u.Account())
	if h.broken(w, r, err) {
		return nil, domain.Billing{}, false
	}
	return u, bill, true
}

// apiPlanName is the cheapest plan that brings the API.
func apiPlanName() string { return plans.FirstWithAPI().Name }

// apiPage shows the account's API keys and webhook endpoints.
func (h *Handlers) apiPage(w http.ResponseWriter, r *http.Request) {
	u, bill, ok := h.apiAccount(w, r)
	if !ok {
		return
	}
	h.apiAnswer(w, r, http.StatusOK, u, bill, func(*views.APIDashboardView) {})
}

// apiAnswer renders the API page with status, after edit sets what a form
// held or what happened.
func (h *Handlers) apiAnswer(w http.ResponseWriter, r *http.Request, status int, u *store.User, bill domain.Billing, edit func(*views.APIDashboardView)) {
	v, err := h.apiDashboardView(r.Context(), u, bill)
	if h.broken(w, r, err) {
		return
	}
	edit(&v)
	// A new key's secret is on it: no cache keeps a copy.
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, status, views.APIDashboardPage(h.chrome(r), v))
}

// apiDashboardView gathers the account's keys and endpoints.
func (h *Handlers) apiDashboardView(ctx context.Context, u *store.User, bill domain.Billing) (views.APIDashboardView, error) {
	v := views.APIDashboardView{
		Allowed: bill.Plan.API, Plan: bill.Plan.Name, APIPlan: apiPlanName(),
		MaxKeys: store.MaxAPIKeys, MaxEndpoints: store.MaxWebhookEndpoints, Events: catalog.WebhookEvents,
		KeyForm: views.APIKeyForm{Scopes: store.ScopeRead}, EndpointForm: views.WebhookEndpointForm{Events: []string{store.EventLeadCreated}},
	}
	keys, err := h.domain.Integrations.Keys(ctx, u.Account(), u.ID)
	if err != nil {
		return v, err
	}
	for _, k := range keys {
		v.Keys = append(v.Keys, views.APIKeyRow{ID: k.ID, Name: k.Name, Prefix: k.Prefix, Scopes: k.Scopes, CreatedAt: k.CreatedAt,
			LastUsed: k.LastUsedAt.Time, RevokedAt: k.RevokedAt.Time, CreatedBy: k.CreatedBy})
		if !k.Revoked() {
			v.ActiveKeys++
		}
	}
	endpoints, err := h.store.WebhookEndpointsOf(ctx, u.Account())
	if err != nil {
		return v, err
	}
	for _, e := range endpoints {
		v.Endpoints = append(v.Endpoints, views.WebhookEndpointRow{ID: e.ID, URL: e.URL, Description: e.Description, Events: e.EventList(), Status: present.WebhookStatus(e)})
	}
	return v, nil
}

// createAPIKey makes a key and shows it, this once, on the page it
// answers with (201): only its digest is kept.
func (h *Handlers) createAPIKey(w http.ResponseWriter, r *http.Request) {
	u, bill, ok := h.apiAccount(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	f := views.APIKeyForm{Name: field(r.PostForm, "name"), Scopes: r.PostFormValue("scopes"), Errors: catalog.FieldErrors{}}
	k, secret, err := h.domain.Integrations.CreateKey(r.Context(), bill, u.Account(), u.ID, domain.APIKeyInput{Name: f.Name, Scopes: f.Scopes})
	var bad domain.Invalid
	switch {
	case errors.Is(err, domain.ErrNoAPI):
		h.apiAnswer(w, r, http.StatusForbidden, u, bill, func(v *views.APIDashboardView) { v.Problem, v.KeyForm = domain.NoAPIMessage(), f })
		return
	case errors.As(err, &bad):
		f.Errors = bad.Fields()
		h.apiAnswer(w, r, http.StatusUnprocessableEntity, u, bill, func(v *views.APIDashboardView) { v.KeyForm = f })
		return
	case errors.Is(err, store.ErrAPIKeyLimit):
		f.Problem = "You have " + itoa(store.MaxAPIKeys) + " active keys, the most an account may hold. Revoke one you no longer use to create another."
		h.apiAnswer(w, r, http.StatusUnprocessableEntity, u, bill, func(v *views.APIDashboardView) { v.KeyForm = f })
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.apiAnswer(w, r, http.StatusCreated, u, bill, func(v *views.APIDashboardView) {
		v.NewKey = &views.NewAPIKey{Name: k.Name, Scopes: k.Scopes, Secret: secret}
	})
}

// accountKey loads the URL's key of the user's account; anyone else's
// is 404.
func (h *Handlers) accountKey(w http.ResponseWriter, r *http.Request, u *store.User) (store.APIKey, bool) {
	k, err := h.domain.Integrations.Key(r.Context(), u.Account(), idParam(r))
	if h.failed(w, r, err) {
		return store.APIKey{}, false
	}
	return k, true
}

// revokeAPIKeyPage asks to confirm a key's revocation.
func (h *Handlers) revokeAPIKeyPage(w http.ResponseWriter, r *http.Request) {
	u, _, ok := h.apiAccount(w, r)
	if !ok {
		return
	}
	k, ok := h.accountKey(w, r, u)
	if !ok {
		return
	}
	if k.Revoked() {
		h.redirect(w, r, views.APIDashboardPath+"#api-keys", views.Toast{Title: "Key already revoked", Description: "“" + k.Name + "” no longer opens the API."})
		return
	}
	h.render(w, r, http.StatusOK, views.APIConfirmPage(h.chrome(r), views.RevokeKeyConfirm(k.ID, k.Name, k.Prefix)))
}

// revokeAPIKey ends a key of the account at once. It is allowed whatever
// the plan: a key no longer wanted must be stoppable.
func (h *Handlers) revokeAPIKey(w http.ResponseWriter, r *http.Request) {
	u, _, ok := h.apiAccount(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	k, ok := h.accountKey(w, r, u)
	if !ok {
		return
	}
	err := h.store.RevokeAPIKey(r.Context(), u.Account(), k.ID, time.Now())
	if h.failed(w, r, err) {
		return
	}
	h.log.Info("API key revoked", slog.Int64("account_id", u.Account()), slog.Int64("key_id", k.ID), slog.Int64("user_id", u.ID))
	h.redirect(w, r, views.APIDashboardPath+"#api-keys", views.Toast{Title: "Key revoked", Description: "“" + k.Name + "” no longer opens the API."})
}
