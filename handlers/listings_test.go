package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bizprofile/store"
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
	for _, want := range []string{
		"Basic Info", "Contact", "Hours", "Review", "Create Profile", `data-island="wizard"`,
		`name="hours_0_open" type="time" value="09:00"`, `name="hours_4_close" type="time" value="17:00"`,
		`name="hours_5_open" type="time" value="10:00"`, `name="hours_5_close" type="time" value="16:00"`,
		`name="hours_6_closed" value="1" checked`, `name="show_email" value="1" checked`, `name="show_hours" value="1" checked`,
		`value="wiz@example.com"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("wizard lacks %q", want)
		}
	}
	// Each category of the spec is offered.
	for _, c := range []string{"technology", "healthcare", "finance", "retail", "food", "professional", "construction", "automotive", "beauty", "education", "other"} {
		if !strings.Contains(body, `<option value="`+c+`"`) {
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
		for _, want := range []string{"Profile created!", "Taco Palace", "Catering", "Taco bar", "11:00 AM – 9:00 PM", "Closed", "hello@taco.example", "1 Main St"} {
			if !strings.Contains(body, want) {
				t.Errorf("new listing lacks %q", want)
			}
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
		if _, body := app.get(t, "/directory?q=taco"); !strings.Contains(body, "2 Businesses Found") {
			t.Error("new listings are not in the directory")
		}
	})
}

func TestWizardValidation(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	signedInOwner(t, app, "val@example.com")
	cases := map[string]struct {
		field, value, want string
	}{
		"name":        {"name", "", "Enter the business name."},
		"description": {"description", " ", "Describe the business"},
		"email":       {"email", "not-mail", "Enter a valid email address"},
		"city":        {"city", "", "Enter the city."},
		"state":       {"state", "", "Enter the state."},
		"website":     {"website", "taco.example", "Enter a full web address"},
		"phone":       {"phone", "call me maybe", "Enter a phone number"},
		"category":    {"category", "weapons", "Choose a category."},
		"hours":       {"hours_2_close", "08:00", "closing must come after opening"},
	}
	for name, tc := range cases {
		form := listingForm("Kept Name " + name)
		form.Set(tc.field, tc.value)
		res, body := app.post(t, "/business/create-profile", form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d", name, res.StatusCode)
		}
		if !strings.Contains(body, tc.want) {
			t.Errorf("%s: no message %q", name, tc.want)
		}
		if name != "name" && !strings.Contains(body, `value="Kept Name `+name+`"`) {
			t.Errorf("%s: the name typed was lost", name)
		}
		if !strings.Contains(body, "Catering\nTaco bar") {
			t.Errorf("%s: services lost", name)
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
		app.store.SeedSamples(ctx)
		sample, _ := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		if res, _ := app.get(t, "/dashboard/businesses/"+itoa(int(sample.ID))); res.StatusCode != http.StatusNotFound {
			t.Error("an ownerless listing can be managed")
		}
		if res, _ := app.get(t, "/dashboard/businesses/999999"); res.StatusCode != http.StatusNotFound {
			t.Error("unknown id")
		}

		// The owner edits, unpublishes, publishes and deletes.
		_, body := app.get(t, "/dashboard")
		if !strings.Contains(body, `href="`+base+`">Manage`) {
			t.Error("no Manage link on the dashboard")
		}
		edit = listingForm("Owned Diner & Bar")
		edit.Set("description", "Now with a bar.")
		edit.Del("show_email")
		if res, _ := app.post(t, base, edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		_, body = app.get(t, "/directory/owned-diner")
		if !strings.Contains(body, "Owned Diner &amp; Bar") || !strings.Contains(body, "Now with a bar.") || strings.Contains(body, "hello@taco.example") {
			t.Error("edits do not show on the public page at once")
		}
		edit.Set("email", "bad")
		if res, body := app.post(t, base, edit); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "Enter a valid email address") {
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
		if _, body := app.get(t, base+"/delete"); !strings.Contains(body, "cannot be undone") {
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
