package views

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

var testTiles = MapTiles{URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", Attribution: "&copy; OSM", MaxZoom: 19}

func renderMap(t *testing.T, m MapView) *goquery.Document {
	t.Helper()
	var b strings.Builder
	if err := Map(m).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// islandProps reads the JSON the island gets: the script right after the
// data-island element, as islands/main.ts reads it.
func islandProps(t *testing.T, doc *goquery.Document) map[string]any {
	t.Helper()
	island := doc.Find(`[data-island="map"]`)
	if island.Length() != 1 {
		t.Fatalf("%d map islands, want 1", island.Length())
	}
	script := island.Next()
	if !script.Is(`script[type="application/json"]`) {
		t.Fatalf("the island is followed by %s, want its props script", goquery.NodeName(script))
	}
	var props map[string]any
	if err := json.Unmarshal([]byte(script.Text()), &props); err != nil {
		t.Fatalf("props: %v", err)
	}
	return props
}

// TestMapMarkers: a map of places is a named box with a "Show map" button
// that loads on interaction, a link for visitors without JavaScript, and
// the markers and tiles in the island's props.
func TestMapMarkers(t *testing.T) {
	doc := renderMap(t, MapView{
		Label: "Map of the results",
		Markers: []MapMarker{
			{Lat: 40.7128, Lng: -74.006, Title: "Acme Plumbing", URL: "/b/acme", Detail: "Plumbing · Brooklyn"},
			{Lat: 40.73, Lng: -73.99, Title: "Bolt Electric"},
		},
		Link: "https://www.openstreetmap.org/#map=13/40.72/-74.00", LinkText: "View on OpenStreetMap",
		Tiles: testTiles,
	})

	box := doc.Find(`[data-testid="map"]`)
	if box.AttrOr("role", "") != "region" || box.AttrOr("aria-label", "") != "Map of the results" {
		t.Errorf("box: role %q, name %q; want a region named for the map", box.AttrOr("role", ""), box.AttrOr("aria-label", ""))
	}
	if box.Find(`[style]`).Length() > 0 || box.Is("[style]") {
		t.Error("the box has a style attribute, which the CSP refuses")
	}
	island := box.Find(`[data-island="map"]`)
	if island.AttrOr("data-island-load", "") != "interaction" {
		t.Errorf("data-island-load = %q, want interaction (no map without a press)", island.AttrOr("data-island-load", ""))
	}
	button := island.Find(`button[data-map-show]`)
	if button.Length() != 1 || strings.TrimSpace(button.Text()) != "Show map" || button.AttrOr("type", "") != "button" {
		t.Errorf("button: %d, %q; want one type=button \"Show map\"", button.Length(), strings.TrimSpace(button.Text()))
	}
	link := island.Find(`a.map-link`)
	if link.AttrOr("href", "") != "https://www.openstreetmap.org/#map=13/40.72/-74.00" || link.Text() != "View on OpenStreetMap" {
		t.Errorf("fallback link: %q %q", link.AttrOr("href", ""), link.Text())
	}
	if css := doc.Find(`link[rel="stylesheet"]`).AttrOr("href", ""); !strings.HasPrefix(css, "/assets/dist/map-box") {
		t.Errorf("box stylesheet = %q, want the map box's", css)
	}

	props := islandProps(t, doc)
	markers, _ := props["markers"].([]any)
	if len(markers) != 2 {
		t.Fatalf("props markers = %v, want 2", props["markers"])
	}
	first := markers[0].(map[string]any)
	if first["title"] != "Acme Plumbing" || first["url"] != "/b/acme" || first["detail"] != "Plumbing · Brooklyn" || first["lat"] != 40.7128 || first["lng"] != -74.006 {
		t.Errorf("first marker = %v", first)
	}
	if _, ok := markers[1].(map[string]any)["url"]; ok {
		t.Error("a marker without a URL has a url in its props")
	}
	tiles := props["tiles"].(map[string]any)
	if tiles["url"] != testTiles.URL || tiles["attribution"] != testTiles.Attribution || tiles["maxZoom"] != 19.0 {
		t.Errorf("tiles = %v", tiles)
	}
	if css, _ := props["stylesheet"].(string); !strings.HasPrefix(css, "/assets/dist/map") {
		t.Errorf("stylesheet = %q, want Leaflet's under /assets/dist/", css)
	}
	for _, absent := range []string{"pin", "center", "zoom"} {
		if _, ok := props[absent]; ok {
			t.Errorf("props has %s, which this map does not set", absent)
		}
	}
}

// TestMapPin: a pin map names the inputs it keeps in step and its centre,
// and offers no link: the form's inputs are the way without JavaScript.
func TestMapPin(t *testing.T) {
	doc := renderMap(t, MapView{
		Label:  "Listing location",
		Center: &LatLng{Lat: 51.5072, Lng: -0.1276},
		Zoom:   15,
		Pin:    &MapPin{LatInput: "latitude", LngInput: "longitude"},
		Link:   "https://www.openstreetmap.org/",
		Tiles:  testTiles,
	})
	if n := doc.Find(`[data-testid="map"] a`).Length(); n != 0 {
		t.Errorf("%d links in a pin map, want none", n)
	}
	if doc.Find(`button[data-map-show]`).Length() != 1 {
		t.Error("no Show map button")
	}
	props := islandProps(t, doc)
	pin, _ := props["pin"].(map[string]any)
	if pin["latInput"] != "latitude" || pin["lngInput"] != "longitude" {
		t.Errorf("pin = %v", props["pin"])
	}
	center, _ := props["center"].(map[string]any)
	if center["lat"] != 51.5072 || center["lng"] != -0.1276 || props["zoom"] != 15.0 {
		t.Errorf("center = %v, zoom = %v", props["center"], props["zoom"])
	}
	if markers, ok := props["markers"].([]any); !ok || len(markers) != 0 {
		t.Errorf("markers = %v, want an empty list", props["markers"])
	}
}

// TestMapTilesOrigin: the origin the Content-Security-Policy allows for
// tiles, and none for a template it could not name.
func TestMapTilesOrigin(t *testing.T) {
	for url, want := range map[string]string{
		"https://tile.openstreetmap.org/{z}/{x}/{y}.png": "https://tile.openstreetmap.org",
		"http://127.0.0.1:8123/{z}/{x}/{y}.png":          "http://127.0.0.1:8123",
		"https://{s}.tile.example.com/{z}/{x}/{y}.png":   "",
		"/tiles/{z}/{x}/{y}.png":                         "",
		"":                                               "",
	} {
		if got := (MapTiles{URL: url}).Origin(); got != want {
			t.Errorf("Origin(%q) = %q, want %q", url, got, want)
		}
	}
}
