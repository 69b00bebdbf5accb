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

// Spot is one place a typed location may mean: a city of a state, a whole
// state (City ""), or a city of any state (State "").
type Spot struct {
	City  string
	State string // two-letter code
}

// Meanings reads a location as visitors type it into every place it may
// mean: "Austin, TX", "Austin TX", "austin texas", "Portland or" (a city,
// then a state's code or name, with or without the comma), a state ("TX",
// "Texas"), a city ("Austin", in any state), or a common abbreviation
// ("NYC", "LA", "SF", "DC"; see Abbreviations). "LA" means Los Angeles
// and Louisiana both, "Washington" the state and the city: the directory
// shows every listing the visitor may mean.
func Meanings(s string) []Spot {
	s = CleanCity(strings.ReplaceAll(s, ",", ", "))
	if s == "" {
		return nil
	}
	var out []Spot
	if city, state, ok := ParseLocation(s); ok {
		return append(append(out, Spot{city, state}), abbreviated(city, state)...)
	}
	s = CleanCity(strings.ReplaceAll(s, ",", " "))
	out = append(out, Abbreviations[strings.ToLower(s)]...)
	if state, ok := StateCode(s); ok {
		out = append(out, Spot{State: state})
	}
	if ValidCity(s) {
		out = append(out, Spot{City: s})
	}
	words := strings.Fields(s)
	for k := 1; k <= 3 && k < len(words); k++ {
		state, ok := StateCode(strings.Join(words[len(words)-k:], " "))
		city := strings.Join(words[:len(words)-k], " ")
		if !ok {
			continue
		}
		out = append(out, abbreviated(city, state)...)
		if ValidCity(city) {
			out = append(out, Spot{city, state})
		}
	}
	return out
}

// abbreviated are the places of state that city, typed as an
// abbreviation ("LA, CA"), stands for.
func abbreviated(city, state string) []Spot {
	var out []Spot
	for _, a := range Abbreviations[strings.ToLower(city)] {
		if a.State == state {
			out = append(out, a)
		}
	}
	return out
}

// Abbreviations are the short names people type for big cities, by the
// name in lower case, with the places each means.
var Abbreviations = map[string][]Spot{
	"nyc":         {{"New York", "NY"}, {"Brooklyn", "NY"}, {"Queens", "NY"}, {"Bronx", "NY"}, {"Manhattan", "NY"}, {"Staten Island", "NY"}},
	"ny city":     {{"New York", "NY"}},
	"la":          {{"Los Angeles", "CA"}},
	"sf":          {{"San Francisco", "CA"}},
	"dc":          {{"Washington", "DC"}},
	"philly":      {{"Philadelphia", "PA"}},
	"vegas":       {{"Las Vegas", "NV"}},
	"nola":        {{"New Orleans", "LA"}},
	"atl":         {{"Atlanta", "GA"}},
	"chi":         {{"Chicago", "IL"}},
	"slc":         {{"Salt Lake City", "UT"}},
	"kc":          {{"Kansas City", "MO"}, {"Kansas City", "KS"}},
	"okc":         {{"Oklahoma City", "OK"}},
	"stl":         {{"St. Louis", "MO"}},
	"st louis":    {{"St. Louis", "MO"}},
	"saint louis": {{"St. Louis", "MO"}},
	"saint paul":  {{"St. Paul", "MN"}},
}
