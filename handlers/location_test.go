package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// A listing's city and state are checked apart wherever a listing is
// written: the city cleaned and made of letters, the state one of the
// list, stored as its code whether the code or the name was sent.
func TestListingCityAndState(t *testing.T) {
	const (
		cityInvalid  = "Use letters, spaces and . ' - only, like St. Paul or Winston-Salem."
		stateUnknown = "Choose the state from the list."
	)
	cases := []struct {
		name, city, state string
		// Stored as, when accepted.
		wantCity, wantState string
		// Or the messages by City and State, when refused.
		cityErr, stateErr string
	}{
		{name: "code", city: "Austin", state: "TX", wantCity: "Austin", wantState: "TX"},
		{name: "code in lower case", city: "Boise", state: " id ", wantCity: "Boise", wantState: "ID"},
		{name: "name", city: "Dallas", state: "Texas", wantCity: "Dallas", wantState: "TX"},
		{name: "name in any case and spacing", city: "Albany", state: "  new   YORK ", wantCity: "Albany", wantState: "NY"},
		{name: "the District", city: "Washington", state: "District of Columbia", wantCity: "Washington", wantState: "DC"},
		{name: "city trimmed, spaces collapsed", city: "  Salt   Lake City ", state: "UT", wantCity: "Salt Lake City", wantState: "UT"},
		{name: "city with . ' -", city: "Coeur d'Alene", state: "ID", wantCity: "Coeur d'Alene", wantState: "ID"},
		{name: "city with a period and a hyphen", city: "St. Mary-of-the-Woods", state: "IN", wantCity: "St. Mary-of-the-Woods", wantState: "IN"},
		{name: "city with accents", city: "Española", state: "NM", wantCity: "Española", wantState: "NM"},

		{name: "no city", city: "  ", state: "TX", cityErr: "Enter the city."},
		{name: "city with digits", city: "Austin 78701", state: "TX", cityErr: cityInvalid},
		{name: "city and state in the city", city: "Austin, TX", state: "TX", cityErr: cityInvalid},
		{name: "city starting with a hyphen", city: "-Austin", state: "TX", cityErr: cityInvalid},
		{name: "city too long", city: strings.Repeat("Abc", 21), state: "TX", cityErr: "Keep this under 60 characters."},
		{name: "no state", city: "Austin", state: "", stateErr: "Choose the state."},
		{name: "state misspelt", city: "Austin", state: "Texass", stateErr: stateUnknown},
		{name: "not a US state", city: "Toronto", state: "Ontario", stateErr: stateUnknown},
		{name: "not a state code", city: "Austin", state: "XX", stateErr: stateUnknown},
		{name: "both wrong", city: "12", state: "Atlantis", cityErr: cityInvalid, stateErr: stateUnknown},
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "places@example.com")
		app.post(t, "/business/create-profile", listingForm("Edited Place Cafe"))
		edited, err := app.store.BusinessBySlug(ctx, "edited-place-cafe")
		must(t, err)
		for _, form := range []struct{ name, path string }{
			{"wizard", "/business/create-profile"},
			{"edit", manageURL(edited.ID)},
		} {
			for i, tc := range cases {
				name := "Place Cafe " + form.name + " " + strconv.Itoa(i)
				v := listingForm(name)
				v.Set("city", tc.city)
				v.Set("state", tc.state)
				res, body := app.post(t, form.path, v)
				what := form.name + ", " + tc.name
				if tc.cityErr == "" && tc.stateErr == "" {
					if res.StatusCode != http.StatusSeeOther {
						t.Errorf("%s: status %d, want 303", what, res.StatusCode)
						continue
					}
					var b store.Business
					if form.name == "edit" {
						b, err = app.store.BusinessByID(ctx, edited.ID)
					} else {
						b, err = listingNamed(ctx, app, u.ID, name)
					}
					must(t, err)
					if b.City != tc.wantCity || b.State != tc.wantState {
						t.Errorf("%s: stored %q, %q; want %q, %q", what, b.City, b.State, tc.wantCity, tc.wantState)
					}
					// The edit page offers the stored state as chosen.
					_, body := app.get(t, manageURL(b.ID))
					if got := valueOf(labelled(t, parseHTML(t, body), "State")); got != tc.wantState {
						t.Errorf("%s: the edit page's State holds %q, want %q", what, got, tc.wantState)
					}
					continue
				}
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Errorf("%s: status %d, want 422", what, res.StatusCode)
					continue
				}
				page := parseHTML(t, body)
				city, state := labelled(t, page, "City"), labelled(t, page, "State")
				if got := fieldError(city); got != tc.cityErr {
					t.Errorf("%s: City says %q, want %q", what, got, tc.cityErr)
				}
				if got := fieldError(state); got != tc.stateErr {
					t.Errorf("%s: State says %q, want %q", what, got, tc.stateErr)
				}
				// What was typed stays: the city cleaned, a known state
				// chosen, and every other field.
				if got, want := valueOf(city), strings.Join(strings.Fields(tc.city), " "); got != want {
					t.Errorf("%s: City holds %q, want %q", what, got, want)
				}
				if tc.stateErr == "" && valueOf(state) == "" {
					t.Errorf("%s: the state %q is no longer chosen", what, tc.state)
				}
				if got := valueOf(labelled(t, page, "Business name")); got != name {
					t.Errorf("%s: Business name holds %q, want %q", what, got, name)
				}
			}
		}
	})
}

// listingNamed is the owner's listing called name.
func listingNamed(ctx context.Context, app *testApp, ownerID int64, name string) (store.Business, error) {
	bs, err := app.store.BusinessesOwnedBy(ctx, ownerID)
	for _, b := range bs {
		if b.Name == name {
			return b, err
		}
	}
	return store.Business{}, err
}

// A business sign-up has one Location field: "City, ST" or "City, State
// Name", split into the listing's city and state code; anything else is
// refused with a message by the field, the text kept.
func TestBusinessSignupLocation(t *testing.T) {
	const again = "Enter the city and state, like Austin, TX."
	cases := []struct {
		location, city, state, err string
	}{
		{location: "Austin, TX", city: "Austin", state: "TX"},
		{location: "Salt  Lake City,utah", city: "Salt Lake City", state: "UT"},
		{location: "St. Paul, Minnesota", city: "St. Paul", state: "MN"},
		{location: "Coeur d'Alene , id", city: "Coeur d'Alene", state: "ID"},

		{location: "", err: "Enter where the business is, like Austin, TX."},
		{location: "Austin", err: again},
		{location: "Austin TX", err: again},
		{location: "Austin, Ontario", err: again},
		{location: "Austin, ", err: again},
		{location: ", TX", err: again},
		{location: "78701, TX", err: again},
		{location: "Austin, TX, USA", err: again},
		{location: strings.Repeat("Austin ", 18) + ", TX", err: "Keep this under 120 characters."},
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		for i, tc := range cases {
			email := "located" + strconv.Itoa(i) + "@example.com"
			form := url.Values{
				"business_name": {"Located Bakery " + strconv.Itoa(i)}, "owner_name": {"Maria Lopez"}, "email": {email},
				"phone": {"(512) 555-0147"}, "category": {"food"}, "location": {tc.location}, "website": {"https://located.example"},
				"description": {"Sourdough and pastries."}, "password": {goodPassword}, "confirm_password": {goodPassword},
			}
			res, body := app.newClient().post(t, "/business/signup", form)
			if tc.err != "" {
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Errorf("%q: status %d, want 422", tc.location, res.StatusCode)
					continue
				}
				page := parseHTML(t, body)
				location := labelled(t, page, "Location")
				if got := fieldError(location); got != tc.err {
					t.Errorf("%q: Location says %q, want %q", tc.location, got, tc.err)
				}
				if got := valueOf(location); got != strings.TrimSpace(tc.location) {
					t.Errorf("%q: Location holds %q after the error", tc.location, got)
				}
				continue
			}
			if res.StatusCode != http.StatusSeeOther {
				t.Errorf("%q: status %d, want 303", tc.location, res.StatusCode)
				continue
			}
			// The listing waits as a draft for the address (publication_test.go).
			u, err := app.store.UserByEmail(ctx, email)
			must(t, err)
			drafts, err := app.store.Drafts(ctx, u.ID)
			must(t, err)
			if len(drafts) != 1 || drafts[0].City != tc.city || drafts[0].State != tc.state {
				t.Errorf("%q: the listing is %+v, want %q, %q", tc.location, drafts, tc.city, tc.state)
			}
		}
	})
}

// Wherever a listing's place is shown, it reads "Portland, OR": no space
// before the comma, one before the ZIP code, whatever spaces were typed.
func TestPlaceReadsCityCommaState(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "rose@example.com")
		form := listingForm("Rose City Tacos")
		form.Set("city", "  Portland ")
		form.Set("state", "oregon")
		form.Set("zip_code", "97209")
		if res, _ := app.post(t, "/business/create-profile", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create: %d", res.StatusCode)
		}

		_, body := app.get(t, "/directory/rose-city-tacos")
		page := parseHTML(t, body)
		if got := terms(headings(page, 2, "Contact details").Parent())["Address"]; got != "1 Main St Portland, OR 97209" {
			t.Errorf("the listing page's address reads %q", got)
		}
		if got := textOf(page.Find("h1").Parent().Find(".business-meta")); !strings.Contains(got, "Portland, OR") {
			t.Errorf("the listing page's heading says %q", got)
		}
		var addr map[string]any
		page.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) {
			var ld map[string]any
			if json.Unmarshal([]byte(s.Text()), &ld) == nil && ld["@type"] == "LocalBusiness" {
				addr, _ = ld["address"].(map[string]any)
			}
		})
		if addr["addressLocality"] != "Portland" || addr["addressRegion"] != "OR" || addr["postalCode"] != "97209" {
			t.Errorf("the JSON-LD address is %v", addr)
		}
		_, body = app.get(t, "/directory?q=rose+city")
		if got := textOf(directoryCard(t, parseHTML(t, body), "Rose City Tacos")); !strings.Contains(got, "Portland, OR") {
			t.Errorf("the directory card says %q", got)
		}
		_, body = app.get(t, "/dashboard")
		if got := textOf(dashboardListing(t, parseHTML(t, body), "Rose City Tacos")); !strings.Contains(got, "Portland, OR") {
			t.Errorf("the dashboard says %q", got)
		}
		_, body = app.asAdmin(t).get(t, "/admin/businesses?q=rose+city")
		if got := textOf(parseHTML(t, body).Find("main")); !strings.Contains(got, "Rose City Tacos") || !strings.Contains(got, "Portland, OR") {
			t.Errorf("the administrators' list says %q", got)
		}
		// A place stored with spaces around it (as before migration 00015)
		// reads the same.
		_, err := app.store.CreateBusiness(context.Background(), store.Business{
			Name: "Old Dock Books", Description: "Used books.", Category: "retail", Address: "5 Dock St", City: " Portland ", State: "OR ", ZipCode: "97209",
			Published: true, ShowAddress: true,
		})
		must(t, err)
		_, body = app.get(t, "/directory/old-dock-books")
		if got := terms(headings(parseHTML(t, body), 2, "Contact details").Parent())["Address"]; got != "5 Dock St Portland, OR 97209" {
			t.Errorf("the address of a place stored with spaces reads %q", got)
		}
		for _, path := range []string{"/directory/rose-city-tacos", "/directory/old-dock-books", "/directory?q=rose+city", "/dashboard"} {
			if _, body := app.get(t, path); strings.Contains(textOf(parseHTML(t, body).Find("main")), "Portland ,") {
				t.Errorf("%s says 'Portland ,'", path)
			}
		}
	}, withAdmin)
}
