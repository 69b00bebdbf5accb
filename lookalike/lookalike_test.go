package lookalike

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
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
		{"Smørrebrød Kitchen", "Smorrebrod Kitchen", true},
		{"Crème Brûlée Company", "Creme Brulee", true},
		// Look-alikes: other scripts, fullwidth forms, other accents.
		{"Harbor Street Bakery", "Hаrbor Street Bаkery", true}, // Cyrillic а
		{"Harbor Street Bakery", "Ｈａｒｂｏｒ Street Bakery", true}, // fullwidth
		{"Harbor Street Bakery", "Hārbor Street Bākery", true}, // macrons
		{"Harbor Street Bakery", "ΗΑRΒΟR STRΕΕΤ ΒΑΚΕRΥ", true}, // Greek capitals
		{"Harbor Street Bakery", "𝐇𝐚𝐫𝐛𝐨𝐫 𝐒𝐭𝐫𝐞𝐞𝐭 𝐁𝐚𝐤𝐞𝐫𝐲", true}, // mathematical bold
		{"Luna", "Lunа", true},                             // a short name, Cyrillic а
		{"Pool Co", "P00l Co", true},                       // zeros for o's
		{"Kettle & Crumb", "Kettle & Crumb Соmраnу", true}, // a Cyrillic suffix is a suffix
	} {
		if got := NamesAlike(tc.a, tc.b); got != tc.alike {
			t.Errorf("NamesAlike(%q, %q) = %v, want %v (keys %q, %q)", tc.a, tc.b, got, tc.alike, NameKey(tc.a), NameKey(tc.b))
		}
		if NamesAlike(tc.b, tc.a) != NamesAlike(tc.a, tc.b) {
			t.Errorf("NamesAlike(%q, %q) depends on the order", tc.a, tc.b)
		}
	}
}

func TestCityKey(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"Portland", "portland", true},
		{"Portland", "PORTLAND", true},
		{"Portland", "Роrtland", true}, // Cyrillic Р and о
		{"Portland", "Ｐｏｒｔｌａｎｄ", true},
		{"St. Paul", "St Paul", true},
		{"Española", "Espanola", true},
		{"Winston-Salem", "Winston Salem", true},
		{"Portland", "Portlnd", false},
		{"Austin", "Boston", false},
	} {
		if got := CityKey(tc.a) == CityKey(tc.b); got != tc.same {
			t.Errorf("CityKey(%q) = %q, CityKey(%q) = %q: same %v, want %v", tc.a, CityKey(tc.a), tc.b, CityKey(tc.b), got, tc.same)
		}
	}
}

func TestMixedScripts(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"Harbor Street Bakery", nil},
		{"Hаrbor Street Bakery", []string{"Latin", "Cyrillic"}},
		{"Ｈａｒｂｏｒ Street Bakery", nil}, // fullwidth Latin is Latin
		{"Hārbor Street Bākery", nil},
		{"Пекарня на Гаванской", nil},
		{"Καφέ Ωμέγα", nil},
		{"Cafe Ωmega", []string{"Latin", "Greek"}},
		{"ΑΒC Сafe", []string{"Greek", "Latin", "Cyrillic"}},
		{"すし処 カネ", nil},              // Hiragana, Han, Katakana
		{"ABCマート 渋谷店", nil},          // Latin with Japanese
		{"서울 BBQ 食堂", nil},           // Hangul, Latin, Han
		{"Café 42 — l’atelier", nil}, // digits and punctuation are Common
		{"שלום Cafe", []string{"Hebrew", "Latin"}},
		{"Ｈаrbor", []string{"Latin", "Cyrillic"}},
	} {
		if got := MixedScripts(tc.name); !slices.Equal(got, tc.want) {
			t.Errorf("MixedScripts(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := ScriptList([]string{"Latin", "Greek", "Cyrillic"}); got != "Latin, Greek and Cyrillic" {
		t.Errorf("ScriptList: %q", got)
	}
	if got := ScriptList([]string{"Latin", "Cyrillic"}); got != "Latin and Cyrillic" {
		t.Errorf("ScriptList: %q", got)
	}
}

// FuzzSkeleton: the skeleton is a fixed point, a name with a key is alike
// itself, likeness does not depend on the order, and nothing panics.
func FuzzSkeleton(f *testing.F) {
	for _, s := range []string{"Harbor Street Bakery", "Hаrbor Street Bаkery", "Ｈａｒｂｏｒ", "Hārbor", "Роrtland", "P00l Co",
		"ﬃ ß İ ǅ", "각", "\u0301a\u0338", "𝐇𝐚𝐫𝐛𝐨𝐫", "rn m", "\xff\xfe", ""} {
		f.Add(s, "Harbor Street Bakery")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		s := Skeleton(a)
		if again := Skeleton(s); again != s {
			t.Fatalf("Skeleton(%q) = %q, but Skeleton(%q) = %q", a, s, s, again)
		}
		if !utf8.ValidString(s) && utf8.ValidString(a) {
			t.Fatalf("Skeleton(%q) = %q is not UTF-8", a, s)
		}
		if NameKey(a) != "" && !NamesAlike(a, a) {
			t.Fatalf("%q is not alike itself (key %q)", a, NameKey(a))
		}
		if NamesAlike(a, b) != NamesAlike(b, a) {
			t.Fatalf("NamesAlike(%q, %q) depends on the order", a, b)
		}
		if k := CityKey(a); strings.ContainsFunc(k, func(r rune) bool { return r == ' ' }) {
			t.Fatalf("CityKey(%q) = %q has a space", a, k)
		}
		_ = MixedScripts(a)
	})
}

func TestEditDistance(t *testing.T) {
	full := func(a, b string) int { // the textbook table, for reference
		ra, rb := []rune(a), []rune(b)
		d := make([][]int, len(ra)+1)
		for i := range d {
			d[i] = make([]int, len(rb)+1)
			d[i][0] = i
		}
		for j := range d[0] {
			d[0][j] = j
		}
		for i := 1; i <= len(ra); i++ {
			for j := 1; j <= len(rb); j++ {
				cost := 1
				if ra[i-1] == rb[j-1] {
					cost = 0
				}
				d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			}
		}
		return d[len(ra)][len(rb)]
	}
	words := []string{"", "a", "ab", "harbor", "harbour", "harbr", "bakery", "bakeri", "kitten", "sitting", "abcdef", "fedcba", "aaaa", "aaab", "baaa"}
	for _, a := range words {
		for _, b := range words {
			for limit := 1; limit <= 3; limit++ {
				want := min(full(a, b), limit+1)
				if got := min(editDistance(a, b, limit), limit+1); got != want {
					t.Errorf("editDistance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
				}
			}
		}
	}
}

// ASCII text takes a short way to its skeleton: the same as the long one.
func TestASCIISkeletonIsTheLongOne(t *testing.T) {
	var all strings.Builder
	for c := range utf8.RuneSelf {
		all.WriteByte(byte(c))
	}
	for _, s := range []string{all.String(), "Harbor Street Bakery, LLC", "P00l & Spa #1", "rn m 0O 1lI |", "\r\n\t\x00"} {
		if fast, slow := Skeleton(s), skeleton(s); fast != slow {
			t.Errorf("Skeleton(%q) = %q, the long way %q", s, fast, slow)
		}
		if !ascii(Skeleton(s)) {
			t.Errorf("Skeleton(%q) = %q is not ASCII", s, Skeleton(s))
		}
	}
}

// ASCII text folds the short way too.
func TestASCIIFoldIsTheLongOne(t *testing.T) {
	for c := range utf8.RuneSelf {
		s := string(rune(c)) + "Ab"
		long := withoutMarks(norm.NFD.String(cases.Fold().String(norm.NFKC.String(s))))
		if got := fold(s); got != long {
			t.Errorf("fold(%q) = %q, the long way %q", s, got, long)
		}
	}
}
