package places

import (
	"slices"
	"strings"
	"testing"
)

func TestValidCity(t *testing.T) {
	for _, tc := range []struct {
		city string
		ok   bool
	}{
		{"Austin", true},
		{"Salt Lake City", true},
		{"St. Paul", true},
		{"Coeur d'Alene", true},
		{"Coeur d’Alene", true},
		{"Winston-Salem", true},
		{"Española", true},
		{strings.Repeat("a", CityMaxLength), true},
		{strings.Repeat("a", CityMaxLength+1), false},
		{"", false},
		{"Austin 78701", false},
		{"Austin, TX", false},
		{"-Austin", false},
		{"'", false},
		{"Austin/Round Rock", false},
		{"<b>Austin</b>", false},
	} {
		if got := ValidCity(tc.city); got != tc.ok {
			t.Errorf("ValidCity(%q) = %v, want %v", tc.city, got, tc.ok)
		}
	}
}

func TestCleanCity(t *testing.T) {
	for in, want := range map[string]string{
		"  St.   Paul ":    "St. Paul",
		"Salt\tLake\nCity": "Salt Lake City",
		"Austin":           "Austin",
		"   ":              "",
	} {
		if got := CleanCity(in); got != want {
			t.Errorf("CleanCity(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseLocation(t *testing.T) {
	for _, tc := range []struct {
		in, city, state string
		ok              bool
	}{
		{"Austin, TX", "Austin", "TX", true},
		{"Austin, Texas", "Austin", "TX", true},
		{"  austin ,  tx ", "austin", "TX", true},
		{"Salt  Lake City,Utah", "Salt Lake City", "UT", true},
		{"Washington, District of Columbia", "Washington", "DC", true},
		{"San Juan, Puerto Rico", "San Juan", "PR", true},
		{"Austin", "", "", false},
		{"Austin TX", "", "", false},
		{"Austin, Ontario", "", "", false},
		{"Austin, ", "", "", false},
		{", TX", "", "", false},
		{"78701, TX", "", "", false},
		{"Austin, TX, USA", "", "", false},
	} {
		city, state, ok := ParseLocation(tc.in)
		if city != tc.city || state != tc.state || ok != tc.ok {
			t.Errorf("ParseLocation(%q) = %q, %q, %v; want %q, %q, %v", tc.in, city, state, ok, tc.city, tc.state, tc.ok)
		}
	}
}

// A location reads as visitors type it: with or without the comma, a
// state by code or name, common abbreviations (issue 40).
func TestMeanings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Spot
	}{
		{"Austin, TX", []Spot{{"Austin", "TX"}}},
		{"Austin TX", []Spot{{"Austin TX", ""}, {"Austin", "TX"}}},
		{"  portland   or ", []Spot{{"portland or", ""}, {"portland", "OR"}}},
		{"salt lake city utah", []Spot{{"salt lake city utah", ""}, {"salt lake city", "UT"}}},
		{"new york new york", []Spot{{"new york new york", ""}, {"new york", "NY"}}},
		{"Texas", []Spot{{"", "TX"}, {"Texas", ""}}},
		{"NYC", []Spot{{"New York", "NY"}, {"Brooklyn", "NY"}, {"Queens", "NY"}, {"Bronx", "NY"}, {"Manhattan", "NY"}, {"Staten Island", "NY"}, {"NYC", ""}}},
		{"LA", []Spot{{"Los Angeles", "CA"}, {"", "LA"}, {"LA", ""}}},
		{"sf ca", []Spot{{"sf ca", ""}, {"San Francisco", "CA"}, {"sf", "CA"}}},
		{"", nil},
		{"78701", nil},
	} {
		if got := Meanings(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Meanings(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// Whatever is typed, Meanings answers places a listing could be in: a
// known state's code or none, a valid city or none, never neither.
func FuzzMeanings(f *testing.F) {
	for _, s := range []string{"Austin, TX", "portland or", "NYC", "la", "new york new york", ",", " , ,tx", "Ñandú, PR", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, sp := range Meanings(s) {
			if sp.City == "" && sp.State == "" {
				t.Fatalf("%q: an empty place", s)
			}
			if _, ok := StateCode(sp.State); sp.State != "" && !ok {
				t.Fatalf("%q: state %q", s, sp.State)
			}
			if sp.City != "" && !ValidCity(sp.City) {
				t.Fatalf("%q: city %q", s, sp.City)
			}
		}
	})
}
