package handlers

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A listing's page shares it by email and on the common networks with
// plain links carrying its address, encoded; no network's script.
func TestListingPageHasShareLinks(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor & Sons Bakery")
		page := testSite.BaseURL + "/directory/" + b.Slug
		_, body := app.newClient().get(t, "/directory/"+b.Slug)
		doc := parseHTML(t, body)
		share := region(doc, "Share Harbor & Sons Bakery")
		if share.Length() != 1 {
			t.Fatal("no share section")
		}
		for _, tc := range []struct {
			network, name, host, param string
			newTab                     bool
		}{
			{"email", "Share by Email", "", "body", false},
			{"facebook", "Share on Facebook (opens in a new tab)", "www.facebook.com", "u", true},
			{"x", "Share on X (opens in a new tab)", "x.com", "url", true},
			{"linkedin", "Share on LinkedIn (opens in a new tab)", "www.linkedin.com", "url", true},
			{"whatsapp", "Share on WhatsApp (opens in a new tab)", "wa.me", "text", true},
		} {
			a := share.Find(`a[data-share="` + tc.network + `"]`)
			if a.Length() != 1 || nameOf(a) != tc.name {
				t.Errorf("%s: %d links, named %q, want %q", tc.network, a.Length(), nameOf(a), tc.name)
				continue
			}
			u, err := url.Parse(a.AttrOr("href", ""))
			if err != nil {
				t.Errorf("%s: %v", tc.network, err)
				continue
			}
			if tc.network == "email" {
				// mailto: carries its fields in the opaque part's query.
				if u.Scheme != "mailto" || !strings.Contains(u.Query().Get("body"), page) || u.Query().Get("subject") != b.Name {
					t.Errorf("email: %q", a.AttrOr("href", ""))
				}
			} else if u.Scheme != "https" || u.Host != tc.host || !strings.Contains(u.Query().Get(tc.param), page) {
				t.Errorf("%s: %q does not carry %s in %s", tc.network, a.AttrOr("href", ""), page, tc.param)
			}
			if !strings.Contains(a.AttrOr("rel", ""), "noopener") || (a.AttrOr("target", "") == "_blank") != tc.newTab {
				t.Errorf("%s: rel %q target %q", tc.network, a.AttrOr("rel", ""), a.AttrOr("target", ""))
			}
		}
		// The address is encoded: the & of the name never splits a parameter.
		if u, _ := url.Parse(share.Find(`a[data-share="x"]`).AttrOr("href", "")); u.Query().Get("text") != b.Name {
			t.Errorf("x text %q, want %q", u.Query().Get("text"), b.Name)
		}
		doc.Find("script[src]").Each(func(_ int, s *goquery.Selection) {
			if src := s.AttrOr("src", ""); !strings.HasPrefix(src, "/") || strings.HasPrefix(src, "//") {
				t.Errorf("a script from elsewhere: %q", src)
			}
		})
	})
}
