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

// What the owners' analytics count, through the real router: a person's
// views, the listings shown in results, and clicks on a listing's contact
// links; never bots, tools, prefetches or the owner. The counts are read
// as the owner's page reads them, from the store after a flush.

// countedListings are an owner's two listings and someone else's, with
// app's own browser left signed out.
type countedListings struct {
	owner, person   *testApp // the owner and another person, signed in
	shop, quiet     store.Business
	other           store.Business
	ownerID         int64
	shopWebsite     string
	shopTel, shopMx string
}

// newCountedListings makes the listings: shop shows a website, a phone
// and an email; quiet has a phone it keeps hidden, an unconfirmed email
// and no website; other is somebody else's.
func newCountedListings(t *testing.T, app *testApp) countedListings {
	t.Helper()
	ctx := context.Background()
	c := countedListings{owner: app.newClient(), person: app.newClient(), shopWebsite: "https://shop.example/menu?lang=en"}
	u := c.owner.account(t, "owner@example.com", store.KindBusiness)
	c.person.account(t, "person@example.com", store.KindIndividual)
	c.ownerID = u.ID
	own := sql.NullInt64{Int64: u.ID, Valid: true}
	var err error
	c.shop, err = app.store.CreateBusiness(ctx, store.Business{
		Name: "Counted Corner Shop", Category: "food", City: "Austin", State: "TX", Published: true, OwnerID: own,
		Website: c.shopWebsite, Phone: "(512) 555-0110", ShowPhone: true, Email: "hello@shop.example", EmailConfirmed: true, ShowEmail: true,
	})
	must(t, err)
	c.quiet, err = app.store.CreateBusiness(ctx, store.Business{
		Name: "Quiet Bakery", Category: "food", City: "Austin", State: "TX", Published: true, OwnerID: own,
		Phone: "(512) 555-0199", ShowPhone: false, Email: "quiet@bakery.example", ShowEmail: true,
	})
	must(t, err)
	c.other, err = app.store.CreateBusiness(ctx, store.Business{Name: "Other Deli", Category: "food", City: "Austin", State: "TX", Published: true})
	must(t, err)
	c.shopTel, c.shopMx = "tel:5125550110", "mailto:hello@shop.example"
	return c
}

func (c countedListings) ids() []int64 { return []int64{c.shop.ID, c.quiet.ID, c.other.ID} }

// visit sends a request as a person's browser would (browserHeaders), with
// changes: a header changed to "" is left out.
func (a *testApp) visit(t *testing.T, method, path string, changes map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(method, a.URL+path, nil)
	for k, v := range browserHeaders {
		req.Header.Set(k, v)
	}
	for k, v := range changes {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	return a.do(t, req)
}

// counted flushes the app's counts and reads each listing's, summed over
// the days around today (a test that runs over midnight still adds up).
func counted(t *testing.T, app *testApp, ids []int64) map[int64]store.StatCounts {
	t.Helper()
	app.flushAnalytics(t)
	now := time.Now()
	days, err := app.store.ListingDays(context.Background(), ids, store.Day(now.AddDate(0, 0, -1)), store.Day(now.AddDate(0, 0, 1)))
	must(t, err)
	out := map[int64]store.StatCounts{}
	for _, d := range days {
		out[d.BusinessID] = out[d.BusinessID].Add(d.StatCounts)
	}
	return out
}

// countedDuring is what fn added to each listing's counts.
func countedDuring(t *testing.T, app *testApp, ids []int64, fn func()) map[int64]store.StatCounts {
	t.Helper()
	before := counted(t, app, ids)
	fn()
	after := counted(t, app, ids)
	out := map[int64]store.StatCounts{}
	for _, id := range ids {
		a, b := after[id], before[id]
		out[id] = store.StatCounts{
			Views: a.Views - b.Views, Visitors: a.Visitors - b.Visitors, Impressions: a.Impressions - b.Impressions,
			WebsiteClicks: a.WebsiteClicks - b.WebsiteClicks, PhoneClicks: a.PhoneClicks - b.PhoneClicks,
			EmailClicks: a.EmailClicks - b.EmailClicks, ContactClicks: a.ContactClicks - b.ContactClicks,
		}
	}
	return out
}

// A browser's user agent, with a version of its own per test case: each
// case's visitor is new to the listing today.
func browserAgent(version int) string {
	return "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0." + strconv.Itoa(version) + " Safari/537.36"
}

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

func TestListingViewsAreCountedForPeopleOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		c := newCountedListings(t, app)
		cases := []struct {
			name    string
			who     *testApp
			method  string
			headers map[string]string
			times   int
			want    store.StatCounts
		}{
			{name: "a person's browser", times: 1, want: store.StatCounts{Views: 1, Visitors: 1}},
			{name: "the same browser twice", times: 2, want: store.StatCounts{Views: 2, Visitors: 1}},
			{name: "another signed-in person", who: c.person, times: 1, want: store.StatCounts{Views: 1, Visitors: 1}},
			{name: "Googlebot", headers: map[string]string{"User-Agent": googlebot}, times: 1},
			{name: "curl", headers: map[string]string{"User-Agent": "curl/8.5.0", "Accept": "*/*", "Accept-Language": ""}, times: 1},
			{name: "a headless browser", headers: map[string]string{"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36"}, times: 1},
			{name: "without Accept-Language", headers: map[string]string{"Accept-Language": ""}, times: 1},
			{name: "a prefetch", headers: map[string]string{"Sec-Purpose": "prefetch"}, times: 1},
			{name: "a prerender", headers: map[string]string{"Sec-Purpose": "prefetch;prerender"}, times: 1},
			{name: "HEAD", method: http.MethodHead, times: 1},
			{name: "the signed-in owner", who: c.owner, times: 1},
		}
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				who, method := app, http.MethodGet
				if tc.who != nil {
					who = tc.who
				}
				if tc.method != "" {
					method = tc.method
				}
				headers := map[string]string{"User-Agent": browserAgent(i)}
				for k, v := range tc.headers {
					headers[k] = v
				}
				got := countedDuring(t, app, c.ids(), func() {
					for range tc.times {
						// Whatever HEAD is answered (405 today), it is not counted.
						if res, _ := who.visit(t, method, "/directory/"+c.shop.Slug, headers); res.StatusCode != http.StatusOK && method != http.MethodHead {
							t.Fatalf("%s /directory/%s = %d", method, c.shop.Slug, res.StatusCode)
						}
					}
				})
				if got[c.shop.ID] != tc.want {
					t.Errorf("counted %+v, want %+v", got[c.shop.ID], tc.want)
				}
			})
		}
	})
}

func TestResultsCountImpressionsOfTheListingsShown(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		c := newCountedListings(t, app)
		cases := []struct {
			name         string
			who          *testApp
			paths        []string
			headers      map[string]string
			owned, else_ int64 // impressions of each of the owner's listings, of the other
		}{
			// Signed out, the second page comes from the directory's kept
			// pages; the listings shown count all the same.
			{name: "the directory, twice", paths: []string{"/directory", "/directory"}, owned: 2, else_: 2},
			{name: "the directory's JSON", paths: []string{"/directory.json"}, owned: 1, else_: 1},
			{name: "a category's landing page", paths: []string{"/directory/category/food"}, owned: 1, else_: 1},
			{name: "a city's landing page", paths: []string{"/directory/in/tx/austin"}, owned: 1, else_: 1},
			{name: "the owner's search", who: c.owner, paths: []string{"/directory", "/directory.json", "/directory/category/food"}, else_: 3},
			{name: "a crawler", paths: []string{"/directory", "/directory/category/food"}, headers: map[string]string{"User-Agent": googlebot}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				who := app
				if tc.who != nil {
					who = tc.who
				}
				got := countedDuring(t, app, c.ids(), func() {
					for _, p := range tc.paths {
						if res, _ := who.visit(t, http.MethodGet, p, tc.headers); res.StatusCode != http.StatusOK {
							t.Fatalf("GET %s = %d", p, res.StatusCode)
						}
					}
				})
				want := map[int64]store.StatCounts{c.shop.ID: {Impressions: tc.owned}, c.quiet.ID: {Impressions: tc.owned}, c.other.ID: {Impressions: tc.else_}}
				for id, w := range want {
					if got[id] != w {
						t.Errorf("listing %d: counted %+v, want %+v", id, got[id], w)
					}
				}
			})
		}
		// The case above counted a kept page: the directory keeps the page
		// of a visitor without a session.
		if app.h.pages.Len() == 0 {
			t.Error("the directory's page was not kept: the second request did not test a kept page")
		}
	})
}

func TestContactLinksRedirectToTheListingsOwnAndCount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		c := newCountedListings(t, app)
		shop, quiet := "/directory/"+c.shop.Slug, "/directory/"+c.quiet.Slug
		cases := []struct {
			name     string
			path     string
			headers  map[string]string
			status   int
			location string
			shop     store.StatCounts // what the shop's counts gain
		}{
			{name: "website", path: shop + "/out/website", status: http.StatusFound, location: c.shopWebsite, shop: store.StatCounts{WebsiteClicks: 1}},
			{name: "phone", path: shop + "/out/phone", status: http.StatusFound, location: c.shopTel, shop: store.StatCounts{PhoneClicks: 1}},
			{name: "email", path: shop + "/out/email", status: http.StatusFound, location: c.shopMx, shop: store.StatCounts{EmailClicks: 1}},
			{name: "a hidden phone", path: quiet + "/out/phone", status: http.StatusNotFound},
			{name: "no website", path: quiet + "/out/website", status: http.StatusNotFound},
			{name: "an unconfirmed email", path: quiet + "/out/email", status: http.StatusNotFound},
			{name: "no such link", path: shop + "/out/fax", status: http.StatusNotFound},
			{name: "no such listing", path: "/directory/no-such-shop/out/website", status: http.StatusNotFound},
			// Nothing of the URL but the link's name leads anywhere: no
			// open redirect.
			{name: "a target in the query", path: shop + "/out/website?to=https://evil.example&url=//evil.example", status: http.StatusFound, location: c.shopWebsite, shop: store.StatCounts{WebsiteClicks: 1}},
			{name: "a path after the link", path: shop + "/out/website/..//evil.example", status: http.StatusNotFound},
			{name: "a URL as the link", path: shop + "/out/https:%2F%2Fevil.example", status: http.StatusNotFound},
			{name: "a scheme-relative URL as the link", path: shop + "/out///evil.example", status: http.StatusNotFound},
			{name: "a bot follows the link", path: shop + "/out/website", headers: map[string]string{"User-Agent": googlebot}, status: http.StatusFound, location: c.shopWebsite},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var res *http.Response
				got := countedDuring(t, app, c.ids(), func() {
					res, _ = app.visit(t, http.MethodGet, tc.path, tc.headers)
				})
				if res.StatusCode != tc.status || res.Header.Get("Location") != tc.location {
					t.Errorf("GET %s = %d to %q, want %d to %q", tc.path, res.StatusCode, res.Header.Get("Location"), tc.status, tc.location)
				}
				if got[c.shop.ID] != tc.shop || got[c.quiet.ID] != (store.StatCounts{}) || got[c.other.ID] != (store.StatCounts{}) {
					t.Errorf("counted %+v, want %+v for the shop and nothing else", got, tc.shop)
				}
			})
		}
	})
}

func TestContactFormCountsAClickButNotTheSentPage(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		c := newCountedListings(t, app)
		contact := "/directory/" + c.shop.Slug + "/contact"
		cases := []struct {
			name    string
			who     *testApp
			send    bool // a lead is sent first: the page shown is the one after sending
			headers map[string]string
			want    int64
		}{
			{name: "the page", want: 1},
			{name: "the dialog (htmx)", headers: map[string]string{"HX-Request": "true"}, want: 1},
			{name: "another signed-in person", who: c.person, want: 1},
			{name: "the page after sending a lead", send: true},
			{name: "the owner", who: c.owner},
			{name: "a bot", headers: map[string]string{"User-Agent": googlebot}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				who := app
				if tc.who != nil {
					who = tc.who
				}
				if tc.send {
					res, _ := who.post(t, contact, url.Values{"name": {"Vic Visitor"}, "email": {"vic@example.com"}, "message": {"Do you deliver?"}})
					if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != contact {
						t.Fatalf("lead: %d to %q", res.StatusCode, res.Header.Get("Location"))
					}
				}
				var body string
				got := countedDuring(t, app, c.ids(), func() {
					var res *http.Response
					if res, body = who.visit(t, http.MethodGet, contact, tc.headers); res.StatusCode != http.StatusOK {
						t.Fatalf("GET %s = %d", contact, res.StatusCode)
					}
				})
				if sent := controls(parseHTML(t, body), "Message").Length() == 0; sent != tc.send {
					t.Fatalf("the form's place shows the sent confirmation: %v, want %v", sent, tc.send)
				}
				if got[c.shop.ID] != (store.StatCounts{ContactClicks: tc.want}) {
					t.Errorf("counted %+v, want %d 'Contact' clicks", got[c.shop.ID], tc.want)
				}
			})
		}
	})
}
