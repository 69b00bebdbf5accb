package handlers

import (
	"net/http"
	"net/url"
	"testing"

	"bizprofile/ratelimit"
	"bizprofile/store"
)

// Known ways of smuggling another site into a "local" redirect target:
// browsers drop tabs and newlines, read a backslash as a slash and resolve
// dot segments, so each of these would leave the site if it reached a
// Location header.
var redirectBypasses = []string{
	"https://evil.example/phish",
	"//evil.example/phish",
	"//",
	"/\t/evil.example/phish",
	"/%09/evil.example/phish",
	"/\r\n/evil.example/phish",
	"/\n/evil.example",
	"/\r/evil.example",
	"/ /evil.example",
	"/\x00/evil.example",
	"/\\evil.example",
	"\\/evil.example",
	"/\\/evil.example",
	"/%5Cevil.example",
	"/%5C/evil.example",
	"%2F%2Fevil.example",
	"/%2F/evil.example",
	"/%2f%2fevil.example",
	"/.//evil.example",
	"/./evil.example/../../",
	"/../evil.example",
	"/%2e%2e/evil.example",
	"/\u2215/evil.example",   // division slash
	"/\uff0f/evil.example",   // fullwidth solidus
	"/\u2044/evil.example",   // fraction slash
	"/\u3002evil.example",    // ideographic full stop
	"/%E2%88%95evil.example", // division slash, encoded
	"//user@evil.example",
	"https:evil.example",
	"http:/\\evil.example",
	"javascript:alert(1)",
	"/\u00a0/evil.example", // no-break space
	"/\u200b/evil.example", // zero-width space
	"evil.example",
}

// TestLocalPathKeepsOrdinaryPaths guards the other side: real targets on
// the site still work.
func TestLocalPathKeepsOrdinaryPaths(t *testing.T) {
	for _, p := range []string{"/", "/dashboard", "/profile", "/directory/harbor-street-bakery",
		"/directory?q=caf%C3%A9&city=Portland", "/business/create-profile?step=2", "/blog/", "/pricing#plans"} {
		if got := localPath(p, "/fallback"); got != p {
			t.Errorf("localPath(%q) = %q, want it kept", p, got)
		}
	}
	for _, p := range redirectBypasses {
		if got := localPath(p, "/fallback"); got != "/fallback" {
			t.Errorf("localPath(%q) = %q, want the fallback", p, got)
		}
	}
}

// TestRedirectParametersStayOnTheSite drives every route that takes a
// redirect target through the real router with each known bypass.
func TestRedirectParametersStayOnTheSite(t *testing.T) {
	app := newTestApp(t, store.SQLite, func(d *testDeps) { d.RateLimits = ratelimit.Defaults.Times(100) })
	app.signUp(t, "Nia", "nia@example.com", goodPassword)
	signedIn := app.newClient()
	signedIn.signIn(t, "nia@example.com", goodPassword)

	type route struct {
		name string
		want string // where the redirect must go instead
		send func(t *testing.T, target string) *http.Response
	}
	routes := []route{
		{"GET /login?next= (signed in)", "/dashboard", func(t *testing.T, target string) *http.Response {
			res, _ := signedIn.get(t, "/login?next="+url.QueryEscape(target))
			return res
		}},
		{"POST /login next=", "/dashboard", func(t *testing.T, target string) *http.Response {
			res, _ := app.newClient().post(t, "/login", url.Values{"email": {"nia@example.com"}, "password": {goodPassword}, "next": {target}})
			return res
		}},
		{"POST /theme return=", "/", func(t *testing.T, target string) *http.Response {
			res, _ := app.newClient().post(t, "/theme", url.Values{"theme": {"dark"}, "return": {target}})
			return res
		}},
	}
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			if res := rt.send(t, "/profile"); res.Header.Get("Location") != "/profile" {
				t.Fatalf("a local target /profile led to %q", res.Header.Get("Location"))
			}
			for _, evil := range redirectBypasses {
				res := rt.send(t, evil)
				if res.StatusCode == http.StatusUnprocessableEntity && res.Header.Get("Location") == "" {
					continue // refused outright as unacceptable text (a NUL byte)
				}
				if res.StatusCode != http.StatusSeeOther {
					t.Errorf("%q: status %d, want 303", evil, res.StatusCode)
				}
				if loc := res.Header.Get("Location"); loc != rt.want {
					t.Errorf("%q led to %q, want %q", evil, loc, rt.want)
				}
			}
		})
	}

	// The forms that carry next= on to the next step never carry a bypass.
	t.Run("forms carry only local targets", func(t *testing.T) {
		for _, evil := range redirectBypasses {
			_, body := app.newClient().get(t, "/login?next="+url.QueryEscape(evil))
			if v := formOf(parseHTML(t, body), "Sign In").Find(`input[name="next"]`).AttrOr("value", ""); v != "" {
				t.Errorf("GET /login?next=%q puts %q in the form", evil, v)
			}
			_, body = app.newClient().post(t, "/password/forgot", url.Values{"email": {""}, "next": {evil}})
			if v := formOf(parseHTML(t, body), "Sign In").Find(`input[name="next"]`).AttrOr("value", ""); v != "" {
				t.Errorf("POST /password/forgot next=%q puts %q in the form", evil, v)
			}
		}
	})
}
