package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// apiStatus is the status of method path of the public API with key.
func apiStatus(t *testing.T, app *testApp, key, method, path string, body any) int {
	t.Helper()
	res, _ := apiDo(t, app, key, method, path, body)
	return res.StatusCode
}

// newLead sends the contact form of listing b as a visitor.
func newLead(t *testing.T, app *testApp, b store.Business, name string) {
	t.Helper()
	res, _ := app.newClient().post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {name}, "email": {"visitor@example.com"},
		"phone": {"555-0100"}, "message": {"Do you deliver on Sundays?"}})
	if res.StatusCode != http.StatusSeeOther && res.StatusCode != http.StatusOK {
		t.Fatalf("contact form: %d", res.StatusCode)
	}
}

// Finding 4 of issue 34: a person who hands the account over (and is then
// removed) keeps no way in through what they set up as its owner. Their
// API keys are refused and their webhook endpoints receive no more leads;
// the new owner is told what stopped and may turn the endpoint back on.
func TestAFormerOwnersKeysAndEndpointsStopWithTheirRights(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		former, listing := teamAccount(t, app, plans.Pro.ID)
		heir, heirUser := joined(t, app, "heir@team.test")
		secret := createKey(t, app, "Former owner's CRM", store.ScopeReadWrite)
		endpointID := addEndpoint(t, app, "https://crm.former.example/hooks", store.EventLeadCreated)
		path := pathf("/account/listings/%d", listing.ID)
		patch := map[string]any{"tagline": "Fresh every morning"}
		if got := apiStatus(t, app, secret, "GET", path, nil); got != http.StatusOK {
			t.Fatalf("the owner's key before the transfer, GET: %d", got)
		}
		if got := apiStatus(t, app, secret, "PATCH", path, patch); got == http.StatusUnauthorized || got == http.StatusForbidden {
			t.Fatalf("the owner's key before the transfer, PATCH: %d", got)
		}

		if res, _ := app.post(t, views.TeamMemberPath(heirUser.ID, "transfer"), nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("transfer: %d", res.StatusCode)
		}
		if res, _ := heir.post(t, views.TeamMemberPath(former.ID, "remove"), nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("remove the former owner: %d", res.StatusCode)
		}

		for _, c := range []struct {
			method string
			body   any
		}{{"GET", nil}, {"PATCH", patch}} {
			if got := apiStatus(t, app, secret, c.method, path, c.body); got != http.StatusUnauthorized {
				t.Errorf("the former owner's key, %s: %d, want 401", c.method, got)
			}
		}
		newLead(t, app, listing, "Lead After Handover")
		e, err := app.store.WebhookEndpointOf(ctx, heirUser.ID, endpointID)
		must(t, err)
		if evs := webhookEvents(t, app, e); len(evs) != 0 {
			t.Errorf("the former owner's endpoint got %d events after they lost the account", len(evs))
		}

		// The new owner learns what stopped, by name and address.
		m := app.inbox.waitForSubject(t, "heir@team.test", "API keys and webhook endpoints")
		if !strings.Contains(m.Text, "Former owner's CRM") || !strings.Contains(m.Text, "https://crm.former.example/hooks") || !strings.Contains(m.Text, teamOwnerEmail) {
			t.Errorf("the new owner's email does not list what stopped:\n%s", m.Text)
		}
		_, body := heir.get(t, "/dashboard/api")
		doc := parseHTML(t, body)
		if status := textOf(byTestID(endpointRow(t, doc, endpointID), "endpoint-status")); !strings.HasPrefix(status, "Disabled since") || !strings.Contains(status, teamOwnerEmail) {
			t.Errorf("the endpoint's status on the new owner's page: %q", status)
		}
		if !strings.Contains(textOf(apiKeyRow(t, doc, "Former owner's CRM")), "Revoked") {
			t.Errorf("the key's row: %q", textOf(apiKeyRow(t, doc, "Former owner's CRM")))
		}

		// Re-enabled by the new owner, the endpoint is theirs and receives
		// leads again.
		_, body = heir.get(t, views.WebhookEndpointPath(endpointID))
		if res, _ := heir.post(t, formOf(parseHTML(t, body), "Re-enable endpoint").AttrOr("action", ""), url.Values{}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("re-enable: %d", res.StatusCode)
		}
		newLead(t, app, listing, "Lead After Re-enabling")
		if evs := webhookEvents(t, app, e); len(evs) != 1 || object(evs[0])["name"] != "Lead After Re-enabling" {
			t.Errorf("after the new owner re-enabled it the endpoint got %d events, want the new lead", len(evs))
		}

		// A key of the account made by someone who no longer holds it is
		// refused even if it escaped revocation.
		_, stray, err := app.store.CreateAPIKey(ctx, store.NewAPIKey{AccountID: heirUser.ID, Name: "Stray", Scopes: store.ScopeRead, CreatedBy: former.ID})
		must(t, err)
		if got := apiStatus(t, app, stray, "GET", path, nil); got != http.StatusUnauthorized {
			t.Errorf("a key made by the former owner that escaped revocation: %d, want 401", got)
		}
		if got := apiStatus(t, app, apiKeyOf(t, app, heirUser.ID, store.ScopeRead), "GET", path, nil); got != http.StatusOK {
			t.Errorf("the new owner's own key: %d, want 200", got)
		}
	})
}

// A member who leaves, or is removed, takes nothing with them either: the
// keys and endpoints they made for the account stop, and the owner is
// told.
func TestAMembersKeysAndEndpointsStopWhenTheyGo(t *testing.T) {
	for _, c := range []struct{ name, why string }{{"leaves", "left the team"}, {"is removed", "was removed from the team"}} {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				ctx := context.Background()
				owner, listing := teamAccount(t, app, plans.Pro.ID)
				member, u := joined(t, app, "member@team.test")
				// Made for the account by the member (only an owner can
				// through the pages today).
				_, secret, err := app.store.CreateAPIKey(ctx, store.NewAPIKey{AccountID: owner.ID, Name: "Member's sync", Scopes: store.ScopeRead, CreatedBy: u.ID})
				must(t, err)
				e, err := app.store.CreateWebhookEndpoint(ctx, owner.ID, store.WebhookEndpointFields{URL: "https://member.example/hooks", Events: []string{store.EventLeadCreated}, CreatedBy: u.ID})
				must(t, err)
				ownKey := apiKeyOf(t, app, owner.ID, store.ScopeRead)

				if c.name == "leaves" {
					if res, _ := member.post(t, views.TeamPath+"/leave", nil); res.StatusCode != http.StatusSeeOther {
						t.Fatalf("leave: %d", res.StatusCode)
					}
				} else if res, _ := app.post(t, views.TeamMemberPath(u.ID, "remove"), nil); res.StatusCode != http.StatusSeeOther {
					t.Fatalf("remove: %d", res.StatusCode)
				}
				path := pathf("/account/listings/%d", listing.ID)
				if got := apiStatus(t, app, secret, "GET", path, nil); got != http.StatusUnauthorized {
					t.Errorf("the member's key: %d, want 401", got)
				}
				if got := apiStatus(t, app, ownKey, "GET", path, nil); got != http.StatusOK {
					t.Errorf("the owner's own key: %d, want 200", got)
				}
				newLead(t, app, listing, "Lead After Leaving")
				if evs := webhookEvents(t, app, e); len(evs) != 0 {
					t.Errorf("the member's endpoint got %d events", len(evs))
				}
				m := ownerMail(t, app, "API keys and webhook endpoints")
				if !strings.Contains(m.Text, "member@team.test) "+c.why) || !strings.Contains(m.Text, "Member's sync") {
					t.Errorf("the owner's email:\n%s", m.Text)
				}
			})
		})
	}
}
