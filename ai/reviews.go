package ai

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
)

// ReviewFacts are the listing's published reviews, summed up for the
// providers. The zero value is a listing without reviews. The listing's own
// Rating and Reviews are what the category is compared with; Published and
// Average stand in while those are zero.
type ReviewFacts struct {
	Published                      int
	Average                        float64 // stars, 0 = none
	Unanswered                     int     // published reviews the owner has not replied to
	ThisMonth, LastMonth           int     // reviews published in each calendar month
	AvgThisQuarter, AvgPrevQuarter float64 // stars in each calendar quarter; 0 = no review then
	Themes                         []Theme // from Themes, most mentioned first
	// Texts are the newest few published review bodies, newest first,
	// for a language model to read (it is sent five, each cut to 500
	// characters); the built-in analyser uses Themes.
	Texts []string
}

// Theme is something customers mention, and how they feel about it.
type Theme struct {
	Word     string // "staff", "wait time"
	Mentions int    // reviews that mention it
	// Positive and Negative count the reviews mentioning it whose
	// sentences about it (or, when those are plain facts, the review as
	// a whole) read positive or negative.
	Positive, Negative int
}

// ReviewText is one review as Themes reads it.
type ReviewText struct{ Title, Body string }

// Limits of Themes: a theme needs two reviews mentioning it, since one
// customer's word is an anecdote.
const (
	minMentions = 2
	maxThemes   = 8
	oneSided    = 0.25 // a review is one-sided when the other side weighs at most this share
	// clauseThreshold decides what a few words say of a theme: one mild
	// opinion word ("slow", "long") is enough in a clause.
	clauseThreshold = 1.0
)

// Themes finds what customers talk about in texts: the nouns and pairs of
// words ("wait time", "front desk") left once common words and opinion
// words are dropped, mentioned by at least two reviews. A pair that recurs
// is one theme, not two words. It returns at most eight, most mentioned
// first.
func Themes(texts []ReviewText) []Theme {
	reviews := make([]themeReview, len(texts))
	pairs := map[string]int{} // reviews mentioning each pair
	for i, t := range texts {
		reviews[i] = readReview(t)
		seen := map[string]bool{}
		for _, c := range reviews[i].clauses {
			for j := 0; j+1 < len(c.words); j++ {
				if p := c.pair(j); p != "" && !seen[p] {
					seen[p] = true
					pairs[p]++
				}
			}
		}
	}

	type tally struct {
		Theme
		forms map[string]int // how customers spelled it
	}
	tallies := map[string]*tally{}
	for _, r := range reviews {
		mood := map[string]opinion{} // what the clauses naming each term say
		spelled := map[string]string{}
		for _, c := range r.clauses {
			used := make([]bool, len(c.words))
			for j := 0; j+1 < len(c.words); j++ {
				if p := c.pair(j); p != "" && pairs[p] >= minMentions {
					m := mood[p]
					m.add(c.opinion)
					mood[p] = m
					spelled[p] = c.words[j] + " " + c.words[j+1]
					used[j], used[j+1] = true, true
				}
			}
			for j, w := range c.words {
				if !used[j] && c.kind[j] == termWord {
					key := singular(w)
					m := mood[key]
					m.add(c.opinion)
					mood[key] = m
					spelled[key] = w
				}
			}
		}
		for key, said := range mood {
			t := tallies[key]
			if t == nil {
				t = &tally{forms: map[string]int{}}
				tallies[key] = t
			}
			t.Mentions++
			t.forms[spelled[key]]++
			label := said.labelAt(clauseThreshold)
			if said == (opinion{}) {
				label = r.label // "The bill was $400. Outrageous."
			}
			switch label {
			case SentimentPositive:
				t.Positive++
			case SentimentNegative:
				t.Negative++
			}
		}
	}

	var out []Theme
	for _, t := range tallies {
		if t.Mentions < minMentions {
			continue
		}
		// Name the theme as customers wrote it most often.
		for form, n := range t.forms {
			if best := t.forms[t.Word]; t.Word == "" || n > best || (n == best && form < t.Word) {
				t.Word = form
			}
		}
		out = append(out, t.Theme)
	}
	slices.SortFunc(out, func(a, b Theme) int {
		return cmp.Or(
			cmp.Compare(b.Mentions, a.Mentions),
			cmp.Compare(b.Positive+b.Negative, a.Positive+a.Negative),
			cmp.Compare(a.Word, b.Word),
		)
	})
	return out[:min(len(out), maxThemes)]
}

// themeReview is one review cut into clauses, with the label a theme
// takes when the clauses naming it state only facts: the review's own,
// unless the review weighs praise against complaint.
type themeReview struct {
	label   string
	clauses []themeClause
}

// themeClause is the words of one clause, what each may be in a theme,
// and what the clause says.
type themeClause struct {
	words   []string
	kind    []termKind
	opinion opinion
}

type termKind uint8

const (
	notTerm  termKind = iota
	termWord          // a theme alone: "staff", "price"
	weakWord          // only in a pair: "time" in "wait time"
)

// pair is the two words at j and j+1 as a theme, or "" when they cannot be
// one: both must be terms, one at least a theme alone.
func (c themeClause) pair(j int) string {
	a, b := c.kind[j], c.kind[j+1]
	if a == notTerm || b == notTerm || (a == weakWord && b == weakWord) {
		return ""
	}
	return c.words[j] + " " + singular(c.words[j+1])
}

// readReview cuts a review into clauses at punctuation and at "but", so
// "lovely staff but the wait time was awful" praises the staff and blames
// the wait.
func readReview(r ReviewText) themeReview {
	out := themeReview{label: SentimentNeutral}
	if o := reviewOpinion(r.Title, r.Body); min(o.praise, o.complaint) <= oneSided*max(o.praise, o.complaint) {
		out.label = o.label()
	}
	toks := tokenize(r.Title + ".\n" + r.Body)
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && toks[i].bound == 0 && toks[i].word != "but" && toks[i].word != "however" {
			continue
		}
		if i > start {
			c := themeClause{opinion: scoreTokens(toks[start:i])}
			for _, t := range toks[start:i] {
				c.words = append(c.words, t.word)
				c.kind = append(c.kind, kindOf(t.word))
			}
			out.clauses = append(out.clauses, c)
		}
		start = i + 1
	}
	return out
}

// kindOf says whether w can name a theme. Opinion words (all of the
// lexicon but "wait"), negators and intensifiers describe a theme rather
// than name one; so do most words
// ending in -ed or -ly, which are verbs, adjectives and adverbs.
func kindOf(w string) termKind {
	switch {
	case len(w) < 3 || stopWords[w] || isNegator(w) || intensifiers[w] != 0:
		return notTerm
	case hasWeight(w) && w != "wait": // "the wait" is a theme
		return notTerm
	case strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }):
		return notTerm // numbers, "rosa's"
	case len(w) > 4 && strings.HasSuffix(w, "ed") && !edNouns[w]:
		return notTerm
	case len(w) > 4 && strings.HasSuffix(w, "ly") && !lyNouns[w]:
		return notTerm
	case weakWords[w]:
		return weakWord
	}
	return termWord
}

// singular folds a plural into the key it shares with the singular:
// "prices" and "price", "glasses" and "glass".
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

var (
	edNouns = set("speed", "breed", "embed")
	lyNouns = set("family", "supply", "assembly", "jelly", "belly", "rally")
	// weakWords name a theme only with another word: "wait time",
	// "customer service", "phone call".
	weakWords = set("time", "times", "customer", "customers", "place", "job", "jobs", "experience",
		"phone", "day", "days", "week", "weeks", "month", "months", "hour", "hours", "minute",
		"minutes", "year", "years", "visit", "visits", "side", "area", "front", "room", "rooms",
		"business", "company", "shop", "store", "lot", "part", "parts", "end", "kind", "type",
		"home", "house", "office", "morning", "afternoon", "evening", "night", "weekend", "weekends")
)

// stopWords are the common words of English reviews that never name a
// theme: function words, pronouns, common verbs and vague nouns.
var stopWords = set(
	"a", "about", "above", "after", "again", "against", "all", "almost", "along", "already", "also",
	"although", "always", "am", "among", "an", "and", "another", "any", "anyone", "anything",
	"anyway", "are", "around", "as", "at", "away", "back", "be", "became", "because", "become",
	"been", "before", "being", "below", "between", "both", "but", "by", "came", "can", "come",
	"comes", "coming", "could", "did", "do", "does", "doing", "done", "down", "during", "each",
	"either", "else", "enough", "even", "ever", "every", "everyone", "everything", "few", "find",
	"first", "for", "found", "from", "further", "gave", "get", "gets", "getting", "give", "given",
	"go", "goes", "going", "gone", "got", "gotten", "had", "has", "have", "having", "he", "her",
	"here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it",
	"its", "itself", "just", "keep", "kept", "know", "knew", "last", "later", "least", "less",
	"let", "like", "made", "make", "makes", "making", "many", "may", "maybe", "me", "might",
	"mine", "more", "much", "must", "my", "myself", "need", "needs", "next", "now", "of", "off",
	"often", "on", "once", "one", "ones", "only", "onto", "or", "other", "others", "our", "ours",
	"ourselves", "out", "over", "own", "per", "put", "said", "same", "saw", "say", "says", "see",
	"seem", "seemed", "seems", "seen", "several", "she", "should", "since", "some", "someone",
	"something", "soon", "still", "than", "that", "the", "their", "theirs", "them", "themselves",
	"then", "there", "these", "they", "thing", "things", "think", "this", "those", "though",
	"through", "thru", "till", "to", "today", "together", "told", "took", "too", "take", "takes",
	"taking", "tell", "toward", "towards", "two", "three", "four", "five", "under", "until",
	"up", "upon", "us", "used", "using", "was", "way", "we", "well", "went", "were", "what",
	"whatever", "when", "where", "whether", "which", "while", "who", "whole", "whom", "whose",
	"why", "will", "with", "within", "would", "yes", "yet", "you", "your", "yours", "yourself",
	"actually", "basically", "probably", "certainly", "literally", "honestly", "overall",
	"recently", "finally", "usually", "instead", "ago", "yesterday", "tomorrow", "tonight",
	"call", "calls", "show", "showed", "answer", "reply", "use", "work",
	"works", "working", "guy", "guys", "lady", "man", "woman", "people", "person", "everybody",
	"somebody", "anybody", "who's", "it's", "i'm", "i've", "i'd", "i'll", "we're", "we've",
	"we'd", "they're", "they've", "you're", "you'll", "that's", "there's", "what's", "he's",
	"she's", "let's", "mr", "mrs", "ms", "dr", "asked", "ask", "want", "wanted", "try", "tried",
	"look", "looked", "looking", "feel", "felt", "left", "leave", "new", "old", "big", "small",
	"long", "high", "low", "next", "able", "sure", "lot", "lots", "bit", "whilst", "across",
	"behind", "beside", "besides", "inside", "outside", "near", "via", "etc", "thanks",
)
