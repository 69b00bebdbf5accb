// Package places is where listings can be: the US states (with the District
// of Columbia and the territories) by their two-letter postal codes, and
// how a city is named in a URL. The store files listings and resolves
// directory locations by it; the views offer its states in forms and name
// them on landing pages, so a state is spelled the same everywhere.
package places

import (
	"regexp"
	"strings"
)

// State is one state by its postal code.
type State struct {
	Code string // "TX"
	Name string // "Texas"
}

// States are every state a listing may be in, in the order of their names.
var States = []State{
	{"AL", "Alabama"}, {"AK", "Alaska"}, {"AS", "American Samoa"}, {"AZ", "Arizona"},
	{"AR", "Arkansas"}, {"CA", "California"}, {"CO", "Colorado"}, {"CT", "Connecticut"},
	{"DE", "Delaware"}, {"DC", "District of Columbia"}, {"FL", "Florida"}, {"GA", "Georgia"},
	{"GU", "Guam"}, {"HI", "Hawaii"}, {"ID", "Idaho"}, {"IL", "Illinois"},
	{"IN", "Indiana"}, {"IA", "Iowa"}, {"KS", "Kansas"}, {"KY", "Kentucky"},
	{"LA", "Louisiana"}, {"ME", "Maine"}, {"MD", "Maryland"}, {"MA", "Massachusetts"},
	{"MI", "Michigan"}, {"MN", "Minnesota"}, {"MS", "Mississippi"}, {"MO", "Missouri"},
	{"MT", "Montana"}, {"NE", "Nebraska"}, {"NV", "Nevada"}, {"NH", "New Hampshire"},
	{"NJ", "New Jersey"}, {"NM", "New Mexico"}, {"NY", "New York"}, {"NC", "North Carolina"},
	{"ND", "North Dakota"}, {"MP", "Northern Mariana Islands"}, {"OH", "Ohio"}, {"OK", "Oklahoma"},
	{"OR", "Oregon"}, {"PA", "Pennsylvania"}, {"PR", "Puerto Rico"}, {"RI", "Rhode Island"},
	{"SC", "South Carolina"}, {"SD", "South Dakota"}, {"TN", "Tennessee"}, {"TX", "Texas"},
	{"VI", "U.S. Virgin Islands"}, {"UT", "Utah"}, {"VT", "Vermont"}, {"VA", "Virginia"},
	{"WA", "Washington"}, {"WV", "West Virginia"}, {"WI", "Wisconsin"}, {"WY", "Wyoming"},
}

var byKey = func() map[string]State {
	m := make(map[string]State, 2*len(States))
	for _, s := range States {
		m[strings.ToLower(s.Code)] = s
		m[strings.ToLower(s.Name)] = s
	}
	return m
}()

// StateCode finds the state s names, by its code or its full name in any
// case ("tx", "Texas", " TEXAS "), and returns its code.
func StateCode(s string) (string, bool) {
	st, ok := byKey[strings.ToLower(strings.Join(strings.Fields(s), " "))]
	return st.Code, ok
}

// StateName is the full name of the state with the code ("TX" → "Texas"),
// or the code itself when it names none.
func StateName(code string) string {
	if st, ok := byKey[strings.ToLower(code)]; ok {
		return st.Name
	}
	return code
}

var (
	nonSlug   = regexp.MustCompile(`[^a-z0-9]+`)
	slugWords = strings.NewReplacer("&", " and ", "'", "", "’", "")
)

// CitySlug is a city's name as it appears in a URL: "Salt Lake City" →
// "salt-lake-city", "St. Paul" → "st-paul". Two spellings of a city that
// differ only in case, spaces or punctuation share one slug, and so one
// landing page.
func CitySlug(city string) string {
	s := strings.ToLower(city)
	s = slugWords.Replace(s)
	return strings.Trim(nonSlug.ReplaceAllString(s, "-"), "-")
}

// StateSlug is a state's code as it appears in a URL: "tx".
func StateSlug(code string) string { return strings.ToLower(code) }
