package ai

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Analyser is the built-in provider: deterministic rules over the listing,
// its leads, its reviews, its analytics and the directory. It needs no outside service.
// Its advice names only what the owner can do in their business or in the
// dashboard.
type Analyser struct{}

// Name implements Provider.
func (Analyser) Name() string { return "Built-in analyser" }

// Generate implements Provider: one insight of each type, each naming what
// this listing lacks or does well, with the figures behind it.
func (Analyser) Generate(ctx context.Context, in Input) ([]Insight, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The analytics speak in two insights: what searchers skip is the
	// profile's business, and what visitors do the acquisition's; their
	// advice comes first, as it rests on the owner's latest figures.
	t := readTraffic(in.Listing.Name, in.Analytics)
	presence := digitalPresence(in.Listing)
	presence.Recommendations = slices.Concat(t.presence, presence.Recommendations)
	acquisition := customerAcquisition(in)
	if t.summary != "" {
		acquisition.Content += " " + t.summary
	}
	acquisition.Recommendations = slices.Concat(t.acquisition, acquisition.Recommendations)
	return []Insight{
		marketOpportunities(in),
		presence,
		acquisition,
		operationalEfficiency(in),
		revenueGrowth(in),
	}, nil
}

// completeness scores the public profile out of ten items.
func completeness(l Listing) (score int, missing []string) {
	checks := []struct {
		ok   bool
		what string
	}{
		{l.Tagline != "", "a tagline"},
		{utf8.RuneCountInString(l.Description) >= 120, "a description of at least 120 characters"},
		{l.SubCategory != "", "a sub-category"},
		{len(l.Tags) >= 3, "at least three tags"},
		{len(l.Services) >= 2, "at least two services"},
		{l.Website != "", "your website"},
		{l.Phone != "" && l.ShowPhone, "a public phone number"},
		{l.Email != "" && l.ShowEmail, "a public email address"},
		{l.Address != "" && l.ShowAddress, "a public street address"},
		{len(l.Hours) == 7 && l.ShowHours, "public opening hours"},
	}
	for _, c := range checks {
		if c.ok {
			score++
		} else {
			missing = append(missing, c.what)
		}
	}
	return score * 10, missing
}

func digitalPresence(l Listing) Insight {
	score, missing := completeness(l)
	in := Insight{Type: DigitalPresence}
	if len(missing) == 0 {
		in.Title = "Your profile is complete"
		in.Content = fmt.Sprintf("%s's profile has every detail visitors look for: description, services, tags, contact details and hours, so it answers their questions before they have to ask.", l.Name)
		in.Recommendations = []string{
			"Review the description every season so offers and prices stay current.",
			"Add a tag for each new service you launch, so searches for it find you.",
		}
		return in
	}
	in.Title = fmt.Sprintf("Your profile is %d%% complete", score)
	in.Content = fmt.Sprintf("%s is missing %s. Visitors compare profiles side by side; each missing detail is a reason to contact someone else.", l.Name, joinList(missing))
	for _, m := range missing {
		in.Recommendations = append(in.Recommendations, "Add "+m+".")
	}
	if !l.ShowPhone && l.Phone != "" {
		in.Recommendations = append(in.Recommendations, "Your phone number is hidden: show it, or visitors can only reach you by the contact form.")
	}
	return in
}

func operationalEfficiency(input Input) Insight {
	l := input.Listing
	in := Insight{Type: OperationalEfficiency}
	switch {
	case len(l.Hours) != 7:
		in.Title = "Add your opening hours"
		in.Content = fmt.Sprintf("%s does not list opening hours, so visitors cannot tell whether you are open now and search engines cannot show your hours.", l.Name)
		in.Recommendations = []string{"Add opening hours for each day of the week, marking closed days.", "Your weekly hours cannot show a one-off closure: mention holiday closures in your description."}
	case !l.ShowHours:
		in.Title = "Your opening hours are hidden"
		in.Content = fmt.Sprintf("%s has hours on file but keeps them private. Visitors who cannot see when you are open often choose a business that shows it.", l.Name)
		in.Recommendations = []string{"Make your opening hours public in the listing's visibility settings."}
	default:
		open, weekend, late := 0, 0, 0
		for i, d := range l.Hours {
			if d.Closed {
				continue
			}
			open++
			if i >= 5 {
				weekend++
			}
			if d.Close >= "18:00" || d.Close < d.Open { // past midnight counts as late

				late++
			}
		}
		in.Title = fmt.Sprintf("Open %d days a week", open)
		in.Content = fmt.Sprintf("%s is open %d days a week, %d of them at the weekend and %d until 6 PM or later.", l.Name, open, weekend, late)
		if weekend == 0 {
			in.Recommendations = append(in.Recommendations, "You are closed all weekend: consider Saturday hours, when many customers run errands, or say how to book a weekend appointment.")
		}
		if late == 0 {
			in.Recommendations = append(in.Recommendations, "You close before 6 PM every day: one late evening a week reaches customers who work office hours.")
		}
		if len(in.Recommendations) == 0 {
			in.Recommendations = append(in.Recommendations, "Your hours cover weekends and evenings: say so in your tagline to stand out.")
		}
	}
	if len(l.Services) == 0 {
		in.Recommendations = append(in.Recommendations, "List your services, one per line, so visitors know what to ask for.")
	}
	if blamed := themesWhere(input.Reviews.Themes, func(t Theme) int { return t.Negative }, func(t Theme) int { return t.Positive }); blamed != "" {
		// What customers complain about comes first: it is the fix that
		// shows in the next reviews.
		in.Recommendations = append([]string{fmt.Sprintf("Reviews complain about %s: fix what you can, and say what you changed when you reply to them.", blamed)}, in.Recommendations...)
	}
	return in
}

func customerAcquisition(in Input) Insight {
	l, leads := in.Listing, in.Leads
	out := Insight{Type: CustomerAcquisition}
	switch {
	case leads.Total == 0:
		out.Title = "No leads yet"
		out.Content = fmt.Sprintf("%s has not received an enquiry through the directory yet.", l.Name)
		out.Recommendations = []string{"Share your listing's link on your website, social profiles and email signature.", "Make sure your contact details are public so visitors trust the listing."}
	case leads.ThisMonth > leads.LastMonth:
		out.Title = fmt.Sprintf("Leads are up: %d this month", leads.ThisMonth)
		out.Content = fmt.Sprintf("%s received %d %s this month against %d last month (%d in total).", l.Name, leads.ThisMonth, plural(leads.ThisMonth, "lead", "leads"), leads.LastMonth, leads.Total)
		out.Recommendations = []string{"Answer every lead within a day: quick replies convert best.", "Note which services people ask about and list them first."}
	default:
		out.Title = fmt.Sprintf("Leads are flat or down: %d this month", leads.ThisMonth)
		out.Content = fmt.Sprintf("%s received %d %s this month against %d last month (%d in total).", l.Name, leads.ThisMonth, plural(leads.ThisMonth, "lead", "leads"), leads.LastMonth, leads.Total)
		out.Recommendations = []string{"Refresh your tagline and description with what customers ask for most.", "Add tags for the services you want more enquiries about."}
	}
	if r := in.Reviews; r.Unanswered > 0 {
		out.Recommendations = append(out.Recommendations, fmt.Sprintf("%d %s no reply: answer them on the Reviews page. Visitors read how an owner answers, and criticism most of all.", r.Unanswered, plural(r.Unanswered, "review has", "reviews have")))
	}
	if !l.Verified {
		out.Recommendations = append(out.Recommendations, "Your listing is not verified yet: the Verified badge appears once our team has checked your details, and visitors can choose to see verified businesses only.")
	}
	if leads.MonthlyCap > 0 && leads.ThisMonth > 0 && leads.ThisMonth*10 >= leads.MonthlyCap*8 {
		out.Recommendations = append(out.Recommendations, fmt.Sprintf("You have used %d of the %d leads your plan includes this month: upgrade so none are locked.", leads.ThisMonth, leads.MonthlyCap))
	}
	return out
}

func marketOpportunities(in Input) Insight {
	l, b := in.Listing, in.Benchmarks
	out := Insight{Type: MarketOpportunities}
	others := max(b.CityCategoryCount-1, 0)
	// The city with its state: Portland, OR, not Portland (ME has one).
	place := l.City
	if l.State != "" {
		place += ", " + l.State
	}
	if l.City == "" {
		place = "your city"
	}
	switch {
	case others == 0:
		out.Title = "No direct competitors listed nearby"
		out.Content = fmt.Sprintf("%s is the only %s listing in %s in the directory, out of %d in the category overall.", l.Name, categoryWord(l.Category), place, b.CategoryCount)
		out.Recommendations = []string{fmt.Sprintf("Use words people search for in %s in your description, to own those searches.", place)}
	default:
		out.Title = fmt.Sprintf("%d %s in %s", others, plural(others, "competitor", "competitors"), place)
		out.Content = fmt.Sprintf("%d other %s businesses in %s are listed (%d in the category overall). Visitors compare them with you.", others, categoryWord(l.Category), place, b.CategoryCount)
		out.Recommendations = []string{"Say in your tagline what you do that the others do not."}
	}
	var missingTags []string
	have := map[string]bool{}
	for _, t := range l.Tags {
		have[strings.ToLower(t)] = true
	}
	for _, t := range b.PopularTags {
		if !have[strings.ToLower(t)] && len(missingTags) < 3 {
			missingTags = append(missingTags, t)
		}
	}
	if len(missingTags) > 0 {
		out.Recommendations = append(out.Recommendations, fmt.Sprintf("Popular tags in your category that you do not use: %s. Add those that fit.", strings.Join(missingTags, ", ")))
	}
	if praised := themesWhere(in.Reviews.Themes, func(t Theme) int { return t.Positive }, func(t Theme) int { return t.Negative }); praised != "" {
		out.Recommendations = append(out.Recommendations, fmt.Sprintf("Reviews praise %s: say so in your tagline and description, where visitors compare you with the others.", praised))
	}
	return out
}

// themesWhere lists, for a recommendation, the (at most two) themes that at
// least two reviews judge one way (side) more than the other: "the wait
// time (3 reviews) and parking (2 reviews)".
func themesWhere(themes []Theme, side, other func(Theme) int) string {
	var picked []string
	for _, t := range themes {
		if n := side(t); n >= 2 && n > other(t) && len(picked) < 2 {
			picked = append(picked, fmt.Sprintf("%q (%d reviews)", t.Word, n))
		}
	}
	return joinList(picked)
}

func revenueGrowth(in Input) Insight {
	l, b, r := in.Listing, in.Benchmarks, in.Reviews
	out := Insight{Type: RevenueGrowth}
	// The listing's own figures are the ones compared with the category's;
	// the review facts stand in while the listing has none.
	count, rating := l.Reviews, l.Rating
	if count == 0 {
		count, rating = r.Published, r.Average
	}
	switch {
	case count == 0:
		out.Title = "Collect your first reviews"
		out.Content = fmt.Sprintf("%s has no reviews yet; listings in the category average %.0f. Visitors trust a business other customers vouch for.", l.Name, b.CategoryAvgReviews)
		out.Recommendations = []string{
			"Share your review link from the Reviews page of this listing in your dashboard with your five most loyal customers this week.",
			"Send the link right after a job well done, when customers are most willing to write.",
		}
		return out
	case math.Round(rating*10) >= math.Round(b.CategoryAvgRating*10):
		out.Title = fmt.Sprintf("Rated %.1f, above the category's %.1f", rating, b.CategoryAvgRating)
		out.Content = fmt.Sprintf("%s is rated %.1f from %d reviews; the category averages %.1f from %.0f reviews.", l.Name, rating, count, b.CategoryAvgRating, b.CategoryAvgReviews)
		out.Recommendations = []string{"Mention your rating in your tagline and on your website.", "A loyalty offer turns satisfied customers into repeat ones."}
	default:
		gap := math.Round((b.CategoryAvgRating-rating)*10) / 10
		out.Title = fmt.Sprintf("Rated %.1f, %.1f below the category", rating, gap)
		out.Content = fmt.Sprintf("%s is rated %.1f from %d reviews; the category averages %.1f. Among equal matches the directory lists higher-rated businesses first, and visitors can filter by rating.", l.Name, rating, count, b.CategoryAvgRating)
		out.Recommendations = []string{"Reply to every critical review with what you changed.", "Ask satisfied customers for a review right after a good visit, with the review link from your Reviews page."}
	}
	if r.AvgThisQuarter > 0 && r.AvgPrevQuarter > 0 {
		now, before := round1(r.AvgThisQuarter), round1(r.AvgPrevQuarter)
		switch change := math.Round((now-before)*10) / 10; {
		case change <= -trendStep:
			out.Content += fmt.Sprintf(" This quarter's reviews average %.1f stars, down from %.1f the quarter before.", now, before)
			out.Recommendations = append([]string{"Your rating is falling: read this quarter's critical reviews for what changed, fix it, and say so in your replies."}, out.Recommendations...)
		case change >= trendStep:
			out.Content += fmt.Sprintf(" This quarter's reviews average %.1f stars, up from %.1f the quarter before.", now, before)
			out.Recommendations = append(out.Recommendations, "Your rating is rising: whatever you changed this quarter, keep it, and share your review link while customers are happy.")
		default:
			out.Content += fmt.Sprintf(" This quarter's reviews average %.1f stars, as the quarter before.", now)
		}
	}
	if float64(count) < b.CategoryAvgReviews {
		out.Recommendations = append(out.Recommendations, fmt.Sprintf("You have %d %s against the category's %.0f on average: more reviews make your rating more convincing.", count, plural(count, "review", "reviews"), b.CategoryAvgReviews))
	}
	if r.Published > 0 && r.ThisMonth < r.LastMonth {
		out.Recommendations = append(out.Recommendations, fmt.Sprintf("%d %s this month against %d last month: share your review link after each job to keep them coming.", r.ThisMonth, plural(r.ThisMonth, "new review", "new reviews"), r.LastMonth))
	}
	return out
}

// Thresholds of the traffic rules: below the minimums the figures are too
// few to read anything in.
const (
	minImpressions  = 100  // appearances in results before click-through means something
	lowClickThrough = 0.03 // views per appearance under which results do not draw
	minViews        = 50   // views before conversion means something
	lowConversion   = 0.02 // leads per view under which visitors leave without asking
	minTrendViews   = 20   // views in the period before, to speak of a trend
	viewsTrend      = 0.2  // a change of views worth telling: a fifth
)

// traffic is what the listing's analytics add to the insights: a
// sentence of figures for the acquisition insight, and advice for it and
// for the digital presence insight.
type traffic struct {
	summary     string
	acquisition []string
	presence    []string
}

// readTraffic reads a's figures; without figures it says nothing, and
// before the first view it says only that figures will come.
func readTraffic(name string, a Analytics) traffic {
	var t traffic
	if a.Days <= 0 {
		return t
	}
	last, prev := a.Last, a.Prev
	if last.Views == 0 && last.Impressions == 0 && prev.Views == 0 && prev.Impressions == 0 {
		t.summary = fmt.Sprintf("No visits to %s have been counted in the last %d days yet: its views, clicks and leads will show in your analytics as visitors find it.", name, a.Days)
		return t
	}
	parts := []string{fmt.Sprintf("%d %s from %d %s", last.Views, plural(int(last.Views), "view", "views"), last.Visitors, plural(int(last.Visitors), "visitor", "visitors"))}
	if last.Impressions > 0 {
		seen := fmt.Sprintf("%d %s in search results", last.Impressions, plural(int(last.Impressions), "appearance", "appearances"))
		// Views also come from links elsewhere, so they can outnumber the
		// appearances: "300% opened the listing" would be nonsense.
		if last.Views <= last.Impressions {
			seen += fmt.Sprintf(" (%s opened the listing)", pct(last.ClickThrough()))
		}
		parts = append(parts, seen)
	}
	parts = append(parts, fmt.Sprintf("%d contact %s", last.ContactClicks, plural(int(last.ContactClicks), "click", "clicks")))
	leads := fmt.Sprintf("%d %s", last.Leads, plural(int(last.Leads), "lead", "leads"))
	if last.Views > 0 {
		leads += fmt.Sprintf(" (%s of views)", pct(last.Conversion()))
	}
	t.summary = fmt.Sprintf("In the last %d days: %s and %s.", a.Days, strings.Join(parts, ", "), leads)
	if prev.Views >= minTrendViews {
		change := float64(last.Views-prev.Views) / float64(prev.Views)
		switch {
		case change <= -viewsTrend:
			t.summary += fmt.Sprintf(" Views fell %.0f%% against the %d days before (%d against %d).", -change*100, a.Days, last.Views, prev.Views)
			t.acquisition = append(t.acquisition, "Views are falling: refresh your tagline, description and tags with what people search for now, and share your listing's link where your customers are.")
		case change >= viewsTrend:
			t.summary += fmt.Sprintf(" Views rose %.0f%% against the %d days before (%d against %d).", change*100, a.Days, last.Views, prev.Views)
		}
	}
	if last.Views >= minViews && last.Conversion() < lowConversion {
		t.acquisition = append(t.acquisition, fmt.Sprintf("%d views brought %d %s (%s): say plainly in your description what a visitor should do next (call, ask for a quote, book a visit), and keep your phone and email public.", last.Views, last.Leads, plural(int(last.Leads), "lead", "leads"), pct(last.Conversion())))
	}
	if last.Impressions >= minImpressions && last.ClickThrough() < lowClickThrough {
		t.presence = append(t.presence, fmt.Sprintf("Your listing appeared %d times in search results but was opened %d %s (%s): make your tagline say what you do and where, and check that your category and sub-category match what people search for.", last.Impressions, last.Views, plural(int(last.Views), "time", "times"), pct(last.ClickThrough())))
	}
	return t
}

// pct writes a share as a percentage to one decimal: "2.5%".
func pct(share float64) string { return fmt.Sprintf("%.1f%%", share*100) }

// trendStep is the change in a quarter's average stars worth telling the
// owner about: less is the noise of a few reviews.
const trendStep = 0.3

func categoryWord(c string) string {
	if c == "" || c == "other" {
		return "similar"
	}
	return c
}

// joinList writes "a, b and c".
func joinList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
