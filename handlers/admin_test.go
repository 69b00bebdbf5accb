package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/go-chi/chi/v5"

	"bizprofile/store"
)

// adminRoutes lists every /admin route of the router, with a sample id.
func adminRoutes(t *testing.T, app *testApp) [][2]string {
	t.Helper()
	var routes [][2]string
	err := chi.Walk(app.h.Routes().(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if strings.HasPrefix(route, "/admin") {
			routes = append(routes, [2]string{method, strings.NewReplacer("{id}", "1", "{image}", "1").Replace(route)})
		}
		return nil
	})
	must(t, err)
	if len(routes) < 15 {
		t.Fatalf("only %d /admin routes found: %v", len(routes), routes)
	}
	return routes
}

func TestAdminIsNotFoundForEveryoneElse(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		before, err := app.store.BusinessByID(context.Background(), 1)
		must(t, err)
		owner := app.newClient()
		owner.account(t, "owner@example.com", store.KindBusiness)
		for _, who := range []struct {
			name   string
			client *testApp
		}{{"signed out", app}, {"a business owner", owner}} {
			for _, r := range adminRoutes(t, app) {
				var res *http.Response
				var body string
				if r[0] == http.MethodPost {
					res, body = who.client.post(t, r[1], url.Values{"action": {"verify"}})
				} else {
					res, body = who.client.get(t, r[1])
				}
				if res.StatusCode != http.StatusNotFound || headings(parseHTML(t, body), 1, "Oops! Page not found").Length() != 1 {
					t.Errorf("%s: %s %s = %d, want the 404 page", who.name, r[0], r[1], res.StatusCode)
				}
			}
			if _, body := who.client.get(t, "/dashboard"); linksTo(parseHTML(t, body), "/admin").Length() != 0 {
				t.Errorf("%s sees a link to the administration", who.name)
			}
		}
		if after, _ := app.store.BusinessByID(context.Background(), 1); after.Verified != before.Verified || after.UpdatedAt != before.UpdatedAt {
			t.Errorf("a refused moderation changed the listing: %+v", after)
		}
		history, _ := app.store.ModerationHistory(context.Background(), 1)
		if len(history) != 0 {
			t.Errorf("refused requests left %d moderation records", len(history))
		}
	}, withAdmin)
}

func TestAdminPagesOpenToAdministrators(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		// A newsletter draft for /admin/newsletter/1 and its send step.
		_, err := app.store.CreateNewsletter(context.Background(), store.Newsletter{Subject: "Draft", Body: "Hello"})
		must(t, err)
		// A logo (image 1) of listing 1 for its removal page.
		_, _, err = app.store.AddListingImage(context.Background(), 1, store.ListingImage{Kind: store.ImageLogo, Picture: unstoredLogo}, 3)
		must(t, err)
		admin := app.asAdmin(t)
		// Account 1 is a partner's too, for /admin/partners/{id}.
		must(t, app.store.CreatePartner(context.Background(), store.NewPartner{UserID: 1, Plan: "partner", TermsAcceptedAt: time.Now()}))
		for _, r := range adminRoutes(t, app) {
			if r[0] != http.MethodGet {
				continue
			}
			res, body := admin.get(t, r[1])
			if res.StatusCode != http.StatusOK {
				t.Errorf("GET %s = %d", r[1], res.StatusCode)
			}
			if strings.HasSuffix(r[1], ".csv") {
				continue
			}
			page := parseHTML(t, body)
			if robots := page.Find(`head meta[name="robots"]`).AttrOr("content", ""); !strings.Contains(robots, "noindex") || region(page, "Administration").Length() != 1 {
				t.Errorf("GET %s is not an administration page kept from search engines", r[1])
			}
		}
		if _, body := admin.get(t, "/dashboard"); !hasLink(parseHTML(t, body), "Admin", "/admin") {
			t.Error("an administrator has no link to the administration")
		}
		if res, _ := admin.get(t, "/admin/businesses/999999"); res.StatusCode != http.StatusNotFound {
			t.Errorf("unknown listing: %d", res.StatusCode)
		}
	}, withAdmin)
}

func TestAdminGrantedByCommandCanEnter(t *testing.T) {
	app := newTestApp(t, store.SQLite) // no ADMIN_EMAILS
	app.account(t, "ops@example.com", store.KindIndividual)
	// With no administrator at all, the page says how to make one
	// (TestFirstAdministratorHint).
	if res, _ := app.get(t, "/admin"); res.StatusCode != http.StatusForbidden {
		t.Fatalf("before the grant: %d", res.StatusCode)
	}
	must(t, app.store.SetAdmin(context.Background(), "ops@example.com", true))
	res, body := app.get(t, "/admin")
	if page := parseHTML(t, body); res.StatusCode != http.StatusOK || !strings.Contains(textOf(linksTo(page.Find("main"), "/admin/claims")), "Claims to review") {
		t.Errorf("after the grant: %d", res.StatusCode)
	}
}

// adminListings are the listings an admin list of businesses shows, by
// name.
func adminListings(page *goquery.Document) []string {
	return texts(page.Find("main tbody td:first-child > a"))
}

func TestModerationIsRecordedAndShown(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		admin := app.asAdmin(t)
		b, err := app.store.BusinessBySlug(ctx, "greenleaf-family-clinic")
		must(t, err)
		id := strconv.FormatInt(b.ID, 10)
		page := "/admin/businesses/" + id

		_, body := admin.get(t, "/admin/businesses?q=greenleaf")
		if got := adminListings(parseHTML(t, body)); !slices.Equal(got, []string{"Greenleaf Family Clinic"}) {
			t.Errorf("the businesses search for greenleaf lists %q", got)
		}
		for _, step := range []struct{ action, toast string }{
			{"feature", "Listing featured"},
			{"unpublish", "Listing unpublished"},
		} {
			res, _ := admin.post(t, page+"/moderate", url.Values{"action": {step.action}})
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != page {
				t.Fatalf("%s: %d to %q", step.action, res.StatusCode, res.Header.Get("Location"))
			}
			if _, body := admin.get(t, page); !hasToast(parseHTML(t, body), step.toast, "") {
				t.Errorf("%s: no %q toast", step.action, step.toast)
			}
		}
		if res, _ := app.get(t, "/directory/greenleaf-family-clinic"); res.StatusCode != http.StatusNotFound {
			t.Errorf("an unpublished listing is still public: %d", res.StatusCode)
		}
		// Nobody owns the sample, so it is not verified
		// (TestOnlyOwnedListingsAreVerified): its featuring is undone instead.
		admin.post(t, page+"/moderate", url.Values{"action": {"unfeature"}})
		admin.post(t, page+"/moderate", url.Values{"action": {"publish"}})
		if res, _ := admin.post(t, page+"/moderate", url.Values{"action": {"delete"}}); res.StatusCode != http.StatusBadRequest {
			t.Errorf("unknown action: %d", res.StatusCode)
		}

		got, _ := app.store.BusinessByID(ctx, b.ID)
		if got.Featured || !got.Published || got.Verified {
			t.Errorf("flags after moderation: %+v", got)
		}
		_, body = admin.get(t, page)
		history := tableRows(region(parseHTML(t, body), "Moderation history"))
		var what []string
		for _, row := range history {
			if row[1] != adminEmail {
				t.Errorf("a moderation by %q, want %s", row[1], adminEmail)
			}
			what = append(what, row[2])
		}
		for _, want := range []string{"Featured", "Unpublished", "Published"} {
			if !slices.Contains(what, want) {
				t.Errorf("the listing's moderation history lacks %q: %q", want, what)
			}
		}
		stored, err := app.store.ModerationHistory(ctx, b.ID)
		must(t, err)
		if len(stored) != 4 || len(history) != 4 {
			t.Errorf("%d moderation records, %d shown, want 4", len(stored), len(history))
		}
	}, withAdmin)
}

func TestAdminCSVExports(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		_, err := app.store.CreateContactMessage(ctx, store.ContactMessage{FirstName: "=HYPERLINK(\"http://evil\")", LastName: "Lane", Email: "ada@example.com",
			Company: "Lane, Co", Subject: "demo", Message: "Line one\nline \"two\""})
		must(t, err)
		_, err = app.store.CreatePartnerApplication(ctx, store.PartnerApplication{Name: "Cy", Email: "cy@example.com", Company: "Cy Co", Tier: "strategic", Message: "-1+1"})
		must(t, err)
		// More subscribers than one page shows, and than one export batch
		// reads, on two lists.
		for i := range exportBatch + 20 {
			list := store.ListNewsletter
			if i%10 == 0 {
				list = store.ListStatus
			}
			_, _, err := app.store.Subscribe(ctx, fmt.Sprintf("reader%03d@example.com", i), list, 0)
			must(t, err)
		}
		admin := app.asAdmin(t)

		res, rows := readCSV(t, admin, "/admin/messages.csv")
		if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("Content-Type %q", ct)
		}
		if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="admin-messages-`) {
			t.Errorf("Content-Disposition %q", cd)
		}
		want := []string{"Sent", "First name", "Last name", "Email", "Company", "Subject", "Message"}
		if len(rows) != 2 || strings.Join(rows[0], "|") != strings.Join(want, "|") {
			t.Fatalf("messages CSV = %q", rows)
		}
		r := rows[1]
		if r[1] != `'=HYPERLINK("http://evil")` || r[3] != "ada@example.com" || r[4] != "Lane, Co" || r[5] != "Schedule a demo" || r[6] != "Line one\nline \"two\"" {
			t.Errorf("message row = %q", r)
		}
		if _, rows := readCSV(t, admin, "/admin/partners/applications.csv"); len(rows) != 2 || rows[1][1] != "Cy" || rows[1][6] != "'-1+1" {
			t.Errorf("partners CSV (a formula-like message neutralised) = %q", rows)
		}

		_, rows = readCSV(t, admin, "/admin/subscribers.csv")
		if len(rows) != 1+exportBatch+20 {
			t.Errorf("subscribers CSV has %d rows, want %d", len(rows), 1+exportBatch+20)
		}
		seen := map[string]bool{}
		for _, r := range rows[1:] {
			if seen[r[1]] {
				t.Errorf("%s exported twice", r[1])
			}
			seen[r[1]] = true
		}
		_, rows = readCSV(t, admin, "/admin/subscribers.csv?list=status")
		if len(rows) != 1+(exportBatch+20+9)/10 {
			t.Errorf("status subscribers CSV has %d rows", len(rows))
		}
		for _, r := range rows[1:] {
			if r[2] != "Status updates" {
				t.Errorf("a %s subscriber in the status export", r[2])
			}
		}
		_, body := admin.get(t, "/admin/subscribers")
		list := parseHTML(t, body)
		if count := textOf(headings(list, 1, "Subscribers").Next()); count != "520 in all" {
			t.Errorf("the subscribers page counts %q, want 520 in all", count)
		}
		if pages := textOf(region(list, "Pages")); !strings.Contains(pages, "Page 1 of 11") || !hasLink(region(list, "Pages"), "Next", "/admin/subscribers?page=2") {
			t.Errorf("the subscribers pagination reads %q, or has no link to page 2", pages)
		}
		if !hasLink(list, "Export CSV", "/admin/subscribers.csv") {
			t.Error("the subscribers page has no CSV export")
		}
		_, body = admin.get(t, "/admin/subscribers?list=status&page=2")
		if list := parseHTML(t, body); !strings.Contains(textOf(region(list, "Pages")), "Page 2 of 2") || !hasLink(list, "Export CSV", "/admin/subscribers.csv?list=status") {
			t.Error("the status list's second page or its export link is wrong")
		}
		// Past the end (the last rows were just handled, or an edited URL):
		// the last page, not an empty list.
		for path, want := range map[string]string{
			"/admin/subscribers?list=status&page=9": "/admin/subscribers?list=status&page=2",
			"/admin/businesses?page=4":              "/admin/businesses",
			"/admin/claims?page=2":                  "/admin/claims",
		} {
			if res, _ := admin.get(t, path); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
				t.Errorf("GET %s: %d to %q, want %s", path, res.StatusCode, res.Header.Get("Location"), want)
			}
		}

		_, rows = readCSV(t, admin, "/admin/businesses.csv?q=bakery")
		if len(rows) != 2 || rows[1][1] != "Harbor Street Bakery" || rows[1][2] != testSite.BaseURL+"/directory/harbor-street-bakery" || rows[1][6] != "" {
			t.Errorf("businesses CSV for 'bakery' = %q", rows)
		}
		if _, rows := readCSV(t, admin, "/admin/claims.csv?status=all"); len(rows) != 1 || rows[0][1] != "Listing" {
			t.Errorf("empty claims CSV = %q", rows)
		}
	}, withAdmin)
}

func TestAdministratorsAreToldOfContactMessagesAndApplications(t *testing.T) {
	app := newTestApp(t, store.SQLite, withAdmin)
	res, _ := app.post(t, "/contact", url.Values{"first_name": {"Ada"}, "last_name": {"Lane"}, "email": {"ada@example.com"},
		"subject": {"billing"}, "message": {"Can I pay yearly?"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("contact: %d", res.StatusCode)
	}
	m := app.inbox.waitForSubject(t, adminEmail, "Contact form")
	if m.Subject != "Contact form: Billing and plans from Ada Lane" || !strings.Contains(m.Text, "Can I pay yearly?") || !strings.Contains(m.Text, "/admin/messages") {
		t.Errorf("contact notice: %q\n%s", m.Subject, m.Text)
	}
	res, _ = app.post(t, "/partners/signup", url.Values{"name": {"Cy"}, "email": {"cy@example.com"}, "company": {"Cy Co"}, "kind": {"referral"},
		"plan": {"partner"}, "terms": {"accept"}, "password": {goodPassword}, "confirm_password": {goodPassword}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("partner application: %d", res.StatusCode)
	}
	if m := app.inbox.waitForSubject(t, adminEmail, "Partner application"); m.Subject != "Partner application from Cy Co" || !strings.Contains(m.Text, "Referral Partner") {
		t.Errorf("application notice: %q\n%s", m.Subject, m.Text)
	}
}

func TestAnOwnerCannotRepublishAListingTakenDown(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		signedInOwner(t, app, "owner@example.com")
		app.post(t, "/business/create-profile", listingForm("Owned Diner"))
		b, err := app.store.BusinessBySlug(ctx, "owned-diner")
		must(t, err)
		manage := "/dashboard/businesses/" + itoa(int(b.ID))
		moderate := "/admin/businesses/" + itoa(int(b.ID)) + "/moderate"
		admin := app.asAdmin(t)

		admin.post(t, moderate, url.Values{"action": {"unpublish"}})
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusNotFound {
			t.Fatalf("a listing taken down is public: %d", res.StatusCode)
		}
		_, body := app.get(t, manage)
		page := parseHTML(t, body)
		if !anyContains(notices(page, "note"), "Our moderators unpublished this listing.") || buttons(page, "Publish").Length() != 0 {
			t.Error("the manage page offers Publish on a listing taken down, or does not say why")
		}
		_, body = app.get(t, "/dashboard")
		if got := badges(dashboardListing(t, parseHTML(t, body), "Owned Diner")); !slices.Contains(got, "Unpublished by our moderators") {
			t.Errorf("the dashboard does not show the takedown: badges %q", got)
		}
		res, body := app.post(t, manage+"/publish", url.Values{"published": {"1"}})
		if res.StatusCode != http.StatusConflict || !hasToast(parseHTML(t, body), "This listing can't be published", "") {
			t.Fatalf("owner's publish of a listing taken down: %d", res.StatusCode)
		}
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusNotFound {
			t.Fatal("the owner republished a listing taken down")
		}
		// The owner can still edit it meanwhile.
		if res, _ := app.post(t, manage, listingForm("Owned Diner")); res.StatusCode != http.StatusSeeOther {
			t.Errorf("edit of a listing taken down: %d", res.StatusCode)
		}
		if _, body := admin.get(t, "/admin/businesses?filter=suspended"); !slices.Equal(adminListings(parseHTML(t, body)), []string{"Owned Diner"}) {
			t.Errorf("the taken-down filter lists %q, want the listing alone", adminListings(parseHTML(t, body)))
		}

		admin.post(t, moderate, url.Values{"action": {"publish"}})
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusOK {
			t.Fatalf("published again by an administrator: %d", res.StatusCode)
		}
		app.post(t, manage+"/publish", url.Values{"published": {"0"}})
		app.post(t, manage+"/publish", url.Values{"published": {"1"}})
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusOK {
			t.Errorf("the owner's own publish after the review: %d", res.StatusCode)
		}
	}, withAdmin)
}
