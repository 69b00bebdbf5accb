package handlers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// Listing impersonation: a listing cannot show an address its owner has
// not proved, nor go live under the name of another business in its city
// without an administrator's review.

// publicEmail is the contact email the public page of slug shows (its
// Contact details and its JSON-LD), "" when it shows none, failing the
// test when the two disagree or the address appears anywhere else.
func publicEmail(t *testing.T, app *testApp, slug, address string) string {
	t.Helper()
	res, body := app.newClient().get(t, "/directory/"+slug)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/directory/%s: %d", slug, res.StatusCode)
	}
	page := parseHTML(t, body)
	shown := terms(headings(page, 2, "Contact details").Parent())["Email"]
	ld, _ := jsonLD(t, page)["email"].(string)
	if shown != ld {
		t.Errorf("the page shows the email %q, its JSON-LD %q", shown, ld)
	}
	if shown == "" && strings.Contains(body, address) {
		t.Errorf("%s is on the page though it shows no email", address)
	}
	if _, body := app.newClient().get(t, "/directory.json?q="+url.QueryEscape(slug[:5])); strings.Contains(body, address) {
		t.Errorf("%s is in the directory's JSON", address)
	}
	return shown
}

// confirmListingEmail follows the confirmation link emailed to address:
// a page that asks, then its button.
func confirmListingEmail(t *testing.T, app *testApp, address string) {
	t.Helper()
	link := strings.TrimPrefix(app.inbox.link(t, address, "/listing-email/confirm?token="), testSite.BaseURL)
	someone := app.newClient() // the mailbox's owner, signed in or not
	res, body := someone.get(t, link)
	page := parseHTML(t, body)
	if res.StatusCode != http.StatusOK || headings(page, 1, "Confirm a contact email").Length() != 1 {
		t.Fatalf("the confirmation link shows %d without its heading", res.StatusCode)
	}
	form := formOf(page, "Confirm")
	values := url.Values{}
	form.Find("input[type=hidden]").Each(func(_ int, in *goquery.Selection) { values.Set(in.AttrOr("name", ""), in.AttrOr("value", "")) })
	res, body = someone.post(t, form.AttrOr("action", ""), values)
	if res.StatusCode != http.StatusOK || !anyContains(notices(parseHTML(t, body), "status"), address+" is confirmed") {
		t.Fatalf("confirming %s: %d %q", address, res.StatusCode, notices(parseHTML(t, body), "status"))
	}
}

func TestListingContactEmailIsPublicOnlyOnceConfirmed(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "taco@example.com")
		res, _ := app.post(t, "/business/create-profile", listingForm("Taco Palace"))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create: %d", res.StatusCode)
		}
		if got := publicEmail(t, app, "taco-palace", "hello@taco.example"); got != "" {
			t.Fatalf("the listing shows %q before the address is confirmed", got)
		}
		_, body := app.get(t, "/dashboard")
		item := dashboardListing(t, parseHTML(t, body), "Taco Palace")
		if !slices.Contains(badges(item), "Email awaiting confirmation") || nameStarts(item.Find("button"), "Resend").Length() != 1 {
			t.Errorf("the dashboard does not say the email waits for confirmation, with a resend button: %q", badges(item))
		}
		manage := "/dashboard/businesses/" + itoa(int(mustBusiness(t, app, "taco-palace").ID))
		_, body = app.get(t, manage)
		page := parseHTML(t, body)
		if !anyContains(notices(page, "note"), "hello@taco.example is waiting for confirmation") {
			t.Errorf("the manage page does not say the address waits: %q", notices(page, "note"))
		}
		// Resending sends a new link; only the latest works.
		old := app.inbox.link(t, "hello@taco.example", "/listing-email/confirm?token=")
		res, _ = app.post(t, formOf(page, "Resend the confirmation link").AttrOr("action", ""), nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("resend: %d", res.StatusCode)
		}
		waitForCount(t, app, "hello@taco.example", 2)
		if res, _ := app.newClient().get(t, strings.TrimPrefix(old, testSite.BaseURL)); res.StatusCode != http.StatusBadRequest {
			t.Errorf("a replaced link still works: %d", res.StatusCode)
		}

		confirmListingEmail(t, app, "hello@taco.example")
		if got := publicEmail(t, app, "taco-palace", "hello@taco.example"); got != "hello@taco.example" {
			t.Fatalf("after confirmation the listing shows %q", got)
		}

		// Another address needs its own confirmation.
		form := listingForm("Taco Palace")
		form.Set("email", "orders@taco.example")
		if res, _ := app.post(t, manage, form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if got := publicEmail(t, app, "taco-palace", "orders@taco.example"); got != "" {
			t.Errorf("a changed address shows before it is confirmed: %q", got)
		}
		confirmListingEmail(t, app, "orders@taco.example")
		if got := publicEmail(t, app, "taco-palace", "orders@taco.example"); got != "orders@taco.example" {
			t.Errorf("the changed address, confirmed, shows as %q", got)
		}

		// The account's own, verified address shows at once, unasked.
		form.Set("email", "taco@example.com")
		app.post(t, manage, form)
		if got := publicEmail(t, app, "taco-palace", "taco@example.com"); got != "taco@example.com" {
			t.Errorf("the account's verified address shows as %q", got)
		}
	})
}

func TestNearDuplicateListingIsHeldForAnAdministrator(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app) // Harbor Street Bakery, Portland, OR
		signedInOwner(t, app, "copycat@example.com")
		form := listingForm("Harbour Street Bakery, LLC")
		form.Set("city", "portland")
		form.Set("state", "OR")
		res, _ := app.post(t, "/business/create-profile", form)
		held := mustBusiness(t, app, "harbour-street-bakery-llc")
		manage := "/dashboard/businesses/" + itoa(int(held.ID))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != manage {
			t.Fatalf("create a near-duplicate: %d to %q, want the manage page", res.StatusCode, res.Header.Get("Location"))
		}
		if seen := publicPlaces(t, app, "Harbour Street Bakery, LLC", held.Slug); len(seen) > 0 {
			t.Fatalf("the held listing is public in %q", seen)
		}
		_, body := app.get(t, manage)
		page := parseHTML(t, body)
		if !hasToast(page, "Held for review", "") || !anyContains(notices(page, "note"), "waits for an administrator's review") {
			t.Errorf("the owner is not told the listing is held: %+v %q", toasts(page), notices(page, "note"))
		}
		res, body = app.post(t, manage+"/publish", url.Values{"published": {"1"}})
		if res.StatusCode != http.StatusConflict || !hasToast(parseHTML(t, body), "This listing can't be published yet", "") {
			t.Errorf("publishing a held listing: %d", res.StatusCode)
		}
		_, body = app.get(t, "/dashboard")
		if b := badges(dashboardListing(t, parseHTML(t, body), "Harbour Street Bakery, LLC")); !slices.Contains(b, "Held for review") {
			t.Errorf("the dashboard's badges are %q", b)
		}

		admin := app.asAdmin(t)
		_, body = admin.get(t, "/admin")
		page = parseHTML(t, body)
		if !hasLink(page.Find(`nav[aria-label="Administration"]`), "Held listings", "/admin/held") {
			t.Error("the administration's navigation has no 'Held listings'")
		}
		if !slices.Contains(texts(page.Find(".stat")), "1 Listings held for review") {
			t.Errorf("the overview does not count the held listing: %q", texts(page.Find(".stat")))
		}
		_, body = admin.get(t, "/admin/held")
		page = parseHTML(t, body)
		item := headings(page, 2, "Harbour Street Bakery, LLC").Closest("li")
		if item.Length() != 1 || headings(item, 3, "Held listing").Length() != 1 || headings(item, 3, "Published listing it resembles").Length() != 1 {
			t.Fatalf("the queue does not show the held listing beside the one it resembles")
		}
		if !slices.Contains(texts(item.Find("h4")), "Harbor Street Bakery") {
			t.Errorf("the resembled listing is not named: %q", texts(item.Find("h4")))
		}
		res, _ = admin.post(t, nameStarts(item.Find("button"), "Approve").Closest("form").AttrOr("action", ""), nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve: %d", res.StatusCode)
		}
		if seen := publicPlaces(t, app, "Harbour Street Bakery, LLC", held.Slug); len(seen) != 4 {
			t.Errorf("approved, the listing is public only in %q", seen)
		}
		app.inbox.waitForSubject(t, "copycat@example.com", "is live")
		_, body = admin.get(t, "/admin/businesses/"+itoa(int(held.ID)))
		if history := tableRows(region(parseHTML(t, body), "Moderation history")); len(history) == 0 || !strings.HasPrefix(history[0][2], "Approved the name") {
			t.Errorf("the approval is not in the listing's history: %q", history)
		}
		_, body = admin.get(t, "/admin/held")
		if page := parseHTML(t, body); !anyContains(texts(page.Find(".empty-state")), "No listing waits for review.") {
			t.Error("the emptied queue does not say so")
		}

		// A rejected one stays unpublished, with the reason recorded and
		// emailed.
		res, _ = app.post(t, "/business/create-profile", func() url.Values { f := form; f.Set("name", "Harbor Street Bakery Inc."); return f }())
		rejected := mustBusiness(t, app, "harbor-street-bakery-inc")
		if res.Header.Get("Location") != "/dashboard/businesses/"+itoa(int(rejected.ID)) {
			t.Fatalf("the exact name, suffix aside, was not held: %q", res.Header.Get("Location"))
		}
		_, body = admin.get(t, "/admin/held")
		rejectForm := nameStarts(headings(parseHTML(t, body), 2, "Harbor Street Bakery Inc.").Closest("li").Find("button"), "Reject").Closest("form")
		if labelled(t, rejectForm, "Reason").Length() != 1 {
			t.Fatal("rejecting asks for no reason")
		}
		res, _ = admin.post(t, rejectForm.AttrOr("action", ""), url.Values{"reason": {"This is the name of another bakery in Portland."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reject: %d", res.StatusCode)
		}
		if seen := publicPlaces(t, app, "Harbor Street Bakery Inc.", rejected.Slug); len(seen) > 0 {
			t.Errorf("a rejected listing is public in %q", seen)
		}
		if m := app.inbox.waitForSubject(t, "copycat@example.com", "could not be published"); !strings.Contains(m.Text, "This is the name of another bakery in Portland.") {
			t.Errorf("the owner's email does not give the reason: %s", m.Text)
		}
		_, body = admin.get(t, "/admin/businesses/"+itoa(int(rejected.ID)))
		if history := tableRows(region(parseHTML(t, body), "Moderation history")); len(history) == 0 || !strings.Contains(history[0][2], "This is the name of another bakery in Portland.") {
			t.Errorf("the rejection and its reason are not in the history: %q", history)
		}
		res, _ = app.post(t, "/dashboard/businesses/"+itoa(int(rejected.ID))+"/publish", url.Values{"published": {"1"}})
		if res.StatusCode != http.StatusConflict {
			t.Errorf("the owner published a rejected listing: %d", res.StatusCode)
		}
		// The queue's export holds both decisions.
		_, rows := readCSV(t, admin, "/admin/held.csv?status=all")
		if len(rows) != 3 || rows[0][1] != "Listing" || rows[1][9] != "rejected" || rows[1][10] != "This is the name of another bakery in Portland." || rows[2][9] != "approved" {
			t.Errorf("the export: %q", rows)
		}
	}, withAdmin)
}

// Which new listings are held: the name is compared with the published
// listings of the same city, other owners' only.
func TestWhichListingsAreHeld(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	signedInOwner(t, app, "maker@example.com")
	for _, tc := range []struct {
		name, city, state string
		held              bool
	}{
		{"Harbor Street Bakery", "Portland", "OR", true},
		{"HARBOR STREET BAKERY CO", "Portland", "OR", true},
		{"The Harbor-Street Bakery", "Portland", "OR", true},
		{"Harbr Street Bakery", "Portland", "OR", true},
		{"Harbor Street Bakery", "Seattle", "WA", false},
		{"Harbor Street Books", "Portland", "OR", false},
		{"Greenleaf Family Clinic", "Austin", "TX", false},
	} {
		form := listingForm(tc.name)
		form.Set("city", tc.city)
		form.Set("state", tc.state)
		res, _ := app.post(t, "/business/create-profile", form)
		loc := res.Header.Get("Location")
		if held := strings.HasPrefix(loc, "/dashboard/businesses/"); held != tc.held {
			t.Errorf("%s in %s, %s: sent to %s, held %v, want %v", tc.name, tc.city, tc.state, loc, held, tc.held)
		}
	}
	// An owner's second listing of the same name (another branch) is not
	// held for resembling the first.
	for range 2 {
		form := listingForm("Kettle & Crumb")
		if res, _ := app.post(t, "/business/create-profile", form); !strings.HasPrefix(res.Header.Get("Location"), "/directory/") {
			t.Errorf("the owner's own 'Kettle & Crumb' was held: %q", res.Header.Get("Location"))
		}
	}
}

// Renaming a published listing to another's name holds it too.
func TestRenamedListingIsHeld(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		signedInOwner(t, app, "renamer@example.com")
		form := listingForm("Quiet Corner Books")
		form.Set("city", "Denver")
		form.Set("state", "CO")
		app.post(t, "/business/create-profile", form)
		b := mustBusiness(t, app, "quiet-corner-books")
		form.Set("name", "Greenleaf Family Clinic")
		res, _ := app.post(t, "/dashboard/businesses/"+itoa(int(b.ID)), form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rename: %d", res.StatusCode)
		}
		if got := mustBusiness(t, app, "quiet-corner-books"); got.Published || !got.Held {
			t.Error("renamed to another clinic's name, the listing stayed public")
		}
		// Its own name again: the hold is withdrawn, and it is live.
		form.Set("name", "Quiet Corner Books")
		app.post(t, "/dashboard/businesses/"+itoa(int(b.ID)), form)
		if got := mustBusiness(t, app, "quiet-corner-books"); !got.Published || got.Held {
			t.Errorf("renamed back: published %v held %v", got.Published, got.Held)
		}
		if _, total, _ := app.store.Holds(context.Background(), store.HoldPending, store.Page{Limit: 5}); total != 0 {
			t.Errorf("%d holds still pending", total)
		}
	})
}

// mustBusiness is the listing at slug.
func mustBusiness(t *testing.T, app *testApp, slug string) store.Business {
	t.Helper()
	b, err := app.store.BusinessBySlug(context.Background(), slug)
	if err != nil {
		t.Fatalf("listing %s: %v", slug, err)
	}
	return b
}

// waitForCount waits until n messages went to addr.
func waitForCount(t *testing.T, app *testApp, addr string, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for app.inbox.count(t, addr) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d emails to %s, want %d", app.inbox.count(t, addr), addr, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
