package store_test

import (
	"testing"

	"bizprofile/store"
)

func TestNamesAlike(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		alike bool
	}{
		{"Harbor Street Bakery", "Harbor Street Bakery", true},
		{"Harbor Street Bakery", "HARBOR STREET BAKERY", true},
		{"Harbor Street Bakery", "Harbor Street Bakery, LLC", true},
		{"Harbor Street Bakery", "Harbor Street Bakery Inc.", true},
		{"Harbor Street Bakery", "The Harbor-Street Bakery Co", true},
		{"Harbor Street Bakery", "HarborStreet  Bakery", true},
		{"Harbor Street Bakery", "Harbour Street Bakery", true},  // one edit
		{"Harbor Street Bakery", "Harbr Street Bakery", true},    // one edit
		{"Harbor Street Bakery", "Harbour Street Bakeri", true},  // two edits in 18
		{"Harbor Street Bakery", "Harbour Streat Bakeri", false}, // three edits in 18
		{"Harbor Street Bakery", "Harbor Street Books", false},
		{"Joe's Café & Bar", "Joes Cafe and Bar", true},
		{"Joe's Pizza", "Moe's Pizza", true}, // one edit in 9
		{"Luna", "Lune", false},              // short names: exact only
		{"Luna", "LUNA LLC", true},
		{"LLC", "Inc", false},  // suffixes alone stay names
		{"Co", "Co", true},     // ... and equal ones are alike
		{"The Co", "Co", true}, // "The" goes before a name
		{"Station 1 Pizza", "Station 2 Pizza", true},
		{"BrightPath IT Solutions", "Greenleaf Family Clinic", false},
		{"!!!", "???", false}, // nothing left to compare
	} {
		if got := store.NamesAlike(tc.a, tc.b); got != tc.alike {
			t.Errorf("NamesAlike(%q, %q) = %v, want %v (keys %q, %q)", tc.a, tc.b, got, tc.alike, store.NameKey(tc.a), store.NameKey(tc.b))
		}
		if store.NamesAlike(tc.b, tc.a) != store.NamesAlike(tc.a, tc.b) {
			t.Errorf("NamesAlike(%q, %q) depends on the order", tc.a, tc.b)
		}
	}
}
