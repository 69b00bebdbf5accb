package domain

import (
	"context"

	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// What a person set up for the account's API stops with their right to
// it (issue 34). The API page is the owner's alone, so a person holds the
// account's API while they own it: once removed from the team, gone of
// their own accord, or no longer the owner, the API keys they made are
// revoked and the webhook endpoints they set up disabled, in the
// transaction of the change, and the account's owner is emailed the list.
// A disabled endpoint stays on the API page, where the owner re-enables it
// (it is theirs from then on) or deletes it; a key is made anew.

// APIPagePath is the owner's page of API keys and webhook endpoints.
const APIPagePath = "/dashboard/api"

// Why a person lost the account's API, as the owner's email and an
// endpoint's page say it after their name.
const (
	lostByRemoval  = "was removed from the team"
	lostByLeaving  = "left the team"
	lostByHandover = "handed the account over"
)

// KeyRefusal says why API key k opens the API no more, as the API's
// answer tells its caller, or "" while it does: it was revoked, or the
// person who made it no longer holds the account's API, which is its
// owner's alone. The team's operations revoke the keys of a person who
// loses it; the API checks again on every request, so a key that escaped
// them opens nothing.
func KeyRefusal(k store.APIKey) string {
	switch {
	case k.Revoked():
		return "This key was revoked on " + k.RevokedAt.Time.UTC().Format("January 2, 2006") + "; create a new one on " + APIPagePath + "."
	case !k.CreatedBy.Valid || k.CreatedBy.Int64 != k.AccountID:
		return "The person who made this key no longer manages the account's API; the account's owner can create a new key on " + APIPagePath + "."
	}
	return ""
}

// retireIntegrations revokes the API keys that person (userID) made for
// the account and disables the webhook endpoints they set up, in tx,
// because they lost the account's API (why), and queues the email that
// tells the account's owner (ownerEmail) what stopped.
func (a *Accounts) retireIntegrations(ctx context.Context, tx *store.Store, accountID, userID int64, person Person, why, ownerEmail string) error {
	r, err := tx.RetireIntegrationsBy(ctx, accountID, userID, "set up by "+person.Label()+", who "+why, a.now())
	if err != nil || r.None() {
		return err
	}
	var keys, endpoints []string
	for _, k := range r.Keys {
		keys = append(keys, k.Name+" ("+k.Prefix+"…)")
	}
	for _, e := range r.Endpoints {
		endpoints = append(endpoints, e.URL)
	}
	a.log.Info("API keys and webhook endpoints retired", "account_id", accountID, "user_id", userID, "keys", len(keys), "endpoints", len(endpoints))
	return queueMail(ctx, tx, bizmail.TeamIntegrationsRetired(a.site, ownerEmail, person.Label(), why, keys, endpoints, a.link(APIPagePath)))
}
