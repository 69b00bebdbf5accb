package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
)

type keyCtx struct{}

// caller is who a request comes from: its key, and the plan in force of
// the key's account when the request was authenticated.
type caller struct {
	key  store.APIKey
	bill domain.Billing
}

// keyOf is the API key the request was authenticated with.
func keyOf(ctx context.Context) store.APIKey {
	c, _ := ctx.Value(keyCtx{}).(caller)
	return c.key
}

// billingOfRequest is the billing of the request's account, as
// authenticate read it: one read of the subscriptions per request.
func billingOfRequest(r *http.Request) domain.Billing {
	c, _ := r.Context().Value(keyCtx{}).(caller)
	return c.bill
}

// planOfRequest is the plan in force of the request's account.
func planOfRequest(r *http.Request) plans.Plan { return billingOfRequest(r).Plan }

// accountOf is the account the request acts for: its key's.
func accountOf(r *http.Request) int64 { return keyOf(r.Context()).AccountID }

// authenticate accepts a request bearing a live API key of an account
// whose plan includes the API, and records the key's use. Cookies are
// never read: a signed-in browser is no one here.
func (a *API) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, secret, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || !strings.HasPrefix(strings.TrimSpace(secret), store.APIKeyPrefix) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="BizProfile API"`)
			a.problem(w, r, errUnauthorized.With("Send an API key of your account as Authorization: Bearer bp_…; the account's owner creates keys on /dashboard/api."))
			return
		}
		ctx := r.Context()
		k, err := a.store.APIKeyByHash(ctx, store.Digest(strings.TrimSpace(secret)))
		switch {
		case errors.Is(err, store.ErrNotFound):
			w.Header().Set("WWW-Authenticate", `Bearer realm="BizProfile API", error="invalid_token"`)
			a.problem(w, r, errUnauthorized.With("No API key matches the one sent."))
			return
		case err != nil:
			a.fail(w, r, err)
			return
		case domain.KeyRefusal(k) != "":
			w.Header().Set("WWW-Authenticate", `Bearer realm="BizProfile API", error="invalid_token"`)
			a.problem(w, r, errRevokedKey.With(domain.KeyRefusal(k)))
			return
		}
		bill, err := a.domain.Plans.Of(ctx, k.AccountID)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		if plan := bill.Plan; !plan.API {
			a.problem(w, r, errPlan.With("The account is on the "+plan.Name+" plan; API access comes with Pro. Its keys work again once the account is on Pro."))
			return
		}
		if err := a.store.TouchAPIKey(ctx, k.ID, time.Now()); err != nil {
			// The request goes on: last-used is a convenience.
			a.log.Warn("api: key use not recorded", "key", k.ID, "error", err)
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, keyCtx{}, caller{key: k, bill: bill})))
	})
}

// requireWrite refuses a read-only key on a route that changes records.
func (a *API) requireWrite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !keyOf(r.Context()).CanWrite() {
			a.problem(w, r, errReadOnlyKey.With("This key may only read; create a read-and-write key on /dashboard/api to make changes."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// me describes the key and its account: a first call to check a key.
func (a *API) me(w http.ResponseWriter, r *http.Request) {
	k, plan := keyOf(r.Context()), planOfRequest(r)
	writeJSON(w, http.StatusOK, map[string]any{
		"key":  map[string]any{"id": k.ID, "name": k.Name, "prefix": k.Prefix, "scopes": strings.Fields(k.Scopes), "created_at": k.CreatedAt.UTC()},
		"plan": plan.ID,
	})
}
