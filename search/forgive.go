package search

// Forgiving search: the words a visitor types that listings say otherwise.
// Besides every listing containing the text (spec §5), a search finds the
// listings with another form of each word (plumber → plumbing, dentist →
// dental), those of a category that names the word differently
// (catalog/synonyms.txt: lawyer → law, legal in professional services), and,
// for a word of five letters or more that no listing has ever used, those
// with a word one typo away (plumbr → plumbing). All of them rank below
// every listing that contains the text itself (see the classes).

import (
	"slices"
	"strings"
	"sync"

	"bizprofile/catalog"
)

// Classes of a match, best first (key orders a search by them before
// anything else). The text itself found in a field: in the name, the tags
// (with the sub-category) or the description, as a whole word, at a
// word's start, or inside one. Then the forgiving matches, by field: every
// word found, in other forms or through synonyms; then with a typo.
const (
	exactClasses = 3 * numFields
	formClass    = exactClasses             // + field
	typoClass    = exactClasses + numFields // + field
	numClasses   = exactClasses + 2*numFields
)

// Tiers of a word's match: the word itself (inside a word of the
// listing), another form or a synonym, a typo.
const (
	tierExact = iota
	tierForm
	tierTypo
	// tierWeak is a word under minForgiveLen letters found inside a
	// listing's word: enough for the text itself to be there, never for
	// a forgiving match ("s_a" finds "contracts_and", not every listing
	// with an s and an a).
	tierWeak
	noTier = 0xff
)

// minForgiveLen is the shortest word (in bytes) that a forgiving match of
// several words finds inside a listing's word; a shorter one only as a
// whole word.
const minForgiveLen = 3

// exactClass is the class of the text found in field f at level: 0 a
// whole word, 1 a word's start, 2 inside a word.
func exactClass(f int, level uint8) uint8 { return uint8(3*f) + level }

// forgivenClass is the class of a match whose worst word matched at
// tier in field f.
func forgivenClass(tier uint8, f int) uint8 {
	if tier == tierTypo {
		return uint8(typoClass + f)
	}
	return uint8(formClass + f)
}

// plan is how a search finds a text's words: for each, the words of the
// index's vocabulary that count as it.
type plan struct {
	words     []planWord
	forgive   bool   // other forms, synonyms and typos count (not an exact search)
	typos     bool   // some word is matched by its typos
	corrected string // the text with each typo corrected; "" when none was
	vocabLen  int    // the vocabulary's length when planned
}

type planWord struct {
	word     string
	stem     string
	synonyms []synonymTarget
	typo     bool          // no word of the vocabulary contains word: its typos count
	exact    []exactWord   // the vocabulary's words containing word
	alts     []alternative // other words of the vocabulary that count as it
}

type exactWord struct {
	id    int32
	level uint8 // 0: the word itself, 1: it starts with word, 2: word is inside
}

type alternative struct {
	id       int32
	tier     uint8
	category int32 // the only category its listings count in; -1: any
}

// synonymTarget is a category whose listings' words starting with one of
// means count as the typed word.
type synonymTarget struct {
	category int32
	means    []string
}

// minTypoLen is the shortest word (in bytes) whose typos count: in a
// shorter one, a typo is too often another word.
const minTypoLen = 5

// plan makes the plan for text (folded): exact only, or forgiving.
func (ix *index) plan(text string, forgive bool) *plan {
	p := &plan{forgive: forgive, vocabLen: len(ix.vocab)}
	words := wordsOf(text)
	if len(words) > 16 {
		words, p.forgive = words[:16], false // a pasted paragraph: matched as typed
	}
	corrected := text
	for _, w := range words {
		pw := planWord{word: w}
		ix.eachWordWith(w, func(id int32, level uint8) {
			pw.exact = append(pw.exact, exactWord{id, level})
		})
		if p.forgive {
			pw.stem = stem(w)
			pw.synonyms = ix.synonymsOf(w, pw.stem)
			pw.typo = len(pw.exact) == 0 && len(w) >= minTypoLen
			ix.alternatives(&pw)
			if pw.typo {
				p.typos = true
				if best := ix.bestTypo(&pw); best != "" {
					corrected = strings.Replace(corrected, w, best, 1)
				}
			}
		}
		p.words = append(p.words, pw)
	}
	if corrected != text {
		p.corrected = corrected
	}
	return p
}

// alternatives finds the words of the vocabulary other than those that
// contain pw.word that count as it, and how well: its forms, its
// synonyms' words, and its typos when they count.
func (ix *index) alternatives(pw *planWord) {
	tiers := map[int32]alternative{}
	consider := func(id int32) {
		if _, done := tiers[id]; done {
			return
		}
		if t, cat := pw.tierOf(ix.vocab[id].word); t == tierForm || t == tierTypo {
			tiers[id] = alternative{id, t, cat}
		}
	}
	for _, id := range ix.stems[pw.stem] {
		consider(id)
	}
	for _, s := range pw.synonyms {
		for _, m := range s.means {
			ix.eachWordWith(m, func(id int32, level uint8) {
				if level < 2 {
					consider(id)
				}
			})
		}
	}
	if pw.typo {
		for _, id := range ix.typoCandidates(pw.word) {
			consider(id)
		}
	}
	for _, a := range tiers {
		pw.alts = append(pw.alts, a)
	}
}

// tierOf is how a word of a listing (folded) counts as pw's word, and the
// only category where it does (-1: any): noTier when it does not. The
// plan's vocabulary lookups and the check of a single listing
// (forgivenClassOf) both ask it, so that they agree.
func (pw *planWord) tierOf(w string) (uint8, int32) {
	switch {
	case w == pw.word || strings.Contains(w, pw.word) && len(pw.word) >= minForgiveLen:
		return tierExact, -1
	case strings.Contains(w, pw.word):
		return tierWeak, -1
	case pw.stem != "" && stem(w) == pw.stem:
		return tierForm, -1
	}
	for _, s := range pw.synonyms {
		for _, m := range s.means {
			if strings.HasPrefix(w, m) {
				return tierForm, s.category
			}
		}
	}
	if pw.typo && oneTypo(pw.word, w) {
		return tierTypo, -1
	}
	return noTier, -1
}

// synonymsOf are the categories and words that synonyms.txt gives for w
// (or its stem), among the index's categories.
func (ix *index) synonymsOf(w, st string) []synonymTarget {
	groups := synonyms[w]
	if st != w {
		groups = append(slices.Clip(groups), synonyms[st]...)
	}
	var out []synonymTarget
	for _, g := range groups {
		if cat, ok := ix.categoryID[g.Category]; ok {
			out = append(out, synonymTarget{int32(cat), g.Means})
		}
	}
	return out
}

// synonyms are synonyms.txt's groups by each typed word and its stem.
var synonyms = func() map[string][]catalog.SynonymGroup {
	m := map[string][]catalog.SynonymGroup{}
	for _, g := range catalog.Synonyms {
		for _, w := range g.Typed {
			m[w] = append(m[w], g)
			if s := stem(w); s != w {
				m[s] = append(m[s], g)
			}
		}
	}
	return m
}()

// stem is a word (folded) without its common English ending, so that the
// forms of a word share one: plumber, plumbers and plumbing are "plumb";
// dentist, dental and dentistry "dent"; electrician, electrical and
// electricity "electr". It is a light stemmer, not a dictionary: a match
// through it ranks below every exact one.
func stem(w string) string {
	if len(w) < 4 || !isASCII(w) {
		return w
	}
	for _, suf := range suffixes {
		rest := len(w) - len(suf.s)
		if rest >= suf.min && strings.HasSuffix(w, suf.s) && (suf.s != "s" || w[rest-1] != 's') {
			w = w[:rest]
			break
		}
	}
	if len(w) > 3 && w[len(w)-1] == 'e' {
		w = w[:len(w)-1]
	}
	return w
}

// suffixes are the endings stem takes off, longest first, each with the
// shortest stem it leaves ("or" only from long words: tutor stays, but
// chiropractor and chiropractic meet).
var suffixes = []struct {
	s   string
	min int
}{
	{"icians", 3}, {"ations", 3}, {"ically", 3}, {"ician", 3}, {"ation", 3}, {"istry", 3},
	{"icity", 3}, {"ities", 3}, {"ments", 3}, {"ical", 3}, {"ings", 3}, {"ists", 3},
	{"ants", 3}, {"ment", 3}, {"ers", 3}, {"ing", 3}, {"ist", 3}, {"ity", 3},
	{"ies", 3}, {"ics", 3}, {"ery", 3}, {"als", 3}, {"ant", 3}, {"ors", 5},
	{"ed", 3}, {"er", 3}, {"es", 3}, {"al", 3}, {"ic", 3}, {"or", 5},
	{"y", 3}, {"s", 3},
}

// oneTypo reports whether w (a listing's word) is one typo from typed, or
// starts with something one typo from it (typed is the start of the
// word a visitor means as often as the whole of it): one letter added,
// left out, changed, or two swapped.
func oneTypo(typed, w string) bool {
	for n := len(typed) - 1; n <= len(typed)+1; n++ {
		if n <= len(w) && n > 0 && withinOneEdit(typed, w[:n]) {
			return true
		}
	}
	return false
}

// withinOneEdit reports whether a and b are at most one edit apart
// (Damerau-Levenshtein: an insertion, a deletion, a substitution or a
// swap of neighbours), byte by byte.
func withinOneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == len(a) {
		return true
	}
	if len(a) == len(b) {
		if a[i+1:] == b[i+1:] {
			return true // a substitution
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
	return a[i:] == b[i+1:] // an insertion
}

// typoCandidates are the words of the vocabulary one typo from w (see
// oneTypo), remembered for the next searches of w: a search for a
// misspelt word looks through the vocabulary's new words only. Only the
// words that one typo could make of w are looked at, found by two of
// their first three bytes (see typoState): a typo after w's second byte
// keeps its first two; one in them leaves two bytes of w's first three
// where the typo puts them.
func (ix *index) typoCandidates(w string) []int32 {
	ix.typoMu.Lock()
	defer ix.typoMu.Unlock()
	memo := ix.typoMemo[w]
	w0, w1, w2 := w[0], w[1], w[2]
	lists := [...][]int32{
		ix.lead2[[2]byte{w0, w1}], // a typo after the second byte
		ix.lead2[[2]byte{w1, w2}], // the first left out
		ix.lead2[[2]byte{w0, w2}], // the second left out, or swapped with the third
		ix.lead2[[2]byte{w1, w0}], // the first two swapped
		ix.at12[[2]byte{w1, w2}],  // the first changed
		ix.at12[[2]byte{w0, w1}],  // one added before the first
		ix.at02[[2]byte{w0, w2}],  // the second changed
		ix.at02[[2]byte{w0, w1}],  // one added after the first
	}
	found := len(memo.ids)
	for _, l := range lists {
		from, _ := slices.BinarySearch(l, memo.upTo)
		for _, id := range l[from:] {
			if v := ix.vocab[id].word; len(v) >= len(w)-1 && oneTypo(w, v) {
				memo.ids = append(memo.ids, id)
			}
		}
	}
	if len(memo.ids) > found { // a word may be in several lists
		slices.Sort(memo.ids)
		memo.ids = slices.Compact(memo.ids)
	}
	memo.upTo = int32(len(ix.vocab))
	if ix.typoMemo == nil || len(ix.typoMemo) >= 4096 {
		ix.typoMemo = map[string]typoMemo{}
	}
	ix.typoMemo[w] = memo
	return memo.ids
}

// typoMemo is the words of the vocabulary below upTo one typo from a word.
type typoMemo struct {
	ids  []int32
	upTo int32
}

// typoState is how an index finds typos: the words of its vocabulary by
// their first two bytes (lead2), their second and third (at12), their
// first and third (at02), each list in the vocabulary's order; and its
// memory of the typos found (see typoCandidates).
type typoState struct {
	lead2, at12, at02 map[[2]byte][]int32
	typoMu            sync.Mutex
	typoMemo          map[string]typoMemo
}

// bestTypo is the word the visitor most likely meant by pw.word: the
// listings' word one typo from all of it if any, else the one it starts;
// among those, the word in the most listings.
func (ix *index) bestTypo(pw *planWord) string {
	best, bestWhole, bestN := "", false, -1
	for _, a := range pw.alts {
		if a.tier != tierTypo {
			continue
		}
		v := &ix.vocab[a.id]
		n := 0
		for _, list := range v.p {
			n += len(list)
		}
		if n == 0 {
			continue
		}
		whole := withinOneEdit(pw.word, v.word)
		if (whole && !bestWhole) || (whole == bestWhole && (n > bestN || n == bestN && v.word < best)) {
			best, bestWhole, bestN = v.word, whole, n
		}
	}
	return best
}

// forgivenClassOf is the class of document d's forgiving match of p's
// words (every word found, each at its best tier; the class goes by the
// worst), or checked when some word is not found. It checks one document
// as the plan's vocabulary lookups find many.
func (ix *index) forgivenClassOf(d int32, p *plan) uint8 {
	if !p.forgive || len(p.words) == 0 {
		return checked
	}
	cat := int32(ix.meta[d].category)
	// The document's words (each with its first field), read once for
	// all of p's words.
	type word struct {
		w string
		f int
	}
	var words []word
	ix.eachWord(d, func(w string, f int) { words = append(words, word{w, f}) })
	var worst uint8
	for i := range p.words {
		pw := &p.words[i]
		best := uint8(noTier)
		for _, dw := range words {
			if t, in := pw.tierOf(dw.w); t != noTier && (in < 0 || in == cat) {
				best = min(best, t*numFields+uint8(dw.f))
			}
		}
		if best == noTier {
			return checked
		}
		worst = max(worst, best)
	}
	if worst/numFields == tierWeak {
		return checked
	}
	return forgivenClass(worst/numFields, int(worst%numFields))
}

// stale reports whether an entry kept under p no longer holds what p
// would find: a new word of the vocabulary contains a word whose typos
// counted (they count only for a word no listing uses).
func (p *plan) stale(ix *index) bool {
	if !p.typos {
		return false
	}
	for id := p.vocabLen; id < len(ix.vocab); id++ {
		for _, pw := range p.words {
			if pw.typo && strings.Contains(ix.vocab[id].word, pw.word) {
				return true
			}
		}
	}
	return false
}

// addStem files word id of the vocabulary under its stem, and by its
// first and second bytes (for typoCandidates).
func (ix *index) addStem(w string, id int32) {
	if ix.stems == nil {
		ix.stems = map[string][]int32{}
	}
	st := stem(w)
	ix.stems[st] = append(ix.stems[st], id)
	if len(w) < 4 { // a typo counts in a word of minTypoLen, as a prefix of 4 or more
		return
	}
	if ix.lead2 == nil {
		ix.lead2, ix.at12, ix.at02 = map[[2]byte][]int32{}, map[[2]byte][]int32{}, map[[2]byte][]int32{}
	}
	for _, k := range []struct {
		m   map[[2]byte][]int32
		key [2]byte
	}{{ix.lead2, [2]byte{w[0], w[1]}}, {ix.at12, [2]byte{w[1], w[2]}}, {ix.at02, [2]byte{w[0], w[2]}}} {
		k.m[k.key] = append(k.m[k.key], id)
	}
}
