package handlers

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/apispec"
	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/handlers/api"
	"bizprofile/plans"
	"bizprofile/ratelimit"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/views/content"
)

// Every figure a public page states is computed from the data, taken from
// the plan catalogue, labelled as an example, or on the short allow-list
// below, each entry with its reason (issue 20: "10,000+ businesses" while
// the directory held five).

// notFigures are the numbers in a page's text that are not figures at
// all: each pattern is taken out of the text before its numbers are read.
var notFigures = []struct {
	pattern *regexp.Regexp
	reason  string
}{
	{regexp.MustCompile(`https?://\S+|[\w.+-]+@[\w.-]+`), "web and email addresses"},
	{regexp.MustCompile(`\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\b(19|20)\d{2}\b`), "dates and years"},
	{regexp.MustCompile(`\b\d{1,2}:\d{2}\b`), "times of day (opening hours)"},
	{regexp.MustCompile(`\b\d{1,2}(:\d{2})? (am|pm)\b`), "times of day, as whether a listing is open says them"},
	{regexp.MustCompile(`(?:^|[^\d.,])\d{5}(?:-\d{4})?\b`), "ZIP codes"},
	{regexp.MustCompile(`(\b1-)?\(?\b\d{3}\)?[ -]\d{3}-\d{4}\b`), "telephone numbers"},
	{regexp.MustCompile(`(^|[^\w.,])\d{1,2}\. [A-Z]|\bsections? \d+( \([^)]*\))?((, | and )\d+)*`), "numbered sections of a legal text"},
}

// legalTerms are the conditions a legal page states (the ages it admits,
// its notice period, its liability cap): terms of the agreement, not
// figures about the service.
var legalTerms = map[string][]float64{
	"/terms":   {13, 18, 30, 12, 100},
	"/privacy": {13, 35},
}

// numberPattern finds a number as a page writes it: "5", "1,200+", "$19",
// "4.8", "89%". A number glued to letters ("v1", "h2", "SHA256") is a name,
// not a figure.
var numberPattern = regexp.MustCompile(`(?:^|[^\p{L}\d.,/])([$]?\d[\d,]*(?:\.\d+)?[%+]?)`)

// numbersIn are the figures of text, once notFigures are taken out.
func numbersIn(text string) []string {
	for _, n := range notFigures {
		text = n.pattern.ReplaceAllString(text, " ")
	}
	var out []string
	for _, m := range numberPattern.FindAllStringSubmatch(text, -1) {
		if strings.ContainsAny(m[1], "0123456789") {
			out = append(out, strings.TrimRight(m[1], ".,"))
		}
	}
	return out
}

// figureKey is a figure as numbersIn found it, reduced to its kind (an
// amount in dollars, a percentage, a rounded-down count with its plus, or
// a plain number) and its value: "$10,000" is "$10000", "1,200+" is
// "+1200", so a price never explains a count nor a suite number a
// percentage.
func figureKey(s string) (string, bool) {
	kind := ""
	switch {
	case strings.HasPrefix(s, "$"):
		kind = "$"
	case strings.HasSuffix(s, "%"):
		kind = "%"
	case strings.HasSuffix(s, "+"):
		kind = "+"
	}
	v, err := strconv.ParseFloat(strings.NewReplacer("$", "", ",", "", "%", "", "+", "").Replace(s), 64)
	if err != nil {
		return "", false
	}
	return kind + strconv.FormatFloat(v, 'f', -1, 64), true
}

// figures is what a page may state: figures from the data, the catalogue
// and the rules of the code (by figureKey), and why each is there.
type figures map[string]string

// add allows plain numbers.
func (f figures) add(why string, vs ...float64) {
	for _, v := range vs {
		f.addKey(why, strconv.FormatFloat(v, 'f', -1, 64))
	}
}

func (f figures) addKey(why, key string) {
	if _, ok := f[key]; !ok {
		f[key] = why
	}
}

// addNumbersOf allows every figure written in texts (a record's address,
// zip code or description, a catalogue's label) as it is written there.
func (f figures) addNumbersOf(why string, texts ...string) {
	for _, t := range texts {
		for _, n := range numbersIn(t) {
			if k, ok := figureKey(n); ok {
				f.addKey(why, k)
			}
		}
	}
}

// catalogueFigures are the plan catalogue's figures and the rules of the
// code that the copy quotes.
func catalogueFigures() figures {
	f := figures{}
	for _, p := range plans.All {
		f.add("plan "+p.ID, float64(p.LeadsPerMonth), float64(p.TeamUsers), float64(p.Analytics.Days), float64(p.Analytics.Months), float64(p.Photos))
		f.addKey("plan "+p.ID+"'s price", "$"+strconv.Itoa(p.PriceDollars))
	}
	f.add("plans.TrialDays", plans.TrialDays)
	for _, p := range plans.PartnerPlans {
		f.addKey("partner plan "+p.ID+"'s commission", "%"+strconv.Itoa(p.CommissionPercent))
	}
	f.add("the partner programme's terms", plans.AttributionDays, plans.CommissionMonths, plans.HoldDays)
	f.addKey("the partner programme's payout threshold", "$"+strconv.FormatFloat(float64(plans.PayoutThresholdCents)/100, 'f', -1, 64))
	f.add("store.MaxMatches", store.MaxMatches)
	f.add("the rows of a CSV import", catalog.ImportMaxRows)
	for _, o := range catalog.RadiusOptions {
		f.addNumbersOf("the radii of a search near a place", o.Value)
	}
	f.add("the radii of a search near a place", catalog.DefaultRadius, catalog.MaxRadius, views.NearbyRadius)
	f.add("a service area's radius", float64(catalog.ServiceRadius.Min), float64(catalog.ServiceRadius.Max))
	f.add("the password rules", domain.PasswordMin)
	for _, d := range domain.RollingRanges {
		f.add("the analytics ranges", float64(d))
	}
	f.add("the categories of the catalogue", float64(len(catalog.Categories)))
	f.add("the star scale of reviews", 1, 2, 3, 4, 5)
	for _, o := range catalog.RatingOptions {
		f.addNumbersOf("the directory's rating filter", o.Value)
	}
	f.add("the limits of a quote request's description", catalog.RequestDescriptionMin, catalog.RequestDescriptionMax)
	for _, b := range store.Budgets {
		f.addNumbersOf("the budget ranges of a quote request", b.Label)
	}
	f.addNumbersOf("the office's address", content.Office...)
	for _, c := range content.HelpCategories {
		f.add("help articles of a topic", float64(c.Articles()))
	}
	for _, p := range content.Posts {
		f.add("a post's reading time", float64(p.ReadMinutes()))
	}
	return f
}

// dataFigures are the figures of the store's data: the counts the
// directory and its landing pages show and every number of the published
// listings' records.
func dataFigures(t *testing.T, app *testApp) figures {
	t.Helper()
	ctx := context.Background()
	f := figures{}
	n, err := app.store.CountPublished(ctx)
	must(t, err)
	f.addNumbersOf("published listings, as shown", views.ListedFigure(n))
	counts, err := app.store.CategoryCounts(ctx)
	must(t, err)
	for _, c := range counts {
		f.add("a category's listings", float64(c))
	}
	places, err := app.store.Places(ctx)
	must(t, err)
	states := map[string]int{}
	for _, p := range places {
		f.add("a city's listings", float64(p.Count))
		states[p.State] += p.Count
	}
	for _, c := range states {
		f.add("a state's listings", float64(c))
	}
	f.add("states and cities with listings", float64(len(states)), float64(len(places)))
	slugs, err := app.store.PublishedSlugs(ctx, 0, 1000)
	must(t, err)
	for _, s := range slugs {
		b, err := app.store.BusinessBySlug(ctx, s.Slug)
		must(t, err)
		f.addNumbersOf("a listing's record", b.Name, b.Tagline, b.Description, b.SubCategory, b.Address, b.ZipCode, b.Phone)
		f.addNumbersOf("a listing's record", b.Tags...)
		f.addNumbersOf("a listing's record", b.Services...)
		f.add("a listing's rating and reviews", math.Round(b.Rating*10)/10, float64(b.ReviewCount))
		if p, ok := b.Place(); ok {
			for _, scale := range []float64{1e5, 1e3, 1e2} { // the page's map and JSON-LD; a card; a private address
				f.add("a listing's coordinates", math.Abs(math.Round(p.Lat*scale)/scale), math.Abs(math.Round(p.Lng*scale)/scale))
			}
		}
		reviews, total, err := app.store.ListingReviews(ctx, b.ID, store.ReviewsNewest, store.Page{Limit: 1000})
		must(t, err)
		stars := map[int]int{}
		for _, r := range reviews {
			stars[r.Rating]++
			f.add("a review's helpful votes", float64(r.HelpfulCount))
			f.addNumbersOf("a review's text", r.AuthorName, r.Title, r.Body, r.Reply)
		}
		for star := 1; star <= 5; star++ {
			f.add("a listing's reviews by stars", float64(stars[star]))
			if total > 0 {
				f.addKey("a listing's reviews by stars", "%"+strconv.Itoa(int(math.Round(float64(stars[star]*100)/float64(total)))))
			}
		}
	}
	return f
}

// pageFigures are the figures a page states: its main content's text (with
// what is marked data-example and labelled as an example left out), its
// meta description and its JSON-LD's values. problems are the parts
// marked as examples that do not say so. A meta description that says it
// is an example may quote the example's figures.
func pageFigures(doc *goquery.Document) (shown []shownFigure, where map[string]string, problems []string) {
	where = map[string]string{}
	note := func(place, text string) {
		example := place == "meta description" && strings.Contains(strings.ToLower(text), "illustrative example")
		for _, n := range numbersIn(text) {
			shown = append(shown, shownFigure{n, example})
			if _, ok := where[n]; !ok {
				where[n] = place + ": …" + around(text, n) + "…"
			}
		}
	}
	main := doc.Find("main").Clone()
	main.Find("[data-example]").Each(func(_ int, ex *goquery.Selection) {
		if !strings.Contains(strings.ToLower(textOf(ex)+" "+ex.AttrOr("aria-label", "")), "example") {
			problems = append(problems, "a part marked as an example does not say so: "+around(textOf(ex), ""))
		}
		ex.Remove()
	})
	main.Find(`[aria-label^="Example"]`).Remove()
	// Code samples (the API reference's verification code, its curl
	// lines) are code, not claims about the service.
	main.Find("pre").Remove()
	note("main", textOf(main))
	note("meta description", doc.Find(`meta[name="description"]`).AttrOr("content", ""))
	doc.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) {
		var v any
		if err := json.Unmarshal([]byte(s.Text()), &v); err != nil {
			problems = append(problems, "JSON-LD: "+err.Error())
			return
		}
		for _, text := range ldValues(v, "") {
			note("JSON-LD", text)
		}
	})
	return shown, where, problems
}

// ldValues are the values of a JSON-LD document as text, but for the
// positions of its lists, which are ordinals.
func ldValues(v any, key string) []string {
	switch v := v.(type) {
	case map[string]any:
		var out []string
		for k, x := range v {
			out = append(out, ldValues(x, k)...)
		}
		return out
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, ldValues(x, key)...)
		}
		return out
	case string:
		return []string{v}
	case float64:
		if key == "position" {
			return nil
		}
		return []string{strconv.FormatFloat(v, 'f', -1, 64)}
	}
	return nil
}

// around is the text near the first n, for a failure message.
func around(text, n string) string {
	i := max(0, strings.Index(text, n))
	return text[max(0, i-50):min(len(text), i+len(n)+50)]
}

// shownFigure is a figure as a page states it; Example: in a text that
// says it is an example.
type shownFigure struct {
	N       string
	Example bool
}

// exampleFigures are the figures of the illustrative example of the ROI
// page (spec §9), which a text labelled as that example may quote.
func exampleFigures() figures {
	f := figures{}
	f.addNumbersOf("the ROI example", formatDollars(content.ROIInvestment), formatDollars(content.ROIReturn), content.ROIAverage)
	for _, s := range content.ROILeadStats {
		f.addNumbersOf("the ROI example", s.Value)
	}
	for _, g := range content.ROIGrowth {
		f.addKey("the ROI example", "%"+strconv.Itoa(g.Percent))
	}
	return f
}

// apiReferenceFigures are the figures the API's pages may state: those of
// the OpenAPI document (its status codes, field limits and examples, which
// the API tests hold to the handlers), the kinds of problem it answers
// with, the rate limit in force, and the
// numbers in the names of the standards the API follows.
func apiReferenceFigures() figures {
	f := figures{}
	f.addNumbersOf("the OpenAPI document", string(apispec.Document()))
	for _, k := range api.ProblemKinds() {
		f.add("the API's kinds of problem", float64(k.Status))
		f.addNumbersOf("the API's kinds of problem", k.Description)
	}
	rl := ratelimit.Defaults.APIPerKey
	f.add("the API's rate limit", float64(rl.Limit), rl.Window.Seconds())
	f.add("the standards' names: RFC 9457, OpenAPI 3.1", 9457, 3.1)
	return f
}

// formatDollars writes whole dollars as the pages do: "$2,500".
func formatDollars(d int) string { return "$" + strconv.Itoa(d) }

// unexplained are the figures of shown that allowed does not hold (nor
// the example's, for those in a labelled example).
func unexplained(shown []shownFigure, allowed ...figures) []string {
	example := exampleFigures()
	var out []string
	for _, s := range shown {
		k, ok := figureKey(s.N)
		known := false
		for _, a := range allowed {
			if _, in := a[k]; in && ok {
				known = true
			}
		}
		if _, in := example[k]; in && ok && s.Example {
			known = true
		}
		if !known && !slices.Contains(out, s.N) {
			out = append(out, s.N)
		}
	}
	return out
}

// publicPagesOf are the pages the figures test reads: the public pages of
// the spec, every address of the sitemap, a listing's reviews, and a
// category, a state and a city page.
func publicPagesOf(t *testing.T, app *testApp) []string {
	t.Helper()
	paths := append([]string{}, publicPaths...)
	paths = append(paths, "/faq", "/directory/category/food", "/directory/in/tx", "/directory/in/tx/austin", "/directory?q=bakery")
	res, body := app.get(t, "/sitemap.xml")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sitemap: %d", res.StatusCode)
	}
	var sm struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(body), &sm); err != nil {
		t.Fatalf("sitemap: %v", err)
	}
	for _, u := range sm.URLs {
		p, err := url.Parse(u.Loc)
		must(t, err)
		paths = append(paths, p.RequestURI())
		if strings.Count(p.Path, "/") == 2 && strings.HasPrefix(p.Path, "/directory/") && !strings.Contains(p.Path, "/category") {
			paths = append(paths, p.Path+"/reviews")
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

func TestEveryFigureIsComputedOrLabelled(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		catalogue := catalogueFigures()
		data := dataFigures(t, app)
		pages := publicPagesOf(t, app)
		for _, want := range []string{"/", "/pricing", "/features", "/about", "/careers", "/partners", "/press", "/blog", "/help", "/faq", "/api",
			"/roi-breakdown", "/whats-new", "/contact", "/terms", "/privacy", "/status", "/directory", "/directory/harbor-street-bakery",
			"/directory/category/food", "/directory/in/tx/austin"} {
			if !slices.Contains(pages, want) {
				t.Errorf("the test does not read %s", want)
			}
		}
		for _, path := range pages {
			res, body := app.get(t, path)
			if res.StatusCode != http.StatusOK {
				t.Errorf("GET %s = %d", path, res.StatusCode)
				continue
			}
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				continue
			}
			legal := figures{}
			legal.add("the legal text's conditions", legalTerms[strings.SplitN(path, "?", 2)[0]]...)
			if path == "/api" || path == "/api/docs" {
				legal = apiReferenceFigures()
			}
			shown, where, problems := pageFigures(parseHTML(t, body))
			for _, p := range problems {
				t.Errorf("%s: %s", path, p)
			}
			for _, n := range unexplained(shown, catalogue, data, legal) {
				t.Errorf("%s states %q, which is neither from the data nor the catalogue nor an example (%s)", path, n, where[n])
			}
		}
	})
}

// The extractor and the check find a bare figure: the test above can
// fail.
func TestBareFigureIsFound(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	snippet := `<html><head><meta name="description" content="Join 10,000+ businesses."></head><body><main>
		<h1>Trusted by 10,000+ businesses</h1><p>Leads: 2,847. Reply within 24 hours, 300% ROI.</p>
		<p>Open 9:00 – 17:00, call 1-800-555-0199, since 2024, on the Growth plan at $19 a month.</p>
		<div data-example><p>An illustrative example: $2,500 in, $10,000 back.</p></div>
		</main></body></html>`
	shown, _, _ := pageFigures(parseHTML(t, snippet))
	got := unexplained(shown, catalogueFigures(), dataFigures(t, app))
	want := []string{"10,000+", "2,847", "24", "300%"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bare figures found %q, want %q", got, want)
	}
	// An example that does not say it is one is refused.
	if _, _, problems := pageFigures(parseHTML(t, `<main><div data-example><p>Revenue up 300%.</p></div></main>`)); len(problems) != 1 {
		t.Errorf("an unlabelled example gives %q, want one problem", problems)
	}
}

// The copy's QuoteMatches is the store's MaxMatches.
func TestQuoteMatchesCopyAgreesWithStore(t *testing.T) {
	if content.QuoteMatches != store.MaxMatches {
		t.Errorf("content.QuoteMatches = %d, store.MaxMatches = %d", content.QuoteMatches, store.MaxMatches)
	}
}
