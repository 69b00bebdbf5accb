package search

// Text search in the directory's index (index.go): which listings
// contain a text, found through their words, and how well they match.

import (
	"cmp"
	"runtime"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// fold is text as the index compares it: lower-cased.
func fold(s string) string { return strings.ToLower(s) }

// isWordRune reports whether r belongs to a word (a letter, a digit or a
// mark on one); anything else separates words.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// wordsOf are the distinct words of folded text, in their first order.
func wordsOf(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		switch {
		case isWordRune(r) && start < 0:
			start = i
		case !isWordRune(r) && start >= 0:
			out = appendNew(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = appendNew(out, s[start:])
	}
	return out
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// scratch is one search's working memory, reused across searches.
type scratch struct {
	class   []uint8 // by document: the best match class, noMatch if none
	touched []int32 // documents whose class was set
	count   []uint8 // by document: how many of a text's words it has
	classes []uint8 // the classes of matches (see matches)
	keys    topKeys
	pass    docSet // the documents that pass a walk's filters
}

// Classes that are not matches: a document not looked at yet, and one
// looked at that does not match.
const (
	noMatch = 0xff
	checked = 0xfe
)

// scratches are the scratches searches left, for the next: a few, kept
// however often the garbage is collected (a sync.Pool is emptied by each
// collection, and at a million listings a scratch is megabytes to make
// again).
var scratches = make(chan *scratch, 2*runtime.GOMAXPROCS(0))

func getScratch() *scratch {
	select {
	case sc := <-scratches:
		return sc
	default:
		return new(scratch)
	}
}

func putScratch(sc *scratch) {
	select {
	case scratches <- sc:
	default: // enough kept: this one is garbage
	}
}

// top is the scratch's heap of the n smallest keys, empty.
func (sc *scratch) top(n int) *topKeys {
	sc.keys.n, sc.keys.heap = n, sc.keys.heap[:0]
	return &sc.keys
}

// matches are the live documents whose name, tags, sub-category or
// description contain text (folded), with the class of each match (see
// match), and the entry that keeps them, if they are kept. Text that
// took long to match is kept for the next searches: a two-letter query
// or a common word matches most listings, and visitors search them again
// and again with other filters, sorts and pages. Kept matches outlive
// changes: a document taken out is no longer live (every search checks),
// and the documents added since are checked when the text is next
// searched, so an edit costs a search a few checks, not the whole match
// again.
func (ix *index) matches(text string, sc *scratch) ([]int32, []uint8, *termEntry) {
	if e := ix.terms.get(text); e != nil {
		docs, classes := e.current(ix, text)
		return docs, classes, e
	}
	work := ix.match(text, sc)
	docs, classes := sc.touched[:0], sc.classes[:0]
	for _, d := range sc.touched {
		c := sc.class[d]
		sc.class[d] = noMatch
		if c < checked {
			docs, classes = append(docs, d), append(classes, c)
		}
	}
	sc.touched, sc.classes = docs, classes
	if work < costlyMatch {
		return docs, classes, nil
	}
	e := &termEntry{docs: slices.Clip(slices.Clone(docs)), classes: slices.Clip(slices.Clone(classes)), upTo: int32(len(ix.meta))}
	ix.terms.put(text, e, ix.termCacheSize())
	return e.docs, e.classes, e
}

// costlyMatch is the work (postings read and documents checked) past which
// a text's matches are worth keeping.
var costlyMatch = 20_000

// match finds the live documents whose name, tags, sub-category or
// description contain text (folded), and the class of each match:
// 2×field, +1 when it does not start a word. A text that is one word is
// found from the vocabulary alone; other text is checked on the documents
// that have all its words (or, with no word at all, on every one).
func (ix *index) match(text string, sc *scratch) (work int) {
	if len(sc.class) < len(ix.meta) {
		sc.class = make([]uint8, len(ix.meta)+len(ix.meta)/8)
		for i := range sc.class {
			sc.class[i] = noMatch
		}
	}
	sc.touched = sc.touched[:0]
	words := wordsOf(text)
	if len(words) == 1 && words[0] == text {
		ix.eachWordWith(text, func(p *postings, start bool) {
			for f := range numFields {
				class := uint8(2 * f)
				if !start {
					class++
				}
				work += len(p[f])
				for _, d := range p[f] {
					c := sc.class[d]
					if c == noMatch {
						sc.touched = append(sc.touched, d)
					}
					if class < c {
						sc.class[d] = class
					}
				}
			}
		})
		return work
	}
	// Several words: the documents that have every one of them (a word
	// counted once a document, in count) are checked for the text itself.
	if len(words) == 0 {
		for d := range ix.meta {
			if ix.meta[d].flags&docLive != 0 {
				work++
				sc.touched = append(sc.touched, int32(d))
				sc.class[d] = ix.classOf(int32(d), text)
			}
		}
		return work
	}
	if len(sc.count) < len(sc.class) {
		sc.count = make([]uint8, len(sc.class))
	}
	words = words[:min(len(words), 250)]
	var seen []int32
	for i, w := range words {
		ix.eachWordWith(w, func(p *postings, _ bool) {
			for f := range numFields {
				work += len(p[f])
				for _, d := range p[f] {
					if int(sc.count[d]) == i {
						sc.count[d]++
						if i == 0 {
							seen = append(seen, d)
						}
					}
				}
			}
		})
	}
	for _, d := range seen {
		if int(sc.count[d]) == len(words) {
			work++
			sc.touched = append(sc.touched, d)
			sc.class[d] = ix.classOf(d, text)
		}
		sc.count[d] = 0
	}
	return work
}

// eachWordWith calls fn with the postings of every word containing sub,
// and whether sub starts it. Only the words that have sub's rarest pair of
// bytes are looked at.
func (ix *index) eachWordWith(sub string, fn func(p *postings, start bool)) {
	check := func(v *vocabWord) {
		if i := strings.Index(v.word, sub); i >= 0 {
			fn(&v.p, i == 0)
		}
	}
	if len(sub) < 2 {
		for i := range ix.vocab {
			check(&ix.vocab[i])
		}
		return
	}
	var words []int32
	for i := 0; i+1 < len(sub); i++ {
		list := ix.pairs[[2]byte{sub[i], sub[i+1]}]
		if i == 0 || len(list) < len(words) {
			words = list
		}
	}
	for _, w := range words {
		check(&ix.vocab[w])
	}
}

// addWord adds a new word to the vocabulary, and returns its number.
func (ix *index) addWord(w string) int32 {
	id := int32(len(ix.vocab))
	w = strings.Clone(w) // not a piece of the text it was found in
	ix.vocab = append(ix.vocab, vocabWord{word: w})
	ix.words[w] = id
	if ix.pairs == nil {
		ix.pairs = map[[2]byte][]int32{}
	}
	for i := 0; i+1 < len(w); i++ {
		pair := [2]byte{w[i], w[i+1]}
		if list := ix.pairs[pair]; len(list) == 0 || list[len(list)-1] != id {
			ix.pairs[pair] = append(list, id)
		}
	}
	return id
}

// classOf is where text (folded) matches in document d (see match), or
// checked if nowhere.
func (ix *index) classOf(d int32, text string) uint8 {
	ascii := ix.meta[d].flags&docASCII != 0
	best := uint8(checked)
	for i, s := range ix.searchable(d) {
		f := fieldOf[i]
		if best <= uint8(2*f) {
			break
		}
		switch found, start := matchIn(s, text, ascii); {
		case found && start:
			best = min(best, uint8(2*f))
		case found:
			best = min(best, uint8(2*f+1))
		}
	}
	return best
}

// matchIn reports whether text (folded) is in s, as folded, and whether
// it is found at a word's start somewhere. When s is all ASCII it is
// compared a byte at a time, without folding a copy of it.
func matchIn(s, text string, ascii bool) (found, start bool) {
	index := indexASCIIFold
	if !ascii {
		s, index = fold(s), strings.Index
	}
	for from := 0; from < len(s); {
		i := index(s[from:], text)
		if i < 0 {
			break
		}
		i += from
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); i == 0 || !isWordRune(r) {
			return true, true
		}
		found = true
		_, size := utf8.DecodeRuneInString(s[i:])
		from = i + size
	}
	return found, false
}

// indexASCIIFold is the first index of sub in s, s compared as if
// lower-cased: s is all ASCII, sub folded.
func indexASCIIFold(s, sub string) int {
	if len(sub) == 0 {
		return 0
	}
	first := sub[0]
	for i := 0; i+len(sub) <= len(s); i++ {
		if lowerASCII(s[i]) != first {
			continue
		}
		j := 1
		for j < len(sub) && lowerASCII(s[i+j]) == sub[j] {
			j++
		}
		if j == len(sub) {
			return i
		}
	}
	return -1
}

func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// compareFolded compares a and b as their folded forms compare, without
// folding copies of them.
func compareFolded(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		ra, rb = unicode.ToLower(ra), unicode.ToLower(rb)
		if ra != rb {
			return cmp.Compare(ra, rb)
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}
