package ai

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// completeInput is a listing with every profile item filled in, open six
// days and evenings, rated above its category, with leads rising.
func completeInput() Input {
	hours := make([]Day, 7)
	for i := range 5 {
		hours[i] = Day{Open: "09:00", Close: "18:00"}
	}
	hours[5] = Day{Open: "10:00", Close: "16:00"}
	hours[6] = Day{Closed: true}
	return Input{
		Listing: Listing{
			Name:        "Rosa's Bakery",
			Tagline:     "Sourdough baked before sunrise",
			Description: strings.Repeat("Bread, cakes and coffee. ", 6), // 150 characters
			Category:    "bakery", SubCategory: "artisan bakery",
			City: "Springfield", State: "IL", Address: "1 Main St", ZipCode: "62701",
			Website: "https://rosa.example", Phone: "555-0100", Email: "rosa@example.com",
			Tags:      []string{"bread", "cakes", "coffee"},
			Services:  []string{"Wedding cakes", "Catering"},
			Hours:     hours,
			ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowHours: true,
			Rating: 4.6, Reviews: 20, Verified: true,
		},
		Benchmarks: Benchmarks{CategoryCount: 10, CategoryAvgRating: 4.0, CategoryAvgReviews: 10, CityCategoryCount: 3, PopularTags: []string{"bread", "cakes"}},
		Leads:      Leads{Total: 12, ThisMonth: 5, LastMonth: 3},
	}
}

// want is what one insight of a case must say. Empty fields are not checked.
type want struct {
	typ       string
	title     string // exact
	content   string // substring
	noContent string // substring the content lacks
	rec       string // substring of some recommendation
	noRec     string // substring of no recommendation
}

func TestAnalyserInsights(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(in *Input)
		wants []want
	}{
		{
			name: "complete profile",
			edit: func(*Input) {},
			wants: []want{
				{typ: DigitalPresence, title: "Your profile is complete", rec: "Review the description"},
				{typ: OperationalEfficiency, title: "Open 6 days a week", content: "1 of them at the weekend and 5 until 6 PM", rec: "cover weekends and evenings", noRec: "Saturday"},
				{typ: CustomerAcquisition, title: "Leads are up: 5 this month", content: "5 leads this month against 3 last month (12 in total)", noRec: "not verified"},
				{typ: MarketOpportunities, title: "2 competitors in Springfield, IL", content: "(10 in the category overall)", noRec: "Popular tags"},
				{typ: RevenueGrowth, title: "Rated 4.6, above the category's 4.0", rec: "Mention your rating", noRec: "reviews against"},
			},
		},
		{
			name:  "missing tagline and website",
			edit:  func(in *Input) { in.Listing.Tagline, in.Listing.Website = "", "" },
			wants: []want{{typ: DigitalPresence, title: "Your profile is 80% complete", content: "is missing a tagline and your website.", rec: "Add a tagline."}},
		},
		{
			name:  "missing website only",
			edit:  func(in *Input) { in.Listing.Website = "" },
			wants: []want{{typ: DigitalPresence, title: "Your profile is 90% complete", rec: "Add your website."}},
		},
		{
			name: "short description, two tags, one service",
			edit: func(in *Input) {
				in.Listing.Description = "Bread."
				in.Listing.Tags = in.Listing.Tags[:2]
				in.Listing.Services = in.Listing.Services[:1]
			},
			wants: []want{{typ: DigitalPresence, title: "Your profile is 70% complete", content: "a description of at least 120 characters, at least three tags and at least two services", rec: "Add at least three tags."}},
		},
		{
			name: "phone hidden",
			edit: func(in *Input) { in.Listing.ShowPhone = false },
			wants: []want{
				{typ: DigitalPresence, title: "Your profile is 90% complete", rec: "Your phone number is hidden"},
			},
		},
		{
			name: "no hours",
			edit: func(in *Input) { in.Listing.Hours = nil },
			wants: []want{
				{typ: OperationalEfficiency, title: "Add your opening hours", rec: "Add opening hours for each day"},
				{typ: DigitalPresence, title: "Your profile is 90% complete", rec: "Add public opening hours."},
			},
		},
		{
			name:  "hours hidden",
			edit:  func(in *Input) { in.Listing.ShowHours = false },
			wants: []want{{typ: OperationalEfficiency, title: "Your opening hours are hidden", rec: "Make your opening hours public"}},
		},
		{
			name:  "closed at weekends",
			edit:  func(in *Input) { in.Listing.Hours[5] = Day{Closed: true} },
			wants: []want{{typ: OperationalEfficiency, title: "Open 5 days a week", rec: "consider Saturday hours", noRec: "cover weekends"}},
		},
		{
			name: "closes early every day",
			edit: func(in *Input) {
				for i := range 5 {
					in.Listing.Hours[i].Close = "17:00"
				}
			},
			wants: []want{{typ: OperationalEfficiency, rec: "You close before 6 PM every day", noRec: "Saturday"}},
		},
		{
			name:  "no services",
			edit:  func(in *Input) { in.Listing.Services = nil },
			wants: []want{{typ: OperationalEfficiency, rec: "List your services"}},
		},
		{
			name:  "zero leads",
			edit:  func(in *Input) { in.Leads = Leads{} },
			wants: []want{{typ: CustomerAcquisition, title: "No leads yet", rec: "Share your listing's link", noRec: "upgrade"}},
		},
		{
			name:  "leads down",
			edit:  func(in *Input) { in.Leads = Leads{Total: 9, ThisMonth: 2, LastMonth: 4} },
			wants: []want{{typ: CustomerAcquisition, title: "Leads are flat or down: 2 this month", rec: "Refresh your tagline"}},
		},
		{
			name:  "near the plan's lead cap",
			edit:  func(in *Input) { in.Leads.MonthlyCap = 6 },
			wants: []want{{typ: CustomerAcquisition, rec: "You have used 5 of the 6 leads your plan includes this month: upgrade"}},
		},
		{
			name:  "well under the plan's lead cap",
			edit:  func(in *Input) { in.Leads.MonthlyCap = 20 },
			wants: []want{{typ: CustomerAcquisition, noRec: "upgrade"}},
		},
		{
			name:  "unverified",
			edit:  func(in *Input) { in.Listing.Verified = false },
			wants: []want{{typ: CustomerAcquisition, rec: "not verified yet"}},
		},
		{
			name:  "rating below the category",
			edit:  func(in *Input) { in.Listing.Rating = 3.5 },
			wants: []want{{typ: RevenueGrowth, title: "Rated 3.5, 0.5 below the category", rec: "Reply to every critical review"}},
		},
		{
			name:  "rating equal to the category",
			edit:  func(in *Input) { in.Listing.Rating = 4.0 },
			wants: []want{{typ: RevenueGrowth, title: "Rated 4.0, above the category's 4.0"}},
		},
		{
			name:  "fewer reviews than the category",
			edit:  func(in *Input) { in.Listing.Reviews = 4 },
			wants: []want{{typ: RevenueGrowth, rec: "You have 4 reviews against the category's 10 on average"}},
		},
		{
			name:  "no reviews",
			edit:  func(in *Input) { in.Listing.Rating, in.Listing.Reviews = 0, 0 },
			wants: []want{{typ: RevenueGrowth, title: "Collect your first reviews", content: "listings in the category average 10", rec: "Share your review link from the Reviews page", noRec: "reviews against"}},
		},
		{
			name: "reviews known only from the review facts",
			edit: func(in *Input) {
				in.Listing.Rating, in.Listing.Reviews = 0, 0
				in.Reviews = ReviewFacts{Published: 5, Average: 4.8}
			},
			wants: []want{{typ: RevenueGrowth, title: "Rated 4.8, above the category's 4.0", rec: "You have 5 reviews against the category's 10"}},
		},
		{
			name: "no review facts: no review advice",
			edit: func(in *Input) { in.Reviews = ReviewFacts{} },
			wants: []want{
				{typ: CustomerAcquisition, noRec: "no reply"},
				{typ: MarketOpportunities, noRec: "Reviews praise"},
				{typ: OperationalEfficiency, noRec: "Reviews complain"},
				{typ: RevenueGrowth, noRec: "quarter"},
			},
		},
		{
			name:  "unanswered reviews",
			edit:  func(in *Input) { in.Reviews.Unanswered = 3 },
			wants: []want{{typ: CustomerAcquisition, rec: "3 reviews have no reply: answer them on the Reviews page."}},
		},
		{
			name:  "one unanswered review",
			edit:  func(in *Input) { in.Reviews.Unanswered = 1 },
			wants: []want{{typ: CustomerAcquisition, rec: "1 review has no reply:"}},
		},
		{
			name: "rating falling this quarter",
			edit: func(in *Input) { in.Reviews.AvgThisQuarter, in.Reviews.AvgPrevQuarter = 3.94, 4.5 },
			wants: []want{{
				typ: RevenueGrowth, content: "This quarter's reviews average 3.9 stars, down from 4.5 the quarter before.",
				rec: "Your rating is falling: read this quarter's critical reviews", noRec: "rising",
			}},
		},
		{
			name:  "rating rising this quarter",
			edit:  func(in *Input) { in.Reviews.AvgThisQuarter, in.Reviews.AvgPrevQuarter = 4.7, 4.2 },
			wants: []want{{typ: RevenueGrowth, content: "average 4.7 stars, up from 4.2", rec: "Your rating is rising", noRec: "falling"}},
		},
		{
			name:  "rating steady: a change under 0.3 stars is noise",
			edit:  func(in *Input) { in.Reviews.AvgThisQuarter, in.Reviews.AvgPrevQuarter = 4.5, 4.3 },
			wants: []want{{typ: RevenueGrowth, content: "average 4.5 stars, as the quarter before", noRec: "Your rating is"}},
		},
		{
			name:  "no review last quarter: no trend",
			edit:  func(in *Input) { in.Reviews.AvgThisQuarter = 2.0 },
			wants: []want{{typ: RevenueGrowth, noRec: "falling"}},
		},
		{
			name: "fewer reviews this month than last",
			edit: func(in *Input) {
				in.Reviews = ReviewFacts{Published: 20, Average: 4.6, ThisMonth: 1, LastMonth: 4}
			},
			wants: []want{{typ: RevenueGrowth, rec: "1 new review this month against 4 last month: share your review link"}},
		},
		{
			name: "themes customers praise and blame",
			edit: func(in *Input) {
				in.Reviews.Themes = []Theme{
					{Word: "sourdough", Mentions: 6, Positive: 6},
					{Word: "wait time", Mentions: 4, Positive: 1, Negative: 3},
					{Word: "staff", Mentions: 4, Positive: 4},
					{Word: "parking", Mentions: 3, Positive: 1, Negative: 2},
					{Word: "prices", Mentions: 3, Positive: 1, Negative: 1}, // a draw
					{Word: "coffee", Mentions: 2, Positive: 2},              // a third: left out
					{Word: "music", Mentions: 2, Negative: 1},               // one complaint: an anecdote
				}
			},
			wants: []want{
				{typ: MarketOpportunities, rec: `Reviews praise "sourdough" (6 reviews) and "staff" (4 reviews): say so in your tagline`, noRec: "coffee"},
				{typ: OperationalEfficiency, rec: `Reviews complain about "wait time" (3 reviews) and "parking" (2 reviews): fix what you can`, noRec: "music"},
			},
		},
		{
			name: "no competitors in the city",
			edit: func(in *Input) { in.Benchmarks.CityCategoryCount = 1 },
			wants: []want{{
				typ: MarketOpportunities, title: "No direct competitors listed nearby",
				content: "the only bakery listing in Springfield, IL in the directory, out of 10", rec: "people search for in Springfield, IL",
			}},
		},
		{
			name: "no city and no category",
			edit: func(in *Input) {
				in.Listing.City, in.Listing.Category = "", ""
				in.Benchmarks.CityCategoryCount = 0
			},
			wants: []want{{typ: MarketOpportunities, title: "No direct competitors listed nearby", content: "the only similar listing in your city"}},
		},
		{
			name:  "N competitors",
			edit:  func(in *Input) { in.Benchmarks.CityCategoryCount = 8 },
			wants: []want{{typ: MarketOpportunities, title: "7 competitors in Springfield, IL", rec: "Say in your tagline what you do that the others do not"}},
		},
		{
			name: "popular tags not used are suggested, at most three",
			edit: func(in *Input) {
				in.Benchmarks.PopularTags = []string{"Bread", "sourdough", "CAKES", "vegan", "gluten-free", "pastries"}
			},
			wants: []want{{typ: MarketOpportunities, rec: "Popular tags in your category that you do not use: sourdough, vegan, gluten-free. Add those that fit.", noRec: "pastries"}},
		},
		{
			name: "empty input",
			edit: func(in *Input) { *in = Input{} },
			wants: []want{
				{typ: DigitalPresence, title: "Your profile is 0% complete"},
				{typ: OperationalEfficiency, title: "Add your opening hours", rec: "List your services"},
				{typ: CustomerAcquisition, title: "No leads yet", rec: "not verified yet"},
				{typ: MarketOpportunities, title: "No direct competitors listed nearby"},
				{typ: RevenueGrowth, title: "Collect your first reviews"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := completeInput()
			tt.edit(&in)
			got, err := Analyser{}.Generate(context.Background(), in)
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			assertOnePerType(t, got)
			again, _ := Analyser{}.Generate(context.Background(), in)
			if !reflect.DeepEqual(got, again) {
				t.Errorf("not deterministic:\n%+v\n%+v", got, again)
			}
			for _, w := range tt.wants {
				checkInsight(t, got, w)
			}
		})
	}
}

// assertOnePerType checks the analyser's contract: exactly one insight per
// type, in Types order, each with a title, content and a recommendation.
func assertOnePerType(t *testing.T, got []Insight) {
	t.Helper()
	if len(got) != len(Types) {
		t.Fatalf("got %d insights, want %d", len(got), len(Types))
	}
	var types []string
	for _, in := range got {
		types = append(types, in.Type)
		if in.Title == "" || in.Content == "" || len(in.Recommendations) == 0 {
			t.Errorf("%s: title %q, content %q, %d recommendations: want all three", in.Type, in.Title, in.Content, len(in.Recommendations))
		}
		for _, r := range in.Recommendations {
			if strings.TrimSpace(r) == "" {
				t.Errorf("%s: empty recommendation", in.Type)
			}
		}
	}
	sorted := slices.Clone(types)
	slices.Sort(sorted)
	wantSorted := slices.Clone(Types)
	slices.Sort(wantSorted)
	if !slices.Equal(sorted, wantSorted) {
		t.Errorf("types = %q, want one of each of %q", types, Types)
	}
}

func checkInsight(t *testing.T, got []Insight, w want) {
	t.Helper()
	i := slices.IndexFunc(got, func(in Insight) bool { return in.Type == w.typ })
	if i < 0 {
		t.Errorf("no %s insight", w.typ)
		return
	}
	in := got[i]
	if w.title != "" && in.Title != w.title {
		t.Errorf("%s title = %q, want %q", w.typ, in.Title, w.title)
	}
	if w.content != "" && !strings.Contains(in.Content, w.content) {
		t.Errorf("%s content = %q, want it to contain %q", w.typ, in.Content, w.content)
	}
	if w.noContent != "" && strings.Contains(in.Content, w.noContent) {
		t.Errorf("%s content = %q, want it without %q", w.typ, in.Content, w.noContent)
	}
	has := func(sub string) bool {
		return slices.ContainsFunc(in.Recommendations, func(r string) bool { return strings.Contains(r, sub) })
	}
	if w.rec != "" && !has(w.rec) {
		t.Errorf("%s recommendations = %q, want one containing %q", w.typ, in.Recommendations, w.rec)
	}
	if w.noRec != "" && has(w.noRec) {
		t.Errorf("%s recommendations = %q, want none containing %q", w.typ, in.Recommendations, w.noRec)
	}
}

// The analytics of the last 30 days and the 30 before: their figures are
// quoted in the acquisition insight, and each rule speaks only when there
// are enough of them to mean something.
func TestAnalyserTrafficRules(t *testing.T) {
	steady := Analytics{Days: 30,
		Last: Traffic{Views: 200, Visitors: 150, Impressions: 2000, ContactClicks: 12, Leads: 8},
		Prev: Traffic{Views: 190, Visitors: 140, Impressions: 1900, ContactClicks: 10, Leads: 7},
	}
	const (
		ctrAdvice     = "times in search results but was opened"
		convAdvice    = "say plainly in your description what a visitor should do next"
		fallingAdvice = "Views are falling"
	)
	tests := []struct {
		name  string
		edit  func(a *Analytics)
		wants []want
	}{
		{
			name: "no figures given: nothing said of them",
			edit: func(a *Analytics) { *a = Analytics{} },
			wants: []want{
				{typ: CustomerAcquisition, noContent: "days", noRec: fallingAdvice},
				{typ: DigitalPresence, noRec: ctrAdvice},
			},
		},
		{
			name: "no views yet: figures will come, no advice",
			edit: func(a *Analytics) { *a = Analytics{Days: 30} },
			wants: []want{
				{typ: CustomerAcquisition, content: "No visits to Rosa's Bakery have been counted in the last 30 days yet: its views, clicks and leads will show in your analytics", noContent: "0 views", noRec: convAdvice},
				{typ: DigitalPresence, noRec: ctrAdvice},
			},
		},
		{
			name: "steady figures are quoted, with no advice",
			edit: func(*Analytics) {},
			wants: []want{
				{typ: CustomerAcquisition, content: "In the last 30 days: 200 views from 150 visitors, 2000 appearances in search results (10.0% opened the listing), 12 contact clicks and 8 leads (4.0% of views).", noContent: "Views fell", noRec: convAdvice},
				{typ: DigitalPresence, noRec: ctrAdvice},
			},
		},
		{
			name:  "no appearances in results: no click-through",
			edit:  func(a *Analytics) { a.Last = Traffic{Views: 1, Visitors: 1} },
			wants: []want{{typ: CustomerAcquisition, content: "In the last 30 days: 1 view from 1 visitor, 0 contact clicks and 0 leads (0.0% of views).", noContent: "search results"}},
		},
		{
			name:  "more views than appearances in results: no share of them",
			edit:  func(a *Analytics) { a.Last.Impressions, a.Last.Views, a.Last.Visitors = 1, 3, 2 },
			wants: []want{{typ: CustomerAcquisition, content: "In the last 30 days: 3 views from 2 visitors, 1 appearance in search results, 12 contact clicks", noContent: "opened the listing"}},
		},
		{
			name: "low click-through from results",
			edit: func(a *Analytics) { a.Last.Impressions, a.Last.Views = 1200, 18 },
			wants: []want{{
				typ: DigitalPresence,
				rec: "Your listing appeared 1200 times in search results but was opened 18 times (1.5%): make your tagline say what you do and where, and check that your category and sub-category",
			}},
		},
		{
			name:  "too few appearances to judge click-through",
			edit:  func(a *Analytics) { a.Last.Impressions, a.Last.Views = 60, 1 },
			wants: []want{{typ: DigitalPresence, noRec: ctrAdvice}},
		},
		{
			name:  "many views, few leads",
			edit:  func(a *Analytics) { a.Last.Views, a.Last.Leads = 120, 1 },
			wants: []want{{typ: CustomerAcquisition, rec: "120 views brought 1 lead (0.8%): say plainly in your description what a visitor should do next"}},
		},
		{
			name:  "too few views to judge conversion",
			edit:  func(a *Analytics) { a.Last.Views, a.Last.Leads, a.Prev.Views = 30, 0, 30 },
			wants: []want{{typ: CustomerAcquisition, noRec: convAdvice}},
		},
		{
			name: "views falling",
			edit: func(a *Analytics) { a.Last.Views, a.Prev.Views = 130, 200 },
			wants: []want{{
				typ: CustomerAcquisition, content: "Views fell 35% against the 30 days before (130 against 200).",
				rec: "Views are falling: refresh your tagline, description and tags",
			}},
		},
		{
			name:  "views fallen to none",
			edit:  func(a *Analytics) { a.Last = Traffic{} },
			wants: []want{{typ: CustomerAcquisition, content: "Views fell 100% against the 30 days before (0 against 190).", noContent: "No visits", rec: fallingAdvice}},
		},
		{
			name:  "views rising",
			edit:  func(a *Analytics) { a.Last.Views, a.Prev.Views = 280, 200 },
			wants: []want{{typ: CustomerAcquisition, content: "Views rose 40% against the 30 days before (280 against 200).", noRec: fallingAdvice}},
		},
		{
			name:  "too few views before to speak of a trend",
			edit:  func(a *Analytics) { a.Last.Views, a.Prev.Views = 5, 15 },
			wants: []want{{typ: CustomerAcquisition, noContent: "Views fell", noRec: fallingAdvice}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := completeInput()
			in.Analytics = steady
			tt.edit(&in.Analytics)
			got, err := Analyser{}.Generate(context.Background(), in)
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			assertOnePerType(t, got)
			for _, w := range tt.wants {
				checkInsight(t, got, w)
			}
		})
	}
}

func TestAnalyserCompletenessScore(t *testing.T) {
	l := completeInput().Listing
	if score, missing := completeness(l); score != 100 || len(missing) != 0 {
		t.Fatalf("complete listing: %d%%, missing %q; want 100%%, none", score, missing)
	}
	// Each of the ten items is worth 10 points.
	l.Tagline, l.Website, l.ShowEmail = "", "", false
	score, missing := completeness(l)
	if want := []string{"a tagline", "your website", "a public email address"}; score != 70 || !slices.Equal(missing, want) {
		t.Errorf("got %d%%, missing %q; want 70%%, %q", score, missing, want)
	}
	if score, _ := completeness(Listing{}); score != 0 {
		t.Errorf("empty listing: %d%%, want 0%%", score)
	}
}

func TestAnalyserCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := Analyser{}.Generate(ctx, completeInput())
	if !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("Generate = %v, %v; want nil, context.Canceled", got, err)
	}
}

func TestAnalyserName(t *testing.T) {
	var p Provider = Analyser{}
	if p.Name() != "Built-in analyser" {
		t.Errorf("Name() = %q", p.Name())
	}
}
