package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
)

// TestSignedInAnswersAreNotForSharedCaches: every answer to a signed-in
// visitor says Cache-Control: private, public pages included; a signed-out
// visitor's public pages stay cacheable.
func TestSignedInAnswersAreNotForSharedCaches(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	paths := []string{"/", "/pricing", "/directory", "/directory.json?q=bakery", "/directory/harbor-street-bakery", "/about", "/sitemap.xml", "/no-such-page"}
	for _, p := range paths {
		if res, _ := app.get(t, p); strings.Contains(res.Header.Get("Cache-Control"), "private") {
			t.Errorf("signed out %s: Cache-Control %q", p, res.Header.Get("Cache-Control"))
		}
	}
	app.signUp(t, "Nia", "nia@example.com", goodPassword)
	app.signIn(t, "nia@example.com", goodPassword)
	for _, p := range append(paths, "/dashboard", "/profile") {
		res, _ := app.get(t, p)
		cc := res.Header.Get("Cache-Control")
		if !strings.Contains(cc, "private") && !strings.Contains(cc, "no-store") {
			t.Errorf("signed in %s: Cache-Control %q, want private", p, cc)
		}
	}
}

// TestUnsignedWebhookPostsCannotFillTheErrorLog: posts anyone can send to
// the webhook log at WARN, and only so many a minute.
func TestUnsignedWebhookPostsCannotFillTheErrorLog(t *testing.T) {
	for _, secret := range []string{"", "whsec_test_secret"} {
		t.Run(fmt.Sprintf("secret=%q", secret), func(t *testing.T) {
			app := newTestApp(t, store.SQLite, func(d *testDeps) { d.StripeWebhookSecret = secret })
			for range 50 {
				req, _ := http.NewRequest(http.MethodPost, app.URL+"/webhooks/stripe", strings.NewReader(`{"id":"evt_1","type":"invoice.paid"}`))
				req.Header.Set("Stripe-Signature", "t=1,v1=00")
				res, _ := app.do(t, req)
				if res.StatusCode < 400 {
					t.Fatalf("an unsigned post was accepted: %d", res.StatusCode)
				}
			}
			logs := app.logs.String()
			if strings.Contains(logs, "level=ERROR") {
				t.Errorf("unsigned posts logged at ERROR:\n%s", logs)
			}
			if n := strings.Count(logs, `msg="stripe webhook refused"`); n == 0 || n > 10 {
				t.Errorf("%d refusal lines for 50 posts, want 1 to 10", n)
			}
		})
	}
}

// TestSessionCookieIsNotInTheDatabase signs in through the pages and looks
// for the cookie's token in every column of the sessions table.
func TestSessionCookieIsNotInTheDatabase(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.signUp(t, "Nia", "nia@example.com", goodPassword)
		app.signIn(t, "nia@example.com", goodPassword)
		token := ""
		for _, c := range app.client.Jar.Cookies(mustURL(t, app.URL)) {
			if c.Name == "bizprofile_session" {
				token = c.Value
			}
		}
		if token == "" {
			t.Fatal("no session cookie")
		}
		if res, _ := app.get(t, "/dashboard"); res.StatusCode != http.StatusOK {
			t.Fatalf("the session does not sign in: %d", res.StatusCode)
		}
		ctx := context.Background()
		err := app.store.WithTx(ctx, func(tx *sqlx.Tx) error {
			rows, err := tx.QueryxContext(ctx, "SELECT token, data FROM sessions")
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var key string
				var data []byte
				if err := rows.Scan(&key, &data); err != nil {
					return err
				}
				if key == token || strings.Contains(string(data), token) {
					t.Errorf("the sessions table holds the cookie's token")
				}
			}
			return rows.Err()
		})
		must(t, err)
	})
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	must(t, err)
	return u
}

// TestSecurityTxt: researchers find how to report a problem (RFC 9116):
// a contact, an expiry within the year, and the canonical address.
func TestSecurityTxt(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, body := app.get(t, "/.well-known/security.txt")
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	fields := map[string][]string{}
	for _, line := range strings.Split(body, "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok && !strings.HasPrefix(line, "#") {
			fields[k] = append(fields[k], v)
		}
	}
	if !slices.Contains(fields["Contact"], "mailto:"+testSite.SupportEmail) {
		t.Errorf("Contact: %q", fields["Contact"])
	}
	if len(fields["Expires"]) != 1 {
		t.Fatalf("Expires: %q", fields["Expires"])
	}
	exp, err := time.Parse(time.RFC3339, fields["Expires"][0])
	if err != nil || exp.Before(time.Now().AddDate(0, 5, 0)) || exp.After(time.Now().AddDate(1, 0, 0)) {
		t.Errorf("Expires %q is not between five months and a year ahead", fields["Expires"][0])
	}
	if got := fields["Canonical"]; len(got) != 1 || got[0] != testSite.BaseURL+"/.well-known/security.txt" {
		t.Errorf("Canonical: %q", got)
	}
	// The contact form it points to opens on the right subject.
	for _, c := range fields["Contact"] {
		if strings.HasPrefix(c, testSite.BaseURL) {
			_, body := app.get(t, strings.TrimPrefix(c, testSite.BaseURL))
			if v := valueOf(labelled(t, parseHTML(t, body), "Subject")); v != "security" {
				t.Errorf("%s opens the contact form on subject %q", c, v)
			}
		}
	}
}
