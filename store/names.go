package store

import (
	"strings"

	"bizprofile/lookalike"
)

// Renamed reports whether a listing's name or place changed from old to
// new as a reader tells them apart (lookalike.NameKey, lookalike.CityKey),
// or its name changed to one that mixes alphabets (which looks the same
// as the old one, by key): what a review of its name is about.
func Renamed(old, new Business) bool {
	return lookalike.NameKey(old.Name) != lookalike.NameKey(new.Name) ||
		(old.Name != new.Name && lookalike.MixedScripts(new.Name) != nil) ||
		lookalike.CityKey(old.City) != lookalike.CityKey(new.City) ||
		!strings.EqualFold(strings.TrimSpace(old.State), strings.TrimSpace(new.State))
}
