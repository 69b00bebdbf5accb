package geo

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"bizprofile/places"
)

// Kind is what a visitor gave as a place.
type Kind int

// The kinds of place Parse reads.
const (
	KindZIP Kind = iota + 1
	KindCity
	KindCoordinates
)

// Place is what a visitor meant by a place: where it is, and how to say it
// back ("78701 (Austin, TX)", "Austin, TX", "30.2672, -97.7431").
type Place struct {
	Point
	Kind  Kind
	Label string
	ZIP   string // with KindZIP
	City  string // with KindCity, as the gazetteer spells it
	State string // with KindZIP (its nearest city's) and KindCity
}

// MaxInput is the most characters of a place Parse reads.
const MaxInput = 100

// Why a place was not understood; a *PlaceError says it to the visitor.
var (
	ErrEmpty     = errors.New("geo: no place given")
	ErrUnknown   = errors.New("geo: unknown place")
	ErrAmbiguous = errors.New("geo: a place of several states, given without its state")
)

var (
	zipForm   = regexp.MustCompile(`^(\d{5})(?:-\d{4})?$`)
	coordForm = regexp.MustCompile(`^(-?\d{1,3}(?:\.\d+)?)\s*[, ]\s*(-?\d{1,3}(?:\.\d+)?)$`)
)

// PlaceError is a place Parse did not understand: what was typed, and why.
type PlaceError struct {
	Input   string
	Err     error
	example string // with ErrAmbiguous: one of the places, "Austin, TX"
}

func (e *PlaceError) Error() string {
	switch {
	case errors.Is(e.Err, ErrEmpty):
		return "Enter a ZIP code, a city and state like Austin, TX, or coordinates."
	case errors.Is(e.Err, ErrAmbiguous):
		return "Several states have a " + e.Input + ": add the state, like " + e.example + "."
	case zipForm.MatchString(e.Input):
		return "We don't know the ZIP code " + e.Input + ". Check it, or try a city and state like Austin, TX."
	default:
		return "We don't know “" + e.Input + "”. Try a ZIP code, or a city and state like Austin, TX."
	}
}

func (e *PlaceError) Unwrap() error { return e.Err }

// Parse reads a place as a visitor types it into "Near": a ZIP code
// ("78701", "78701-1234"), a city and its state ("Austin, TX", "austin
// tx", "Austin, Texas"), a city alone when only one state has it, or
// coordinates ("30.2672,-97.7431", as "Near me" sends them). Its error is
// a *PlaceError, its message a sentence to show by the field.
func Parse(s string) (Place, error) {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "")), " ")
	if utf8.RuneCountInString(s) > MaxInput {
		s = string([]rune(s)[:MaxInput])
	}
	if s == "" {
		return Place{}, &PlaceError{Input: s, Err: ErrEmpty}
	}
	if m := zipForm.FindStringSubmatch(s); m != nil {
		p, ok := ZIP(m[1])
		if !ok {
			return Place{}, &PlaceError{Input: m[1], Err: ErrUnknown}
		}
		pl := Place{Point: p, Kind: KindZIP, ZIP: m[1], Label: m[1]}
		if city, state, miles := NearestCity(p); city != "" && miles < 15 {
			pl.State, pl.Label = state, m[1]+" ("+city+", "+state+")"
		}
		return pl, nil
	}
	if m := coordForm.FindStringSubmatch(s); m != nil {
		lat, err1 := strconv.ParseFloat(m[1], 64)
		lng, err2 := strconv.ParseFloat(m[2], 64)
		if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lng < -180 || lng > 180 {
			return Place{}, &PlaceError{Input: s, Err: ErrUnknown}
		}
		p := Point{lat, lng}
		label := strconv.FormatFloat(lat, 'f', 4, 64) + ", " + strconv.FormatFloat(lng, 'f', 4, 64)
		if city, state, miles := NearestCity(p); city != "" && miles < 15 {
			label = "your location (near " + city + ", " + state + ")"
		}
		return Place{Point: p, Kind: KindCoordinates, Label: label}, nil
	}
	for _, sp := range places.Meanings(s) {
		if sp.City == "" || sp.State == "" {
			continue
		}
		if p, ok := City(sp.City, sp.State); ok {
			return cityPlace(p, sp.City, sp.State), nil
		}
	}
	// A city alone: understood when one state has it.
	switch named := citiesNamed(s); {
	case len(named) == 1:
		return cityPlace(named[0].at, named[0].name, named[0].state), nil
	case len(named) > 1:
		return Place{}, &PlaceError{Input: s, Err: ErrAmbiguous, example: named[0].name + ", " + named[0].state}
	}
	return Place{}, &PlaceError{Input: s, Err: ErrUnknown}
}

// cityPlace is a city of the gazetteer as a Place, spelt as it spells it.
func cityPlace(p Point, typed, state string) Place {
	name := typed
	if g := table(); g != nil {
		if i, ok := g.find(cityKey(typed), state); ok {
			name = g.row(i).name
		}
	}
	return Place{Point: p, Kind: KindCity, City: name, State: state, Label: name + ", " + state}
}
