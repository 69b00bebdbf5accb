package domain

import (
	"context"
	"errors"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/webhooks"
)

// Integrations are an account's ways into the product from its own
// systems: API keys for the public API and the webhook endpoints that
// receive its events. Both come with the plans that have the API; a key
// or an endpoint no longer wanted can be revoked or deleted whatever the
// plan.
type Integrations struct{ *env }

// ErrNoAPI refuses a new key or endpoint, or a change of one, on a plan
// without the API.
var ErrNoAPI = errors.New("domain: the plan has no API")

// NoAPIMessage says which plan brings the API, where a plan without it is
// refused.
func NoAPIMessage() string {
	return "API keys and webhooks come with the " + plans.FirstWithAPI().Name + " plan: choose it on the pricing page to create keys and endpoints."
}

// APIKeyInput is a new key as its owner names it.
type APIKeyInput struct {
	Name, Scopes string
}

// CreateKey makes an API key for the account that bill is the billing of,
// by the user by, and returns it with its secret, which is shown once
// (only its digest is kept). ErrNoAPI, Invalid (a name another active key
// has too, or none) and store.ErrAPIKeyLimit say why it could not.
func (it *Integrations) CreateKey(ctx context.Context, bill Billing, accountID, by int64, in APIKeyInput) (store.APIKey, string, error) {
	if !bill.Plan.API {
		return store.APIKey{}, "", ErrNoAPI
	}
	in.Name = strings.TrimSpace(in.Name)
	e := catalog.FieldErrors{}
	Required(e, "name", in.Name, "Name the key, such as the system that will use it.")
	CheckLength(e, "name", in.Name, catalog.APIKeyNameMax)
	CheckOption(e, "scopes", in.Scopes, catalog.APIKeyScopes, "Choose what the key may do: read only, or read and write.")
	if !e.Has("name") {
		keys, err := it.store.APIKeysOf(ctx, accountID)
		if err != nil {
			return store.APIKey{}, "", err
		}
		for _, k := range keys {
			if !k.Revoked() && strings.EqualFold(k.Name, in.Name) {
				e["name"] = "An active key already has this name: choose another, so you can tell them apart."
				break
			}
		}
	}
	if len(e) > 0 {
		return store.APIKey{}, "", Invalid(e)
	}
	k, secret, err := it.store.CreateAPIKey(ctx, store.NewAPIKey{AccountID: accountID, Name: in.Name, Scopes: in.Scopes, CreatedBy: by})
	if err == nil {
		it.log.Info("API key created", "account_id", accountID, "key_id", k.ID, "user_id", by)
	}
	return k, secret, err
}

// EndpointInput is a webhook endpoint as its owner sets it.
type EndpointInput struct {
	URL, Description string
	Events           []string
}

// Check is what breaks the rules in in, by field: "url", "description",
// "events".
func (it *Integrations) Check(in EndpointInput) catalog.FieldErrors {
	e := catalog.FieldErrors{}
	it.checkWebhookURL(e, strings.TrimSpace(in.URL))
	CheckLength(e, "description", strings.TrimSpace(in.Description), catalog.WebhookDescriptionMax)
	if len(in.Events) == 0 {
		e["events"] = "Choose at least one event to send."
	}
	for _, ev := range in.Events {
		if !catalog.ValidOption(catalog.WebhookEvents, ev) {
			e["events"] = "Choose among the events listed."
		}
	}
	return e
}

// checkWebhookURL checks where events would be sent: an absolute https://
// URL without credentials; http:// only to this machine, and only while
// the app is not in production. In production an address on a private
// network is refused here already (the sender checks every address again
// after DNS resolution).
func (it *Integrations) checkWebhookURL(errs catalog.FieldErrors, raw string) {
	const name = "url"
	if CheckText(errs, name, raw, catalog.OneLine); errs.Has(name) {
		return
	}
	if raw == "" {
		errs[name] = "Enter the URL that receives the events."
		return
	}
	if utf8.RuneCountInString(raw) > catalog.WebhookURLMax {
		errs[name] = catalog.TooLong(catalog.WebhookURLMax)
		return
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" || u.Hostname() == "" || strings.ContainsAny(raw, " \t\r\n") {
		errs[name] = "Enter a full URL, such as https://crm.example.com/webhooks."
		return
	}
	if u.User != nil {
		errs[name] = "Leave the user name and password out of the URL: each delivery is signed with the endpoint's secret instead."
		return
	}
	host := strings.ToLower(u.Hostname())
	switch u.Scheme {
	case "https":
	case "http":
		if it.production {
			errs[name] = "Use an https:// URL: events carry your leads' contact details, which must travel encrypted."
		} else if !loopbackHost(host) {
			errs[name] = "Use an https:// URL. While developing, http:// is accepted for localhost, 127.0.0.1 and [::1] only."
		}
		return
	default:
		errs[name] = "Use an https:// URL, such as https://crm.example.com/webhooks."
		return
	}
	if it.production && webhooks.RefusedHost(host) {
		errs[name] = "This address is on a private network, which we cannot reach: use your server's public address."
	}
}

// loopbackHost reports whether host names this machine.
func loopbackHost(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// fields are in, checked, as the store keeps them.
func (in EndpointInput) fields() store.WebhookEndpointFields {
	return store.WebhookEndpointFields{URL: strings.TrimSpace(in.URL), Description: strings.TrimSpace(in.Description), Events: slices.Clone(in.Events)}
}

// CreateEndpoint adds a webhook endpoint to the account that bill is the
// billing of. ErrNoAPI, Invalid and store.ErrWebhookEndpointLimit say why
// it could not.
func (it *Integrations) CreateEndpoint(ctx context.Context, bill Billing, accountID, by int64, in EndpointInput) (store.WebhookEndpoint, error) {
	if !bill.Plan.API {
		return store.WebhookEndpoint{}, ErrNoAPI
	}
	if errs := it.Check(in); len(errs) > 0 {
		return store.WebhookEndpoint{}, Invalid(errs)
	}
	f := in.fields()
	f.CreatedBy = by // the endpoint stops with their rights (team_integrations.go)
	ep, err := it.store.CreateWebhookEndpoint(ctx, accountID, f)
	if err == nil {
		it.log.Info("webhook endpoint added", "account_id", accountID, "endpoint_id", ep.ID, "user_id", by)
	}
	return ep, err
}

// UpdateEndpoint saves an endpoint's URL, description and events.
// ErrNoAPI, Invalid and store.ErrNotFound (deleted meanwhile) say why it
// could not.
func (it *Integrations) UpdateEndpoint(ctx context.Context, bill Billing, accountID, endpointID int64, in EndpointInput) error {
	if !bill.Plan.API {
		return ErrNoAPI
	}
	if errs := it.Check(in); len(errs) > 0 {
		return Invalid(errs)
	}
	return it.store.UpdateWebhookEndpoint(ctx, accountID, endpointID, in.fields())
}
