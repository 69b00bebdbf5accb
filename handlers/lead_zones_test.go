package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"bizprofile/store"
)

func TestLeadZonesThroughTheRouter(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		_, partner := plusAgency(t, app, "pat@agency.example", "partner")
		p, agency := plusAgency(t, app, "pia@agency.example", "partner-plus")
		rival, rivalClient := plusAgency(t, app, "rae@agency.example", "partner-plus")
		admin := app.asAdmin(t)
		zone := url.Values{"category": {"construction"}, "city": {"Austin"}, "state": {"TX"}}

		// A Partner is told zones come with Partner+, and cannot ask.
		_, body := partner.get(t, "/partners/zones")
		doc := parseHTML(t, body)
		if byTestID(doc, "zones-upsell").Length() != 1 || doc.Find(`form[action="/partners/zones"]`).Length() != 0 {
			t.Error("a Partner's zones page: want the Partner+ note and no form")
		}
		if res, _ := partner.post(t, "/partners/zones", zone); res.StatusCode != http.StatusForbidden {
			t.Errorf("a Partner asks for a zone: %d, want 403", res.StatusCode)
		}

		// A Partner+ asks: a wrong state is refused by its field with the
		// city kept; then the zone waits for our team.
		res, body := agency.post(t, "/partners/zones", url.Values{"category": {"construction"}, "city": {"Austin"}, "state": {"Narnia"}})
		doc = parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, doc, "State")) == "" || valueOf(labelled(t, doc, "City")) != "Austin" {
			t.Fatalf("a wrong state: %d, error %q", res.StatusCode, fieldError(labelled(t, doc, "State")))
		}
		if res, _ := agency.post(t, "/partners/zones", zone); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("asking for a zone: %d", res.StatusCode)
		}
		_, body = agency.get(t, "/partners/zones")
		row := byTestID(parseHTML(t, body), "zone-row")
		if row.Length() != 1 || row.AttrOr("data-status", "") != store.ZoneRequested {
			t.Fatalf("the agency's zones: %d rows, status %q", row.Length(), row.AttrOr("data-status", ""))
		}
		id := row.AttrOr("data-zone", "")

		// Administrators alone see /admin/zones.
		if res, _ := agency.get(t, "/admin/zones"); res.StatusCode != http.StatusNotFound {
			t.Errorf("a partner opens /admin/zones: %d, want 404", res.StatusCode)
		}
		_, body = admin.get(t, "/admin/zones")
		card := parseHTML(t, body).Find(`[data-testid="admin-zone"][data-zone="` + id + `"]`)
		if card.AttrOr("data-status", "") != store.ZoneRequested || card.Find(`form[action="/admin/zones/`+id+`/grant"]`).Length() != 1 {
			t.Fatalf("the administrators' zone: %q", card.Text())
		}
		if res, body := admin.post(t, "/admin/zones/"+id+"/decline", url.Values{"reason": {""}}); res.StatusCode != http.StatusUnprocessableEntity ||
			fieldError(labelled(t, parseHTML(t, body).Find(`[data-zone="`+id+`"]`), "Reason for declining")) == "" {
			t.Errorf("a decline without a reason: %d, want 422 with the field's error", res.StatusCode)
		}
		if res, _ := admin.post(t, "/admin/zones/"+id+"/grant", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("granting: %d", res.StatusCode)
		}

		// The rival's request for the same place shows the holder and cannot
		// be granted.
		if res, _ := rivalClient.post(t, "/partners/zones", url.Values{"category": {"construction"}, "city": {"austin"}, "state": {"TX"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("the rival asks: %d", res.StatusCode)
		}
		zs, err := app.store.LeadZonesOf(ctx, rival.UserID, time.Now())
		must(t, err)
		rid := strconv.FormatInt(zs[0].ID, 10)
		_, body = admin.get(t, "/admin/zones")
		if held := parseHTML(t, body).Find(`[data-zone="` + rid + `"] [data-testid="zone-held-by"]`); held.Length() != 1 {
			t.Error("the rival's request does not say who holds the zone")
		}
		if res, _ := admin.post(t, "/admin/zones/"+rid+"/grant", nil); res.StatusCode != http.StatusConflict {
			t.Errorf("granting a held zone: %d, want 409", res.StatusCode)
		}

		// A quote request in the zone reaches the agency's client listing
		// alone, and the zone's page counts it.
		client := clientListing(t, app, p, "Lone Star Plumbing", true)
		sqlFixture(t, app.store, `UPDATE businesses SET owner_id = ? WHERE id = ?`, app.newClient().account(t, "client@example.com", store.KindBusiness).ID, client.ID)
		otherOwner := app.newClient().account(t, "other@example.com", store.KindBusiness)
		other, err := app.store.CreateBusiness(ctx, store.Business{Name: "Other Builder", Category: "construction", City: "Austin", State: "TX",
			BusinessType: store.TypeStorefront, Published: true, OwnerID: sql.NullInt64{Int64: otherOwner.ID, Valid: true}})
		must(t, err)
		_, matches, err := app.store.CreateQuoteRequest(ctx, store.QuoteRequest{Name: "Jo", Email: "jo@example.com", Category: "construction",
			Description: "A new bathroom floor and a plumber.", City: "Austin", State: "TX", Timing: store.TimingMonth}, "")
		must(t, err)
		if len(matches) != 1 || matches[0].Business.ID != client.ID {
			t.Errorf("the request went to %d listings, want the client's alone (not %d)", len(matches), other.ID)
		}
		_, body = agency.get(t, "/partners/zones")
		if got := byTestID(parseHTML(t, body), "zone-requests").AttrOr("data-count", ""); got != "1" {
			t.Errorf("the zone's requests: %q, want 1", got)
		}

		// Another partner's zone is not found; the agency withdraws its own.
		if res, _ := rivalClient.post(t, "/partners/zones/"+id+"/withdraw", nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("withdrawing another partner's zone: %d, want 404", res.StatusCode)
		}
		if res, _ := agency.post(t, "/partners/zones/"+id+"/withdraw", nil); res.StatusCode != http.StatusSeeOther {
			t.Errorf("withdrawing its zone: %d", res.StatusCode)
		}
		if res, _ := admin.post(t, "/admin/zones/"+rid+"/grant", nil); res.StatusCode != http.StatusSeeOther {
			t.Errorf("granting the freed zone: %d", res.StatusCode)
		}
	}, withAdmin)
}
