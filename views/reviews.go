package views

import (
	"math"
	"strconv"
	"time"

	"bizprofile/catalog"
)

const (
	// ReviewsShown is how many reviews a listing's page shows; the rest
	// are on its reviews page.
	ReviewsShown = 5
	// ReviewsPerPage is the size of a page of the reviews page.
	ReviewsPerPage = 10
)

// RatingSummary is a listing's published reviews in figures.
type RatingSummary struct {
	Count   int
	Average float64   // as the listing stores it (two decimals); shown to one
	Bars    []StarBar // 5 stars first
}

// AverageText is the average to one decimal, as every page shows it.
func (s RatingSummary) AverageText() string { return ratingText(s.Average) }

// StarBar is one row of the histogram: how many reviews gave Stars.
type StarBar struct {
	Stars, Count, Percent int
}

// Label says the row in words: "5 stars: 12 reviews (60%)".
func (b StarBar) Label() string {
	return starsNoun(b.Stars) + ": " + reviewsNoun(b.Count) + " (" + itoa(b.Percent) + "%)"
}

// NewRatingSummary builds the summary from the count of reviews giving
// each number of stars (stars[0]: one star) and the stored average.
func NewRatingSummary(stars [5]int, average float64) RatingSummary {
	s := RatingSummary{Average: average}
	for _, n := range stars {
		s.Count += n
	}
	for i := 4; i >= 0; i-- {
		pct := 0
		if s.Count > 0 {
			pct = int(math.Round(float64(stars[i]) * 100 / float64(s.Count)))
		}
		s.Bars = append(s.Bars, StarBar{Stars: i + 1, Count: stars[i], Percent: pct})
	}
	return s
}

// RoundRating is a rating to one decimal, halves up, as ratingText shows
// it (the directory island rounds the same way): the JSON-LD's
// ratingValue says what the page says.
func RoundRating(r float64) float64 {
	hundredths := int64(math.Round(r * 100))
	return float64((hundredths+5)/10) / 10
}

// ReviewItem is one published review as a page shows it.
type ReviewItem struct {
	ID        int64
	Author    string
	Rating    int
	Title     string
	Body      string
	Written   time.Time
	VisitedOn string // YYYY-MM-DD or empty
	Helpful   int
	Marked    bool // the viewer marked it helpful
	Own       bool // the viewer wrote it
	Reply     string
	RepliedAt time.Time
}

// StarsText says a rating in words: "4 out of 5 stars".
func StarsText(rating int) string { return itoa(rating) + " out of 5 stars" }

// starGlyphs draws a rating as five stars, filled and empty.
func starGlyphs(rating int) string {
	s := ""
	for i := 1; i <= 5; i++ {
		if i <= rating {
			s += "★"
		} else {
			s += "☆"
		}
	}
	return s
}

// HelpfulLabel is the helpful button's text: "Helpful (3)".
func HelpfulLabel(n int) string { return "Helpful (" + itoa(n) + ")" }

// visitDate writes a YYYY-MM-DD date of visit as pages show it.
func visitDate(day string) string {
	t, err := time.Parse("2006-01-02", day)
	if err != nil {
		return day
	}
	return LongDate(t)
}

// ListingReviews is what a listing's page and its reviews page show of
// its reviews, and what the viewer may do.
type ListingReviews struct {
	Slug     string
	Business string // the listing's name: the owner's replies are headed with it
	Summary  RatingSummary
	Reviews  []ReviewItem
	HasOwn   bool // the signed-in viewer has reviewed the listing: 'Edit your review'
	// ManageURL is the owner's reviews page, set when the viewer owns the
	// listing: they answer reviews there instead of writing one.
	ManageURL string
	Back      string // the page the helpful buttons come back to without JavaScript
}

// WriteLabel is the link to the review form: to write one, or to edit the
// viewer's.
func (l ListingReviews) WriteLabel() string {
	if l.HasOwn {
		return "Edit your review"
	}
	return "Write a review"
}

// ReviewsPageView is a listing's page of all its reviews.
type ReviewsPageView struct {
	ListingReviews
	Sort        string
	Page, Pages int
}

// ReviewsPath is the reviews page in order sort, at page n: newest and
// the first page are the defaults and stay out of the URL.
func ReviewsPath(slug, sort string, n int) string {
	p := "/directory/" + slug + "/reviews"
	q := ""
	if sort != "" && sort != "newest" {
		q = "sort=" + sort
	}
	if n > 1 {
		if q != "" {
			q += "&"
		}
		q += "page=" + strconv.Itoa(n)
	}
	if q != "" {
		p += "?" + q
	}
	return p
}

// ReviewForm writes a review, or edits the viewer's.
type ReviewForm struct {
	Slug      string
	Business  string
	Editing   bool // the viewer's review exists: the form changes it
	Rating    string
	Title     string
	Body      string
	VisitedOn string
	Name      string
	Today     string // the latest date of visit (YYYY-MM-DD)
	Errors    catalog.FieldErrors
	Problem   string
}

// ReviewRefusal is why the viewer may not write (or edit) a review of a
// listing.
type ReviewRefusal struct {
	Slug     string
	Business string
	Reason   RefusalReason
	Email    string // unverified: the address to send the link to again
}

// RefusalReason names why a review cannot be written.
type RefusalReason string

// The reasons a review form is refused.
const (
	RefusedUnverified RefusalReason = "unverified" // the address is not verified yet
	RefusedOwnListing RefusalReason = "own"        // the viewer owns the listing
	RefusedEditClosed RefusalReason = "closed"     // the viewer's review is past its edit window
	RefusedOwnReview  RefusalReason = "own-review" // the viewer marked their own review helpful
)

func starsNoun(n int) string {
	if n == 1 {
		return "1 star"
	}
	return itoa(n) + " stars"
}

func reviewsNoun(n int) string {
	if n == 1 {
		return "1 review"
	}
	return formatInt(n) + " reviews"
}
