package views

import (
	"net/url"
	"strings"
)

// MapTiles is where maps fetch their tiles from, as configured
// (MAP_TILES_URL, MAP_TILES_ATTRIBUTION).
type MapTiles struct {
	// URL is the template of a tile's address, with {z}, {x} and {y}.
	URL string `json:"url"`
	// Attribution is HTML (the tile provider's licence), always shown on
	// the map; it comes from the operator's configuration, never from a
	// visitor.
	Attribution string `json:"attribution"`
	MaxZoom     int    `json:"maxZoom"`
}

// Origin is the scheme://host[:port] the tiles come from, which the
// Content-Security-Policy's img-src must allow; "" when URL is not an
// absolute http(s) URL.
func (t MapTiles) Origin() string {
	u, err := url.Parse(t.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsAny(u.Host, "{}") {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// MapMarker is one place shown on a map; its popup shows Title (a link to
// URL when there is one) and Detail.
type MapMarker struct {
	Lat    float64 `json:"lat"`
	Lng    float64 `json:"lng"`
	Title  string  `json:"title"`
	URL    string  `json:"url,omitempty"`
	Detail string  `json:"detail,omitempty"`
}

// MapPin makes the map a location picker: one marker the visitor drags,
// clicks into place or nudges with the arrow keys, kept in step with the
// form's two inputs whose ids these are.
type MapPin struct {
	LatInput string `json:"latInput"`
	LngInput string `json:"lngInput"`
}

// MapView is a map: several markers (fitted and clustered), or a pin to
// place (Pin, centred on Center). The page shows a box of fixed size with a
// "Show map" button; the map loads only when the visitor presses it.
type MapView struct {
	Markers []MapMarker
	Center  *LatLng // nil: fitted to the markers
	Zoom    int     // 0: a street-level default
	Pin     *MapPin
	// Label is the box's accessible name, such as "Map of Acme Plumbing".
	Label string
	// Link is where the place is without JavaScript (such as its page on
	// OpenStreetMap), LinkText its words; not shown with Pin, where the
	// form's coordinate inputs do the work.
	Link, LinkText string
	Tiles          MapTiles
}

// mapProps is the map island's props (islands/map/model.ts reads them).
type mapProps struct {
	Markers []MapMarker `json:"markers"`
	Center  *LatLng     `json:"center,omitempty"`
	Zoom    int         `json:"zoom,omitempty"`
	Tiles   MapTiles    `json:"tiles"`
	Pin     *MapPin     `json:"pin,omitempty"`
	// Stylesheet is Leaflet's CSS (and the markers'), fetched with the
	// island only.
	Stylesheet string `json:"stylesheet"`
}

// props is what the island reads from the script tag after it.
func (m MapView) props() mapProps {
	markers := m.Markers
	if markers == nil {
		markers = []MapMarker{}
	}
	return mapProps{
		Markers: markers, Center: m.Center, Zoom: m.Zoom, Tiles: m.Tiles, Pin: m.Pin,
		Stylesheet: mapStylesheet(),
	}
}

// mapStylesheet is Leaflet's CSS (and the markers'), which the map island
// adds when it shows a map.
func mapStylesheet() string { return asset("dist/map.css") }

// linkText is the fallback link's words.
func (m MapView) linkText() string {
	if m.LinkText != "" {
		return m.LinkText
	}
	return "View on OpenStreetMap"
}
