package views

import (
	"net/url"
	"strconv"
	"time"

	"bizprofile/catalog"
)

// The rules of the owner's reviews page, which the server checks and the
// forms state.
const (
	OwnerReviewsPerPage = 10
)

// Shows of the owner's list of reviews.
const (
	ShowAll        = "all"
	ShowUnanswered = "unanswered"
)

// OwnerReviewShows are the choices of the list's Show filter.
var OwnerReviewShows = []catalog.Option{{Value: ShowAll, Label: "All reviews"}, {Value: ShowUnanswered, Label: "Unanswered"}}

// OwnerReviewStars are the choices of the list's Stars filter.
var OwnerReviewStars = []catalog.Option{{Value: "", Label: "Any rating"}, {Value: "5", Label: "5 stars"}, {Value: "4", Label: "4 stars"}, {Value: "3", Label: "3 stars"}, {Value: "2", Label: "2 stars"}, {Value: "1", Label: "1 star"}}

// OwnerReviewQuery is the list's filter and page.
type OwnerReviewQuery struct {
	Show  string // ShowAll or ShowUnanswered
	Stars int    // 1-5; 0: any
	Page  int
}

// Values is the query in a URL: the defaults stay out of it.
func (q OwnerReviewQuery) Values() url.Values {
	v := url.Values{}
	if q.Show == ShowUnanswered {
		v.Set("show", ShowUnanswered)
	}
	if q.Stars > 0 {
		v.Set("stars", strconv.Itoa(q.Stars))
	}
	if q.Page > 1 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	return v
}

// StarsValue is the Stars filter as its select's value.
func (q OwnerReviewQuery) StarsValue() string {
	if q.Stars == 0 {
		return ""
	}
	return strconv.Itoa(q.Stars)
}

// OwnerReviewsPath is the owner's reviews page of listing id with q.
func OwnerReviewsPath(id int64, q OwnerReviewQuery) string {
	p := "/dashboard/businesses/" + strconv.FormatInt(id, 10) + "/reviews"
	if v := q.Values(); len(v) > 0 {
		p += "?" + v.Encode()
	}
	return p
}

// OwnerReviewsView is a listing's reviews as its owner manages them.
type OwnerReviewsView struct {
	BusinessID int64
	Business   string
	Slug       string
	Published  bool // in the directory: the review link works
	Summary    OwnerReviewSummary
	Trend      []SentimentMonth // oldest first
	Query      OwnerReviewQuery
	Reviews    []OwnerReview
	Total      int // reviews matching the filter
	Pages      int
	ReviewLink string // the listing's review form, to share
	Requests   ReviewRequestForm
}

// OwnerReviewSummary is the page's figures.
type OwnerReviewSummary struct {
	Count        int     // published reviews
	Average      float64 // of the published reviews
	Unanswered   int
	NewThisMonth int
	Hidden       int
}

// AverageText is the average to one decimal.
func (s OwnerReviewSummary) AverageText() string { return ratingText(s.Average) }

// SentimentMonth is one month of the sentiment trend.
type SentimentMonth struct {
	Month                                time.Time
	Positive, Neutral, Negative, Unrated int
}

// Total is the month's number of reviews.
func (m SentimentMonth) Total() int { return m.Positive + m.Neutral + m.Negative + m.Unrated }

// OwnerReview is one review on the owner's page, with its reply form.
type OwnerReview struct {
	ID           int64
	BusinessID   int64
	Business     string // the replies are written as the business
	Author       string
	Rating       int
	Title        string
	Body         string
	Written      time.Time
	VisitedOn    string
	Sentiment    string // positive, neutral, negative or empty
	Hidden       bool
	HiddenReason string
	Reply        string
	RepliedAt    time.Time
	// The reply form: what it holds (the reply, or what was typed), its
	// error, a problem with the whole action, and whether it is open for
	// editing (after a failed edit).
	Draft   string
	Error   string
	Problem string
	Editing bool
	Back    string // the list's query, to come back to without JavaScript
}

// ReplyAction is where the review's reply form posts.
func (r OwnerReview) ReplyAction() string {
	return "/dashboard/reviews/" + strconv.FormatInt(r.ID, 10) + "/reply"
}

// ReviewRequestForm emails customers a request for a review.
type ReviewRequestForm struct {
	BusinessID int64
	Published  bool
	Emails     string
	Note       string
	Left       int // requests the owner may still send today
	PerDay     int // the daily allowance (store.ReviewRequestsPerDay)
	Errors     catalog.FieldErrors
	Problem    string
	Results    []ReviewRequestResult // of the last send
}

// Action is where the form posts.
func (f ReviewRequestForm) Action() string {
	return "/dashboard/businesses/" + strconv.FormatInt(f.BusinessID, 10) + "/reviews/requests"
}

// Hint states the form's rules and what is left of today's requests.
func (f ReviewRequestForm) Hint() string {
	h := "One per line, or separated by commas. "
	if f.Left > 0 {
		h += "You can send " + itoa(f.Left) + " more today (" + itoa(f.PerDay) + " a day)"
	} else {
		h += "You have sent today's " + itoa(f.PerDay) + " requests; you can send more tomorrow"
	}
	return h + ". We ask each address at most once in 30 days."
}

// ReviewRequestResult is what became of one address of a send.
type ReviewRequestResult struct {
	Email  string
	Sent   bool
	Reason string // why it was not sent
}

// Sent and Skipped split a send's results.
func (f ReviewRequestForm) Sent() []ReviewRequestResult    { return f.results(true) }
func (f ReviewRequestForm) Skipped() []ReviewRequestResult { return f.results(false) }

func (f ReviewRequestForm) results(sent bool) []ReviewRequestResult {
	var out []ReviewRequestResult
	for _, r := range f.Results {
		if r.Sent == sent {
			out = append(out, r)
		}
	}
	return out
}

// ReviewUnsubscribe is the page of a review request's unsubscribe link.
type ReviewUnsubscribe struct {
	Token    string
	Email    string
	Business string
	Done     bool // the address is opted out (now, or already)
	Gone     bool // the link is unknown
}

// The sentiment chart: a slot per month, its bar stacked from the bottom
// (positive, neutral, negative, not analysed), in viewBox units.
const (
	chartSlot   = 40
	chartBar    = 26
	chartHeight = 120
)

func chartViewBox(months int) string {
	return "0 0 " + itoa(months*chartSlot) + " " + itoa(chartHeight+20)
}

// chartRect is one part of a month's bar.
type chartRect struct {
	Class      string
	X, Y, W, H int
}

// sentimentBars are the bars' parts, scaled so that the busiest month
// fills the chart's height.
func sentimentBars(months []SentimentMonth) []chartRect {
	most := 0
	for _, m := range months {
		most = max(most, m.Total())
	}
	if most == 0 {
		return nil
	}
	var out []chartRect
	for i, m := range months {
		x := i*chartSlot + (chartSlot-chartBar)/2
		// Each part's top is where the running total's scaled height
		// ends, so the parts of a bar add up to its whole.
		sum, y := 0, chartHeight
		for _, part := range []struct {
			class string
			n     int
		}{{"positive", m.Positive}, {"neutral", m.Neutral}, {"negative", m.Negative}, {"unrated", m.Unrated}} {
			if part.n == 0 {
				continue
			}
			sum += part.n
			top := chartHeight - sum*chartHeight/most
			out = append(out, chartRect{Class: part.class, X: x, Y: top, W: chartBar, H: y - top})
			y = top
		}
	}
	return out
}

func anyReviews(months []SentimentMonth) bool {
	for _, m := range months {
		if m.Total() > 0 {
			return true
		}
	}
	return false
}

func anyUnrated(months []SentimentMonth) bool {
	for _, m := range months {
		if m.Unrated > 0 {
			return true
		}
	}
	return false
}

func sentimentLabel(s string) string {
	switch s {
	case "positive":
		return "Positive"
	case "negative":
		return "Negative"
	}
	return "Neutral"
}

func sentimentBadge(s string) string {
	switch s {
	case "positive":
		return "badge-success"
	case "negative":
		return "badge-danger"
	}
	return ""
}
