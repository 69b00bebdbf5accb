package handlers

import (
	"bizprofile/views/content"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"bizprofile/store"
	"bizprofile/views"
)

// pageStrings are, for every public route of spec §2, strings a visitor must
// find on the page.
var pageStrings = map[string][]string{
	"/":                  {"Join as Business", "Join as Individual", "Browse Directory", `href="/signup">Start Free Trial`, `href="/contact">Schedule Demo`},
	"/login":             {"Welcome Back", `href="/signup"`},
	"/signup":            {"Create Account", `href="/login"`},
	"/business/signup":   {"Join as Business", "Create Business Profile", "Already have an account? Sign in here"},
	"/individual/signup": {"Join as Individual", "Create Individual Profile", "Already have an account? Sign in here"},
	"/directory":         {"Transform Your Business Visibility", `href="/pricing">Add Your Business`, `href="/whats-new">Learn More`},
	"/ai-insights":       {"Generate New Insights", `href="/business/signup">Start Free Trial`, `href="/roi-breakdown"`},
	"/roi-breakdown":     {"300% Average ROI Breakdown", "$2,500", "$10,000", "2,847", "89%", "$127", "+45%", "+120%", "+300%", `href="/business/signup"`, `href="/ai-insights"`},
	"/partners/signup":   {"Apply to the Partner Programme", "Referral Partner", "Integration Partner", "Strategic Partner", "Partner tier", "Website", "Apply Now", `hx-post="/partners/signup"`, `name="company_site"`},
	"/partners":          {"Coming Soon", "Referral Partner", "Integration Partner", "Strategic Partner", "25%", `href="/whats-new"`, `href="/directory"`, `href="/partners/signup"`, `href="/partners/signup?tier=integration"`},
	"/whats-new":         {"Coming Soon", "Suggest a Feature", "Submit Suggestion", `action="/whats-new/suggestions"`, `hx-post="/whats-new/suggestions"`, "Feature title", "Description", `name="company_site"`},
	"/pricing":           {"Starter", "Growth", "$19", "Pro", "$49", "Most Popular", "Partner+", "Revenue Share", `href="/faq"`},
	"/faq":               {"Frequently Asked Questions", "14-day free trial", "prorated", "<details", `href="/contact"`},
	"/features":          {"AI-Powered Intelligence", "Smart Lead Matching", "Reputation Management", "Instant Profile Creation", "Customer Analytics", "Performance Tracking"},
	"/api":               {"RESTful API", "API Authentication", "OAuth 2.0", "Developer Resources", "Quick Start", "View Documentation", "Get API Key", "Browse Resources", "Start Building", "Get Your API Key", `href="/contact?subject=api"`},
	"/about":             {"2024", "Innovation", "Accessibility", "Trust", "ReviewPulse"},
	"/careers":           {"Senior AI Engineer", "Product Designer", "Customer Success Manager", "Full-time", "Apply Now", "Get in Touch", `href="mailto:careers@bizprofile.test?subject=Senior%20AI%20Engineer"`},
	"/blog":              {"Subscribe", `href="#complete-profile-checklist"`, `id="complete-profile-checklist"`, `action="/newsletter"`, `hx-post="/newsletter"`, `name="company_site"`},
	"/press":             {"Schedule an Interview", "Series A", "Brand guidelines (PDF)", "5.1 MB"},
	"/help":              {"Contact Support", "Schedule a Demo", "Join Community Forum", "12 articles", "8 articles", "15 articles", "10 articles", `href="#reset-password"`, `id="reset-password"`},
	"/contact":           {"First Name", "Last Name", "Email", "Company", "Subject", "Message", "Send Message", `hx-post="/contact"`, `name="company_site"`, "9:00 AM – 6:00 PM PST"},
	"/status":            {"All Systems Operational", "99.7% uptime", "Resolved", "Major impact", `action="/status/subscribe"`, `hx-post="/status/subscribe"`, "Subscribe"},
	"/privacy":           {"children under 13", `href="#cookies"`, `id="cookies"`, "Last updated"},
	"/terms":             {"at least 30 days", `href="#changes"`, `id="changes"`, "14-day free trial"},
}

// publicPaths are every page a signed-out visitor can open.
var publicPaths = func() []string {
	var ps []string
	for p := range pageStrings {
		ps = append(ps, p)
	}
	return ps
}()

// chromeStrings are the shared header and footer of spec §2.
var chromeStrings = []string{
	`class="brand" href="/"`,
	`href="/login"`, "Sign In", `href="/signup"`, "Get Started",
	`href="/pricing"`, `href="/directory"`, `href="/partners"`, `href="/whats-new"`,
	`href="/features"`, `href="/api"`, `href="/about"`, `href="/careers"`, `href="/blog"`, `href="/press"`,
	`href="/help"`, `href="/contact"`, `href="/status"`, `href="/privacy"`, `href="/terms"`,
	"support@bizprofile.test", "1-800-555-0199", "&copy; 2024",
	`data-island="theme-toggle"`, "data-mobile-menu",
}

func TestEveryPublicPageRendersItsContent(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	titles := map[string]string{}
	for path, wants := range pageStrings {
		t.Run(path, func(t *testing.T) {
			res, body := app.get(t, path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200", res.StatusCode)
			}
			if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			for _, want := range append(wants, chromeStrings...) {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q", want)
				}
			}
			if n := strings.Count(body, "<h1"); n != 1 {
				t.Errorf("page has %d <h1>, want 1", n)
			}
			title := match(body, `<title>([^<]+)</title>`)
			if title == "" {
				t.Fatal("no <title>")
			}
			if other, dup := titles[title]; dup {
				t.Errorf("title %q also used by %s", title, other)
			}
			titles[title] = path
			if d := match(body, `<meta name="description" content="([^"]+)"`); len(d) < 50 {
				t.Errorf("meta description too short: %q", d)
			}
			noindex := strings.Contains(body, `<meta name="robots" content="noindex`)
			if c := match(body, `<link rel="canonical" href="([^"]+)"`); !noindex && c != testSite.BaseURL+path {
				t.Errorf("canonical = %q, want %q", c, testSite.BaseURL+path)
			}
			for _, og := range []string{`property="og:title"`, `property="og:description"`, `property="og:url"`, `property="og:image"`} {
				if !strings.Contains(body, og) {
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

func match(s, expr string) string {
	m := regexp.MustCompile(expr).FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1]
}

func TestNavigationMarksCurrentPage(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/pricing")
	if !strings.Contains(body, `href="/pricing" aria-current="page"`) {
		t.Error("the Pricing nav link is not marked as the current page")
	}
	if strings.Contains(body, `href="/directory" aria-current="page"`) {
		t.Error("another page is marked current")
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
	if _, body := app.get(t, "/about"); !strings.Contains(body, `data-theme="system"`) {
		t.Fatal("default theme is not system")
	}
	res, _ := app.post(t, "/theme", url.Values{"theme": {"dark"}, "return": {"/about"}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/about" {
		t.Fatalf("POST /theme = %d to %q, want 303 back to /about", res.StatusCode, res.Header.Get("Location"))
	}
	_, body := app.get(t, "/about")
	if !strings.Contains(body, `data-theme="dark"`) {
		t.Error("the chosen theme is not rendered by the server")
	}
	if !strings.Contains(body, `value="dark" aria-pressed="true"`) {
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
	if _, body := app.get(t, "/"); !strings.Contains(body, `data-theme="system"`) {
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
	if !strings.Contains(body, "Saved!") || !strings.Contains(body, "Your change is live.") {
		t.Fatal("flashed toast not shown after the redirect")
	}
	if !strings.Contains(body, `role="status"`) {
		t.Error("toast is not announced to screen readers")
	}
	if _, body := app.get(t, "/"); strings.Contains(body, "Saved!") {
		t.Error("toast shown twice")
	}
}

var toastForTest = views.Toast{Title: "Saved!", Description: "Your change is live."}

func TestHelpSearch(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/help?q=PASSWORD")
	if !strings.Contains(body, `<a href="#reset-password">How do I reset my password?</a>`) {
		t.Error("a case-insensitive search for password does not find the reset article")
	}
	if !strings.Contains(body, `value="PASSWORD"`) {
		t.Error("the search box does not keep what was typed")
	}
	_, body = app.get(t, "/help?q=%3Cb%3Ezzqx")
	if !strings.Contains(body, "No articles match") || !strings.Contains(body, "&lt;b&gt;zzqx") {
		t.Error("no empty state, or the query is not escaped")
	}
	if !strings.Contains(body, `href="/contact"`) {
		t.Error("the empty state does not offer a way to contact us")
	}
}

func TestPricingRendersThePlanCatalogue(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/pricing")
	for _, p := range content.Plans {
		price := fmt.Sprintf("$%d", p.PriceDollars)
		if p.PriceDollars == 0 {
			price = "Free"
		}
		if !strings.Contains(body, p.Name) || !strings.Contains(body, price) {
			t.Errorf("plan %s (%s) missing from /pricing", p.Name, price)
		}
		for _, f := range p.Features {
			if !strings.Contains(body, html.EscapeString(f)) {
				t.Errorf("plan %s feature %q missing", p.Name, f)
			}
		}
	}
	for _, p := range content.PartnerPlans {
		if !strings.Contains(body, html.EscapeString(p.Name)) {
			t.Errorf("partner plan %s missing", p.Name)
		}
	}
	for _, qa := range content.PricingFAQ {
		if !strings.Contains(body, html.EscapeString(qa.Question)) {
			t.Errorf("FAQ %q missing from /pricing", qa.Question)
		}
	}
}

// TestNoDeadLinks follows every same-site link and in-page anchor of every
// public page: a link that leads nowhere is a bug.
func TestNoDeadLinks(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	hrefRe := regexp.MustCompile(`href="([^"]*)"`)
	idRe := regexp.MustCompile(`id="([^"]+)"`)
	checked := map[string]bool{}
	for _, page := range publicPaths {
		_, body := app.get(t, page)
		ids := map[string]bool{}
		for _, m := range idRe.FindAllStringSubmatch(body, -1) {
			ids[m[1]] = true
		}
		for _, m := range hrefRe.FindAllStringSubmatch(body, -1) {
			href := html.UnescapeString(m[1])
			switch {
			case strings.HasPrefix(href, "#"):
				if !ids[href[1:]] {
					t.Errorf("%s: anchor %s has no target", page, href)
				}
			case strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//"):
				u, _ := url.Parse(href)
				if checked[u.Path] {
					continue
				}
				checked[u.Path] = true
				res, _ := app.get(t, u.RequestURI())
				if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusSeeOther {
					t.Errorf("%s links to %s: status %d", page, href, res.StatusCode)
				}
			case strings.HasPrefix(href, "mailto:"), strings.HasPrefix(href, "tel:"), strings.HasPrefix(href, testSite.BaseURL):
			default:
				t.Errorf("%s: unexpected link %q", page, href)
			}
		}
	}
}
