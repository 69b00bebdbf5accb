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
	cur     []uint8 // by document: its best match of the word being looked up
	worst   []uint8 // by document: the worst of its words' best matches
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

// matches are the live documents that p finds for text (folded), with
// the class of each match (see the classes in forgive.go), and the entry
// that keeps them, if they are kept. Text that took long to match is kept
// for the next searches: a two-letter query or a common word matches most
// listings, and visitors search them again and again with other filters,
// sorts and pages. Kept matches outlive changes: a document taken out is
// no longer live (every search checks), and the documents added since are
// checked when the text is next searched, so an edit costs a search a few
// checks, not the whole match again.
func (ix *index) matches(text string, forgive bool, sc *scratch) ([]int32, []uint8, *termEntry, *plan) {
	key := text
	if !forgive {
		key += "\x00exact"
	}
	if e := ix.terms.get(key); e != nil {
		if docs, classes, ok := e.current(ix, text); ok {
			return docs, classes, e, e.plan
		}
		ix.terms.drop(key, e)
	}
	p := ix.plan(text, forgive)
	work := ix.match(text, p, sc)
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
		return docs, classes, nil, p
	}
	e := &termEntry{docs: slices.Clip(slices.Clone(docs)), classes: slices.Clip(slices.Clone(classes)), upTo: int32(len(ix.meta)), plan: p}
	ix.terms.put(key, e, ix.termCacheSize())
	return e.docs, e.classes, e, p
}

// costlyMatch is the work (postings read and documents checked) past which
// a text's matches are worth keeping.
var costlyMatch = 20_000

// match finds the live documents p finds for text (folded), and the class
// of each (sc.class, the documents in sc.touched). A text that is one word
// is found from the vocabulary alone: the words containing it, then the
// other words that count as it. Other text: the documents that have every
// word (or one that counts as it) are checked for the text itself, and
// those without it are forgiving matches; text with no word at all is
// checked on every document.
func (ix *index) match(text string, p *plan, sc *scratch) (work int) {
	if len(sc.class) < len(ix.meta) {
		sc.class = make([]uint8, len(ix.meta)+len(ix.meta)/8)
		for i := range sc.class {
			sc.class[i] = noMatch
		}
	}
	sc.touched = sc.touched[:0]
	mark := func(d int32, class uint8) {
		c := sc.class[d]
		if c == noMatch {
			sc.touched = append(sc.touched, d)
		}
		if class < c {
			sc.class[d] = class
		}
	}
	if len(p.words) == 1 && p.words[0].word == text {
		pw := &p.words[0]
		for _, x := range pw.exact {
			for f, list := range ix.vocab[x.id].p {
				work += len(list)
				for _, d := range list {
					mark(d, exactClass(f, x.level))
				}
			}
		}
		for _, a := range pw.alts {
			for f, list := range ix.vocab[a.id].p {
				work += len(list)
				for _, d := range list {
					if a.category < 0 || int32(ix.meta[d].category) == a.category {
						mark(d, forgivenClass(a.tier, f))
					}
				}
			}
		}
		return work
	}
	if len(p.words) == 0 {
		for d := range ix.meta {
			if ix.meta[d].flags&docLive != 0 {
				work++
				sc.touched = append(sc.touched, int32(d))
				sc.class[d] = ix.classOf(int32(d), text)
			}
		}
		return work
	}
	// Several words: each document's best match of each word (tier and
	// field, in cur), the worst of them so far (worst), and how many of
	// the words it has (count).
	n := len(sc.class)
	if len(sc.count) < n {
		sc.count, sc.cur, sc.worst = make([]uint8, n), make([]uint8, n), make([]uint8, n)
	}
	var seen []int32
	for i := range p.words {
		pw := &p.words[i]
		visit := func(id int32, tier uint8, category int32) {
			for f, list := range ix.vocab[id].p {
				work += len(list)
				r := tier*numFields + uint8(f)
				for _, d := range list {
					switch {
					case category >= 0 && int32(ix.meta[d].category) != category:
					case int(sc.count[d]) == i:
						sc.count[d], sc.cur[d] = uint8(i+1), r
						if i == 0 {
							seen = append(seen, d)
						}
					case int(sc.count[d]) == i+1 && r < sc.cur[d]:
						sc.cur[d] = r
					}
				}
			}
		}
		for _, x := range pw.exact {
			if x.level == 0 || len(pw.word) >= minForgiveLen {
				visit(x.id, tierExact, -1)
			} else {
				visit(x.id, tierWeak, -1)
			}
		}
		for _, a := range pw.alts {
			visit(a.id, a.tier, a.category)
		}
		for _, d := range seen {
			if int(sc.count[d]) == i+1 && (i == 0 || sc.cur[d] > sc.worst[d]) {
				sc.worst[d] = sc.cur[d]
			}
		}
	}
	for _, d := range seen {
		if int(sc.count[d]) == len(p.words) {
			work++
			class := uint8(checked)
			weak := sc.worst[d]/numFields == tierWeak
			if sc.worst[d] < numFields || weak { // every word itself: the text may be there
				class = ix.classOf(d, text)
			}
			if class == checked && p.forgive && !weak {
				class = forgivenClass(sc.worst[d]/numFields, int(sc.worst[d]%numFields))
			}
			sc.touched = append(sc.touched, d)
			sc.class[d] = class
		}
		sc.count[d] = 0
	}
	return work
}

// eachWordWith calls fn with every word of the vocabulary containing sub,
// and where: 0 it is sub, 1 it starts with sub, 2 sub is inside it. Only
// the words that have sub's rarest pair of bytes are looked at.
func (ix *index) eachWordWith(sub string, fn func(id int32, level uint8)) {
	check := func(id int32) {
		w := ix.vocab[id].word
		switch i := strings.Index(w, sub); {
		case i < 0:
		case i > 0:
			fn(id, 2)
		case len(w) == len(sub):
			fn(id, 0)
		default:
			fn(id, 1)
		}
	}
	if len(sub) < 2 {
		for i := range ix.vocab {
			check(int32(i))
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
		check(w)
	}
}

// addWord adds a new word to the vocabulary, and returns its number.
func (ix *index) addWord(w string) int32 {
	id := int32(len(ix.vocab))
	w = strings.Clone(w) // not a piece of the text it was found in
	ix.vocab = append(ix.vocab, vocabWord{word: w})
	ix.words[w] = id
	ix.addStem(w, id)
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

// classOf is where text (folded) is found in document d (an exact
// class, see forgive.go), or checked if nowhere.
func (ix *index) classOf(d int32, text string) uint8 {
	ascii := ix.meta[d].flags&docASCII != 0
	best := uint8(checked)
	for i, s := range ix.searchable(d) {
		f := fieldOf[i]
		if best <= exactClass(f, 0) {
			break
		}
		if level, found := matchIn(s, text, ascii); found {
			best = min(best, exactClass(f, level))
		}
	}
	return best
}

// matchIn reports whether text (folded) is in s, as folded, and how well
// it is found at best: 0 as a whole word (or words), 1 at a word's start,
// 2 inside a word. When s is all ASCII it is compared a byte at a time,
// without folding a copy of it.
func matchIn(s, text string, ascii bool) (level uint8, found bool) {
	index := indexASCIIFold
	if !ascii {
		s, index = fold(s), strings.Index
	}
	level = 2
	for from := 0; from < len(s); {
		i := index(s[from:], text)
		if i < 0 {
			break
		}
		i += from
		found = true
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); i == 0 || !isWordRune(r) {
			if r, _ := utf8.DecodeRuneInString(s[i+len(text):]); i+len(text) == len(s) || !isWordRune(r) {
				return 0, true
			}
			level = 1
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		from = i + size
	}
	return level, found
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
