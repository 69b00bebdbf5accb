package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
)

func TestDirectoryPageAndJSONShareOneSearch(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		res, body := app.get(t, "/directory?q=SOURDOUGH")
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		page := parseHTML(t, body)
		if headings(page, 1, "Transform Your Business Visibility").Length() != 1 {
			t.Error("the directory lacks its heading")
		}
		if got := resultsSummary(page); got != "1 Business Found Sorted by Relevance" {
			t.Errorf("the results are summed up as %q", got)
		}
		if got := valueOf(labelled(t, page, "Search")); got != "SOURDOUGH" {
			t.Errorf("the search box holds %q, want what was typed", got)
		}
		if got := resultNames(page); !slices.Equal(got, []string{"Harbor Street Bakery"}) {
			t.Errorf("the results are %q, want the one listing that matches", got)
		}
		card := directoryCard(t, page, "Harbor Street Bakery")
		for name, href := range map[string]string{
			"Harbor Street Bakery":               "/directory/harbor-street-bakery",
			"View Profile: Harbor Street Bakery": "/directory/harbor-street-bakery",
			"Contact Harbor Street Bakery":       "/directory/harbor-street-bakery/contact",
		} {
			if !hasLink(card, name, href) {
				t.Errorf("the card has no %q link to %s", name, href)
			}
		}
		if tags := texts(region(card, "Tags").Find("li")); len(tags) != 4 || tags[3] != "+3 more" {
			t.Errorf("the card's tags are %q, want three and '+3 more'", tags)
		}
		if got := badges(card); !slices.Contains(got, "Featured") {
			t.Errorf("the card's badges are %q, want Featured", got)
		}

		res, body = app.get(t, "/directory.json?q=sourdough&sort=name")
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("content type %q", ct)
		}
		var out struct {
			Total     int    `json:"total"`
			Summary   string `json:"summary"`
			SortLabel string `json:"sortLabel"`
			Cards     []struct {
				Slug     string   `json:"slug"`
				Tags     []string `json:"tags"`
				MoreTags int      `json:"moreTags"`
			} `json:"cards"`
		}
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatal(err)
		}
		if out.Total != 1 || out.Summary != "1 Business Found" || out.SortLabel != "Sorted by Name" || out.Cards[0].Slug != "harbor-street-bakery" || len(out.Cards[0].Tags) != 3 || out.Cards[0].MoreTags != 3 {
			t.Fatalf("json %+v", out)
		}
	})
}

func TestDirectoryControlsAndEmptyState(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	ownedAndVerified(t, app, "brightpath-it-solutions", "summit-ridge-financial-advisors", "greenleaf-family-clinic")
	_, body := app.get(t, "/directory?category=finance&view=list&sort=rating")
	page := parseHTML(t, body)
	if !directoryCard(t, page, "Summit Ridge Financial Advisors").Parent().HasClass("business-list") {
		t.Error("the results are not laid out as a list")
	}
	if nameOf(region(page, "Layout").Find(`[aria-current="true"]`)) != "List" {
		t.Error("the layout toggle does not mark List as current")
	}
	if got := valueOf(labelled(t, page, "Category")); got != "finance" {
		t.Errorf("the category chosen is %q, want finance", got)
	}
	if got := resultsSummary(page); !strings.HasSuffix(got, "Sorted by Rating") {
		t.Errorf("the results are summed up as %q", got)
	}
	if view := region(page, "Search the directory").Find(`input[name="view"]`); view.AttrOr("type", "") != "hidden" || view.AttrOr("value", "") != "list" {
		t.Error("a new search does not keep the list layout")
	}
	_, body = app.get(t, "/directory?verified=1&type=online")
	page = parseHTML(t, body)
	if headings(page, 3, "No businesses match your search").Length() != 1 || !hasLink(page, "Clear all filters", "/directory") {
		t.Error("no empty state with a way to clear the filters")
	}
	if _, open := named(page, "summary", "Additional Filters").Parent().Attr("open"); !open {
		t.Error("the Additional Filters panel is closed although filters are set")
	}
	_, body = app.get(t, "/directory?type=online")
	if got := resultNames(parseHTML(t, body)); !slices.Contains(got, "Clearview Legal Group") || slices.Contains(got, "Harbor Street Bakery") {
		t.Errorf("business type filter: %q", got)
	}
	// The samples' figures come from their seeded reviews: BrightPath
	// 4.2 and Summit Ridge 4.4 are verified (owned, above) and rated 4+,
	// Greenleaf (3.8) is not rated high enough and Harbor Street (4.3) is
	// not verified.
	_, body = app.get(t, "/directory?min_rating=4&verified=1")
	page = parseHTML(t, body)
	if got := resultNames(page); !strings.HasPrefix(resultsSummary(page), "2 Businesses Found") || !slices.Contains(got, "BrightPath IT Solutions") || !slices.Contains(got, "Summit Ridge Financial Advisors") {
		t.Errorf("minimum rating + verified: %q, want BrightPath and Summit Ridge", got)
	}
	// Garbage in the URL falls back to defaults instead of failing.
	res, body := app.get(t, "/directory?sort=DROP&category=%27%3B--&page=-3&min_rating=abc&view=%3Cscript%3E")
	if res.StatusCode != 200 || !strings.HasPrefix(resultsSummary(parseHTML(t, body)), "5 Businesses Found") {
		t.Errorf("mangled query: %d", res.StatusCode)
	}
}

func TestDirectoryPagination(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for i := range 25 {
		app.store.CreateBusiness(context.Background(), store.Business{Name: "Paged Shop " + itoa(100+i), Published: true, Category: "retail"})
	}
	_, body := app.get(t, "/directory?category=retail&sort=name")
	pages := region(parseHTML(t, body), "Pages")
	if !strings.Contains(textOf(pages), "Page 1 of 2") || !hasLink(pages, "Next", "/directory?category=retail&sort=name&page=2") {
		t.Error("no link to page 2 keeping the controls")
	}
	_, body = app.get(t, "/directory?category=retail&sort=name&page=2")
	page := parseHTML(t, body)
	if len(resultNames(page)) != 5 || links(region(page, "Pages"), "Previous").Filter(`[rel="prev"]`).Length() != 1 {
		t.Error("page 2 should show the last 5 and a link back")
	}
}

func TestBusinessPageShowsOnlyPublicFields(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b, err := app.store.CreateBusiness(ctx, store.Business{
			Name: "Private Eye Optics", Description: "Eye exams and frames.", Category: "healthcare", City: "Boise", State: "ID",
			Address: "12 Secret Lane", ZipCode: "83702", Phone: "(208) 555-0142", Email: "owner@optics.example", Website: "https://optics.example",
			Hours: store.DefaultWeek(), Services: store.Lines{"Eye exams"}, Published: true, ReviewCount: 10, Rating: 4.5, EmailConfirmed: true,
			ShowEmail: false, ShowPhone: false, ShowAddress: false, ShowHours: false, ShowPricing: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		res, body := app.get(t, "/directory/"+b.Slug)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		for _, private := range []string{"555-0142", "2085550142", "owner@optics.example", "12 Secret Lane", "83702", "Opening hours", "Monday"} {
			if strings.Contains(body, private) {
				t.Errorf("private %q appears on the page", private)
			}
		}
		_, js := app.get(t, "/directory.json?q=optics")
		for _, private := range []string{"555-0142", "owner@optics.example", "Secret"} {
			if strings.Contains(js, private) {
				t.Errorf("private %q appears in the JSON", private)
			}
		}
		ld := jsonLD(t, parseHTML(t, body))
		if ld["@type"] != "LocalBusiness" || ld["name"] != "Private Eye Optics" {
			t.Fatalf("JSON-LD %v", ld)
		}
		for _, k := range []string{"telephone", "email", "openingHoursSpecification"} {
			if _, ok := ld[k]; ok {
				t.Errorf("JSON-LD has private %s", k)
			}
		}
		if addr := ld["address"].(map[string]any); addr["streetAddress"] != nil || addr["addressLocality"] != "Boise" {
			t.Errorf("JSON-LD address %v", addr)
		}

		// Made public, they all appear.
		b.ShowEmail, b.ShowPhone, b.ShowAddress, b.ShowHours = true, true, true, true
		if err := app.store.UpdateBusiness(ctx, b); err != nil {
			t.Fatal(err)
		}
		_, body = app.get(t, "/directory/"+b.Slug)
		page := parseHTML(t, body)
		contact := terms(headings(page, 2, "Contact details").Parent())
		if contact["Phone"] != "(208) 555-0142" || contact["Email"] != "owner@optics.example" || !strings.HasPrefix(contact["Address"], "12 Secret Lane Boise") || !strings.HasSuffix(contact["Address"], " 83702") {
			t.Errorf("public contact details: %q", contact)
		}
		hours := tableRows(headings(page, 2, "Opening hours").Parent())
		if len(hours) != 7 || !hasRow(hours, "Monday", "9:00 AM – 5:00 PM") || !hasRow(hours, "Sunday", "Closed") {
			t.Errorf("public opening hours: %q", hours)
		}
		if page.Find(`head meta[property="og:title"]`).AttrOr("content", "") == "" {
			t.Error("no og:title")
		}
		ld = jsonLD(t, page)
		// Its stored figures have no review behind them: no aggregateRating.
		if ld["telephone"] != "(208) 555-0142" || ld["aggregateRating"] != nil || len(ld["openingHoursSpecification"].([]any)) != 6 {
			t.Errorf("JSON-LD %v", ld)
		}
	})
}

func TestUnknownAndUnpublishedListingsAre404(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	b, _ := app.store.CreateBusiness(context.Background(), store.Business{Name: "Draft Shop", Published: false})
	for _, p := range []string{"/directory/" + b.Slug, "/directory/no-such-shop", "/directory/" + b.Slug + "/contact"} {
		if res, _ := app.get(t, p); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, res.StatusCode)
		}
	}
}

func TestSitemapAndRobots(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		app.store.CreateBusiness(ctx, store.Business{Name: "Brand New Place", Published: true})
		app.store.CreateBusiness(ctx, store.Business{Name: "Hidden Draft", Published: false})
		res, body := app.get(t, "/sitemap.xml")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
			t.Fatalf("sitemap: %d", res.StatusCode)
		}
		for _, want := range []string{"<urlset", testSite.BaseURL + "/directory/brand-new-place", testSite.BaseURL + "/directory/harbor-street-bakery", testSite.BaseURL + "/pricing", testSite.BaseURL + "/privacy", "<lastmod>"} {
			if !strings.Contains(body, want) {
				t.Errorf("sitemap lacks %q", want)
			}
		}
		if strings.Contains(body, "hidden-draft") {
			t.Error("sitemap lists an unpublished listing")
		}
		for _, p := range publicPaths {
			if !strings.Contains(body, "<loc>"+testSite.BaseURL+p+"</loc>") {
				t.Errorf("sitemap lacks public page %s", p)
			}
		}
		_, robots := app.get(t, "/robots.txt")
		if !strings.Contains(robots, "Sitemap: "+testSite.BaseURL+"/sitemap.xml") {
			t.Error("robots.txt does not point to the sitemap")
		}
	})
}

func TestLeads(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		app.signUp(t, "Olive Owner", "olive@example.com", goodPassword)
		u, _ := app.store.UserByEmail(ctx, "olive@example.com")
		b, _ := app.store.CreateBusiness(ctx, store.Business{Name: "Olive Tree Catering", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
		visitor := app.newClient()

		res, body := visitor.post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Vic"}, "email": {"nope"}, "message": {""}})
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, page, "Email")), "Enter a valid email address") ||
			!strings.Contains(fieldError(labelled(t, page, "Message")), "Write a message.") || valueOf(labelled(t, page, "Your name")) != "Vic" {
			t.Fatalf("invalid lead: %d", res.StatusCode)
		}

		res, _ = visitor.post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Vic Visitor"}, "email": {"vic@example.com"}, "phone": {"555-0100"}, "message": {"Can you cater 40 people on May 3?"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/directory/"+b.Slug+"/contact" {
			t.Fatalf("lead: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = visitor.get(t, "/directory/"+b.Slug+"/contact")
		page = parseHTML(t, body)
		if !anyContains(notices(page, "status"), "Olive Tree Catering will get back to you soon.") || !hasLink(page, "← Back to Olive Tree Catering", "/directory/"+b.Slug) || controls(page, "Message").Length() != 0 {
			t.Error("the page after sending does not confirm it in the form's place")
		}
		if _, body := visitor.get(t, "/directory/"+b.Slug+"/contact"); controls(parseHTML(t, body), "Message").Length() != 1 {
			t.Error("the confirmation stays: the form does not come back")
		}
		m := app.inbox.waitForSubject(t, "olive@example.com", "New enquiry")
		if !strings.Contains(m.Subject, "Olive Tree Catering") || !strings.Contains(m.Text, "Can you cater 40 people on May 3?") || !strings.Contains(m.Text, "vic@example.com") {
			t.Errorf("owner email: %+v", m)
		}

		// htmx: the dialog gets a fragment and a toast event.
		req, _ := http.NewRequest(http.MethodPost, app.URL+"/directory/"+b.Slug+"/contact", strings.NewReader(url.Values{"name": {"Hana"}, "email": {"hana@example.com"}, "message": {"Quote for a wedding?"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, body = visitor.do(t, req)
		if fragment := parseHTML(t, body); res.StatusCode != 200 || !strings.Contains(res.Header.Get("HX-Trigger"), `"toast"`) || !anyContains(notices(fragment, "status"), "Message sent!") || isPage(fragment) {
			t.Errorf("htmx lead: %d %q", res.StatusCode, res.Header.Get("HX-Trigger"))
		}

		// Honeypot: looks sent, stores nothing.
		visitor.post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Bot"}, "email": {"bot@example.com"}, "message": {"spam"}, "company_site": {"http://spam.example"}})

		app.signIn(t, "olive@example.com", goodPassword)
		_, body = app.get(t, "/dashboard")
		page = parseHTML(t, body)
		leads := textOf(region(page, "Recent Leads"))
		for _, want := range []string{"Vic Visitor", "Can you cater 40 people on May 3?", "Hana"} {
			if !strings.Contains(leads, want) {
				t.Errorf("Recent Leads lack %q", want)
			}
		}
		if got := terms(page.Find("main"))["Leads Generated"]; got != "2" || !strings.Contains(textOf(termGroup(page, "Leads Generated")), "+2 from last month") {
			t.Errorf("the dashboard counts %q leads, want 2, +2 from last month", got)
		}
		if strings.Contains(body, "spam") {
			t.Error("the honeypot lead was stored")
		}
	})
}

func TestLeadRateLimitAndMailFailure(t *testing.T) {
	app := newTestApp(t, store.SQLite, func(d *testDeps) { d.RateLimits.LeadPerIP = ratelimit.Rate{Limit: 2, Window: 3600e9} })
	ctx := context.Background()
	b, _ := app.store.CreateBusiness(ctx, store.Business{Name: "Busy Bee", Published: true})
	form := url.Values{"name": {"A"}, "email": {"a@example.com"}, "message": {"Hi"}}
	for range 2 {
		if res, _ := app.post(t, "/directory/"+b.Slug+"/contact", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("lead %d", res.StatusCode)
		}
	}
	res, body := app.post(t, "/directory/"+b.Slug+"/contact", form)
	page := parseHTML(t, body)
	if res.StatusCode != http.StatusTooManyRequests || !anyContains(notices(page, "alert"), "Please wait") || valueOf(labelled(t, page, "Email")) != "a@example.com" {
		t.Fatalf("3rd lead: %d", res.StatusCode)
	}
}

func TestLeadIsKeptWhenMailFails(t *testing.T) {
	down := func(d *testDeps) {
		m, _ := newDownMailer(d)
		d.Mailer = m
	}
	app := newTestApp(t, store.SQLite, down)
	ctx := context.Background()
	hash, _ := domain.HashPassword(goodPassword)
	u, _, _ := app.store.CreateAccount(ctx, store.NewAccount{Email: "o@example.com", PasswordHash: hash, Kind: store.KindBusiness})
	b, _ := app.store.CreateBusiness(ctx, store.Business{Name: "Mailless", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	res, _ := app.post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"A"}, "email": {"a@example.com"}, "message": {"Still here?"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("lead with mail down: %d", res.StatusCode)
	}
	leads, _ := app.store.RecentLeadsFor(ctx, u.ID, 10)
	if len(leads) != 1 || leads[0].Message != "Still here?" {
		t.Fatal("the lead was lost because mail failed")
	}
}

func TestLeadPastTheCapIsEmailedWithoutItsDetails(t *testing.T) {
	app := newTestApp(t, store.SQLite, func(d *testDeps) { d.RateLimits.LeadPerIP = ratelimit.Rate{Limit: 100, Window: 3600e9} })
	ctx := context.Background()
	u := signedInOwner(t, app, "capped@example.com")
	b, _ := app.store.CreateBusiness(ctx, store.Business{Name: "Capped Cafe", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	for i := range 10 {
		app.store.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Early", Email: "e@example.com", Message: "m" + itoa(i)})
	}
	res, _ := app.newClient().post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Eleventh"}, "email": {"late@example.com"}, "message": {"Secret plans for May"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("11th lead: %d", res.StatusCode)
	}
	m := app.inbox.waitForSubject(t, "capped@example.com", "over your plan")
	if strings.Contains(m.Text, "Secret plans for May") || strings.Contains(m.Text, "late@example.com") || !strings.Contains(m.Text, "/pricing") {
		t.Errorf("locked lead email reveals details or lacks the upgrade link: %q", m.Text)
	}
}

func TestDirectoryLinksItsLandingPages(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app) // one listing in each of five categories and five cities
		ctx := context.Background()
		add := func(name, category, city, state string, published bool) {
			t.Helper()
			_, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Category: category, City: city, State: state, Published: published})
			must(t, err)
		}
		for i, city := range []string{"Denver", "Denver", "Denver"} {
			add("Mile High Bakery "+itoa(i), "food", city, "CO", true)
		}
		add("Tacoma Tacos", "food", "Tacoma", "WA", true)
		add("Tacoma Tortas", "food", "Tacoma", "WA", true)
		for _, p := range [][2]string{{"Boise", "ID"}, {"Albany", "NY"}, {"Reno", "NV"}, {"Tulsa", "OK"}, {"Omaha", "NE"}, {"Salem", "MA"}, {"Mesa", "AZ"}, {"Yonkers", "NY"}} {
			add("Corner Store of "+p[0], "retail", p[0], p[1], true)
		}
		add("Unfinished Builders", "construction", "Fargo", "ND", false) // not published: counted nowhere

		for _, path := range []string{"/directory", "/directory?q=zzzz", "/directory?category=finance&page=2"} {
			_, body := app.get(t, path)
			page := parseHTML(t, body)
			browse := region(page, "Browse the directory")
			if browse.Length() != 1 {
				t.Fatalf("%s: no 'Browse the directory' navigation", path)
			}
			categories := region(browse, "Browse by category").Find("a[href]")
			var got []string
			categories.Each(func(_ int, a *goquery.Selection) { got = append(got, a.AttrOr("href", "")+" "+textOf(a)) })
			want := []string{
				"/directory/category/technology Technology 1 business",
				"/directory/category/healthcare Healthcare 1 business",
				"/directory/category/finance Finance 1 business",
				"/directory/category/retail Retail 8 businesses",
				"/directory/category/food Food & Beverage 6 businesses",
				"/directory/category/professional Professional Services 1 business",
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: the categories linked are\n%q\nwant each with listings, in the directory's order, with its count\n%q", path, got, want)
			}

			cities := region(browse, "Popular cities").Find("a[href]")
			got = nil
			cities.Each(func(_ int, a *goquery.Selection) { got = append(got, a.AttrOr("href", "")+" "+textOf(a)) })
			if len(got) != 12 {
				t.Fatalf("%s: %d cities linked, want the 12 with the most listings: %q", path, len(got), got)
			}
			if want := []string{"/directory/in/co/denver Denver, CO 4 businesses", "/directory/in/wa/tacoma Tacoma, WA 2 businesses", "/directory/in/ny/albany Albany, NY 1 business"}; !slices.Equal(got[:3], want) {
				t.Errorf("%s: the cities start with %q, want the most listings first, then by name: %q", path, got[:3], want)
			}
			if linksTo(browse, "/directory/in/ny/yonkers").Length() != 0 || linksTo(browse, "/directory/in/nd/fargo").Length() != 0 {
				t.Errorf("%s: a city past the twelfth, or one with only an unpublished listing, is linked", path)
			}
			if linksTo(browse, "/directory/category/construction").Length() != 0 {
				t.Errorf("%s: a category with only an unpublished listing is linked", path)
			}
		}
	})
}

func TestDirectoryWithoutListingsLinksNoLandingPages(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, body := app.get(t, "/directory")
	if res.StatusCode != 200 {
		t.Fatalf("status %d: %s", res.StatusCode, app.logs)
	}
	if region(parseHTML(t, body), "Browse the directory").Length() != 0 {
		t.Error("an empty directory offers landing pages that would be empty")
	}
}

// A corrected typo says so, with a link to search exactly what was typed;
// a page past the end of the results says so and links the last page
// (issue 40).
func TestDirectorySaysWhatItCorrected(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		for i := range 25 {
			app.store.CreateBusiness(context.Background(), store.Business{Name: "Paged Plumbing " + itoa(100+i), Published: true, Category: "construction", SubCategory: "Plumbing"})
		}
		_, body := app.get(t, "/directory?q=plumbr")
		page := parseHTML(t, body)
		if got := resultNames(page); len(got) != 20 || !strings.HasPrefix(got[0], "Paged Plumbing") {
			t.Errorf("plumbr finds %q, want the plumbing listings", got)
		}
		correction := page.Find(`[data-testid="search-correction"]`)
		if got := textOf(correction.Find("strong")); got != "plumbing" {
			t.Errorf("the page says it shows results for %q, want plumbing", got)
		}
		if !hasLink(correction, "Search instead for “plumbr”", "/directory?q=plumbr&exact=1") {
			t.Error("no link to search exactly what was typed")
		}
		_, body = app.get(t, "/directory?q=plumbr&exact=1")
		page = parseHTML(t, body)
		if headings(page, 3, "No businesses match your search").Length() != 1 || page.Find(`[data-testid="search-correction"]`).Length() != 0 {
			t.Error("the exact search finds something, or still says it corrected the text")
		}
		if got := valueOf(labelled(t, page, "Search")); got != "plumbr" {
			t.Errorf("the search box holds %q, want what was typed", got)
		}
		_, body = app.get(t, "/directory?q=plumbing")
		if parseHTML(t, body).Find(`[data-testid="search-correction"]`).Length() != 0 {
			t.Error("a search that needed no correction says it made one")
		}
		var js struct {
			Corrected string `json:"corrected"`
			Total     int    `json:"total"`
		}
		_, body = app.get(t, "/directory.json?q=plumbr")
		if err := json.Unmarshal([]byte(body), &js); err != nil || js.Corrected != "plumbing" || js.Total != 25 {
			t.Errorf("the JSON says corrected %q, total %d (%v)", js.Corrected, js.Total, err)
		}

		_, body = app.get(t, "/directory?q=plumbing&page=999")
		page = parseHTML(t, body)
		past := page.Find(`[data-testid="past-end"]`)
		if headings(past, 3, "Page 999 is past the end of these results").Length() != 1 || !hasLink(past, "Go to the last page", "/directory?q=plumbing&page=2") {
			t.Error("a page past the end does not say so or link the last page")
		}
		if headings(page, 3, "No businesses match your search").Length() != 0 {
			t.Error("a page past the end says nothing matches")
		}
	})
}
