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
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jmoiron/sqlx"

	"bizprofile/store"
)

// homeListing is a published Portland construction listing owned by a new
// business account (owner@...), so quote requests match it.
func homeListing(t *testing.T, app *testApp, owner, name string) (store.Business, store.User) {
	t.Helper()
	ctx := context.Background()
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: owner, PasswordHash: "x", Kind: store.KindBusiness})
	must(t, err)
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Category: "construction", City: "Portland", State: "OR",
		Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	return b, u
}

// homeFixture is an individual, Jane, signed in on app, with a quote
// request matched to two businesses (one replied), an enquiry sent to a
// third, a review and a saved business.
type homeFixture struct {
	jane                     store.User
	roofers, builders, cafe  store.Business
	request                  store.QuoteRequest
	rooferOwner, cafeOwner   store.User
	repliedLead, enquiryLead store.Lead
}

func newHomeFixture(t *testing.T, app *testApp) homeFixture {
	t.Helper()
	ctx := context.Background()
	var f homeFixture
	f.roofers, f.rooferOwner = homeListing(t, app, "roofers@example.com", "Ridge Roofers")
	f.builders, _ = homeListing(t, app, "builders@example.com", "Bay Builders")
	f.cafe, f.cafeOwner = homeListing(t, app, "cafe@example.com", "Corner Cafe")
	f.jane = app.account(t, "jane@example.com", store.KindIndividual)
	q, matches, err := app.store.CreateQuoteRequest(ctx, store.QuoteRequest{
		UserID: sql.NullInt64{Int64: f.jane.ID, Valid: true}, Name: "Jane Doe", Email: "jane@example.com", Category: "construction",
		Description: "We need a new porch roof before the rains, about 12 square metres.", City: "Portland", State: "OR", Timing: store.TimingMonth,
	}, "")
	must(t, err)
	f.request = q
	for _, m := range matches {
		if m.Business.ID == f.roofers.ID {
			f.repliedLead = m.Lead
		}
	}
	if len(matches) != 3 || f.repliedLead.ID == 0 {
		t.Fatalf("the request matched %d listings, want the 3 construction ones", len(matches))
	}
	must(t, app.store.RecordLeadReply(ctx, f.repliedLead.ID, f.rooferOwner.ID, "We can come on Tuesday to measure."))
	f.enquiryLead, err = app.store.CreateLead(ctx, store.Lead{BusinessID: f.cafe.ID, Name: "Jane Doe", Email: "jane@example.com",
		Message: "Do you cater for 30 people on a Saturday?", UserID: sql.NullInt64{Int64: f.jane.ID, Valid: true}})
	must(t, err)
	must(t, app.store.SetLeadStatus(ctx, f.enquiryLead.ID, f.cafeOwner.ID, store.LeadWon))
	_, err = app.store.CreateReview(ctx, store.NewReview{BusinessID: f.cafe.ID, UserID: sql.NullInt64{Int64: f.jane.ID, Valid: true}, AuthorName: "Jane D.",
		ReviewText: store.ReviewText{Rating: 4, Title: "Great sandwiches", Body: "Fresh bread, friendly staff and quick service at lunch."}})
	must(t, err)
	must(t, app.store.SaveBusiness(ctx, f.jane.ID, f.builders.ID))
	return f
}

// homeSection is the section of the individual's home named name.
func homeSection(t *testing.T, doc *goquery.Document, name string) *goquery.Selection {
	t.Helper()
	s := region(doc.Find("main"), name)
	if s.Length() != 1 {
		t.Fatalf("%d sections named %q, want 1", s.Length(), name)
	}
	return s
}

// matchStatuses reads the matches of scope: business name to its status
// in words and its reply ("" for none).
func matchStatuses(scope *goquery.Selection) map[string][2]string {
	out := map[string][2]string{}
	scope.Find(".match").Each(func(_ int, m *goquery.Selection) {
		out[textOf(m.Find(".match-business"))] = [2]string{textOf(byTestID(m, "match-status")), textOf(byTestID(m, "match-reply").Find("p"))}
	})
	return out
}

func TestIndividualHomeShowsRequestsEnquiriesReviewsAndSaved(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newHomeFixture(t, app)
		res, body := app.get(t, "/dashboard")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		doc := parseHTML(t, body)
		if headings(doc, 1, "Welcome back, User jane@example.com").Length() != 1 {
			t.Errorf("h1 = %q", texts(doc.Find("h1")))
		}
		if region(doc, "Your Businesses").Length() != 0 || termGroup(doc, "Leads Generated").Length() != 0 {
			t.Error("an individual sees the business dashboard")
		}

		requests := homeSection(t, doc, "Your quote requests")
		items := byTestID(requests, "home-request")
		if items.Length() != 1 {
			t.Fatalf("%d requests listed, want 1", items.Length())
		}
		if !hasLink(items, "Construction in Portland, OR", "/requests/"+f.request.Token) {
			t.Errorf("request links = %v, want its page", texts(items.Find("a")))
		}
		want := map[string][2]string{
			"Ridge Roofers": {"Contacted you", "We can come on Tuesday to measure."},
			"Bay Builders":  {"Not answered yet", ""},
			"Corner Cafe":   {"Not answered yet", ""},
		}
		if got := matchStatuses(byTestID(items, "request-matches")); !mapsEqual(got, want) {
			t.Errorf("matches = %v, want %v", got, want)
		}
		if !hasLink(items, "Ridge Roofers", "/directory/"+f.roofers.Slug) {
			t.Error("a match does not link its listing")
		}

		enquiries := homeSection(t, doc, "Enquiries you sent")
		if got := matchStatuses(enquiries); !mapsEqual(got, map[string][2]string{"Corner Cafe": {"Hired", ""}}) {
			t.Errorf("enquiries = %v", got)
		}

		// An enquiry to a listing nobody manages waits for its claim:
		// nobody can answer it yet, and the home says so.
		ctx := context.Background()
		lone, err := app.store.CreateBusiness(ctx, store.Business{Name: "Lone Bakery", Category: "food", City: "Portland", State: "OR", Published: true})
		must(t, err)
		_, err = app.store.CreateLead(ctx, store.Lead{BusinessID: lone.ID, Name: "Jane Doe", Email: "jane@example.com",
			Message: "Do you bake rye bread on Sundays?", UserID: sql.NullInt64{Int64: f.jane.ID, Valid: true}})
		must(t, err)
		_, body = app.get(t, "/dashboard")
		enquiries = homeSection(t, parseHTML(t, body), "Enquiries you sent")
		if got := matchStatuses(enquiries); !mapsEqual(got, map[string][2]string{"Corner Cafe": {"Hired", ""}, "Lone Bakery": {"Waiting for the business to claim its listing", ""}}) {
			t.Errorf("enquiries = %v", got)
		}

		reviews := byTestID(homeSection(t, doc, "Your reviews"), "home-review")
		if reviews.Length() != 1 || !hasLink(reviews, "Edit your review of Corner Cafe", "/directory/"+f.cafe.Slug+"/review") {
			t.Errorf("reviews = %v, want Corner Cafe's with its edit link", texts(reviews))
		}

		saved := homeSection(t, doc, "Saved businesses")
		if got := texts(byTestID(saved, "saved-business").Find(".item-title")); !slices.Equal(got, []string{"Bay Builders"}) {
			t.Errorf("saved = %v", got)
		}
		if !hasLink(saved, "See all (1) saved businesses", "/dashboard/saved") {
			t.Errorf("saved links = %v", texts(saved.Find("a")))
		}
		if formOf(doc, "Add your business").AttrOr("action", "") != "/dashboard/business-account" {
			t.Error("no offer to add a business")
		}
	})
}

func mapsEqual(a, b map[string][2]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestIndividualHomeEmptyStatesSayWhatToDo(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.account(t, "new@example.com", store.KindIndividual)
		_, body := app.get(t, "/dashboard")
		doc := parseHTML(t, body)
		for _, tc := range []struct{ section, link, href string }{
			{"Your quote requests", "Request quotes", "/request"},
			{"Enquiries you sent", "Browse the directory", "/directory"},
			{"Your reviews", "Find a business to review", "/directory"},
			{"Saved businesses", "Browse the directory", "/directory"},
		} {
			s := homeSection(t, doc, tc.section)
			if s.Find(".empty-state").Length() != 1 || !hasLink(s, tc.link, tc.href) {
				t.Errorf("%s: empty state %q, links %v", tc.section, textOf(s.Find(".empty-state")), texts(s.Find("a")))
			}
		}
	})
}

func TestBusinessDashboardUnchangedForBusinessAccounts(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.account(t, "owner@example.com", store.KindBusiness)
		_, body := app.get(t, "/dashboard")
		doc := parseHTML(t, body)
		if region(doc, "Your Businesses").Length() != 1 || termGroup(doc, "Total Businesses").Length() != 1 {
			t.Error("a business account does not get the business dashboard")
		}
		if region(doc, "Your quote requests").Length() != 0 {
			t.Error("a business account gets the individual's home")
		}
	})
}

func TestIndividualWhoManagesAListingKeepsTheBusinessDashboard(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		jane := app.account(t, "jane@example.com", store.KindIndividual)
		_, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Jane's Pottery", Published: true, OwnerID: sql.NullInt64{Int64: jane.ID, Valid: true}})
		must(t, err)
		_, body := app.get(t, "/dashboard")
		doc := parseHTML(t, body)
		if region(doc, "Your Businesses").Length() != 1 {
			t.Error("an individual with a listing lost the business dashboard")
		}
	})
}

func TestSaveAndUnsaveWithoutJavaScript(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b, _ := homeListing(t, app, "owner@example.com", "Harbor Dental")
		jane := app.account(t, "jane@example.com", store.KindIndividual)
		back := "/directory?category=construction"

		res, _ := app.post(t, "/directory/"+b.Slug+"/save", url.Values{"next": {back}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != back {
			t.Fatalf("save: %d to %q, want 303 to %q", res.StatusCode, res.Header.Get("Location"), back)
		}
		_, body := app.get(t, back)
		doc := parseHTML(t, body)
		if !hasToast(doc, "Saved", "") {
			t.Errorf("toasts = %v", toasts(doc))
		}
		card := directoryCard(t, doc, "Harbor Dental")
		button := buttons(card, "Saved — remove Harbor Dental")
		if button.Length() != 1 || button.AttrOr("aria-pressed", "") != "true" || button.Closest("form").AttrOr("action", "") != "/directory/"+b.Slug+"/unsave" {
			t.Errorf("card's button = %q pressed=%q", texts(card.Find("button")), card.Find("button").AttrOr("aria-pressed", ""))
		}
		if v, _ := button.Closest("form").Find(`input[name="next"]`).Attr("value"); v != back {
			t.Errorf("card's next = %q, want %q", v, back)
		}
		saved, _, err := app.store.SavedBusinesses(context.Background(), jane.ID, 0)
		must(t, err)
		if len(saved) != 1 || saved[0].ID != b.ID {
			t.Fatalf("saved = %v", saved)
		}

		// The listing's page shows it saved too.
		_, body = app.get(t, "/directory/"+b.Slug)
		page := parseHTML(t, body)
		if buttons(page, "Saved — remove Harbor Dental").AttrOr("aria-pressed", "") != "true" {
			t.Errorf("listing page's buttons = %v", texts(page.Find("main button")))
		}

		res, _ = app.post(t, "/directory/"+b.Slug+"/unsave", url.Values{"next": {"/directory/" + b.Slug}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/directory/"+b.Slug {
			t.Fatalf("unsave: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = app.get(t, "/directory/"+b.Slug)
		page = parseHTML(t, body)
		if !hasToast(page, "Removed from your saved businesses", "") {
			t.Errorf("toasts = %v", toasts(page))
		}
		if buttons(page, "Save Harbor Dental").AttrOr("aria-pressed", "") != "false" {
			t.Errorf("listing page's buttons = %v", texts(page.Find("main button")))
		}
		saved, _, err = app.store.SavedBusinesses(context.Background(), jane.ID, 0)
		must(t, err)
		if len(saved) != 0 {
			t.Errorf("still saved: %v", saved)
		}
	})
}

func TestSaveWithHTMXSwapsTheButton(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b, _ := homeListing(t, app, "owner@example.com", "Harbor Dental")
		app.account(t, "jane@example.com", store.KindIndividual)
		for _, tc := range []struct {
			path, button, pressed, action, toast string
		}{
			{"/save", "Saved — remove Harbor Dental", "true", "/unsave", "Saved"},
			{"/save", "Saved — remove Harbor Dental", "true", "/unsave", "Saved"}, // again: still saved
			{"/unsave", "Save Harbor Dental", "false", "/save", "Removed from your saved businesses"},
		} {
			res, body := app.htmxPost(t, "/directory/"+b.Slug+tc.path, url.Values{"next": {"/directory/" + b.Slug}})
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d", tc.path, res.StatusCode)
			}
			doc := parseHTML(t, body)
			if isPage(doc) {
				t.Fatalf("%s: a whole page, want the button", tc.path)
			}
			button := buttons(doc, tc.button)
			form := button.Closest("form")
			if button.Length() != 1 || button.AttrOr("aria-pressed", "") != tc.pressed || form.AttrOr("data-hx-post", "") != "/directory/"+b.Slug+tc.action {
				t.Errorf("%s: buttons %v", tc.path, texts(doc.Find("button")))
			}
			if got := toastTitle(t, res.Header.Get("HX-Trigger")); got != tc.toast {
				t.Errorf("%s: toast %q, want %q", tc.path, got, tc.toast)
			}
		}
	})
}

// toastTitle is the title of the toast an htmx answer's HX-Trigger raises.
func toastTitle(t *testing.T, header string) string {
	t.Helper()
	var trig struct {
		Toast struct{ Title string } `json:"toast"`
	}
	if err := json.Unmarshal([]byte(header), &trig); err != nil {
		t.Fatalf("HX-Trigger %q: %v", header, err)
	}
	return trig.Toast.Title
}

func TestSignedOutSaveGoesToSignInAndBack(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b, _ := homeListing(t, app, "owner@example.com", "Harbor Dental")
		for _, tc := range []struct{ next, back string }{
			{"/directory?category=construction&page=2", "/directory?category=construction&page=2"},
			{"https://evil.example/phish", "/directory/" + b.Slug},
			{"//evil.example/phish", "/directory/" + b.Slug},
			{`/\evil.example`, "/directory/" + b.Slug},
			{"", "/directory/" + b.Slug},
		} {
			res, _ := app.post(t, "/directory/"+b.Slug+"/save", url.Values{"next": {tc.next}})
			want := "/login?next=" + url.QueryEscape(tc.back) + "&why=save"
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
				t.Errorf("next %q: %d to %q, want %q", tc.next, res.StatusCode, res.Header.Get("Location"), want)
			}
			res, _ = app.htmxPost(t, "/directory/"+b.Slug+"/save", url.Values{"next": {tc.next}})
			if res.Header.Get("HX-Redirect") != want {
				t.Errorf("htmx, next %q: HX-Redirect %q, want %q", tc.next, res.Header.Get("HX-Redirect"), want)
			}
		}
		// Signed in, an unsafe next comes back to the listing's page.
		app.account(t, "jane@example.com", store.KindIndividual)
		res, _ := app.post(t, "/directory/"+b.Slug+"/save", url.Values{"next": {"https://evil.example/"}})
		if res.Header.Get("Location") != "/directory/"+b.Slug {
			t.Errorf("unsafe next: to %q", res.Header.Get("Location"))
		}
	})
}

func TestSaveUnknownOrUnpublishedListingIsNotFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b, _ := homeListing(t, app, "owner@example.com", "Harbor Dental")
		must(t, app.store.SetPublished(context.Background(), b.ID, false))
		app.account(t, "jane@example.com", store.KindIndividual)
		for _, path := range []string{"/directory/" + b.Slug + "/save", "/directory/no-such-listing/save", "/directory/BAD_SLUG/save"} {
			if res, _ := app.post(t, path, url.Values{}); res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %d, want 404", path, res.StatusCode)
			}
		}
	})
}

func TestSavedPageListsAndRemoves(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		dental, _ := homeListing(t, app, "dental@example.com", "Harbor Dental")
		roofers, _ := homeListing(t, app, "roofers@example.com", "Ridge Roofers")
		gone, _ := homeListing(t, app, "gone@example.com", "Gone Glaziers")
		jane := app.account(t, "jane@example.com", store.KindIndividual)
		for _, b := range []store.Business{dental, roofers, gone} {
			must(t, app.store.SaveBusiness(ctx, jane.ID, b.ID))
			time.Sleep(2 * time.Millisecond)
		}
		must(t, app.store.SetPublished(ctx, gone.ID, false))

		_, body := app.get(t, "/dashboard/saved")
		doc := parseHTML(t, body)
		list := byTestID(doc, "saved-business")
		if got := texts(list.Find(".item-title")); !slices.Equal(got, []string{"Ridge Roofers", "Harbor Dental"}) {
			t.Fatalf("saved = %v, want newest first, the unpublished one left out", got)
		}
		remove := formOf(doc, "Remove Harbor Dental")
		if remove.AttrOr("action", "") != "/directory/"+dental.Slug+"/unsave" || remove.Find(`input[name="next"]`).AttrOr("value", "") != "/dashboard/saved" {
			t.Fatalf("remove form = %v", remove.Nodes)
		}
		res, _ := app.post(t, remove.AttrOr("action", ""), url.Values{"next": {"/dashboard/saved"}})
		if res.Header.Get("Location") != "/dashboard/saved" {
			t.Fatalf("remove: to %q", res.Header.Get("Location"))
		}
		_, body = app.get(t, "/dashboard/saved")
		doc = parseHTML(t, body)
		if got := texts(byTestID(doc, "saved-business").Find(".item-title")); !slices.Equal(got, []string{"Ridge Roofers"}) {
			t.Errorf("after removing: %v", got)
		}
		if !hasToast(doc, "Removed from your saved businesses", "") {
			t.Errorf("toasts = %v", toasts(doc))
		}

		// Signed out: sign in first.
		res, _ = app.newClient().get(t, "/dashboard/saved")
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("signed out: %d", res.StatusCode)
		}
	})
}

func TestIndividualBecomesBusinessAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newHomeFixture(t, app)
		res, _ := app.post(t, "/dashboard/business-account", url.Values{})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/business/create-profile" {
			t.Fatalf("convert: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		u, err := app.store.UserByID(context.Background(), f.jane.ID)
		must(t, err)
		if u.Kind != store.KindBusiness {
			t.Fatalf("kind = %q", u.Kind)
		}
		res, body := app.get(t, "/business/create-profile")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("create-profile: %d", res.StatusCode)
		}
		if doc := parseHTML(t, body); !hasToast(doc, "Your account is now a business account", "") {
			t.Errorf("toasts = %v", toasts(doc))
		}
		res, _ = app.post(t, "/business/create-profile", listingForm("Jane's Pottery"))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create listing: %d", res.StatusCode)
		}
		_, body = app.get(t, "/dashboard")
		doc := parseHTML(t, body)
		dashboardListing(t, doc, "Jane's Pottery")
		if region(doc, "Your quote requests").Length() != 0 {
			t.Error("the business account still gets the individual's home")
		}
		// Everything the account had stays.
		saved, _, err := app.store.SavedBusinesses(context.Background(), f.jane.ID, 0)
		must(t, err)
		reviews, err := app.store.ReviewsBy(context.Background(), f.jane.ID)
		must(t, err)
		requests, err := app.store.QuoteRequestsOf(context.Background(), f.jane.ID)
		must(t, err)
		if len(saved) != 1 || len(reviews) != 1 || len(requests) != 1 {
			t.Errorf("kept %d saved, %d reviews, %d requests", len(saved), len(reviews), len(requests))
		}
		// A business account posting again just goes to the form.
		res, _ = app.post(t, "/dashboard/business-account", url.Values{})
		if res.Header.Get("Location") != "/business/create-profile" {
			t.Errorf("again: to %q", res.Header.Get("Location"))
		}
	})
}

// cardSaveButton is the Save button of the directory card of name, and
// whether it is pressed.
func cardSaveButton(t *testing.T, doc *goquery.Document, name string) (*goquery.Selection, string) {
	t.Helper()
	b := directoryCard(t, doc, name).Find("form.save-form button")
	if b.Length() != 1 {
		t.Fatalf("%s: %d save buttons", name, b.Length())
	}
	return b, b.AttrOr("aria-pressed", "")
}

func TestDirectoryCardsShowTheVisitorsSavedBusinesses(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		roofers, _ := homeListing(t, app, "roofers@example.com", "Ridge Roofers")
		homeListing(t, app, "builders@example.com", "Bay Builders")
		anon := app.newClient()
		jane := app.account(t, "jane@example.com", store.KindIndividual)
		must(t, app.store.SaveBusiness(context.Background(), jane.ID, roofers.ID))
		page := "/directory?category=construction"

		// A visitor without an account: Save everywhere, twice (the second
		// from the kept page), each form coming back to the page.
		for range 2 {
			_, body := anon.get(t, page)
			doc := parseHTML(t, body)
			for _, name := range []string{"Ridge Roofers", "Bay Builders"} {
				b, pressed := cardSaveButton(t, doc, name)
				form := b.Closest("form")
				if pressed != "false" || nameOf(b) != "Save "+name || form.AttrOr("method", "") != "post" ||
					form.Find(`input[name="next"]`).AttrOr("value", "") != page {
					t.Errorf("signed out, %s: %q pressed=%s action=%s", name, nameOf(b), pressed, form.AttrOr("action", ""))
				}
			}
		}

		// Jane sees hers saved, on the directory, its JSON and the category's page.
		_, body := app.get(t, page)
		doc := parseHTML(t, body)
		if b, pressed := cardSaveButton(t, doc, "Ridge Roofers"); pressed != "true" || nameOf(b) != "Saved — remove Ridge Roofers" {
			t.Errorf("Jane's Ridge Roofers: %q pressed=%s", nameOf(b), pressed)
		}
		if _, pressed := cardSaveButton(t, doc, "Bay Builders"); pressed != "false" {
			t.Error("Jane's Bay Builders shows saved")
		}
		_, js := app.get(t, "/directory.json?category=construction")
		var out struct {
			Cards []struct {
				Name  string `json:"name"`
				Saved bool   `json:"saved"`
			} `json:"cards"`
		}
		must(t, json.Unmarshal([]byte(js), &out))
		for _, c := range out.Cards {
			if c.Saved != (c.Name == "Ridge Roofers") {
				t.Errorf("JSON card %s saved=%v", c.Name, c.Saved)
			}
		}
		_, body = app.get(t, "/directory/category/construction")
		if _, pressed := cardSaveButton(t, parseHTML(t, body), "Ridge Roofers"); pressed != "true" {
			t.Error("the category's page does not show Ridge Roofers saved")
		}

		// The signed-out page kept for visitors is not Jane's.
		_, body = anon.get(t, page)
		if _, pressed := cardSaveButton(t, parseHTML(t, body), "Ridge Roofers"); pressed != "false" {
			t.Error("a signed-out visitor sees Jane's saved state")
		}
		_, js = anon.get(t, "/directory.json?category=construction")
		must(t, json.Unmarshal([]byte(js), &out))
		for _, c := range out.Cards {
			if c.Saved {
				t.Errorf("signed-out JSON card %s saved", c.Name)
			}
		}
	})
}

func TestSaveThatFailsSaysSoAndKeepsTheButton(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b, _ := homeListing(t, app, "owner@example.com", "Harbor Dental")
		app.account(t, "jane@example.com", store.KindIndividual)
		// The saved list's table fails (sessions and listings still work).
		must(t, app.store.WithTx(ctx, func(tx *sqlx.Tx) error {
			_, err := tx.ExecContext(ctx, "DROP TABLE saved_businesses")
			return err
		}))
		back := "/directory/" + b.Slug
		res, _ := app.post(t, back+"/save", url.Values{"next": {back}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != back {
			t.Fatalf("without JavaScript: %d to %q, want back to the page", res.StatusCode, res.Header.Get("Location"))
		}
		_, body := app.get(t, back)
		doc := parseHTML(t, body)
		if !slices.ContainsFunc(toasts(doc), func(ts toast) bool { return ts.Title == "Not changed" && ts.Role == "alert" }) {
			t.Errorf("toasts = %v, want the failure", toasts(doc))
		}
		if buttons(doc, "Save Harbor Dental").AttrOr("aria-pressed", "") != "false" {
			t.Error("the page does not offer Save again")
		}
		res, body = app.htmxPost(t, back+"/save", url.Values{"next": {back}})
		if res.StatusCode != http.StatusServiceUnavailable || toastTitle(t, res.Header.Get("HX-Trigger")) != "Not changed" {
			t.Errorf("htmx: %d, toast %q", res.StatusCode, res.Header.Get("HX-Trigger"))
		}
		if buttons(parseHTML(t, body), "Save Harbor Dental").AttrOr("aria-pressed", "") != "false" {
			t.Error("htmx: the button changed")
		}
		if !strings.Contains(app.logs.String(), "save business") {
			t.Error("the failure was not logged")
		}
	})
}
