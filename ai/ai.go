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
	CityCategoryCount  int      // of those, in the same city
	PopularTags        []string // the category's most used tags, most used first
}

// Leads are the listing's enquiries.
type Leads struct {
	Total, ThisMonth, LastMonth int
	MonthlyCap                  int // of the owner's plan; 0 = unlimited
}

// Input is everything a provider may use: the owner's own data only.
type Input struct {
	Listing    Listing
	Benchmarks Benchmarks
	Leads      Leads
	Reviews    ReviewFacts
}

// Provider generates insights.
type Provider interface {
	// Name is shown beside the insights, so owners know what produced them.
	Name() string
	Generate(ctx context.Context, in Input) ([]Insight, error)
}

// ErrProvider is wrapped by every failure of an outside provider.
var ErrProvider = errors.New("ai: provider failed")
