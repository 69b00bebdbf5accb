package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bizprofile/geo"
	"bizprofile/store"
	"bizprofile/views"
)

// week is seven days of the same hours, or closed.
func sameWeek(open, close string, closed bool) store.Week {
	w := make(store.Week, 7)
	for i := range w {
		w[i] = store.DayHours{Open: open, Close: close, Closed: closed}
	}
	return w
}

// placedListings are three plumbers around Austin, one of them open round
// the clock and one never, and a bakery without hours.
func placedListings(t *testing.T, app *testApp) {
	t.Helper()
	ctx := context.Background()
	for _, b := range []store.Business{
		{Name: "Round Rock Plumbing", Category: "construction", City: "Round Rock", State: "TX", ZipCode: "78664", Hours: sameWeek("00:00", "23:59", false), ShowHours: true},
		{Name: "Austin Plumbing", Category: "construction", City: "Austin", State: "TX", ZipCode: "78701", Hours: sameWeek("", "", true), ShowHours: true},
		{Name: "San Antonio Plumbing", Category: "construction", City: "San Antonio", State: "TX", ZipCode: "78205"},
		{Name: "Georgetown Bakery", Category: "food", City: "Georgetown", State: "TX", ZipCode: "78626"},
	} {
		b.Published, b.Description, b.BusinessType = true, "Pipes, drains and water heaters.", store.TypeStorefront
		_, err := app.store.CreateBusiness(ctx, b)
		must(t, err)
	}
}

// A search within 25 miles of a ZIP code finds the businesses in the next
// towns, nearest first, each with its distance; "open now" keeps those
// open; the JSON answers the same.
func TestDirectoryNearAPlace(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		placedListings(t, app)
		res, body := app.get(t, "/directory?near=78664&radius=25&sort=distance")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		page := parseHTML(t, body)
		if got := resultNames(page); !slices.Equal(got, []string{"Round Rock Plumbing", "Georgetown Bakery", "Austin Plumbing"}) {
			t.Errorf("within 25 miles of 78664, nearest first: %q", got)
		}
		if got := textOf(byTestID(page, "near-label")); got != "within 25 miles of 78664 (Round Rock, TX)" {
			t.Errorf("the results say they are %q", got)
		}
		austin, roundRock := mustZIP(t, "78701"), mustZIP(t, "78664")
		want := strconv.Itoa(int(math.Round(geo.Distance(austin, roundRock)))) + " mi"
		if got := textOf(byTestID(directoryCard(t, page, "Austin Plumbing"), "distance")); got != want {
			t.Errorf("Austin Plumbing is %q away, want %q", got, want)
		}
		if got := textOf(byTestID(directoryCard(t, page, "Round Rock Plumbing"), "open-status")); got != "Open 24 hours" {
			t.Errorf("Round Rock Plumbing says %q", got)
		}
		if got := textOf(byTestID(directoryCard(t, page, "Austin Plumbing"), "open-status")); got != "Closed" {
			t.Errorf("Austin Plumbing says %q", got)
		}
		if byTestID(directoryCard(t, page, "Georgetown Bakery"), "open-status").Length() != 0 {
			t.Error("a listing without hours says whether it is open")
		}
		for label, want := range map[string]string{"Near": "78664", "Within": "25"} {
			if got := valueOf(labelled(t, page, label)); got != want {
				t.Errorf("%s holds %q, want %q", label, got, want)
			}
		}
		// 10 miles: only Round Rock; 100: San Antonio too.
		if got := resultNames(parseHTML(t, mustGet(t, app, "/directory?near=78664&radius=10"))); !slices.Equal(got, []string{"Round Rock Plumbing"}) {
			t.Errorf("within 10 miles: %q", got)
		}
		if got := resultNames(parseHTML(t, mustGet(t, app, "/directory?near=Round+Rock%2C+TX&radius=100&sort=distance&category=construction"))); !slices.Equal(got, []string{"Round Rock Plumbing", "Austin Plumbing", "San Antonio Plumbing"}) {
			t.Errorf("plumbers within 100 miles of Round Rock, TX: %q", got)
		}
		// Open now.
		page = parseHTML(t, mustGet(t, app, "/directory?near=78664&radius=100&open=now"))
		if got := resultNames(page); !slices.Equal(got, []string{"Round Rock Plumbing"}) {
			t.Errorf("open now: %q", got)
		}
		if !checked(labelled(t, page, "Open now")) {
			t.Error("the Open now box is not ticked")
		}
		// The JSON.
		_, body = app.get(t, "/directory.json?near=78664&sort=distance")
		var out struct {
			NearLabel string `json:"nearLabel"`
			Cards     []struct {
				Name     string `json:"name"`
				Distance string `json:"distance"`
				Hours    string `json:"hours"`
				Open     bool   `json:"open"`
				At       *struct{ Lat, Lng float64 }
			} `json:"cards"`
		}
		must(t, json.Unmarshal([]byte(body), &out))
		if len(out.Cards) != 3 || out.Cards[0].Name != "Round Rock Plumbing" || out.Cards[0].Distance != "0.0 mi" || !out.Cards[0].Open || out.Cards[0].At == nil ||
			out.Cards[2].Distance != want || out.NearLabel != "78664 (Round Rock, TX)" {
			t.Errorf("json: %+v", out)
		}
	})
}

// A place the gazetteer does not know is said by the field, kept as typed,
// and finds nothing (422), on the page and in the JSON.
func TestDirectoryNearAnUnknownPlace(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		placedListings(t, app)
		res, body := app.get(t, "/directory?near=00000")
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("status %d, want 422", res.StatusCode)
		}
		page := parseHTML(t, body)
		near := labelled(t, page, "Near")
		if got := fieldError(near); got != "We don't know the ZIP code 00000. Check it, or try a city and state like Austin, TX." {
			t.Errorf("the Near field says %q", got)
		}
		if valueOf(near) != "00000" || len(resultNames(page)) != 0 {
			t.Errorf("the field holds %q and %d results", valueOf(near), len(resultNames(page)))
		}
		res, body = app.get(t, "/directory.json?near=Atlantis%2C+TX")
		var out struct {
			NearError string `json:"nearError"`
			Total     int    `json:"total"`
		}
		must(t, json.Unmarshal([]byte(body), &out))
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.HasPrefix(out.NearError, "We don't know “Atlantis, TX”") || out.Total != 0 {
			t.Errorf("json: %d %+v", res.StatusCode, out)
		}
	})
}

// A listing's page: whether it is open, its place in JSON-LD (geo, the
// hours), and a link to it on OpenStreetMap; a service-area business shows
// its area instead of its street address.
func TestListingPageSaysWhereAndWhenOpen(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Round Rock Plumbing", Category: "construction", City: "Round Rock", State: "TX",
			ZipCode: "78664", Address: "1 Main St", ShowAddress: true, Hours: sameWeek("00:00", "23:59", false), ShowHours: true, Published: true,
			Description: "Pipes, drains and water heaters.", BusinessType: store.TypeStorefront})
		must(t, err)
		page := parseHTML(t, mustGet(t, app, "/directory/"+b.Slug))
		if got := textOf(byTestID(page, "open-status")); got != "Open 24 hours" {
			t.Errorf("the page says %q", got)
		}
		at := mustZIP(t, "78664")
		ld := jsonLD(t, page)
		g, _ := ld["geo"].(map[string]any)
		if g["@type"] != "GeoCoordinates" || math.Abs(g["latitude"].(float64)-at.Lat) > 1e-5 || math.Abs(g["longitude"].(float64)-at.Lng) > 1e-5 {
			t.Errorf("JSON-LD geo %v, want %v", ld["geo"], at)
		}
		if specs, _ := ld["openingHoursSpecification"].([]any); len(specs) != 7 {
			t.Errorf("JSON-LD hours: %v", ld["openingHoursSpecification"])
		}
		osm := byTestID(page, "osm-link")
		if u, err := url.Parse(osm.AttrOr("href", "")); err != nil || u.Host != "www.openstreetmap.org" || u.Query().Get("mlat") != strconv.FormatFloat(at.Lat, 'f', 5, 64) {
			t.Errorf("the OpenStreetMap link is %q", osm.AttrOr("href", ""))
		}
		// A service area: no street address, the area instead, and
		// JSON-LD's areaServed; the map shows the neighbourhood only.
		b.BusinessType, b.ServiceRadius = store.TypeServiceArea, 30
		must(t, app.store.UpdateBusiness(ctx, b))
		page = parseHTML(t, mustGet(t, app, "/directory/"+b.Slug))
		if got := textOf(byTestID(page, "service-area")); got != "Serves customers within 30 miles of Round Rock, TX" {
			t.Errorf("the page says %q", got)
		}
		if strings.Contains(textOf(page.Find("main")), "1 Main St") {
			t.Error("a service-area business shows its street address")
		}
		ld = jsonLD(t, page)
		if area, _ := ld["areaServed"].(map[string]any); area["@type"] != "GeoCircle" || area["geoRadius"] != float64(48280) {
			t.Errorf("JSON-LD areaServed: %v", ld["areaServed"])
		}
		if g, _ := ld["geo"].(map[string]any); g["latitude"] != math.Round(at.Lat*100)/100 {
			t.Errorf("a service area's JSON-LD geo is %v, want it to about a kilometre", g)
		}
	})
}

// The owner places the pin by typing coordinates (the map island writes
// the same fields), clears it to go back to the ZIP code, and sets a
// service radius; wrong values are said by their fields.
func TestOwnerPlacesThePin(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		owner := signedInOwner(t, app, "pin@example.com")
		b, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Pin Plumbing", Category: "construction", City: "Round Rock", State: "TX",
			ZipCode: "78664", Published: true, Email: "pin@example.com", Description: "Pipes, drains and water heaters for Round Rock homes.",
			BusinessType: store.TypeServiceArea, OwnerID: sql.NullInt64{Int64: owner.ID, Valid: true}, Hours: store.DefaultWeek(), ShowHours: true})
		must(t, err)
		path := "/dashboard/businesses/" + strconv.FormatInt(b.ID, 10)
		page := parseHTML(t, mustGet(t, app, path))
		form := formOf(page, "Save changes")
		action := form.AttrOr("action", path)
		if got := textOf(page.Find("#pin-hint")); !strings.Contains(got, "placed by your ZIP code") {
			t.Errorf("the pin's hint says %q", got)
		}
		v := sentValues(form)
		v.Set("lat", "30.52")
		v.Set("lng", "-97.69")
		v.Set("service_radius", "20")
		res, _ := app.post(t, action, v)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("save: %d", res.StatusCode)
		}
		got, err := app.store.BusinessByID(context.Background(), b.ID)
		must(t, err)
		if p, _ := got.Place(); got.GeoSource != store.GeoPin || p != (geo.Point{Lat: 30.52, Lng: -97.69}) || got.ServiceRadius != 20 {
			t.Errorf("after placing the pin: %v by %q, radius %d", p, got.GeoSource, got.ServiceRadius)
		}
		page = parseHTML(t, mustGet(t, app, path))
		if valueOf(labelled(t, page, "Latitude")) != "30.52" || valueOf(labelled(t, page, "Service area (miles)")) != "20" {
			t.Error("the form does not show the pin and the radius")
		}
		// Wrong values, kept and said by their fields.
		v.Set("lat", "95")
		v.Set("lng", "")
		v.Set("service_radius", "500")
		res, body := app.post(t, action, v)
		page = parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, page, "Latitude")) == "" || fieldError(labelled(t, page, "Longitude")) == "" ||
			fieldError(labelled(t, page, "Service area (miles)")) == "" || valueOf(labelled(t, page, "Latitude")) != "95" {
			t.Errorf("wrong values: %d, errors %q %q %q", res.StatusCode, fieldError(labelled(t, page, "Latitude")), fieldError(labelled(t, page, "Longitude")), fieldError(labelled(t, page, "Service area (miles)")))
		}
		// Cleared: back to the ZIP code.
		v.Set("lat", "")
		v.Set("lng", "")
		v.Set("service_radius", "")
		if res, _ := app.post(t, action, v); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("clear: %d", res.StatusCode)
		}
		got, err = app.store.BusinessByID(context.Background(), b.ID)
		must(t, err)
		if p, _ := got.Place(); got.GeoSource != store.GeoZIP || p != mustZIP(t, "78664") {
			t.Errorf("after clearing the pin: %v by %q", p, got.GeoSource)
		}
	})
}

// A city's page lists the cities with listings near it, nearest first.
func TestCityPageListsNearbyCities(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		placedListings(t, app)
		page := parseHTML(t, mustGet(t, app, views.CityPath("TX", "Austin")))
		nearby := byTestID(page, "nearby-cities")
		if got := texts(nearby.Find("li a")); len(got) != 2 || !strings.HasPrefix(got[0], "Round Rock, TX") || !strings.HasPrefix(got[1], "Georgetown, TX") {
			t.Errorf("Austin's nearby cities: %q", got)
		}
		if !hasLink(nearby, "Search within 50 miles of Austin", "/directory?near=Austin%2C+TX&radius=50&sort=distance") {
			t.Errorf("no search near Austin: %q", texts(nearby.Find("a")))
		}
	})
}

// The API's directory takes the same place and answers each listing's
// distance, place and opening.
func TestAPIDirectoryNearAPlace(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		placedListings(t, app)
		key := newAPIAccount(t, app).ro
		res, body := apiDo(t, app, key, http.MethodGet, "/directory?near=78664&radius=25&sort=distance&open=now", nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
		var out struct {
			Data []struct {
				Name          string   `json:"name"`
				DistanceMiles *float64 `json:"distance_miles"`
				Location      *struct{ Lat, Lng float64 }
				OpenNow       *struct {
					Open  bool
					Label string
				} `json:"open_now"`
			} `json:"data"`
		}
		must(t, json.Unmarshal([]byte(body), &out))
		if len(out.Data) != 1 || out.Data[0].Name != "Round Rock Plumbing" || out.Data[0].DistanceMiles == nil || *out.Data[0].DistanceMiles != 0 ||
			out.Data[0].Location == nil || out.Data[0].OpenNow == nil || out.Data[0].OpenNow.Label != "Open 24 hours" {
			t.Errorf("%s", body)
		}
	})
}

func mustZIP(t *testing.T, code string) geo.Point {
	t.Helper()
	p, ok := geo.ZIP(code)
	if !ok {
		t.Fatalf("ZIP %s unknown", code)
	}
	return p
}

func mustGet(t *testing.T, app *testApp, path string) string {
	t.Helper()
	res, body := app.get(t, path)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, res.StatusCode)
	}
	return body
}

// A quote request with a ZIP code reaches the service-area businesses
// whose area covers it; a ZIP code nobody knows is said by its field.
func TestQuoteRequestByZIPReachesServiceAreas(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		roundRock := builder(t, app, "rr@example.com", "Round Rock Tiling")
		roundRock.City, roundRock.ZipCode, roundRock.BusinessType, roundRock.ServiceRadius = "Round Rock", "78664", store.TypeServiceArea, 25
		must(t, app.store.UpdateBusiness(context.Background(), roundRock))
		farAway := builder(t, app, "sa@example.com", "San Antonio Tiling")
		farAway.City, farAway.ZipCode, farAway.BusinessType, farAway.ServiceRadius = "San Antonio", "78205", store.TypeServiceArea, 25
		must(t, app.store.UpdateBusiness(context.Background(), farAway))

		form := requestForm()
		form.Set("zip_code", "00000")
		res, body := app.post(t, "/request", form)
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, page, "ZIP code (optional)")) == "" || valueOf(labelled(t, page, "ZIP code (optional)")) != "00000" {
			t.Errorf("an unknown ZIP code: %d %q", res.StatusCode, fieldError(labelled(t, page, "ZIP code (optional)")))
		}
		form.Set("zip_code", "78701")
		res, _ = app.post(t, "/request", form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("request: %d", res.StatusCode)
		}
		// Signed out, it waits for the address to be confirmed: the
		// businesses it will go to are those it matches.
		q, err := app.store.QuoteRequestByToken(context.Background(), strings.TrimPrefix(res.Header.Get("Location"), "/requests/"))
		must(t, err)
		matched, err := app.store.MatchListings(context.Background(), q)
		must(t, err)
		var names []string
		for _, b := range matched {
			names = append(names, b.Name)
		}
		if q.ZipCode != "78701" || !q.Lat.Valid || !slices.Equal(names, []string{"Round Rock Tiling"}) {
			t.Errorf("the request in %q (located %v) goes to %q, want Round Rock Tiling alone", q.ZipCode, q.Lat.Valid, names)
		}
	})
}
