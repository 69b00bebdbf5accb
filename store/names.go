package store

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rule that keeps a listing from going live under the name of another
// business in its city: two names are alike when, compared without case,
// accents, punctuation, spaces, a leading "The" and trailing company
// suffixes ("LLC", "Inc", "Co"...), they are equal or a few typing edits
// apart (one edit in 7 characters, three at most). Short names must match
// exactly.

// companySuffixes are the words that say what kind of company a business
// is, not which one.
var companySuffixes = map[string]bool{
	"llc": true, "inc": true, "incorporated": true, "co": true, "company": true,
	"corp": true, "corporation": true, "ltd": true, "limited": true, "pllc": true, "llp": true,
	"lp": true, "plc": true, "pc": true,
}

// foldAccent maps the accented Latin letters business names use to their
// plain letter.
var foldAccent = strings.NewReplacer(
	"à", "a", "á", "a", "â", "a", "ã", "a", "ä", "a", "å", "a", "æ", "ae",
	"ç", "c", "è", "e", "é", "e", "ê", "e", "ë", "e", "ì", "i", "í", "i", "î", "i", "ï", "i",
	"ñ", "n", "ò", "o", "ó", "o", "ô", "o", "õ", "o", "ö", "o", "ø", "o", "œ", "oe",
	"ù", "u", "ú", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y", "ß", "ss",
)

// NameKey is a business name reduced to what tells businesses apart:
// "The Harbor-Street Bakery, LLC" and "harbor street bakery" share the key
// "harborstreetbakery".
func NameKey(name string) string {
	s := foldAccent.Replace(strings.ToLower(name))
	s = strings.NewReplacer("&", " and ", "'", "", "’", "").Replace(s)
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	for len(words) > 1 && companySuffixes[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	return strings.Join(words, "")
}

// NamesAlike reports whether two business names are the same or very
// close, by the rule above.
func NamesAlike(a, b string) bool {
	ka, kb := NameKey(a), NameKey(b)
	if ka == "" || kb == "" {
		return false
	}
	if ka == kb {
		return true
	}
	n := max(utf8.RuneCountInString(ka), utf8.RuneCountInString(kb))
	allowed := min(n/7, 3)
	return allowed > 0 && editDistance(ka, kb, allowed) <= allowed
}

// editDistance is the Levenshtein distance between a and b (insertions,
// deletions and substitutions of one character), or limit+1 once it is
// sure to exceed limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Renamed reports whether a listing's name (as NameKey tells) or place
// changed from old to new: what a review of its name is about.
func Renamed(old, new Business) bool {
	return NameKey(old.Name) != NameKey(new.Name) ||
		!strings.EqualFold(strings.TrimSpace(old.City), strings.TrimSpace(new.City)) ||
		!strings.EqualFold(strings.TrimSpace(old.State), strings.TrimSpace(new.State))
}
