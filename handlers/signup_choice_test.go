package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"bizprofile/plans"
	"bizprofile/store"
)

// /signup asks who the visitor is before any form; each choice promises
// what its sign-up makes (the business one, the free plan's real caps)
// and leads to it with plain links.
func TestSignupChoiceComesBeforeTheForm(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, body := app.get(t, "/signup?next="+url.QueryEscape("/team/invite?token=abc"))
		page := parseHTML(t, body)
		if page.Find("form[action='/signup']").Length() != 0 || len(controls(page, "Full name").Nodes) != 0 {
			t.Fatal("/signup shows a sign-up form before the choice")
		}
		business, person := page.Find("[data-signup-choice=business]"), page.Find("[data-signup-choice=person]")
		if !hasLink(business, "Join as Business", "/business/signup") {
			t.Error("the business choice does not lead to the business sign-up")
		}
		if !hasLink(person, "Join as Individual", "/signup?as=person&next="+url.QueryEscape("/team/invite?token=abc")) {
			t.Error("the person choice does not lead to the person's form, with next")
		}
		free := plans.Free()
		if !anyContains(texts(business.Find("li")), "Up to "+strconv.Itoa(free.LeadsPerMonth)+" leads per month on the free "+free.Name+" plan") ||
			!anyContains(texts(business.Find("li")), strconv.Itoa(free.Photos)+" photos") {
			t.Errorf("business promises %q: not the free plan's caps", texts(business.Find("li")))
		}
		if anyContains(texts(person.Find("li")), "leads") || anyContains(texts(person.Find("li")), "verify") {
			t.Errorf("the person choice promises what a business gets: %q", texts(person.Find("li")))
		}

		// The person's form: an individual account, no listing, no lead
		// promise.
		_, body = app.get(t, "/signup?as=person")
		form := parseHTML(t, body)
		if len(controls(form, "Full name").Nodes) != 1 || form.Find("form[action='/signup']").Length() != 1 {
			t.Fatal("/signup?as=person has no sign-up form")
		}
		if anyContains(texts(form.Find(".auth-card p")), "leads a month") {
			t.Error("the person's form promises leads")
		}
		if !hasLink(form, "Join as Business", "/business/signup") {
			t.Error("the person's form does not point a business owner to the business sign-up")
		}
		if res, _ := app.post(t, "/signup", url.Values{"full_name": {"Pia Person"}, "email": {"pia@example.com"}, "password": {goodPassword}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("person sign-up: %d", res.StatusCode)
		}
		u, err := app.store.UserByEmail(context.Background(), "pia@example.com")
		must(t, err)
		if drafts, err := app.store.Drafts(context.Background(), u.ID); err != nil || u.Kind != store.KindIndividual || len(drafts) != 0 {
			t.Fatalf("person sign-up made kind %q with %d drafts (%v)", u.Kind, len(drafts), err)
		}
	})
}

// The individual sign-up asks no profession (nothing used it) and promises
// no "opportunities"; the profile keeps the column, optional.
func TestIndividualSignupAsksNoProfession(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, body := app.get(t, "/individual/signup")
		page := parseHTML(t, body)
		if len(controls(page, "Profession").Nodes) != 0 {
			t.Error("the individual sign-up still asks a profession")
		}
		if anyContains(texts(page.Find("p")), "opportunities") {
			t.Error("the individual sign-up promises opportunities")
		}
		form := url.Values{"first_name": {"Ada"}, "last_name": {"Park"}, "email": {"ada@example.com"}, "location": {"Denver, CO"},
			"password": {goodPassword}, "confirm_password": {goodPassword}}
		if res, _ := app.post(t, "/individual/signup", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up without a profession: %d", res.StatusCode)
		}
		u, _ := app.store.UserByEmail(context.Background(), "ada@example.com")
		p, _ := app.store.ProfileOf(context.Background(), u.ID)
		if u.Kind != store.KindIndividual || p.FullName != "Ada Park" || p.Profession != "" {
			t.Fatalf("profile %+v", p)
		}
	})
}
