package geo

import (
	"sync"
	"time"
	_ "time/tzdata" // the zones' rules, in a binary without the system's
)

// stateZones are the time zones of the states, the District of Columbia
// and the territories, by postal code: each state's zone, or its most
// people's where it has two (Zone draws the line).
var stateZones = map[string]string{
	"AL": "America/Chicago", "AK": "America/Anchorage", "AZ": "America/Phoenix", "AR": "America/Chicago",
	"CA": "America/Los_Angeles", "CO": "America/Denver", "CT": "America/New_York", "DE": "America/New_York",
	"DC": "America/New_York", "FL": "America/New_York", "GA": "America/New_York", "HI": "Pacific/Honolulu",
	"ID": "America/Boise", "IL": "America/Chicago", "IN": "America/Indiana/Indianapolis", "IA": "America/Chicago",
	"KS": "America/Chicago", "KY": "America/New_York", "LA": "America/Chicago", "ME": "America/New_York",
	"MD": "America/New_York", "MA": "America/New_York", "MI": "America/Detroit", "MN": "America/Chicago",
	"MS": "America/Chicago", "MO": "America/Chicago", "MT": "America/Denver", "NE": "America/Chicago",
	"NV": "America/Los_Angeles", "NH": "America/New_York", "NJ": "America/New_York", "NM": "America/Denver",
	"NY": "America/New_York", "NC": "America/New_York", "ND": "America/Chicago", "OH": "America/New_York",
	"OK": "America/Chicago", "OR": "America/Los_Angeles", "PA": "America/New_York", "RI": "America/New_York",
	"SC": "America/New_York", "SD": "America/Chicago", "TN": "America/Chicago", "TX": "America/Chicago",
	"UT": "America/Denver", "VT": "America/New_York", "VA": "America/New_York", "WA": "America/Los_Angeles",
	"WV": "America/New_York", "WI": "America/Chicago", "WY": "America/Denver",
	"PR": "America/Puerto_Rico", "GU": "Pacific/Guam", "VI": "America/St_Thomas", "AS": "Pacific/Pago_Pago",
	"MP": "Pacific/Saipan",
}

// split draws the line through the states with two zones, at about county
// level, from a place's coordinates: the zone of the part of the state
// that is not its default, or "" for the default. A place without
// coordinates (the zero Point) keeps the state's default.
func split(state string, p Point) string {
	lat, lng := p.Lat, p.Lng
	if p == (Point{}) {
		return ""
	}
	switch state {
	case "TX": // El Paso and Hudspeth counties
		if lng < -104.92 {
			return "America/Denver"
		}
	case "FL":
		// Central: the panhandle west of the Apalachicola river (85°W; the
		// Chattahoochee, 84.86°W, along Jackson county), but not the
		// south of Gulf county (Port St. Joe, Cape San Blas), which keeps
		// Eastern.
		westOfRiver := lng < -85.0 || (lat > 30.4 && lng < -84.86)
		southGulf := lat < 29.98 && lng > -85.39
		if westOfRiver && lat > 29.6 && !southGulf {
			return "America/Chicago"
		}
	case "ID": // north of the Salmon river
		if lat > 45.5 {
			return "America/Los_Angeles"
		}
	case "OR": // Malheur county
		if lng > -118.23 && lat < 44.48 {
			return "America/Boise"
		}
	case "NV": // West Wendover
		if lng > -114.1 && lat > 40.6 {
			return "America/Denver"
		}
	case "KS": // Sherman, Wallace, Greeley and Hamilton counties
		if lng < -101.48 && lat >= 37.73 && lat < 39.57 {
			return "America/Denver"
		}
	case "NE": // the panhandle and the south-west
		if lng < -101.0 {
			return "America/Denver"
		}
	case "SD":
		// Mountain: west of the Missouri north of 44.15°N (Stanley county
		// from Fort Pierre, 100.365°W, across the river from Pierre), and
		// west of 101.1°W south of it (Jones, Mellette and Todd keep
		// Central).
		if (lat >= 44.15 && (lng < -100.5 || (lat < 44.75 && lng < -100.365))) || (lat < 44.15 && lng < -101.1) {
			return "America/Denver"
		}
	case "ND":
		// Mountain: the south-west, west of 102°W and south of 47.6°N
		// (Stark, Dunn, Billings, Golden Valley, Slope, Bowman, Hettinger,
		// Adams, southern McKenzie), and Grant and Sioux counties south of
		// Morton (south of 46.6°N, west of 100.6°W).
		if (lng < -102.0 && lat < 47.6) || (lat < 46.6 && lng < -100.6) {
			return "America/Denver"
		}
	case "KY":
		// Central: west of Hardin county (about 85.95°W) but not Meade
		// county on the Ohio (Brandenburg keeps Eastern), and the
		// south-centre (Green, Adair, Russell, Cumberland, Clinton…,
		// south of 37.3°N and west of 85°W).
		meade := lat > 37.83 && lng > -86.49
		if (lng < -85.95 && !meade) || (lat < 37.3 && lng < -85.0) {
			return "America/Chicago"
		}
	case "TN":
		// Eastern: east of Cumberland county (85°W), with Hamilton
		// (Chattanooga: east of 85.47°W south of 35.25°N, of 85.3°W up
		// to 35.4°N) and Bledsoe and Rhea (35.4°N–35.8°N, east of
		// 85.25°W); Sequatchie and Marion keep Central.
		if lng > -85.0 || (lat < 35.25 && lng > -85.47) || (lat < 35.4 && lng > -85.3) || (lat >= 35.4 && lat < 35.8 && lng > -85.25) {
			return "America/New_York"
		}
	case "IN": // the north-west by Chicago and the south-west by Evansville
		if (lat > 41.1 && lng < -86.47) || (lat > 40.73 && lng < -86.93) || (lat < 38.2 && lng < -86.6) || (lng < -87.4 && lat < 38.55) {
			return "America/Chicago"
		}
	case "MI":
		// Central (IANA's America/Menominee, Chicago's rules): the four
		// Upper Peninsula counties on Wisconsin's border, stepping north
		// as they go west: Menominee and Dickinson (west of 87.5°W, south
		// of 46.07°N), Iron (west of 88°W, south of 46.34°N) and Gogebic
		// (west of 89°W, south of 46.52°N). Marquette (Ishpeming) and
		// Ontonagon (Bergland) keep Eastern.
		if lat > 45.0 && ((lng < -87.5 && lat < 46.07) || (lng < -88.0 && lat < 46.34) || (lng < -89.0 && lat < 46.52)) {
			return "America/Menominee"
		}
	case "AK": // the Aleutians west of 169.5°W
		if lng < -169.5 {
			return "America/Adak"
		}
	}
	return ""
}

// byLongitude is the zone of a place whose state is not known: Hawaii by
// its latitude and longitude, else the US mainland's bands by longitude
// alone (85°W, 101°W, 114.5°W, 129°W), Alaska's west of that and Hawaii's
// west of 169.5°W. Near a band's edge it can be an hour out; a state
// avoids that.
func byLongitude(p Point) string {
	switch {
	case p == (Point{}):
		return ""
	case p.Lat < 23 && p.Lng < -154 && p.Lng > -161:
		return "Pacific/Honolulu"
	case p.Lng >= -85:
		return "America/New_York"
	case p.Lng >= -101:
		return "America/Chicago"
	case p.Lng >= -114.5:
		return "America/Denver"
	case p.Lng >= -129:
		return "America/Los_Angeles"
	case p.Lng >= -169.5:
		return "America/Anchorage"
	}
	return "Pacific/Honolulu"
}

var locations sync.Map // zone name → *time.Location

// Zone is the time zone of a place in state (its postal code) at p: the
// state's, or where the state has two, the one p is in. The rules of
// daylight saving are Go's (time/tzdata). With neither a known state nor
// coordinates it is nil.
func Zone(state string, p Point) *time.Location {
	name := split(state, p)
	if name == "" {
		name = stateZones[state]
	}
	if name == "" {
		name = byLongitude(p)
	}
	if name == "" {
		return nil
	}
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil
	}
	locations.Store(name, loc)
	return loc
}
