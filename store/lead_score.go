package store

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lead scoring (Pro shows it, every lead gets it): a 0-100 score saying how
// likely an enquiry is to become work, with the reasons in words an owner
// understands. The points, which add to 100 for a complete, well-fitting,
// urgent request:
//
//	a detailed message          15 (150 characters or more; 10 from 60)
//	a full name                  5 (first and last)
//	fit to what the listing offers 20 (10 per service, tag or sub-category the message names)
//	fit to the listing's area   20 (a quote request in a storefront's city or a service-area
//	                               business's state, or any place for an online one; 10 for a
//	                               storefront's state; a direct enquiry has no place: 10, or 20
//	                               for an online business)
//	a phone number              10
//	a budget                    15 (a quote request's range, or money named in an enquiry)
//	timing                      15 (as soon as possible or within a week; a month 10; flexible 5;
//	                               an enquiry that says when, 10)
//	a duplicate                -30 (the same address wrote to the listing in the last 30 days)
//
// The sum is kept within 0-100.

// ScoreInput is what a lead's score is computed from.
type ScoreInput struct {
	Lead    Lead          // name, email, phone, message
	Listing Business      // what it offers (services, tags, sub-category) and where it serves
	Request *QuoteRequest // the quote request the lead came from; nil for a direct enquiry
	// Duplicate: the same address sent the listing a lead in the last 30
	// days (DuplicateWindow).
	Duplicate bool
}

// The points of each part of a score.
const (
	pointsDetailed   = 15
	pointsSome       = 10
	pointsFullName   = 5
	pointsPerOffer   = 10
	pointsOfferMax   = 20
	pointsArea       = 20
	pointsNearArea   = 10
	pointsPhone      = 10
	pointsBudget     = 15
	pointsSoon       = 15
	pointsMonth      = 10
	pointsFlexible   = 5
	pointsSaysWhen   = 10
	pointsDuplicate  = -30
	detailedMessage  = 150 // characters
	someMessage      = 60
	maxOffersInScore = pointsOfferMax / pointsPerOffer
)

// ScoreLead scores a lead: the score (0-100) and its reasons, in the order
// an owner reads them. It is pure: CreateLead gathers its input.
func ScoreLead(in ScoreInput) (int, ScoreReasons) {
	var rs ScoreReasons
	add := func(points int, text string) {
		rs = append(rs, ScoreReason{Points: points, Text: text + " (" + signed(points) + ")"})
	}
	l, b := in.Lead, in.Listing

	// Completeness.
	switch n := utf8.RuneCountInString(strings.TrimSpace(l.Message)); {
	case n >= detailedMessage:
		add(pointsDetailed, "Detailed message, "+strconv.Itoa(n)+" characters")
	case n >= someMessage:
		add(pointsSome, "Message of "+strconv.Itoa(n)+" characters")
	default:
		add(0, "Short message, "+strconv.Itoa(n)+" characters")
	}
	if len(strings.Fields(l.Name)) >= 2 {
		add(pointsFullName, "Full name given")
	} else {
		add(0, "First name only")
	}

	// Fit to what the listing offers.
	if named := offersNamed(l.Message, b); len(named) > 0 {
		shown := named
		if len(shown) > 3 {
			shown = shown[:3]
		}
		n := min(len(named), maxOffersInScore)
		add(n*pointsPerOffer, "Mentions "+strconv.Itoa(len(named))+" of your services or tags: "+strings.Join(shown, ", "))
	} else {
		add(0, "Mentions none of your services or tags")
	}

	// Fit to the listing's area.
	switch {
	case b.BusinessType == TypeOnline:
		add(pointsArea, "You serve customers online, wherever they are")
	case in.Request == nil:
		add(pointsNearArea, "Chose your listing from its page (no place given)")
	default:
		place := in.Request.City + ", " + in.Request.State
		sameState := strings.EqualFold(in.Request.State, b.State)
		switch {
		case b.BusinessType == TypeServiceArea && sameState:
			add(pointsArea, "In the state you serve: "+place)
		case b.BusinessType == TypeServiceArea:
			add(0, "Outside the state you serve: "+place)
		case sameState && strings.EqualFold(in.Request.City, b.City):
			add(pointsArea, "In your city: "+place)
		case sameState:
			add(pointsNearArea, "In your state, another city: "+place)
		default:
			add(0, "Outside your area: "+place)
		}
	}

	if strings.TrimSpace(l.Phone) != "" {
		add(pointsPhone, "Phone number given")
	} else {
		add(0, "No phone number")
	}

	// Budget and timing: a quote request's choices, or what an enquiry says.
	if in.Request != nil {
		if in.Request.Budget != "" {
			add(pointsBudget, "Budget stated: "+BudgetLabel(in.Request.Budget))
		} else {
			add(0, "No budget stated")
		}
		switch in.Request.Timing {
		case TimingASAP:
			add(pointsSoon, "Needs it as soon as possible")
		case TimingWeek:
			add(pointsSoon, "Needs it within a week")
		case TimingMonth:
			add(pointsMonth, "Needs it within a month")
		default:
			add(pointsFlexible, "Timing is flexible")
		}
	} else {
		if mentionsMoney.MatchString(l.Message) {
			add(pointsBudget, "Mentions a budget")
		} else {
			add(0, "No budget mentioned")
		}
		if mentionsWhen.MatchString(l.Message) {
			add(pointsSaysWhen, "Says when it is needed")
		} else {
			add(0, "Does not say when")
		}
	}

	if in.Duplicate {
		add(pointsDuplicate, "The same address wrote to you in the last 30 days")
	}

	score := 0
	for _, r := range rs {
		score += r.Points
	}
	return max(0, min(100, score)), rs
}

func signed(n int) string {
	if n < 0 {
		return strconv.Itoa(n)
	}
	return "+" + strconv.Itoa(n)
}

// mentionsMoney finds a sum of money or a budget in a message: "$500",
// "500 dollars", "budget", "2k", "USD".
var mentionsMoney = regexp.MustCompile(`(?i)(\$\s?\d|\b\d[\d,.]*\s?(k|dollars?|usd|bucks)\b|\bbudget\b|\busd\b)`)

// mentionsWhen finds when something is needed in a message: "today", "next
// week", "by Friday", "asap", "within 3 days", "in June", "on the 12th".
var mentionsWhen = regexp.MustCompile(`(?i)\b(asap|urgent(ly)?|today|tonight|tomorrow|this (week|weekend|month)|next (week|weekend|month)|within \w+|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|the end|next|\d)|(on|this|next) (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in (january|february|march|april|may|june|july|august|september|october|november|december)|as soon as possible|\d{1,2}(st|nd|rd|th)\b)`)

// offersNamed lists the services, tags and sub-category of b (in that
// order, without repeats) that message names: every significant word of
// the item is among the message's words (a plural "s" aside).
func offersNamed(message string, b Business) []string {
	words := map[string]bool{}
	for _, w := range significantWords(message) {
		words[w] = true
	}
	var named []string
	seen := map[string]bool{}
	items := append(append(append([]string{}, b.Services...), b.Tags...), b.SubCategory)
	for _, item := range items {
		key := strings.ToLower(strings.TrimSpace(item))
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		iw := significantWords(item)
		if len(iw) == 0 {
			continue
		}
		all := true
		for _, w := range iw {
			if !words[w] {
				all = false
				break
			}
		}
		if all {
			named = append(named, strings.TrimSpace(item))
		}
	}
	return named
}

// significantWords are the words of s that say something (three letters or
// more, not a common word), lower case, a final "s" dropped: "Roof
// repairs & gutters" → roof, repair, gutter.
func significantWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if utf8.RuneCountInString(w) < 3 || stopWords[w] {
			continue
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = strings.TrimSuffix(w, "s")
		}
		out = append(out, w)
	}
	return out
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("the and for with you your our are was were this that from have has had can will would could should not but all any some what when where who how why need needs want wants please thanks thank hello there their them they then than into onto about also just like get got its it's out off more most very much many") {
		m[w] = true
	}
	return m
}()
