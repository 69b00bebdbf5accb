package handlers

import (
	"net/http"
	"net/url"
	"testing"

	"bizprofile/store"
)

// An administrator makes the month's payouts at once from /admin/payouts:
// the partner whose payable balance reaches the threshold is paid it, the
// one short of it is not, and a second press pays nobody twice.
func TestAdminMakesThisMonthsPayoutsNow(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		rich := app.newClient().partnerAccount(t, "rich@example.com", "partner", store.PartnerApproved, "")
		short := app.newClient().partnerAccount(t, "short@example.com", "partner", store.PartnerApproved, "")
		payableCommission(t, app.store, rich, referredOwner(t, app, rich, "owner1@example.com"), "in_1", 5000)
		payableCommission(t, app.store, short, referredOwner(t, app, short, "owner2@example.com"), "in_2", 4999)
		admin := app.asAdmin(t)

		_, body := admin.get(t, "/admin/payouts")
		form := formOf(parseHTML(t, body), "Make this month's payouts now")
		if form.Length() == 0 {
			t.Fatal("no button to make this month's payouts")
		}
		for range 2 {
			res, _ := admin.post(t, form.AttrOr("action", ""), url.Values{})
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("making the payouts = %d", res.StatusCode)
			}
		}
		_, body = admin.get(t, "/admin/payouts")
		rows := tableRows(byTestID(parseHTML(t, body), "admin-payouts"))
		if len(rows) != 1 || rows[0][0] != "Pat Partner rich@example.com" || rows[0][1] != "$50.00" || rows[0][3] != "Due" {
			t.Fatalf("payouts after two presses: %q", rows)
		}
	}, withAdmin)
}
