package ai

import (
	"context"
	"math"
	"strings"
	"unicode"
)

// The three sentiments a review can carry.
const (
	SentimentPositive = "positive"
	SentimentNeutral  = "neutral"
	SentimentNegative = "negative"
)

// SentimentClassifier labels a customer review as SentimentPositive,
// SentimentNeutral or SentimentNegative. Analyser and *OpenAI both
// implement it, so a caller holds one classifier whichever is configured.
type SentimentClassifier interface {
	ClassifySentiment(ctx context.Context, title, body string) (string, error)
}

var (
	_ SentimentClassifier = Analyser{}
	_ SentimentClassifier = (*OpenAI)(nil)
)

// ClassifySentiment implements SentimentClassifier with Sentiment: no
// outside service, so it fails only when ctx has ended.
func (Analyser) ClassifySentiment(ctx context.Context, title, body string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return Sentiment(title, body), nil
}

// Sentiment labels a review from its words alone. It reads no star rating
// on purpose: the stars already say how satisfied the customer was, while
// the text tells the owner what a 4-star "great food but rude staff" review
// complains about, or that a 5-star review's text is lukewarm.
//
// It scores words against a lexicon (weights −4 to +4, like AFINN), with
// negation ("not good", "wasn't helpful", "no complaints"), intensifiers
// ("very", "extremely"), the part of a sentence after "but" weighing more
// than the part before, and the title counting more than any one sentence
// of the body, since customers sum up their verdict there. Lukewarm words
// ("okay", "average") and praise and complaint of about equal weight make
// a review neutral.
func Sentiment(title, body string) string {
	return reviewOpinion(title, body).label()
}

// reviewOpinion is what a review says, its title weighing titleWeight.
func reviewOpinion(title, body string) opinion {
	o := scoreText(title)
	o.scale(titleWeight)
	o.add(scoreText(body))
	return o
}

// Weights of the scorer. A score of ±1.5 is about one clear opinion word
// ("good", "rude"); less is a review that states facts.
const (
	titleWeight      = 1.5
	labelThreshold   = 1.5
	lukewarmPull     = 1.5 // each lukewarm word raises the threshold by this
	mixedShare       = 0.3 // a score under this share of all opinion is a balance
	beforeBut        = 0.5 // what a sentence said before "but"…
	afterBut         = 1.5 // …and after it
	negatedPositive  = -0.9
	negatedNegative  = -0.5 // "not bad" is faint praise, not praise
	negationWindow   = 4    // words after "not" that it can reach
	tooPenalty       = -1.5 // "too long", "too sweet"
	intensifierSpan  = 2    // words an intensifier can reach
	comparativeBoost = 1.5  // "never had a better haircut"
	praiseBoost      = 2    // "can't thank them enough"
)

// opinion is what a text says: its score (the sum of the weights), the
// praise and complaint that sum is made of, and its lukewarm words.
type opinion struct {
	score, praise, complaint, lukewarm float64
}

func (o *opinion) addWeight(v float64) {
	o.score += v
	if v > 0 {
		o.praise += v
	} else {
		o.complaint -= v
	}
}

func (o *opinion) add(p opinion) {
	o.score += p.score
	o.praise += p.praise
	o.complaint += p.complaint
	o.lukewarm += p.lukewarm
}

func (o *opinion) scale(f float64) {
	o.score *= f
	o.praise *= f
	o.complaint *= f
	o.lukewarm *= f
}

// label is positive or negative when the score passes labelThreshold,
// which lukewarm words raise, and is not a near balance of praise and
// complaint.
func (o opinion) label() string { return o.labelAt(labelThreshold) }

// labelAt is label with another threshold: a clause about a theme is
// judged on fewer words than a review.
func (o opinion) labelAt(threshold float64) string {
	bar := threshold + lukewarmPull*o.lukewarm
	switch {
	case math.Abs(o.score) < mixedShare*(o.praise+o.complaint):
		return SentimentNeutral
	case o.score >= bar:
		return SentimentPositive
	case o.score <= -bar:
		return SentimentNegative
	}
	return SentimentNeutral
}

// lexicon weighs the words and phrases that carry an opinion in reviews
// of local businesses. Phrases are their words joined by one space. A word
// weighed 0 carries no opinion alone but does when negated (negatedAs).
var lexicon = map[string]float64{
	// Praise.
	"amazing": 4, "awesome": 4, "brilliant": 4, "exceptional": 4, "fantastic": 4, "flawless": 4,
	"impeccable": 4, "incredible": 4, "lifesaver": 4, "outstanding": 4, "phenomenal": 4, "stellar": 4,
	"superb": 4, "thrilled": 4, "wonderful": 4, "perfect": 3, "perfectly": 3, "excellent": 3,
	"best": 3, "love": 3, "loved": 3, "loves": 3, "lovely": 3, "great": 3, "gorgeous": 3,
	"beautiful": 3, "beautifully": 3, "stunning": 3, "spotless": 3, "immaculate": 3, "delicious": 3,
	"tasty": 3, "yummy": 3, "gem": 3, "favourite": 3, "favorite": 3, "pleasure": 3, "happy": 3,
	"happier": 3, "delighted": 3, "pleased": 3, "grateful": 3, "impressed": 3, "impressive": 3,
	"talented": 3, "top-notch": 3, "first-class": 3, "five-star": 3, "good": 2.5, "nice": 2,
	"pleasant": 2, "friendly": 2, "friendlier": 2, "welcoming": 2, "kind": 2, "courteous": 2,
	"polite": 2, "caring": 2, "attentive": 2, "patient": 2, "gentle": 2, "thorough": 2,
	"knowledgeable": 2, "professional": 2, "professionally": 2, "efficient": 2, "efficiently": 2,
	"reliable": 2, "trustworthy": 2, "honest": 2, "honesty": 2, "genuine": 2, "punctual": 2,
	"prompt": 2, "promptly": 2, "timely": 2, "responsive": 2, "helpful": 2, "clean": 2, "tidy": 2,
	"fresh": 2, "cosy": 2, "cozy": 2, "charming": 2, "comfortable": 2, "relaxing": 2,
	"reassuring": 2, "reassured": 2, "smooth": 2, "seamless": 2, "painless": 2, "painlessly": 2,
	"affordable": 2, "bargain": 2, "worth": 2, "worthwhile": 2, "satisfied": 2, "enjoy": 2,
	"enjoyed": 2, "enjoyable": 2, "fun": 2, "glad": 2, "appreciate": 2, "appreciated": 2,
	"recommend": 2, "recommended": 2, "recommending": 2, "thanks": 2, "thank": 2, "thankful": 2,
	"accommodating": 2, "skilled": 2, "expert": 2, "informative": 2, "solved": 2, "resolved": 2,
	"saved": 2, "wow": 2, "nicer": 2, "generous": 2, "hard-working": 2, "hardworking": 2,
	"easier": 1.5, "fixed": 1.5, "fix": 1.5, "sorted": 1.5, "reasonable": 1.5, "fair": 1.5,
	"competent": 1.5, "solid": 1.5, "safe": 1.5, "accurate": 1.5, "convenient": 1.5, "easy": 1.5,
	"organised": 1.5, "organized": 1.5, "flexible": 1.5, "better": 1.5, "help": 1.5, "helped": 1.5,
	"helping": 1.5, "long-lasting": 1.5, "quick": 1, "quickly": 1, "fast": 1, "warm": 1, "calm": 1,
	"clear": 1, "explained": 1, "explain": 1, "quality": 1, "fortunately": 1, "luckily": 1,
	"properly": 1, "apologetic": 1, "care": 0.5,

	// Complaint.
	"appalling": -4, "atrocious": -4, "disgusting": -4, "fraud": -4, "horrendous": -4, "ripoff": -4,
	"rip-off": -4, "scam": -4, "scammed": -4, "worst": -4, "awful": -3.5, "terrible": -3.5,
	"horrible": -3.5, "hate": -3.5, "hated": -3.5, "nightmare": -3.5, "disaster": -3.5,
	"disgusted": -3.5, "cheated": -3.5, "dreadful": -3, "rude": -3, "rudely": -3,
	"unprofessional": -3, "incompetent": -3, "useless": -3, "filthy": -3, "overcharged": -3,
	"dishonest": -3, "lied": -3, "disrespectful": -3, "arrogant": -3, "condescending": -3,
	"hostile": -3, "shocking": -3, "unacceptable": -3, "inexcusable": -3, "avoid": -3, "sucks": -3,
	"sucked": -3, "crap": -3, "crappy": -3, "laughable": -3, "shameful": -3, "no-show": -3,
	"botched": -3, "bad": -2.5, "careless": -2.5, "sloppy": -2.5, "dirty": -2.5, "overpriced": -2.5,
	"unreliable": -2.5, "ignored": -2.5, "dismissive": -2.5, "unfriendly": -2.5, "frustrating": -2.5,
	"frustrated": -2.5, "disappointed": -2.5, "disappointing": -2.5, "disappointment": -2.5,
	"unhappy": -2.5, "regret": -2.5, "damaged": -2.5, "unsafe": -2.5, "disorganised": -2.5,
	"disorganized": -2.5, "chaotic": -2.5, "lying": -2.5, "angry": -2.5, "embarrassing": -2.5,
	"waste": -2.5, "poor": -2, "poorly": -2, "badly": -2, "unhelpful": -2, "messy": -2, "mess": -2,
	"stale": -2, "burnt": -2, "undercooked": -2, "wilted": -2, "smelly": -2, "flavourless": -2,
	"flavorless": -2, "tasteless": -2, "rushed": -2, "rushing": -2, "ignore": -2, "grumpy": -2,
	"annoyed": -2, "annoying": -2, "upset": -2, "sad": -2, "disappoint": -2, "disappoints": -2,
	"complaint": -2, "complaints": -2, "mistake": -2, "mistakes": -2, "wrong": -2, "broken": -2,
	"damage": -2, "damaging": -2, "worse": -2, "downhill": -2, "hassle": -2, "shame": -2,
	"refused": -2, "understaffed": -2, "short-staffed": -2, "forgot": -2, "forgotten": -2,
	"painful": -2, "inaccurate": -2, "impossible": -2, "argued": -2, "argumentative": -2,
	"shocked": -2, "mediocre": -2, "cramped": -1.5, "bland": -1.5, "overcooked": -1.5,
	"complain": -1.5, "problem": -1.5, "problems": -1.5, "error": -1.5, "late": -1.5,
	"delayed": -1.5, "slow": -1.5, "slower": -1.5, "fuss": -1.5, "hurt": -1.5, "inconvenient": -1.5,
	"difficult": -1.5, "confusing": -1.5, "inconsistent": -1.5, "unfortunately": -1.5,
	"sadly": -1.5, "missing": -1.5, "missed": -1.5, "lost": -1.5, "cancelled": -1.5,
	"canceled": -1.5, "pity": -1.5, "overwhelmed": -1.5, "lukewarm": -1.5, "complicated": -1,
	"issue": -1, "issues": -1, "expensive": -1, "pricey": -1, "slowly": -1, "waited": -1,
	"forever": -1, "cold": -1, "crowded": -1, "noisy": -1, "confused": -1, "unclear": -1,
	"elsewhere": -1, "hidden": -1, "refund": -1, "rescheduled": -1, "doubt": -1, "hard": -1,
	"long": -1, "rush": -1, "dry": -1,

	// Lukewarm: no weight, but each makes a clear verdict harder (see lukewarm).
	"ok": 0, "okay": 0, "fine": 0, "alright": 0, "adequate": 0, "acceptable": 0, "decent": 0,
	"average": 0, "ordinary": 0, "so-so": 0, "meh": 0, "nothing special": 0, "depends": 0,

	// Neutral alone, an opinion when negated (see negatedAs).
	"back": 0, "again": 0, "show": 0, "showed": 0, "call": 0, "called": 0, "calls": 0, "answer": 0,
	"answered": 0, "answering": 0, "returned": 0, "returning": 0, "reply": 0, "replied": 0,
	"replying": 0, "respond": 0, "responded": 0, "responding": 0, "listen": 0, "listened": 0,
	"work": 0, "works": 0, "worked": 0, "working": 0, "hesitate": 0, "wait": 0, "pressure": 0,
	"pressured": 0, "clue": 0, "idea": 0, "bother": 0, "bothered": 0, "apology": 0, "apologise": 0,
	"apologize": 0, "apologised": 0, "apologized": 0, "expected": 0, "use": 0, "go": 0,

	// Phrases.
	"above and beyond": 3, "extra mile": 3, "second to none": 4, "spot on": 3,
	"look no further": 3, "so far so good": 1.5, "on time": 1, "on schedule": 1, "well done": 2,
	"value for money": 2, "peace of mind": 2, "fairly priced": 2, "reasonably priced": 2,
	"well priced": 2, "five stars": 3, "5 stars": 3, "4 stars": 1.5, "four stars": 1.5,
	"two stars": -1.5, "2 stars": -1.5, "one star": -3, "1 star": -3, "zero stars": -3,
	"0 stars": -3, "be back": 2, "come back": 1.5, "coming back": 1.5, "go back": 1.5,
	"going back": 1.5, "use them again": 2, "never again": -3, "no show": -3, "rip off": -4,
	"ripped off": -3.5, "stay away": -3, "look elsewhere": -2.5, "someone else": -1.5,
	"waste of time": -3, "waste of money": -3, "hidden fees": -3, "hit or miss": -1.5,
	"could be better": -1.5, "could have been better": -1.5, "could've been better": -1.5,
	"nothing to write home about": -1.5, "too much trouble": -1.5, "a joke": -2.5,
	"had to wait": -1.5, "long wait": -2, "on hold": -1.5, "stopped answering": -2.5,
	"stopped responding": -2.5, "stopped replying": -2.5, "stopped returning": -2.5,
	"long time": 0, "long-time": 0, "hard to say": 0, "hard to tell": 0, "turned up": 0,
	"show up": 0, "showed up": 0, "get back": 0, "got back": 0,
}

// negatedAs overrides how a negated word or phrase weighs, where flipping
// its sign gets it wrong: "won't be back" is a verdict, "no complaints" is
// praise, "never called back" a complaint though "called" is neutral.
var negatedAs = map[string]float64{
	"back": -2.5, "again": -2.5, "be back": -3, "come back": -3, "coming back": -3, "go back": -3,
	"going back": -3, "use them again": -3, "show": -3, "showed": -3, "turned up": -3, "show up": -3,
	"showed up": -3, "call": -2, "called": -2, "calls": -2, "answer": -2, "answered": -2,
	"returned": -2, "reply": -2, "replied": -2, "respond": -2, "responded": -2, "get back": -2,
	"got back": -2, "listen": -2, "listened": -2, "work": -2, "works": -2, "worked": -2,
	"working": -2, "fix": -2.5, "fixed": -2.5, "help": -2, "helped": -2, "worth": -2.5,
	"recommend": -3, "explain": -2, "explained": -2, "care": -2.5, "clue": -2.5, "idea": -1.5,
	"bother": -2, "bothered": -2, "apology": -2, "apologise": -2, "apologize": -2,
	"apologised": -2, "apologized": -2, "expected": -1.5, "use": -2, "go": -1.5,
	"answering": -2, "responding": -2, "replying": -2, "returning": -2,
	"hesitate": 2, "wait": 1.5, "pressure": 1.5, "pressured": 1.5, "complaint": 2,
	"complaints": 2, "complain": 1.5, "problem": 1.5, "problems": 1.5, "issue": 1.5, "issues": 1.5,
	"hassle": 1.5, "fuss": 1.5, "rushed": 1.5, "hurt": 1.5, "disappoint": 2, "disappoints": 2,
	"disappointed": 2, "regret": 2, "doubt": 1, "too much trouble": 2.5, "helping": -2,
	"ok": -2, "okay": -2, "fine": -2, "alright": -2, "adequate": -2, "acceptable": -2, "decent": -2,
}

// lukewarm are the words of a verdict that is neither praise nor complaint.
var lukewarm = set("ok", "okay", "fine", "alright", "adequate", "acceptable", "decent", "average",
	"ordinary", "so-so", "meh", "nothing special", "depends")

// negators start a negation; cannot-negators ("can't", "couldn't") also
// start praise when followed by "enough" or "more": "can't thank them
// enough", "couldn't have been more helpful".
var (
	negators = set("not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without",
		"hardly", "barely", "cannot", "dont", "didnt", "doesnt", "isnt", "wasnt", "werent", "arent",
		"wont", "cant", "couldnt", "wouldnt", "shouldnt", "havent", "hasnt", "hadnt", "aint")
	cannotNegators = set("cannot", "can't", "cant", "couldn't", "couldnt")
	getWords       = set("get", "got", "getting", "gets", "gotten") // "got used to it" is no negation
	// comparatives keep their sign when negated: "never had a better haircut".
	comparatives = set("better", "happier", "nicer", "friendlier", "easier")
)

// intensifiers scale the next opinion word within intensifierSpan words;
// below 1 they soften it.
var intensifiers = map[string]float64{
	"extremely": 1.9, "incredibly": 1.8, "exceptionally": 1.8, "utterly": 1.8, "highly": 1.6,
	"absolutely": 1.6, "remarkably": 1.6, "insanely": 1.6, "very": 1.5, "super": 1.5,
	"thoroughly": 1.5, "truly": 1.4, "totally": 1.4, "completely": 1.4, "really": 1.3,
	"definitely": 1.3, "so": 1.3, "genuinely": 1.3, "seriously": 1.3, "most": 1.3, "such": 1.3,
	"particularly": 1.2, "especially": 1.2, "quite": 1.1, "rather": 0.8, "mostly": 0.8,
	"usually": 0.8, "fairly": 0.7, "somewhat": 0.6, "bit": 0.6, "little": 0.6, "kinda": 0.6,
	"occasionally": 0.6, "sometimes": 0.6, "slightly": 0.5,
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// token is a lower-case word, or a boundary: '.' ends a sentence (also
// '!', '?', ';' and a line break), ',' ends a clause (also ':', a dash,
// brackets).
type token struct {
	word  string
	bound byte
}

// tokenize splits text into words and boundaries. Apostrophes and hyphens
// inside a word are kept ("didn't", "top-notch"); a hyphenated word the
// lexicon does not know is split into its parts ("super-friendly").
func tokenize(s string) []token {
	var out []token
	var w strings.Builder
	flush := func() {
		if w.Len() == 0 {
			return
		}
		word := strings.Trim(w.String(), "'-")
		w.Reset()
		if word == "" {
			return
		}
		if _, known := lexicon[word]; !known && strings.Contains(word, "-") {
			for part := range strings.SplitSeq(word, "-") {
				if part != "" {
					out = append(out, token{word: part})
				}
			}
			return
		}
		out = append(out, token{word: word})
	}
	bound := func(b byte) {
		flush()
		if n := len(out); n > 0 && out[n-1].bound != 0 {
			if b == '.' {
				out[n-1].bound = '.'
			}
			return
		}
		if len(out) > 0 {
			out = append(out, token{bound: b})
		}
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w.WriteRune(r)
		case r == '\'' || r == '’' || r == '‘':
			if w.Len() > 0 {
				w.WriteByte('\'')
			}
		case r == '-':
			if w.Len() > 0 {
				w.WriteByte('-')
			} else {
				bound(',')
			}
		case strings.ContainsRune(".!?;\n", r):
			bound('.')
		case strings.ContainsRune(",:()[]–—/", r):
			bound(',')
		default:
			flush()
		}
	}
	flush()
	return out
}

// isNegator reports whether w starts a negation ("not", "didn't", "never").
func isNegator(w string) bool {
	return negators[w] || strings.HasSuffix(w, "n't")
}

// phraseAt returns the longest lexicon phrase starting at toks[i] and how
// many words it spans, or "", 0.
func phraseAt(toks []token, i int) (string, int) {
	for n := 5; n >= 2; n-- {
		if i+n > len(toks) {
			continue
		}
		words := make([]string, 0, n)
		for _, t := range toks[i : i+n] {
			if t.bound != 0 {
				break
			}
			words = append(words, t.word)
		}
		if len(words) < n {
			continue
		}
		if key := strings.Join(words, " "); hasWeight(key) {
			return key, n
		}
	}
	return "", 0
}

func hasWeight(key string) bool {
	_, ok := lexicon[key]
	return ok
}

// scoreText is the opinion in s.
func scoreText(s string) opinion { return scoreTokens(tokenize(s)) }

// scoreTokens sums the weights of the opinion words, sentence by sentence.
func scoreTokens(toks []token) opinion {
	var (
		total, sentence opinion
		butFactor       = 1.0
		negLeft         int  // words a negation can still reach
		negPraise       bool // "can't … enough": keep the sign, stronger
		boost           = 1.0
		boostLeft       int
		too             bool
	)
	resetClause := func() { negLeft, negPraise, boost, boostLeft, too = 0, false, 1, 0, false }
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.bound != 0 {
			resetClause()
			if t.bound == '.' {
				total.add(sentence)
				sentence, butFactor = opinion{}, 1
			}
			continue
		}
		key, n := phraseAt(toks, i)
		if n == 0 {
			key, n = t.word, 1
			switch {
			case t.word == "but" || t.word == "however":
				sentence.scale(beforeBut)
				butFactor = afterBut
				resetClause()
				continue
			case t.word == "used" && i+1 < len(toks) && toks[i+1].word == "to" && (i == 0 || !getWords[toks[i-1].word]):
				// "used to love this place": no longer.
				negLeft, negPraise = negationWindow+1, false
				continue
			case isNegator(t.word):
				negLeft = negationWindow
				negPraise = cannotNegators[t.word] || (t.word == "not" && i > 0 && (toks[i-1].word == "could" || toks[i-1].word == "can"))
				negPraise = negPraise && praiseAhead(toks[i+1:])
				continue
			case t.word == "too":
				too = true
				continue
			case intensifiers[t.word] != 0:
				boost *= intensifiers[t.word]
				boostLeft = intensifierSpan
				continue
			}
		}
		i += n - 1
		v, ok := lexicon[key]
		if !ok {
			if too { // "too long", "too many"
				sentence.addWeight(tooPenalty * butFactor)
				too = false
			}
			negLeft--
			if boostLeft--; boostLeft <= 0 {
				boost = 1
			}
			continue
		}
		if too {
			if v > 0 {
				v = tooPenalty // "too sweet", "too chatty"
			} else {
				v *= 1.5
			}
			too = false
		}
		switch nv, override := negatedAs[key]; {
		case negLeft > 0 && negPraise:
			v *= praiseBoost
		case negLeft > 0 && comparatives[key]:
			v *= comparativeBoost
		case negLeft > 0 && override:
			v = nv
		case negLeft > 0 && v > 0:
			v *= negatedPositive
		case negLeft > 0:
			v *= negatedNegative
		default:
			if lukewarm[key] {
				sentence.lukewarm++
			}
			v *= boost
		}
		negLeft, negPraise, boost, boostLeft = 0, false, 1, 0
		sentence.addWeight(v * butFactor)
	}
	total.add(sentence)
	return total
}

// praiseAhead reports whether "enough" or "more" follows a "can't" in the
// same clause: "can't recommend them enough", "couldn't be more helpful".
func praiseAhead(toks []token) bool {
	for _, t := range toks[:min(len(toks), negationWindow+1)] {
		if t.bound != 0 {
			return false
		}
		if t.word == "enough" || t.word == "more" {
			return true
		}
	}
	return false
}
