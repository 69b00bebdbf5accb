package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
)

// tablesHolding names the tables of app's database with a value that
// contains secret, the job queue (the outbox, whose email is where a
// link's token belongs) aside.
func tablesHolding(t *testing.T, app *testApp, secret string) []string {
	t.Helper()
	ctx := context.Background()
	var found []string
	err := app.store.WithTx(ctx, func(tx *sqlx.Tx) error {
		list := `SELECT name FROM sqlite_master WHERE type = 'table'`
		if app.store.Dialect() == store.Postgres {
			list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
		}
		var tables []string
		if err := tx.SelectContext(ctx, &tables, list); err != nil {
			return err
		}
		for _, table := range tables {
			if table == "jobs" {
				continue
			}
			rows, err := tx.QueryxContext(ctx, `SELECT * FROM `+table)
			if err != nil {
				return err
			}
			for rows.Next() {
				row := map[string]any{}
				if err := rows.MapScan(row); err != nil {
					rows.Close()
					return err
				}
				for _, v := range row {
					if b, ok := v.([]byte); ok {
						v = string(b)
					}
					if strings.Contains(fmt.Sprint(v), secret) {
						found = append(found, table)
					}
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	must(t, err)
	return found
}

// The links a subscriber is emailed carry tokens the database keeps only
// as digests (security finding 11): whoever reads it (a backup, an
// injected query) can neither confirm nor end anybody's subscription. The
// links work as before, through the real router.
func TestSubscriberLinksAreNotStoredAsTheyAreSent(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.post(t, "/newsletter", url.Values{"email": {"reader@example.com"}})
		m := app.inbox.waitForSubject(t, "reader@example.com", "the newsletter")
		link := confirmLink(t, m)
		token := tokenOf(t, link)
		if token == "" {
			t.Fatalf("no token in %q", link)
		}
		if tables := tablesHolding(t, app, token); len(tables) != 0 {
			t.Errorf("the confirmation link's token is stored as it is, in %v", tables)
		}

		// The emailed link confirms, by its page's button.
		res, body := app.get(t, link)
		confirm := formOf(parseHTML(t, body).Find("main"), "Confirm my subscription")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("confirmation page: %d", res.StatusCode)
		}
		res, body = app.post(t, "/subscribe/confirm", url.Values{"token": {confirm.Find(`input[name="token"]`).AttrOr("value", "")}})
		if res.StatusCode != http.StatusOK || !confirmed(t, app, "reader@example.com", store.ListNewsletter) {
			t.Fatalf("confirming from the email: %d", res.StatusCode)
		}
		unsubscribe, ok := named(parseHTML(t, body).Find("main"), "a", "unsubscribe now").Attr("href")
		if !ok {
			t.Fatal("no unsubscribe link after confirming")
		}

		// Its unsubscribe link ends it, once.
		res, body = app.get(t, strings.TrimPrefix(unsubscribe, testSite.BaseURL))
		form := formOf(parseHTML(t, body).Find("main"), "Unsubscribe")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("unsubscribe page: %d", res.StatusCode)
		}
		res, body = app.post(t, "/unsubscribe", url.Values{"token": {form.Find(`input[name="token"]`).AttrOr("value", "")}})
		if res.StatusCode != http.StatusOK || !anyContains(notices(parseHTML(t, body), "status"), "reader@example.com is unsubscribed from the newsletter.") {
			t.Fatalf("unsubscribing: %d", res.StatusCode)
		}
		if _, total, _ := app.store.Subscribers(context.Background(), store.ListNewsletter, store.Page{Limit: 10}); total != 0 {
			t.Error("still subscribed")
		}
		if res, _ := app.get(t, link); res.StatusCode != http.StatusNotFound {
			t.Errorf("the confirmation link after unsubscribing: %d, want 404", res.StatusCode)
		}
	})
}
