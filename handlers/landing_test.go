package handlers

import (
	"context"
	"encoding/xml"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// landingListings publishes the listings the landing page tests read: 23
// food places in Austin (two pages), two technology firms in Dallas, one in
// Salt Lake City, and an unpublished shop in Houston. It returns the
// Austin listings by name.
func landingListings(t *testing.T, app *testApp) map[string]store.Business {
	t.Helper()
	ctx := context.Background()
	austin := map[string]store.Business{}
	for i := range 23 {
		name := fmt.Sprintf("Austin Eatery %c", 'A'+i)
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Category: "food", City: "Austin", State: "TX", Published: true, Rating: 4.0})
		must(t, err)
		austin[name] = b
	}
	for _, b := range []store.Business{
		{Name: "Dallas Data Works", Category: "technology", City: "Dallas", State: "TX", Published: true},
		{Name: "Dallas Cloud Co-op", Category: "technology", City: "Dallas", State: "TX", Published: true},
		{Name: "Wasatch Code Shop", Category: "technology", City: "Salt Lake City", State: "UT", Published: true},
		{Name: "Houston Hidden Shop", Category: "retail", City: "Houston", State: "TX", Published: false},
	} {
		_, err := app.store.CreateBusiness(ctx, b)
		must(t, err)
	}
	return austin
}

func TestLandingPages(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		landingListings(t, app)
		base := testSite.BaseURL
		for _, c := range []struct {
			path, title, heading, summary string
			trail                         []string
			canonical, prev, next         string
			items, firstPosition          int
			cities                        map[string]string // a state's: its cities' links, name → path
		}{
			{
				path: "/directory/in/tx/austin", title: "Businesses in Austin, Texas | BizProfile", heading: "Businesses in Austin, Texas",
				summary: "23 businesses in Austin, TX", trail: []string{"Directory", "Texas", "Austin"},
				canonical: base + "/directory/in/tx/austin", next: base + "/directory/in/tx/austin?page=2", items: 20, firstPosition: 1,
			},
			{
				path: "/directory/in/tx/austin?page=2", title: "Businesses in Austin, Texas - Page 2 | BizProfile", heading: "Businesses in Austin, Texas",
				summary: "23 businesses in Austin, TX", trail: []string{"Directory", "Texas", "Austin"},
				canonical: base + "/directory/in/tx/austin?page=2", prev: base + "/directory/in/tx/austin", items: 3, firstPosition: 21,
			},
			{
				path: "/directory/in/tx", title: "Businesses in Texas | BizProfile", heading: "Businesses in Texas",
				summary: "25 businesses in Texas, in 2 cities", trail: []string{"Directory", "Texas"},
				canonical: base + "/directory/in/tx", next: base + "/directory/in/tx?page=2", items: 20, firstPosition: 1,
				cities: map[string]string{"Austin 23 businesses": "/directory/in/tx/austin", "Dallas 2 businesses": "/directory/in/tx/dallas"},
			},
			{
				path: "/directory/in/ut/salt-lake-city", title: "Businesses in Salt Lake City, Utah | BizProfile", heading: "Businesses in Salt Lake City, Utah",
				summary: "1 business in Salt Lake City, UT", trail: []string{"Directory", "Utah", "Salt Lake City"},
				canonical: base + "/directory/in/ut/salt-lake-city", items: 1, firstPosition: 1,
			},
			{
				path: "/directory/category/technology", title: "Technology businesses in the directory | BizProfile", heading: "Technology businesses",
				summary: "3 businesses in Technology", trail: []string{"Directory", "Technology"},
				canonical: base + "/directory/category/technology", items: 3, firstPosition: 1,
			},
			{
				path: "/directory/category/food?page=2", title: "Food & Beverage businesses in the directory - Page 2 | BizProfile", heading: "Food & Beverage businesses",
				summary: "23 businesses in Food & Beverage", trail: []string{"Directory", "Food & Beverage"},
				canonical: base + "/directory/category/food?page=2", prev: base + "/directory/category/food", items: 3, firstPosition: 21,
			},
		} {
			t.Run(c.path, func(t *testing.T) {
				res, body := app.get(t, c.path)
				if res.StatusCode != http.StatusOK {
					t.Fatalf("status %d", res.StatusCode)
				}
				doc := parseHTML(t, body)
				if got := pageTitle(doc); got != c.title {
					t.Errorf("title %q, want %q", got, c.title)
				}
				if headings(doc, 1, c.heading).Length() != 1 {
					t.Errorf("h1 %q, want %q", texts(doc.Find("h1")), c.heading)
				}
				if got := textOf(doc.Find("main .page-hero p")); got != c.summary {
					t.Errorf("summary %q, want %q", got, c.summary)
				}
				if got := doc.Find(`head meta[name="description"]`).AttrOr("content", ""); got == "" {
					t.Error("no meta description")
				}
				head := map[string]string{}
				for _, rel := range []string{"canonical", "prev", "next"} {
					head[rel] = doc.Find(`head link[rel="`+rel+`"]`).AttrOr("href", "")
				}
				if want := map[string]string{"canonical": c.canonical, "prev": c.prev, "next": c.next}; !maps.Equal(head, want) {
					t.Errorf("head links %v, want %v", head, want)
				}

				trail, current := breadcrumbs(doc)
				if !slices.Equal(trail, c.trail) || current != c.trail[len(c.trail)-1] {
					t.Errorf("breadcrumbs %q (current %q), want %q", trail, current, c.trail)
				}
				crumbs := jsonLDOf(t, doc, "BreadcrumbList")["itemListElement"].([]any)
				if len(crumbs) != len(c.trail) {
					t.Fatalf("BreadcrumbList %v", crumbs)
				}
				for i, e := range crumbs {
					e := e.(map[string]any)
					href := region(doc, "Breadcrumb").Find("a").Eq(i).AttrOr("href", "")
					if e["name"] != c.trail[i] || e["item"] != base+href || e["position"] != float64(i+1) {
						t.Errorf("BreadcrumbList item %d: %v, want %s at %s", i, e, c.trail[i], href)
					}
				}

				list := jsonLDOf(t, doc, "ItemList")
				items := list["itemListElement"].([]any)
				cards := doc.Find("main .business-results > li")
				if len(items) != c.items || cards.Length() != c.items {
					t.Fatalf("ItemList of %d, %d cards; want %d", len(items), cards.Length(), c.items)
				}
				for i, e := range items {
					e := e.(map[string]any)
					link := cards.Eq(i).Find("h3 a")
					if e["position"] != float64(c.firstPosition+i) || e["url"] != base+link.AttrOr("href", "") || e["name"] != textOf(link) {
						t.Errorf("ItemList item %d: %v, card %q at %s", i, e, textOf(link), link.AttrOr("href", ""))
					}
				}

				if c.cities != nil {
					got := map[string]string{}
					region(doc, "Cities in Texas").Find("a").Each(func(_ int, a *goquery.Selection) { got[nameOf(a)] = a.AttrOr("href", "") })
					if !maps.Equal(got, c.cities) {
						t.Errorf("cities %v, want %v", got, c.cities)
					}
				}
			})
		}
	})
}

func TestLandingPagesNotFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		landingListings(t, app)
		for _, path := range []string{
			"/directory/category/plumbing",      // no such category
			"/directory/category/education",     // a category without listings
			"/directory/in/zz",                  // no such state
			"/directory/in/wy",                  // a state without listings
			"/directory/in/tx/houston",          // its only listing is unpublished
			"/directory/in/tx/nowhere",          // no listing there
			"/directory/in/ut/austin",           // a city of another state
			"/directory/in/tx/austin?page=3",    // past the last page
			"/directory/category/food?page=100", // past the last page
			"/directory/in",                     // reserved: no listing may be called so
			"/directory/category",
		} {
			res, body := app.get(t, path)
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %d, want 404", path, res.StatusCode)
				continue
			}
			doc := parseHTML(t, body)
			if doc.Find(`head meta[name="robots"][content="noindex"]`).Length() != 1 || doc.Find(`head link[rel="canonical"]`).Length() != 0 {
				t.Errorf("%s: a 404 without noindex, or with a canonical link", path)
			}
		}
		// A category or state that exists says it has nothing yet.
		_, body := app.get(t, "/directory/in/wy")
		doc := parseHTML(t, body)
		if headings(doc, 1, "Businesses in Wyoming").Length() != 1 || headings(doc, 2, "No businesses here yet").Length() != 1 || len(jsonLDTypes(t, doc)) != 0 {
			t.Errorf("empty state page: %q, JSON-LD %q", texts(doc.Find("h1, h2")), jsonLDTypes(t, doc))
		}
	})
}

func TestLandingPagesHaveOneSpelling(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		landingListings(t, app)
		for path, want := range map[string]string{
			"/directory/in/TX":                      "/directory/in/tx",
			"/directory/in/texas":                   "/directory/in/tx",
			"/directory/in/Tx?page=2":               "/directory/in/tx?page=2",
			"/directory/in/TX/Austin?page=2":        "/directory/in/tx/austin?page=2",
			"/directory/in/utah/Salt%20Lake%20City": "/directory/in/ut/salt-lake-city",
			"/directory/in/ut/salt_lake_city":       "/directory/in/ut/salt-lake-city",
			"/directory/category/Food":              "/directory/category/food",
		} {
			res, _ := app.get(t, path)
			if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != want {
				t.Errorf("%s: %d to %q, want 301 to %s", path, res.StatusCode, res.Header.Get("Location"), want)
			}
		}
	})
}

func TestListingPageLinksItsLandingPages(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		austin := landingListings(t, app)
		b := austin["Austin Eatery C"]
		res, body := app.get(t, "/directory/"+b.Slug)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		doc := parseHTML(t, body)
		trail, current := breadcrumbs(doc)
		if want := []string{"Directory", "Food & Beverage", "Texas", "Austin", "Austin Eatery C"}; !slices.Equal(trail, want) || current != "Austin Eatery C" {
			t.Errorf("breadcrumbs %q (current %q), want %q", trail, current, want)
		}
		nav := region(doc, "Breadcrumb")
		for name, href := range map[string]string{"Food & Beverage": "/directory/category/food", "Texas": "/directory/in/tx", "Austin": "/directory/in/tx/austin"} {
			if !hasLink(nav, name, href) {
				t.Errorf("no breadcrumb %s to %s", name, href)
			}
		}
		crumbs := jsonLDOf(t, doc, "BreadcrumbList")["itemListElement"].([]any)
		if len(crumbs) != 5 || crumbs[3].(map[string]any)["item"] != testSite.BaseURL+"/directory/in/tx/austin" || crumbs[4].(map[string]any)["name"] != "Austin Eatery C" {
			t.Errorf("BreadcrumbList %v", crumbs)
		}
		if jsonLD(t, doc)["name"] != "Austin Eatery C" {
			t.Error("the LocalBusiness JSON-LD is gone")
		}
		// Its category and city are links, outside the breadcrumbs too.
		main := doc.Find("main").Not(`[aria-label="Breadcrumb"]`)
		if !hasLink(main.Find(".business-meta"), "Austin, TX", "/directory/in/tx/austin") {
			t.Error("the listing's city is not a link to its page")
		}
		if !hasLink(headings(main, 2, "About Austin Eatery C").Parent(), "Food & Beverage", "/directory/category/food") {
			t.Error("the listing's category is not a link to its page")
		}

		// A listing without a state has no place in its trail.
		nowhere, err := app.store.CreateBusiness(ctx, store.Business{Name: "Roaming Repairs", Category: "automotive", Published: true})
		must(t, err)
		_, body = app.get(t, "/directory/"+nowhere.Slug)
		if trail, _ := breadcrumbs(parseHTML(t, body)); !slices.Equal(trail, []string{"Directory", "Automotive", "Roaming Repairs"}) {
			t.Errorf("breadcrumbs %q", trail)
		}
	})
}

func TestSitemapListsLandingPages(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		landingListings(t, app)
		res, body := app.get(t, "/sitemap.xml")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		var set struct {
			URLs []struct {
				Loc string `xml:"loc"`
			} `xml:"url"`
		}
		must(t, xml.Unmarshal([]byte(body), &set))
		locs := map[string]bool{}
		for _, u := range set.URLs {
			locs[u.Loc] = true
		}
		for _, p := range []string{"/directory/category/food", "/directory/category/technology", "/directory/in/tx", "/directory/in/ut",
			"/directory/in/tx/austin", "/directory/in/tx/dallas", "/directory/in/ut/salt-lake-city"} {
			if !locs[testSite.BaseURL+p] {
				t.Errorf("the sitemap lacks %s", p)
			}
		}
		for _, p := range []string{"/directory/category/education", "/directory/category/retail", "/directory/in/tx/houston", "/directory/in/wy"} {
			if locs[testSite.BaseURL+p] {
				t.Errorf("the sitemap lists %s, which has no listings", p)
			}
		}
	})
}

func TestStatePageShowsItsBusiestCitiesFirst(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		add := func(name, city string) {
			_, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Category: "retail", City: city, State: "CA", Published: true})
			must(t, err)
		}
		for i := range 25 {
			city := fmt.Sprintf("%c%cville", 'A'+i, 'a'+i)
			add("Shop of "+city, city)
		}
		for _, name := range []string{"Zephyr One", "Zephyr Two", "Zephyr Three"} {
			add(name, "Zephyr Cove")
		}
		_, body := app.get(t, "/directory/in/ca")
		cities := region(parseHTML(t, body), "Cities in California")
		shown := texts(cities.Children().Filter("ul").Find("a"))
		more := cities.Find("details")
		hidden := texts(more.Find("a"))
		if len(shown) != 24 || shown[0] != "Zephyr Cove 3 businesses" || shown[1] != "Aaville 1 business" || shown[23] != "Wwville 1 business" {
			t.Errorf("cities shown %q", shown)
		}
		if textOf(more.Find("summary")) != "2 more cities" || !slices.Equal(hidden, []string{"Xxville 1 business", "Yyville 1 business"}) {
			t.Errorf("more cities: %q, %q", textOf(more.Find("summary")), hidden)
		}
	})
}
