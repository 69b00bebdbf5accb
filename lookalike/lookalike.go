// Package lookalike tells when two names or two places would look the same
// to a reader: the rule that keeps a listing from going live under the
// name of another business in its city (store.PublishListing applies it,
// the domain documents it). It is pure string work, so that the domain and
// the store can both use it.
//
// Text is compared by its skeleton (Unicode UTS #39, "Confusable
// Detection"): after NFKC (fullwidth "Ｈ" is "H"), case folding and
// dropping combining marks ("ā" is "a"), each character is mapped to the
// one it is confusable with (Cyrillic "а" is Latin "a", "0" is "o"). The
// confusables table is Unicode's confusables.txt, as generated into
// github.com/mtibben/confusables (Unicode 13); a newer table means
// recomputing the keys stored from it (store's city_key).
package lookalike

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Skeleton is the form of s that two texts a reader could not tell apart
// share: "Hаrbor" (Cyrillic а), "Ｈａｒｂｏｒ" and "Hārbor" all have the
// skeleton of "harbor". It is for comparing, never for showing.
// Skeleton(Skeleton(s)) == Skeleton(s).
func Skeleton(s string) string {
	if ascii(s) {
		var b strings.Builder
		for i := range len(s) {
			b.WriteString(asciiSkeletons[s[i]])
		}
		return b.String()
	}
	return skeleton(s)
}

// asciiSkeletons are the skeletons of the ASCII characters: most names
// are ASCII, whose skeleton is that of each character in turn (no ASCII
// character composes with another), so they skip the passes.
var asciiSkeletons = func() (out [utf8.RuneSelf]string) {
	for c := range out {
		out[c] = skeleton(string(rune(c)))
	}
	return out
}()

func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// skeleton is Skeleton the long way.
func skeleton(s string) string {
	// One pass can leave work for another (a mapped character that folds
	// or composes again); a few passes reach the fixed point.
	for range 8 {
		next := skeletonPass(s)
		if next == s {
			break
		}
		s = next
	}
	return s
}

func skeletonPass(s string) string {
	s = fold(s)
	s = confusables.Skeleton(s)
	return withoutMarks(s)
}

// fold is s in NFKC, case folded, without combining marks (in NFD). A
// capital of another script that looks like a Latin capital (Greek "Η",
// Cyrillic "В") is that capital first: folded, it would be a letter
// ("η", "в") that looks like no Latin one.
func fold(s string) string {
	if ascii(s) {
		return strings.ToLower(s) // what the passes below make of it
	}
	s = norm.NFKC.String(s)
	s = strings.Map(func(r rune) rune {
		if !unicode.IsUpper(r) || unicode.Is(unicode.Latin, r) {
			return r
		}
		if to := confusables.Skeleton(string(r)); utf8.RuneCountInString(to) == 1 {
			r, _ = utf8.DecodeRuneInString(to)
		}
		return r
	}, s)
	s = cases.Fold().String(s) // a Caser keeps state: one per call
	return withoutMarks(norm.NFD.String(s))
}

// withoutMarks is s without its combining marks (the accents of a
// decomposed text).
func withoutMarks(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.In(r, unicode.Mn, unicode.Me) {
			return -1
		}
		return r
	}, s)
}

// lettersAndDigits is s with only its letters and digits.
func lettersAndDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// CityKey is a city's name reduced to what tells cities apart to a
// reader: its skeleton, letters and digits only. "Portland", "PORTLAND",
// "Роrtland" (Cyrillic Р and о) share the key; "St. Paul" is "St Paul".
func CityKey(city string) string { return lettersAndDigits(Skeleton(city)) }

// The rule for names: two names are alike when, compared by skeleton
// without punctuation, spaces, a leading "The" and trailing company
// suffixes ("LLC", "Inc", "Co"...), they are equal or a few typing edits
// apart (one edit in 7 characters, three at most). Short names must match
// exactly.

// companySuffixes are the words that say what kind of company a business
// is, not which one, by skeleton.
var companySuffixes = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range []string{"llc", "inc", "incorporated", "co", "company", "corp", "corporation", "ltd", "limited",
		"pllc", "llp", "lp", "plc", "pc"} {
		out[Skeleton(w)] = true
	}
	return out
}()

var the = Skeleton("the")

// nameWords spells "&" and drops apostrophes, as people write a name
// either way.
var nameWords = strings.NewReplacer("&", " and ", "'", "", "’", "")

// NameKey is a business name reduced to what tells businesses apart:
// "The Harbor-Street Bakery, LLC", "harbor street bakery" and "Hаrbor
// Street Bаkery" (Cyrillic а) share a key.
func NameKey(name string) string { return nameKey(name, Skeleton) }

// typedKey is name's key with its letters as typed (folded), not their
// skeleton.
func typedKey(name string) string { return nameKey(name, func(w string) string { return w }) }

// nameKey is name's key, each word spelled by spell.
func nameKey(name string, spell func(string) string) string {
	s := nameWords.Replace(fold(name))
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		words[i] = spell(w)
	}
	if len(words) > 1 && Skeleton(words[0]) == the {
		words = words[1:]
	}
	for len(words) > 1 && companySuffixes[Skeleton(words[len(words)-1])] {
		words = words[:len(words)-1]
	}
	return lettersAndDigits(strings.Join(words, ""))
}

// NamesAlike reports whether two business names are the same or very
// close, by the rule above.
func NamesAlike(a, b string) bool { return NewName(a).Alike(NewName(b)) }

// Name is a business name ready to be compared with many others.
type Name struct {
	key   string // NameKey
	typed string // the key with the letters as typed (folded)
}

// NewName is name ready to be compared.
func NewName(name string) Name { return Name{key: NameKey(name), typed: typedKey(name)} }

// Key is the name's NameKey.
func (n Name) Key() string { return n.key }

// Alike reports whether n and o are the same or very close, by the rule
// above. Typing edits are counted on the names as typed too (folded): a
// skeleton spells some letters with two ("m" is "rn"), which would count
// one slip twice.
func (n Name) Alike(o Name) bool {
	if n.key == "" || o.key == "" {
		return false
	}
	return n.key == o.key || fewEdits(n.key, o.key) || fewEdits(n.typed, o.typed)
}

// fewEdits reports whether keys a and b are a few typing edits apart.
func fewEdits(a, b string) bool {
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	allowed := min(n/7, 3)
	return allowed > 0 && editDistance(a, b, allowed) <= allowed
}

// editDistance is the Levenshtein distance between a and b (insertions,
// deletions and substitutions of one character), or limit+1 once it is
// sure to exceed limit. Only the band of cells within limit of the
// diagonal can stay within limit, so only they are computed.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	over := limit + 1
	prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(ra); i++ {
		lo, hi := max(1, i-limit), min(len(rb), i+limit)
		cur[lo-1] = over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		best := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			up := over
			if j <= i-1+limit {
				up = prev[j]
			}
			cur[j] = min(up+1, cur[j-1]+1, prev[j-1]+cost, over)
			best = min(best, cur[j])
		}
		if hi < len(rb) {
			cur[hi+1] = over
		}
		if best > limit {
			return over
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
