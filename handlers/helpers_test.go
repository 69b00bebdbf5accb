package handlers

// What the handler tests share: browsers with accounts (sign up, sign in,
// an administrator), sample data, and readers of the exports and pages the
// app sends.
// The readers find what a person finds: a field by its label, a link or a
// button by its name, a heading, a toast, a data-testid; never a piece of
// raw markup, which breaks on harmless changes and misses real ones.

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/domain"
	"bizprofile/internal/samples"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// --- browsers and accounts ---

const goodPassword = "plum-harbor-42"

const adminEmail = "admin@bizprofile.test"

// eachEngine runs fn against a fresh app on SQLite and on PostgreSQL.
func eachEngine(t *testing.T, fn func(t *testing.T, app *testApp), options ...func(*testDeps)) {
	t.Helper()
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			if d == store.Postgres && len(storetest.Engines()) < 2 {
				t.Skip("PostgreSQL not available")
			}
			fn(t, newTestApp(t, d, options...))
		})
	}
}

// withAdmin names adminEmail an administrator, as ADMIN_EMAILS does.
func withAdmin(d *testDeps) { d.AdminEmails = []string{adminEmail} }

// newDownMailer sends to a port where no server listens.
func newDownMailer(d *testDeps) (bizmail.Sender, error) {
	return bizmail.New("smtp://127.0.0.1:1", "BizProfile <no-reply@bizprofile.test>", d.Log)
}

// newClient is another browser: its own cookies.
func (a *testApp) newClient() *testApp {
	jar, _ := cookiejar.New(nil)
	b := *a
	b.client = &http.Client{Jar: jar, CheckRedirect: a.client.CheckRedirect}
	return &b
}

// signUp uses the shared screen's sign-up mode and follows the emailed link.
func (a *testApp) signUp(t *testing.T, name, email, password string) {
	t.Helper()
	res, _ := a.post(t, "/signup", url.Values{"full_name": {name}, "email": {email}, "password": {password}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-up status %d", res.StatusCode)
	}
	link := a.inbox.link(t, email, "/verify-email?token=")
	res, _ = a.get(t, strings.TrimPrefix(link, testSite.BaseURL))
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("verification link status %d", res.StatusCode)
	}
}

func (a *testApp) signIn(t *testing.T, email, password string) *http.Response {
	t.Helper()
	res, _ := a.post(t, "/login", url.Values{"email": {email}, "password": {password}})
	return res
}

// account makes a verified account of kind and signs this client in.
func (a *testApp) account(t *testing.T, email, kind string) store.User {
	t.Helper()
	ctx := context.Background()
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	u, _, err := a.store.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: hash, Kind: kind, Profile: store.Profile{FullName: "User " + email}})
	must(t, err)
	must(t, a.store.MarkEmailVerified(ctx, u.ID))
	if res := a.signIn(t, email, goodPassword); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in as %s: %d", email, res.StatusCode)
	}
	return u
}

// asAdmin is another browser, signed in as the administrator.
func (a *testApp) asAdmin(t *testing.T) *testApp {
	t.Helper()
	admin := a.newClient()
	admin.account(t, adminEmail, store.KindBusiness)
	return admin
}

// signedInOwner signs up a user through the pages, makes the account a
// business account (as 'Add your business' does: the sign-up makes a
// person's, whose dashboard is their home) and signs this client in.
func signedInOwner(t *testing.T, app *testApp, email string) *store.User {
	t.Helper()
	app.signUp(t, "Owner "+email, email, goodPassword)
	u, err := app.store.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	must(t, app.store.BecomeBusinessAccount(context.Background(), u.ID))
	u.Kind = store.KindBusiness
	app.signIn(t, email, goodPassword)
	return &u
}

// htmxPost sends form as htmx does.
func (a *testApp) htmxPost(t *testing.T, path string, form url.Values) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("HX-Request", "true")
	return a.do(t, req)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// --- sample data ---

// seeded loads the sample listings (Harbor Street Bakery and the others).
func seeded(t *testing.T, app *testApp) {
	t.Helper()
	if _, err := samples.Add(context.Background(), app.store); err != nil {
		t.Fatal(err)
	}
}

// listingForm is a valid wizard submission.
func listingForm(name string) url.Values {
	v := url.Values{
		"name": {name}, "tagline": {"Fresh every day"}, "description": {"Tacos and salsas made in house."},
		"category": {"food"}, "sub_category": {"Restaurant"}, "tags": {"tacos, salsa, tacos, catering"}, "business_type": {"storefront"},
		"email": {"hello@taco.example"}, "phone": {"(512) 555-0110"}, "website": {"https://taco.example"},
		"address": {"1 Main St"}, "city": {"Austin"}, "state": {"TX"}, "zip_code": {"78701"},
		"services": {"Catering\nTaco bar\n"}, "visibility_sent": {"1"},
		"show_email": {"1"}, "show_address": {"1"}, "show_pricing": {"1"}, "show_hours": {"1"},
	}
	for i := range 7 {
		k := "hours_" + itoa(i)
		v.Set(k+"_open", "11:00")
		v.Set(k+"_close", "21:00")
	}
	v.Set("hours_6_closed", "1")
	return v
}

// --- exports ---

// readCSV fetches an export and parses it.
func readCSV(t *testing.T, client *testApp, path string) (*http.Response, [][]string) {
	t.Helper()
	res, body := client.get(t, path)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s = %d", path, res.StatusCode)
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("%s is not CSV: %v", path, err)
	}
	return res, rows
}

// --- reading pages ---

// finder is a whole page or a part of it.
type finder interface {
	Find(selector string) *goquery.Selection
}

// parseHTML reads a page or an htmx fragment as a browser would.
func parseHTML(t *testing.T, body string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parse HTML: %v", err)
	}
	return doc
}

// textOf is the text a person reads in s, whitespace collapsed: without
// what is hidden from assistive technology (icons, the honeypot) or never
// shown (scripts), with what is there for screen readers only.
func textOf(s *goquery.Selection) string {
	var b strings.Builder
	var walk func(*goquery.Selection)
	walk = func(n *goquery.Selection) {
		switch name := goquery.NodeName(n); name {
		case "#text":
			b.WriteString(n.Text())
		case "#comment", "script", "style", "template":
		default:
			if n.AttrOr("aria-hidden", "") == "true" {
				return
			}
			block := !inlineElements[name]
			if block {
				b.WriteByte(' ')
			}
			n.Contents().Each(func(_ int, c *goquery.Selection) { walk(c) })
			if block {
				b.WriteByte(' ')
			}
		}
	}
	s.Each(func(_ int, n *goquery.Selection) { walk(n) })
	return strings.Join(strings.Fields(b.String()), " ")
}

// inlineElements flow within a line; every other element starts its own.
var inlineElements = map[string]bool{
	"a": true, "abbr": true, "b": true, "code": true, "em": true, "i": true, "label": true, "small": true,
	"span": true, "strong": true, "sub": true, "sup": true, "time": true, "svg": true,
}

// texts is textOf each element of s.
func texts(s *goquery.Selection) []string {
	out := []string{}
	s.Each(func(_ int, e *goquery.Selection) { out = append(out, textOf(e)) })
	return out
}

// nameOf is the accessible name of an element: its aria-label, else what
// its aria-labelledby points to, else its text.
func nameOf(s *goquery.Selection) string {
	if l, ok := s.Attr("aria-label"); ok {
		return strings.Join(strings.Fields(l), " ")
	}
	if ids, ok := s.Attr("aria-labelledby"); ok {
		var parts []string
		for _, id := range strings.Fields(ids) {
			parts = append(parts, textOf(byID(s, id)))
		}
		return strings.Join(parts, " ")
	}
	if goquery.NodeName(s) == "input" {
		return s.AttrOr("value", "")
	}
	return textOf(s)
}

// named are the elements of scope matching selector whose accessible name
// is name.
func named(scope finder, selector, name string) *goquery.Selection {
	return scope.Find(selector).FilterFunction(func(_ int, e *goquery.Selection) bool {
		return nameOf(e) == name
	})
}

// nameStarts keeps the elements of s whose accessible name starts with
// prefix: a control found by its visible label, when the words after it
// are there for screen readers only.
func nameStarts(s *goquery.Selection, prefix string) *goquery.Selection {
	return s.FilterFunction(func(_ int, e *goquery.Selection) bool {
		return strings.HasPrefix(nameOf(e), prefix)
	})
}

// links are the links of scope named name.
func links(scope finder, name string) *goquery.Selection {
	return named(scope, "a[href]", name)
}

// hasLink reports whether scope has a link named name that leads to href.
func hasLink(scope finder, name, href string) bool {
	return links(scope, name).FilterFunction(func(_ int, a *goquery.Selection) bool {
		return a.AttrOr("href", "") == href
	}).Length() > 0
}

// linksTo are the links of scope that lead to href, whatever their name.
func linksTo(scope finder, href string) *goquery.Selection {
	return scope.Find("a[href]").FilterFunction(func(_ int, a *goquery.Selection) bool {
		return a.AttrOr("href", "") == href
	})
}

// buttons are the buttons of scope named name.
func buttons(scope finder, name string) *goquery.Selection {
	return named(scope, `button, input[type="submit"], [role="button"]`, name)
}

// formOf is the form that the button named button sends.
func formOf(scope finder, button string) *goquery.Selection {
	return buttons(scope, button).Closest("form")
}

// headings are the headings of scope at level (1 to 6; 0 for any) named
// name.
func headings(scope finder, level int, name string) *goquery.Selection {
	sel := "h1, h2, h3, h4, h5, h6"
	if level > 0 {
		sel = "h" + strconv.Itoa(level)
	}
	return named(scope, sel, name)
}

// region are the parts of scope named name by aria-label or by the heading
// their aria-labelledby points to: a section, a navigation, a dialog.
func region(scope finder, name string) *goquery.Selection {
	return named(scope, "[aria-label], [aria-labelledby]", name)
}

// terms reads the description lists of scope: each term's text to its
// description's.
func terms(scope finder) map[string]string {
	m := map[string]string{}
	scope.Find("dt").Each(func(_ int, dt *goquery.Selection) {
		m[textOf(dt)] = textOf(dt.NextFiltered("dd"))
	})
	return m
}

// termGroup is the element that holds the term named term with its
// description (a stat card, say); empty if there is none.
func termGroup(scope finder, term string) *goquery.Selection {
	return scope.Find("dt").FilterFunction(func(_ int, dt *goquery.Selection) bool {
		return textOf(dt) == term
	}).Parent()
}

// badges are the badges of scope, in order.
func badges(scope finder) []string {
	return texts(scope.Find(".badge"))
}

// byTestID is the element of scope with data-testid id.
func byTestID(scope finder, id string) *goquery.Selection {
	return scope.Find(`[data-testid="` + id + `"]`)
}

// byID finds id in the document that holds s.
func byID(s *goquery.Selection, id string) *goquery.Selection {
	if len(s.Nodes) == 0 {
		return s
	}
	root := s.Nodes[0]
	for root.Parent != nil {
		root = root.Parent
	}
	return goquery.NewDocumentFromNode(root).Find(`[id="` + id + `"]`)
}

// isPage reports whether doc is a whole page, not the fragment htmx swaps
// in: it has a title.
func isPage(doc finder) bool {
	return doc.Find("head title").Length() > 0
}

// pageTitle is the document's <title>.
func pageTitle(doc *goquery.Document) string {
	return textOf(doc.Find("head title"))
}

// labelled is the one form control of scope labelled label: the label's
// for= names the control, or the label holds it. '(optional)' after a label
// is not part of what a test names. No such control, or more than one,
// fails the test.
func labelled(t *testing.T, scope finder, label string) *goquery.Selection {
	t.Helper()
	c := controls(scope, label)
	if c.Length() != 1 {
		t.Fatalf("%d form controls labelled %q, want 1", c.Length(), label)
	}
	return c
}

// controls are the form controls of scope labelled label (see labelled).
func controls(scope finder, label string) *goquery.Selection {
	var found *goquery.Selection
	scope.Find("label").Each(func(_ int, l *goquery.Selection) {
		if strings.TrimSuffix(textOf(l), " (optional)") != label {
			return
		}
		c := l.Find("input, select, textarea")
		if id, ok := l.Attr("for"); ok {
			c = byID(l, id)
		}
		if found == nil {
			found = c
		} else {
			found = found.AddSelection(c)
		}
	})
	if found == nil {
		return scope.Find("label").Slice(0, 0)
	}
	return found
}

// valueOf is what a form control holds, as the browser would send it: an
// input's value, a textarea's text, a select's chosen option (the first
// that can be chosen when none is marked).
func valueOf(control *goquery.Selection) string {
	switch goquery.NodeName(control) {
	case "textarea":
		return control.Text()
	case "select":
		opts := control.Find("option")
		chosen := opts.Filter("[selected]").Last()
		if chosen.Length() == 0 {
			chosen = opts.Not("[disabled]").First()
		}
		if v, ok := chosen.Attr("value"); ok {
			return v
		}
		return textOf(chosen)
	}
	return control.AttrOr("value", "")
}

// checked reports whether a checkbox or radio button is ticked.
func checked(control *goquery.Selection) bool {
	_, ok := control.Attr("checked")
	return ok
}

// fieldError is the message a form control shows about itself: the error
// its aria-describedby points to, and only when it is marked invalid.
func fieldError(control *goquery.Selection) string {
	if control.AttrOr("aria-invalid", "") != "true" {
		return ""
	}
	var msgs []string
	for _, id := range strings.Fields(control.AttrOr("aria-describedby", "")) {
		if e := byID(control, id); e.HasClass("field-error") {
			msgs = append(msgs, textOf(e))
		}
	}
	return strings.Join(msgs, " ")
}

// toast is a notification of the page's Notifications region.
type toast struct {
	Title, Description string
	Role               string // status, or alert for a failure
}

// toasts are the notifications the page shows.
func toasts(doc finder) []toast {
	var ts []toast
	doc.Find(`[aria-label="Notifications"] [role]`).Each(func(_ int, e *goquery.Selection) {
		ts = append(ts, toast{
			Title:       textOf(e.Find(".toast-title")),
			Description: textOf(e.Find(".toast-description")),
			Role:        e.AttrOr("role", ""),
		})
	})
	return ts
}

// hasToast reports whether the page shows a toast titled title whose
// description is desc ("" for any).
func hasToast(doc finder, title, desc string) bool {
	for _, ts := range toasts(doc) {
		if ts.Title == title && (desc == "" || ts.Description == desc) {
			return true
		}
	}
	return false
}

// notices are the texts of scope's messages with role (status, alert or
// note): a form's problem, a confirmation in a form's place; toasts are not
// among them.
func notices(scope finder, role string) []string {
	return texts(scope.Find(`[role="` + role + `"]`).Not(`[aria-label="Notifications"] *`))
}

// dashboardListing is the item of the dashboard's 'Your Businesses' list
// for the listing named name; it fails the test when there is none.
func dashboardListing(t *testing.T, doc finder, name string) *goquery.Selection {
	t.Helper()
	item := region(doc, "Your Businesses").Find("li").FilterFunction(func(_ int, li *goquery.Selection) bool {
		return textOf(li.Find(".item-title")) == name
	})
	if item.Length() != 1 {
		t.Fatalf("%d listings named %q under Your Businesses, want 1", item.Length(), name)
	}
	return item
}

// directoryCard is the directory's result card of the listing named name;
// it fails the test when there is not exactly one.
func directoryCard(t *testing.T, doc finder, name string) *goquery.Selection {
	t.Helper()
	card := headings(doc.Find("main"), 3, name).Closest("li")
	if card.Length() != 1 {
		t.Fatalf("%d result cards for %s, want 1", card.Length(), name)
	}
	return card
}

// hasRow reports whether rows holds a row of exactly cells.
func hasRow(rows [][]string, cells ...string) bool {
	return slices.ContainsFunc(rows, func(r []string) bool { return slices.Equal(r, cells) })
}

// resultNames are the names of the directory's result cards, in order.
func resultNames(doc finder) []string {
	return texts(doc.Find("main li h3"))
}

// resultsSummary is the directory's heading over its results: how many
// were found and how they are sorted.
func resultsSummary(doc finder) string {
	return textOf(doc.Find("main h2[aria-live]"))
}

// tableRows are the body rows of the tables of scope, each the text of
// its cells.
func tableRows(scope finder) [][]string {
	var rows [][]string
	scope.Find("tbody tr").Each(func(_ int, tr *goquery.Selection) {
		rows = append(rows, texts(tr.Children()))
	})
	return rows
}

// jsonLD is the listing page's LocalBusiness JSON-LD block, decoded.
func jsonLD(t *testing.T, doc finder) map[string]any {
	t.Helper()
	return jsonLDOf(t, doc, "LocalBusiness")
}

// jsonLDOf is the page's one JSON-LD block of the schema.org type typ,
// decoded; it fails the test when there is not exactly one, or a block is
// not valid JSON.
func jsonLDOf(t *testing.T, doc finder, typ string) map[string]any {
	t.Helper()
	var found []map[string]any
	doc.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) {
		var ld map[string]any
		if err := json.Unmarshal([]byte(s.Text()), &ld); err != nil {
			t.Fatalf("JSON-LD is not valid JSON: %v", err)
		}
		if ld["@type"] == typ {
			found = append(found, ld)
		}
	})
	if len(found) != 1 {
		t.Fatalf("%d JSON-LD blocks of type %s, want 1", len(found), typ)
	}
	return found[0]
}

// jsonLDTypes are the types of the page's JSON-LD blocks, in order.
func jsonLDTypes(t *testing.T, doc finder) []string {
	t.Helper()
	types := []string{}
	doc.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) {
		var ld struct {
			Type string `json:"@type"`
		}
		if err := json.Unmarshal([]byte(s.Text()), &ld); err != nil {
			t.Fatalf("JSON-LD is not valid JSON: %v", err)
		}
		types = append(types, ld.Type)
	})
	return types
}

// breadcrumbs are the names of the links of the page's breadcrumb trail,
// and the one marked as the current page ("" for none).
func breadcrumbs(doc finder) (trail []string, current string) {
	nav := region(doc, "Breadcrumb")
	trail = texts(nav.Find("a[href]"))
	current = textOf(nav.Find(`a[aria-current="page"]`))
	return trail, current
}

// anyContains reports whether one of list contains part.
func anyContains(list []string, part string) bool {
	for _, s := range list {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}

// --- listings, metrics ---

// ownedListing is a published listing whose owner gets its leads by email.
func ownedListing(t *testing.T, app *testApp, owner, name string) store.Business {
	t.Helper()
	ctx := context.Background()
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: owner, PasswordHash: hash, Kind: store.KindBusiness})
	must(t, err)
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	return b
}

const metricsToken = "metrics-token-for-tests-0123456789"

func withMetricsToken(d *testDeps) { d.MetricsToken = metricsToken }

// getMetrics asks for /metrics with token as its bearer token (none when
// empty).
func (a *testApp) getMetrics(t *testing.T, token string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+"/metrics", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return a.do(t, req)
}
