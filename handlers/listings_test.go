package handlers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bizprofile/internal/samples"
	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
)

func TestWizardRequiresSignInAndShowsDefaults(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, _ := app.get(t, "/business/create-profile")
	if loc := res.Header.Get("Location"); loc != "/login?next=%2Fbusiness%2Fcreate-profile" {
		t.Fatalf("signed out: %q", loc)
	}
	signedInOwner(t, app, "wiz@example.com")
	res, body := app.get(t, "/business/create-profile")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	page := parseHTML(t, body)
	form := formOf(page, "Create Profile")
	if form.AttrOr("action", "") != "/business/create-profile" || form.Closest(`[data-island="wizard"]`).Length() != 1 {
		t.Fatal("no 'Create Profile' form for the wizard island to take over")
	}
	steps := texts(form.Find("fieldset > legend"))
	for _, step := range []string{"1 Basic Info", "2 Contact", "3 Hours", "4 Review"} {
		if !slices.Contains(steps, step) {
			t.Errorf("the wizard lacks the step %q: %q", step, steps)
		}
	}
	for label, want := range map[string]string{
		"Monday opens": "09:00", "Friday closes": "17:00", "Saturday opens": "10:00", "Saturday closes": "16:00", "Email": "wiz@example.com",
	} {
		if got := valueOf(labelled(t, form, label)); got != want {
			t.Errorf("%s holds %q, want %q", label, got, want)
		}
	}
	if typ := labelled(t, form, "Monday opens").AttrOr("type", ""); typ != "time" {
		t.Errorf("opening hours are entered in a %q control, want time", typ)
	}
	// Sunday's own row: its 'Closed' box is ticked.
	if !checked(labelled(t, form, "Sunday opens").Parent().Find(`input[type="checkbox"]`)) {
		t.Error("Sunday is not closed by default")
	}
	for _, label := range []string{"Show Email address", "Show Opening hours"} {
		if !checked(labelled(t, form, label)) {
			t.Errorf("%q is not ticked by default", label)
		}
	}
	// Each category of the spec is offered.
	var offered []string
	labelled(t, form, "Category").Find("option").Each(func(_ int, o *goquery.Selection) { offered = append(offered, o.AttrOr("value", "")) })
	for _, c := range []string{"technology", "healthcare", "finance", "retail", "food", "professional", "construction", "automotive", "beauty", "education", "other"} {
		if !slices.Contains(offered, c) {
			t.Errorf("category %s missing", c)
		}
	}
}

func TestWizardCreatesAListing(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "taco@example.com")
		res, _ := app.post(t, "/business/create-profile", listingForm("Taco Palace"))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/directory/taco-palace" {
			t.Fatalf("create: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body := app.get(t, "/directory/taco-palace")
		page := parseHTML(t, body)
		if !hasToast(page, "Profile created!", "") || headings(page, 1, "Taco Palace").Length() != 1 {
			t.Errorf("the new listing's page lacks its heading or the toast: %+v", toasts(page))
		}
		if got := texts(headings(page, 2, "Services").Parent().Find("li")); !slices.Equal(got, []string{"Catering", "Taco bar"}) {
			t.Errorf("the new listing's services are %q", got)
		}
		hours := tableRows(headings(page, 2, "Opening hours").Parent())
		if !hasRow(hours, "Monday", "11:00 AM – 9:00 PM") || !hasRow(hours, "Sunday", "Closed") {
			t.Errorf("the new listing's hours are %q", hours)
		}
		// The email waits for its confirmation (impersonation_test.go).
		contact := terms(headings(page, 2, "Contact details").Parent())
		if _, shown := contact["Email"]; shown || !strings.HasPrefix(contact["Address"], "1 Main St ") {
			t.Errorf("the new listing's contact details are %q", contact)
		}
		if strings.Contains(body, "555-0110") {
			t.Error("the phone was made private but shows")
		}
		bs, _ := app.store.BusinessesOwnedBy(context.Background(), u.ID)
		if len(bs) != 1 || bs[0].Verified || !bs[0].Published || len(bs[0].Tags) != 3 {
			t.Fatalf("listing %+v", bs)
		}
		// The same name again gets its own slug.
		res, _ = app.post(t, "/business/create-profile", listingForm("Taco Palace"))
		if loc := res.Header.Get("Location"); loc != "/directory/taco-palace-2" {
			t.Errorf("second Taco Palace at %q", loc)
		}
		if _, body := app.get(t, "/directory?q=taco"); !strings.HasPrefix(resultsSummary(parseHTML(t, body)), "2 Businesses Found") {
			t.Error("new listings are not in the directory")
		}
	})
}

func TestWizardValidation(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	signedInOwner(t, app, "val@example.com")
	cases := map[string]struct {
		field, value, label, want string
	}{
		"name":        {"name", "", "Business name", "Enter the business name."},
		"description": {"description", " ", "Description", "Describe the business"},
		"email":       {"email", "not-mail", "Email", "Enter a valid email address"},
		"city":        {"city", "", "City", "Enter the city."},
		"state":       {"state", "", "State", "Choose the state."},
		"website":     {"website", "taco.example", "Website", "Enter a full web address"},
		"phone":       {"phone", "call me maybe", "Phone", "Enter a phone number"},
		"category":    {"category", "weapons", "Category", "Choose a category."},
		"hours":       {"hours_2_close", "08:00", "Wednesday closes", "closing must come after opening"},
	}
	for name, tc := range cases {
		form := listingForm("Kept Name " + name)
		form.Set(tc.field, tc.value)
		res, body := app.post(t, "/business/create-profile", form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d", name, res.StatusCode)
		}
		page := parseHTML(t, body)
		control := labelled(t, page, tc.label)
		msg := fieldError(control)
		if name == "hours" {
			msg = textOf(control.Parent().Find(".field-error")) // the day's message, in its row
		}
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %s says %q, want %q", name, tc.label, msg, tc.want)
		}
		if got := valueOf(labelled(t, page, "Business name")); name != "name" && got != "Kept Name "+name {
			t.Errorf("%s: the name typed was lost: %q", name, got)
		}
		if got := valueOf(labelled(t, page, "Services")); !strings.HasPrefix(got, "Catering\nTaco bar") {
			t.Errorf("%s: services lost: %q", name, got)
		}
	}
}

func TestManageListingIsOwnerOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		signedInOwner(t, app, "mine@example.com")
		app.post(t, "/business/create-profile", listingForm("Owned Diner"))
		b, _ := app.store.BusinessBySlug(ctx, "owned-diner")
		base := "/dashboard/businesses/" + itoa(int(b.ID))

		// Another user gets 404 on every action, and nothing changes.
		other := app.newClient()
		signedInOwner(t, other, "intruder@example.com")
		for _, p := range []string{base, base + "/delete"} {
			if res, _ := other.get(t, p); res.StatusCode != http.StatusNotFound {
				t.Errorf("GET %s by another user: %d", p, res.StatusCode)
			}
		}
		edit := listingForm("Hijacked")
		for _, p := range []string{base, base + "/publish", base + "/delete"} {
			if res, _ := other.post(t, p, edit); res.StatusCode != http.StatusNotFound {
				t.Errorf("POST %s by another user: %d", p, res.StatusCode)
			}
		}
		if got, err := app.store.BusinessByID(ctx, b.ID); err != nil || got.Name != "Owned Diner" || !got.Published {
			t.Fatalf("another user changed the listing: %+v %v", got, err)
		}
		// Sample listings have no owner: nobody manages them here.
		samples.Add(ctx, app.store)
		sample, _ := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		if res, _ := app.get(t, "/dashboard/businesses/"+itoa(int(sample.ID))); res.StatusCode != http.StatusNotFound {
			t.Error("an ownerless listing can be managed")
		}
		if res, _ := app.get(t, "/dashboard/businesses/999999"); res.StatusCode != http.StatusNotFound {
			t.Error("unknown id")
		}

		// The owner edits, unpublishes, publishes and deletes.
		_, body := app.get(t, "/dashboard")
		if nameStarts(linksTo(dashboardListing(t, parseHTML(t, body), "Owned Diner"), base), "Manage").Length() != 1 {
			t.Error("no Manage link on the dashboard")
		}
		edit = listingForm("Owned Diner & Bar")
		edit.Set("description", "Now with a bar.")
		edit.Del("show_email")
		if res, _ := app.post(t, base, edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		_, body = app.get(t, "/directory/owned-diner")
		page := parseHTML(t, body)
		if headings(page, 1, "Owned Diner & Bar").Length() != 1 || !strings.Contains(textOf(headings(page, 2, "About Owned Diner & Bar").Parent()), "Now with a bar.") || strings.Contains(body, "hello@taco.example") {
			t.Error("edits do not show on the public page at once")
		}
		edit.Set("email", "bad")
		if res, body := app.post(t, base, edit); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, parseHTML(t, body), "Email")), "Enter a valid email address") {
			t.Error("edit validation")
		}
		app.post(t, base+"/publish", url.Values{"published": {"0"}})
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusNotFound {
			t.Error("unpublished listing still public")
		}
		app.post(t, base+"/publish", url.Values{"published": {"1"}})
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusOK {
			t.Error("republished listing not public")
		}
		if _, body := app.get(t, base+"/delete"); !strings.Contains(textOf(parseHTML(t, body).Find("main")), "cannot be undone") {
			t.Error("no confirmation page")
		}
		if res, _ := app.post(t, base+"/delete", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatal("delete")
		}
		if res, _ := app.get(t, "/directory/owned-diner"); res.StatusCode != http.StatusNotFound {
			t.Error("deleted listing still public")
		}
	})
}
