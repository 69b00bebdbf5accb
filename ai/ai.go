// Package ai produces insights for a business owner: from an
// OpenAI-compatible chat-completions endpoint when one is configured, or
// from the built-in analyser, which reads the listing, its leads, its
// reviews and how it compares with the directory. It also tells whether a
// review reads positive, neutral or negative (Sentiment).
package ai

import (
	"context"
	"errors"
)

// The five kinds of insight (spec §3).
const (
	MarketOpportunities   = "market_opportunities"
	DigitalPresence       = "digital_presence"
	CustomerAcquisition   = "customer_acquisition"
	OperationalEfficiency = "operational_efficiency"
	RevenueGrowth         = "revenue_growth"
)

// Types lists the insight types in the order they are shown.
var Types = []string{MarketOpportunities, DigitalPresence, CustomerAcquisition, OperationalEfficiency, RevenueGrowth}

// Insight is one piece of advice.
type Insight struct {
	Type            string   `json:"type"`
	Title           string   `json:"title"`
	Content         string   `json:"content"`
	Recommendations []string `json:"recommendations"`
}

// Day is one weekday's hours, Monday first.
type Day struct {
	Open, Close string
	Closed      bool
}

// Listing is what the owner published (or kept private) about the business.
type Listing struct {
	Name, Tagline, Description, Category, SubCategory string
	City, State, Address, ZipCode                     string
	Website, Phone, Email                             string
	Tags, Services                                    []string
	Hours                                             []Day // empty: not given
	ShowEmail, ShowPhone, ShowAddress, ShowHours      bool
	Rating                                            float64
	Reviews                                           int
	Verified, Featured                                bool
}

// Benchmarks compare the listing with others in its category.
type Benchmarks struct {
	CategoryCount      int     // published listings in the category (including this one)
	CategoryAvgRating  float64 // among those with reviews
	CategoryAvgReviews float64
	CityCategoryCount  int      // of those, in the same city of the same state
	PopularTags        []string // the category's most used tags, most used first
}

// Leads are the listing's enquiries.
type Leads struct {
	Total, ThisMonth, LastMonth int
	MonthlyCap                  int // of the owner's plan; 0 = unlimited
}

// Traffic is a period's figures of the listing, as its owner's analytics
// count them.
type Traffic struct {
	Views         int64 // of the listing's page
	Visitors      int64 // unique visitors, counted once per day
	Impressions   int64 // appearances in directory results and landing pages
	ContactClicks int64 // on the website, phone and email links and on 'Contact'
	Leads         int64
}

// ClickThrough is views per appearance in results (0 without any).
func (t Traffic) ClickThrough() float64 { return ratio(t.Views, t.Impressions) }

// Conversion is leads per view (0 without views).
func (t Traffic) Conversion() float64 { return ratio(t.Leads, t.Views) }

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Analytics compare the listing's last Days days with the Days before.
// Days is 0 when no figures were given: then nothing is said of them.
type Analytics struct {
	Days int
	Last Traffic
	Prev Traffic
}

// Input is everything a provider may use: the owner's own data only.
type Input struct {
	Listing    Listing
	Benchmarks Benchmarks
	Leads      Leads
	Reviews    ReviewFacts
	Analytics  Analytics
}

// Provider generates insights.
type Provider interface {
	// Name is shown beside the insights, so owners know what produced them.
	Name() string
	Generate(ctx context.Context, in Input) ([]Insight, error)
}

// ErrProvider is wrapped by every failure of an outside provider.
var ErrProvider = errors.New("ai: provider failed")
