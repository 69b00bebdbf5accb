package loadmix

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bizprofile/catalog"
	"bizprofile/geo"
)

// TestMix checks the mix: the same seed gives
// the same URLs, no search repeats, every shape and both formats appear in
// their proportions, and every URL is a valid directory search.
func TestMix(t *testing.T) {
	const n = 60_000
	a, b := New(1, 100_000), New(1, 100_000)
	counts := make([]int, len(Shapes))
	jsons := 0
	keys := map[string]bool{}
	for i := range n {
		u := a.Next()
		if w := b.Next(); w != u {
			t.Fatalf("URL %d differs with the same seed: %q, %q", i, u.Path, w.Path)
		}
		counts[u.Shape]++
		if u.JSON {
			jsons++
		}
		parsed, err := url.Parse(u.Path)
		if err != nil {
			t.Fatalf("%s: %v", u.Path, err)
		}
		v := parsed.Query()
		if key := a.key(v); keys[key] {
			t.Fatalf("search repeated: %s (%s)", u.Path, key)
		} else {
			keys[key] = true
		}
		for name, vals := range v {
			val := vals[0]
			var opts []catalog.Option
			switch name {
			case "q", "location":
				if len(val) > catalog.MaxQueryLen || strings.TrimSpace(val) != val {
					t.Fatalf("%s: %s %q", u.Path, name, val)
				}
				continue
			case "near":
				if _, err := geo.Parse(val); val != "" && err != nil {
					t.Fatalf("%s: near %q: %v", u.Path, val, err)
				}
				continue
			case "radius":
				opts = catalog.RadiusOptions
			case "open":
				opts = []catalog.Option{{Value: "now"}}
			case "category":
				opts = catalog.Categories
			case "sort":
				opts = catalog.SortOptions
			case "min_rating":
				opts = catalog.RatingOptions
			case "type":
				opts = catalog.BusinessTypes
			case "view":
				opts = []catalog.Option{{Value: "grid"}, {Value: "list"}}
			case "verified":
				opts = []catalog.Option{{Value: "1"}}
			case "page":
				if p, err := strconv.Atoi(val); err != nil || p < 2 || p > catalog.MaxDirectoryPage {
					t.Fatalf("%s: page %q", u.Path, val)
				}
				continue
			default:
				t.Fatalf("%s: unknown control %s", u.Path, name)
			}
			if val != "" && !catalog.ValidOption(opts, val) {
				t.Fatalf("%s: %s=%q is not an option", u.Path, name, val)
			}
		}
	}
	for i, s := range Shapes {
		if got, want := float64(counts[i])/n*100, float64(s.Weight); got < want*0.8 || got > want*1.2 {
			t.Errorf("shape %s: %.1f%% of the mix, want about %.0f%%", s.Name, got, want)
		}
	}
	if got := float64(jsons) / n * 100; got < 27 || got > 33 {
		t.Errorf("%.1f%% of the URLs ask for JSON, want about 30%%", got)
	}
}
