package catalog

import "testing"

// synonyms.txt reads (the search would not start otherwise), and a
// mistake in it is refused with its line.
func TestSynonyms(t *testing.T) {
	if len(Synonyms) < 20 {
		t.Fatalf("synonyms.txt: %d groups", len(Synonyms))
	}
	for _, bad := range []string{
		"legal: lawyer = law",          // not a category
		"professional: lawyer law",     // no "="
		"professional: = law",          // a side without words
		"professional: Lawyer = law",   // not lower case
		"professional: law firm = law", // a phrase
		"professional lawyer = law",    // no ":"
	} {
		if _, err := ParseSynonyms("# ok\n\n" + bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
