package handlers

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
)

// A partner's dashboard shows where their application stands, and once
// approved their figures by month, counted from the database: last
// month's clicks and sign-ups in their row, this month's clicks, sign-ups,
// paying customers and earnings in the cards, the same figures in the CSV.
func TestPartnerDashboardFigures(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		pending := app.newClient()
		pending.partnerAccount(t, "pending@example.com", "partner", store.PartnerPending, "")
		_, body := pending.get(t, "/partners/dashboard")
		if st := byTestID(parseHTML(t, body), "partner-state"); st.AttrOr("data-state", "") != "pending" || byTestID(parseHTML(t, body), "partner-link").Length() != 0 {
			t.Fatalf("a pending partner's dashboard: state %q, link shown %v", st.AttrOr("data-state", ""), byTestID(parseHTML(t, body), "partner-link").Length() > 0)
		}
		if res, _ := pending.get(t, "/partners/dashboard.csv"); res.StatusCode != http.StatusNotFound {
			t.Fatalf("a pending partner's CSV = %d, want 404", res.StatusCode)
		}

		client := app.newClient()
		partner := client.partnerAccount(t, "pat@example.com", "partner", store.PartnerApproved, "")
		now := time.Now().UTC()
		lastMonth := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
		sqlFixture(t, app.store, `INSERT INTO partner_clicks (partner_id, day, clicks) VALUES (?, ?, 7), (?, ?, 3)`,
			partner.ID, store.Day(lastMonth), partner.ID, store.Day(now))
		owner := referredOwner(t, app, partner, "owner@example.com") // signed up now
		payableCommission(t, app.store, partner, owner, "in_1", 380)
		sqlFixture(t, app.store, `UPDATE partner_ledger SET created_at = ? WHERE invoice_id = 'in_1'`, now)

		_, body = client.get(t, "/partners/dashboard")
		doc := parseHTML(t, body)
		for id, want := range map[string]string{"stat-clicks": "3", "stat-signups": "1", "stat-paying": "1", "stat-earned": "$3.80"} {
			if got := strings.TrimSpace(byTestID(doc, id).Text()); got != want {
				t.Errorf("%s = %q, want %q", id, got, want)
			}
		}
		rows := tableRows(byTestID(doc, "partner-months"))
		if len(rows) != 12 || rows[1][0] != lastMonth.Format("January 2006") || rows[1][1] != "7" || rows[1][2] != "0" {
			t.Fatalf("months: %q", rows)
		}
		if byTestID(doc, "earnings-chart").Length() == 0 {
			t.Error("no earnings chart")
		}
		_, csvRows := readCSV(t, client, "/partners/dashboard.csv")
		if len(csvRows) != 13 || !hasRow(csvRows, now.Format(store.MonthFormat), "3", "1", "1", "3.80") {
			t.Fatalf("CSV: %q", csvRows)
		}
	})
}
