package views

import "time"

// DashboardReviews are the reviews of the user's listings at a glance:
// the figures, each leading to a reviews page, and the newest reviews.
type DashboardReviews struct {
	Count      int     // published reviews
	Average    float64 // 0 without reviews
	ThisMonth  int     // written this calendar month
	Unanswered int     // without the owner's reply
	// Each figure's way to the reviews page of the listing it is about.
	AverageLink, ThisMonthLink, UnansweredLink Link
	Newest                                     []DashboardReview
	// ReviewsPage is where to share the review link: the reviews page of
	// the user's first listing.
	ReviewsPage string
	// AlertsPlan names the plan that brings emails about new reviews when
	// the user's plan does not; empty when it does.
	AlertsPlan string
}

// Link is a link's address and text.
type Link struct {
	Href, Label string
}

// DashboardReview is one of the newest reviews of the user's listings.
type DashboardReview struct {
	Business  string
	Stars     int
	Title     string
	Excerpt   string
	Author    string
	CreatedAt time.Time
	Answered  bool
	Href      string // the review on its listing's reviews page
}
