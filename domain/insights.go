package domain

import (
	"context"
	"errors"
	"time"

	"bizprofile/ai"
	"bizprofile/store"
)

// Insights are the AI's reading of one listing for its owner: what it
// reads (the owner's own listing, leads, reviews and analytics, and its
// category's benchmarks: nothing of any other owner's private data), and
// running the provider on it.
type Insights struct{ *env }

// insightsTimeout bounds one generation, retries included.
const insightsTimeout = 90 * time.Second

// ErrInsightProvider is a provider that did not answer properly.
var ErrInsightProvider = errors.New("domain: the insight provider failed")

// Provider names what writes the insights, shown beside them.
func (in *Insights) Provider() string { return in.insights.Name() }

// Generate runs the provider on b and keeps what it wrote; it returns how
// many insights it kept. ErrInsightProvider says the provider failed.
func (in *Insights) Generate(ctx context.Context, b store.Business) (int, error) {
	input, err := in.input(ctx, b)
	if err != nil {
		in.log.Error("insights: gather data", "error", err, "business_id", b.ID)
		return 0, err
	}
	gen, cancel := context.WithTimeout(ctx, insightsTimeout)
	defer cancel()
	start := time.Now()
	got, err := in.insights.Generate(gen, input)
	if err != nil {
		in.log.Error("insights: provider failed", "error", err, "provider", in.insights.Name(), "business_id", b.ID, "duration", time.Since(start))
		return 0, errors.Join(ErrInsightProvider, err)
	}
	rows := make([]store.Insight, 0, len(got))
	for _, g := range got {
		rows = append(rows, store.Insight{Type: g.Type, Title: g.Title, Content: g.Content, Recommendations: g.Recommendations})
	}
	if err := in.store.AddInsights(ctx, b.ID, in.insights.Name(), rows); err != nil {
		in.log.Error("insights: store", "error", err, "business_id", b.ID)
		return 0, err
	}
	in.log.Info("insights generated", "business_id", b.ID, "count", len(rows), "provider", in.insights.Name(), "duration", time.Since(start))
	return len(rows), nil
}

// input is the owner's own listing, its leads, its reviews, its
// analytics and its category's benchmarks: nothing of any other owner's
// private data.
func (in *Insights) input(ctx context.Context, b store.Business) (ai.Input, error) {
	bench, err := in.store.BenchmarksFor(ctx, b.Category, b.City, b.State)
	if err != nil {
		return ai.Input{}, err
	}
	leads, err := in.store.LeadCountsForBusiness(ctx, b.ID, in.now())
	if err != nil {
		return ai.Input{}, err
	}
	bill, err := in.billingOf(ctx, in.store, b.OwnerID.Int64)
	if err != nil {
		return ai.Input{}, err
	}
	reviews, err := in.reviewFacts(ctx, b.ID)
	if err != nil {
		return ai.Input{}, err
	}
	traffic, err := in.analytics(ctx, b.ID, in.now())
	if err != nil {
		return ai.Input{}, err
	}
	l := ai.Listing{
		Name: b.Name, Tagline: b.Tagline, Description: b.Description, Category: b.Category, SubCategory: b.SubCategory,
		City: b.City, State: b.State, Address: b.Address, ZipCode: b.ZipCode, Website: b.Website, Phone: b.Phone, Email: b.Email,
		Tags: b.Tags, Services: b.Services, ShowEmail: b.ShowEmail, ShowPhone: b.ShowPhone, ShowAddress: b.ShowAddress, ShowHours: b.ShowHours,
		Rating: b.Rating, Reviews: b.ReviewCount, Verified: b.Verified, Featured: b.Featured,
	}
	for _, d := range b.Hours {
		l.Hours = append(l.Hours, ai.Day{Open: d.Open, Close: d.Close, Closed: d.Closed})
	}
	return ai.Input{
		Listing:    l,
		Benchmarks: ai.Benchmarks{CategoryCount: bench.Count, CategoryAvgRating: bench.AvgRating, CategoryAvgReviews: bench.AvgReviews, CityCategoryCount: bench.InCity, PopularTags: bench.PopularTags},
		Leads:      ai.Leads{Total: leads.Total, ThisMonth: leads.ThisMonth, LastMonth: leads.LastMonth, MonthlyCap: max(bill.Leads().Max(), 0)},
		Reviews:    reviews,
		Analytics:  traffic,
	}, nil
}

// insightDays is how far back the insights read a listing's analytics:
// the last 30 days, against the 30 before.
const insightDays = 30

// analytics are the listing's analytics for the insights: the last
// insightDays days (today's included, UTC) and the insightDays before.
func (in *Insights) analytics(ctx context.Context, businessID int64, now time.Time) (ai.Analytics, error) {
	rep, err := in.store.AnalyticsReport(ctx, []int64{businessID}, store.Day(now.AddDate(0, 0, 1-2*insightDays)), store.Day(now))
	if err != nil {
		return ai.Analytics{}, err
	}
	a := ai.Analytics{Days: insightDays}
	for i, d := range rep.Days {
		period := &a.Prev
		if i >= len(rep.Days)-insightDays {
			period = &a.Last
		}
		period.Views += d.Views
		period.Visitors += d.Visitors
		period.Impressions += d.Impressions
		period.ContactClicks += d.Clicks()
		period.Leads += d.Leads
	}
	return a, nil
}

// Review words the insights read: the themes come from the newest
// themeReviews published reviews, and a model reads the newest
// reviewTexts of them.
const (
	themeReviews = 500
	reviewTexts  = 5
)

// reviewFacts sums up a listing's published reviews for the insights: the
// figures and their trend, the themes customers mention, the newest texts.
func (in *Insights) reviewFacts(ctx context.Context, businessID int64) (ai.ReviewFacts, error) {
	f, err := in.store.ReviewFactsOf(ctx, businessID, in.now())
	if err != nil || f.Published == 0 {
		return ai.ReviewFacts{}, err
	}
	words, err := in.store.ReviewWordsOf(ctx, businessID, themeReviews)
	if err != nil {
		return ai.ReviewFacts{}, err
	}
	texts := make([]ai.ReviewText, len(words))
	var bodies []string
	for i, w := range words {
		texts[i] = ai.ReviewText{Title: w.Title, Body: w.Body}
		if i < reviewTexts {
			bodies = append(bodies, w.Body)
		}
	}
	return ai.ReviewFacts{
		Published: f.Published, Average: f.Average, Unanswered: f.Unanswered,
		ThisMonth: f.ThisMonth, LastMonth: f.LastMonth,
		AvgThisQuarter: f.AvgThisQuarter, AvgPrevQuarter: f.AvgPrevQuarter,
		Themes: ai.Themes(texts), Texts: bodies,
	}, nil
}
