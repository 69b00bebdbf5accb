package mail

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Reputation alerts: the emails that tell a listing's owner about new
// reviews, one by one or in a daily digest (plans with ReviewAlerts).

// ReviewAlert is a new review as the alerts tell it.
type ReviewAlert struct {
	Business string // the listing's name
	Stars    int    // 1-5
	Title    string
	Body     string // the review's text; the email quotes the start of it
	Author   string // the name the author chose
	Link     string // the review on the owner's reviews page
}

// excerptRunes is how much of a review's text an alert quotes.
const excerptRunes = 200

// NewReviewAlert tells a listing's owner about a new review, for an owner
// who chose an email for each one; settingsLink is where they change that.
func NewReviewAlert(s Site, to string, r ReviewAlert, settingsLink string) Message {
	return build(to, "New "+strconv.Itoa(r.Stars)+"-star review of "+r.Business, email{
		Site:   s,
		Intro:  append([]string{r.Author + " reviewed " + r.Business + " on " + s.Name + ":"}, r.lines()...),
		Button: linkTo("Read and reply", r.Link),
		Outro: []paragraph{
			{Text: "A quick, friendly reply shows every later visitor that you listen."},
			{Text: "You get an email for each new review.", Link: linkTo("Change review emails", settingsLink)},
		},
		Why: "You receive this because you manage " + r.Business + " on " + s.Name + " and chose an email for each new review.",
	})
}

// ReviewDigest is the daily email of the reviews written since the last
// one: the first of them (oldest first), with more saying how many others
// there are. reviewsLink opens the owner's reviews (the listing's reviews
// page when they all are of one listing).
func ReviewDigest(s Site, to string, reviews []ReviewAlert, more int, reviewsLink, settingsLink string) Message {
	n := len(reviews) + more
	of := "your listings"
	if oneListing(reviews) && more == 0 {
		of = reviews[0].Business
	}
	subject := strconv.Itoa(n) + " new reviews of " + of
	if n == 1 {
		subject = "1 new review of " + of
	}
	intro := []string{"Here is what customers wrote on " + s.Name + " since your last review digest."}
	for _, r := range reviews {
		intro = append(intro, r.Author+" on "+r.Business+": "+strings.Join(r.lines(), " "))
	}
	if more > 0 {
		intro = append(intro, "And "+strconv.Itoa(more)+" more on your dashboard.")
	}
	return build(to, subject, email{
		Site:   s,
		Intro:  intro,
		Button: linkTo("Read and reply", reviewsLink),
		Outro:  []paragraph{{Text: "You get one email a day with the new reviews.", Link: linkTo("Change review emails", settingsLink)}},
		Why:    "You receive this because you manage listings on " + s.Name + " and chose a daily email with their new reviews.",
	})
}

// lines are the review as an alert quotes it: stars, title, excerpt.
func (r ReviewAlert) lines() []string {
	return []string{
		stars(r.Stars) + " " + strconv.Itoa(r.Stars) + " of 5 stars",
		"“" + r.Title + "”",
		Excerpt(r.Body, excerptRunes),
	}
}

func oneListing(rs []ReviewAlert) bool {
	for _, r := range rs {
		if r.Business != rs[0].Business {
			return false
		}
	}
	return len(rs) > 0
}

// stars draws a rating as five stars, filled for the stars given.
func stars(n int) string {
	n = min(max(n, 0), 5)
	return strings.Repeat("★", n) + strings.Repeat("☆", 5-n)
}

// Excerpt is the start of text on one line, at most n characters, cut at
// a word with an ellipsis when it is longer.
func Excerpt(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	// The first n-1 characters, leaving room for the ellipsis.
	cut, count := 0, 0
	for i := range text {
		if count == n-1 {
			cut = i
			break
		}
		count++
	}
	if sp := strings.LastIndexByte(text[:cut], ' '); sp > 0 {
		cut = sp
	}
	return strings.TrimRight(text[:cut], " ,.;:") + "…"
}
