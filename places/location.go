package places

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// CityMaxLength is the longest city name a listing takes, in characters
// (the longest US place names are about 40).
const CityMaxLength = 60

// CityPattern is what a city's name is made of: letters (accented ones
// too), spaces, periods, apostrophes and hyphens, starting with a letter:
// "St. Paul", "Coeur d'Alene", "Winston-Salem", "Española". It means the
// same to Go and to JavaScript with the u flag (the wizard island).
var CityPattern = regexp.MustCompile(`^\p{L}[\p{L}\p{M} .'’-]*$`)

// CleanCity is a city's name as typed, trimmed and with each run of spaces
// made one: "  St.   Paul " → "St. Paul". Listings store it so.
func CleanCity(s string) string { return strings.Join(strings.Fields(s), " ") }

// ValidCity reports whether city, cleaned by CleanCity, is a name a
// listing may give: CityPattern, at most CityMaxLength characters.
func ValidCity(city string) bool {
	return CityPattern.MatchString(city) && utf8.RuneCountInString(city) <= CityMaxLength
}

// ParseLocation reads a place written on one line, "Austin, TX" or
// "Austin, Texas": a valid city before the last comma and a state's code or
// name after it. It returns the cleaned city and the state's code; ok is
// false for anything else ("Austin", "Austin, Ontario", "78701, TX").
func ParseLocation(s string) (city, state string, ok bool) {
	i := strings.LastIndexByte(s, ',')
	if i < 0 {
		return "", "", false
	}
	city = CleanCity(s[:i])
	state, ok = StateCode(s[i+1:])
	if !ok || !ValidCity(city) {
		return "", "", false
	}
	return city, state, true
}

// Guess reads a place typed in a search box as a form's city and state:
// "City, ST" gives both, a state's code or name only the state, a valid
// city only the city, anything else neither.
func Guess(s string) (city, state string) {
	s = strings.TrimSpace(s)
	if city, state, ok := ParseLocation(s); ok {
		return city, state
	}
	if state, ok := StateCode(s); ok {
		return "", state
	}
	if city := CleanCity(s); city != "" && ValidCity(city) {
		return city, ""
	}
	return "", ""
}

// Place is where a listing is, as cards and pages say it: "Portland, OR",
// or whichever of the two is known. Spaces around either go (the forms
// store them cleaned; migration 00015 cleaned what was stored before), so
// it never reads "Portland , OR".
func Place(city, state string) string {
	city, state = CleanCity(city), strings.TrimSpace(state)
	switch {
	case city != "" && state != "":
		return city + ", " + state
	case city != "":
		return city
	}
	return state
}
