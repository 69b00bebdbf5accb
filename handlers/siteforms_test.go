package handlers

import (
	"context"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
)

// siteFormCase is one of the site's own forms, as the shared tests see it.
type siteFormCase struct {
	name  string
	path  string // where it posts
	back  string // where a sent form returns without htmx
	valid url.Values
	// labels name the form's fields, by the names it sends.
	labels map[string]string
	// invalid are one-field changes to valid, each refused with message.
	invalid []invalidField
	toast   [2]string // title and description
	// stored lists what the store holds, one line per row.
	stored func(ctx context.Context, s *store.Store) ([]string, error)
	want   string // the line valid is stored as
}

type invalidField struct{ field, value, message string }

var siteFormCases = []siteFormCase{
	{
		name: "contact", path: "/contact", back: "/contact",
		valid:  url.Values{"first_name": {"Ada"}, "last_name": {"Lane"}, "email": {"Ada@Example.com"}, "company": {"Lane Ltd"}, "subject": {"demo"}, "message": {"Could we see a demo on Tuesday?"}},
		labels: map[string]string{"first_name": "First Name", "last_name": "Last Name", "email": "Email", "company": "Company", "subject": "Subject", "message": "Message"},
		invalid: []invalidField{
			{"first_name", " ", "Enter your first name."},
			{"last_name", "", "Enter your last name."},
			{"email", "ada@", "Enter a valid email address"},
			{"company", strings.Repeat("x", 201), "Keep this under 200 characters."},
			{"subject", "lottery", "Choose what your message is about."},
			{"message", "  ", "Write a message."},
		},
		toast: [2]string{"Message sent!", "A person on our team reads it and will answer by email."},
		stored: func(ctx context.Context, s *store.Store) ([]string, error) {
			ms, _, err := s.ContactMessages(ctx, store.Page{Limit: 100})
			var lines []string
			for _, m := range ms {
				lines = append(lines, strings.Join([]string{m.FirstName, m.LastName, m.Email, m.Company, m.Subject, m.Message}, "|"))
			}
			return lines, err
		},
		want: "Ada|Lane|ada@example.com|Lane Ltd|demo|Could we see a demo on Tuesday?",
	},
	{
		name: "suggestion", path: "/whats-new/suggestions", back: "/whats-new#suggest",
		valid:  url.Values{"name": {"Bo Reader"}, "email": {"bo@example.com"}, "title": {"Export leads to CSV"}, "description": {"A button on the dashboard that downloads every lead."}},
		labels: map[string]string{"name": "Name", "email": "Email", "title": "Feature title", "description": "Description"},
		invalid: []invalidField{
			{"name", "", "Enter your name."},
			{"email", "", "Enter an email address."},
			{"title", "", "Give your suggestion a short title."},
			{"description", strings.Repeat("y", 2001), "Keep this under 2000 characters."},
		},
		toast: [2]string{"Thank you!", "Your suggestion was sent to the product team."},
		stored: func(ctx context.Context, s *store.Store) ([]string, error) {
			fs, _, err := s.FeatureSuggestions(ctx, store.Page{Limit: 100})
			var lines []string
			for _, f := range fs {
				lines = append(lines, strings.Join([]string{f.Name, f.Email, f.Title, f.Description}, "|"))
			}
			return lines, err
		},
		want: "Bo Reader|bo@example.com|Export leads to CSV|A button on the dashboard that downloads every lead.",
	},
	{
		name: "newsletter", path: "/newsletter", back: "/blog#newsletter",
		valid:   url.Values{"email": {"reader@example.com"}},
		labels:  map[string]string{"email": "Email"},
		invalid: []invalidField{{"email", "reader at example.com", "Enter a valid email address"}},
		toast:   [2]string{"Check your inbox", "If reader@example.com isn't subscribed to our newsletter yet, we've sent it a link to confirm. Nothing is sent until you confirm."},
		stored:  subscribers(store.ListNewsletter),
		want:    "reader@example.com",
	},
	{
		name: "status", path: "/status/subscribe", back: "/status#status-updates",
		valid:   url.Values{"email": {"ops@example.com"}},
		labels:  map[string]string{"email": "Email"},
		invalid: []invalidField{{"email", "", "Enter an email address."}},
		toast:   [2]string{"Check your inbox", "If ops@example.com isn't subscribed to status updates yet, we've sent it a link to confirm. Nothing is sent until you confirm."},
		stored:  subscribers(store.ListStatus),
		want:    "ops@example.com",
	},
}

func subscribers(list store.MailingList) func(context.Context, *store.Store) ([]string, error) {
	return func(ctx context.Context, s *store.Store) ([]string, error) {
		subs, _, err := s.Subscribers(ctx, list, store.Page{Limit: 100})
		emails := make([]string, len(subs))
		for i, sub := range subs {
			emails[i] = sub.Email
		}
		return emails, err
	}
}

// storedRows lists what the store holds for c.
func (c siteFormCase) storedRows(t *testing.T, app *testApp) []string {
	t.Helper()
	rows, err := c.stored(context.Background(), app.store)
	if err != nil {
		t.Fatalf("stored %s: %v", c.name, err)
	}
	return rows
}

// form is the page's form that sends c (none once it was sent).
func (c siteFormCase) form(page finder) *goquery.Selection {
	return page.Find(`form[action="` + c.path + `"]`)
}

// field is the control of c's form on page that sends name.
func (c siteFormCase) field(t *testing.T, page finder, name string) *goquery.Selection {
	t.Helper()
	return labelled(t, c.form(page), c.labels[name])
}

// keeps checks that each field of c's form on page holds what form sent
// (but skip, whose value may not be among the field's choices).
func (c siteFormCase) keeps(t *testing.T, page finder, form url.Values, skip string) {
	t.Helper()
	for name, v := range form {
		want := strings.TrimSpace(v[0])
		if name == skip || want == "" {
			continue
		}
		if got := valueOf(c.field(t, page, name)); got != want {
			t.Errorf("the %s typed was lost: %.40q, want %.40q", name, got, want)
		}
	}
}

// sentNotice reports whether page confirms c in the form's place, with
// the toast's title (and its description too when whole).
func (c siteFormCase) sentNotice(page finder, whole bool) bool {
	if whole {
		return anyContains(notices(page, "status"), c.toast[0]+" "+c.toast[1])
	}
	return anyContains(notices(page, "status"), c.toast[0])
}

// with is valid with one field changed.
func (c siteFormCase) with(field, value string) url.Values {
	form := maps.Clone(c.valid)
	form.Set(field, value)
	return form
}

func TestSiteFormsStoreWhatWasSentAndConfirmWithAToast(t *testing.T) {
	for _, c := range siteFormCases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				res, _ := app.post(t, c.path, c.valid)
				if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != c.back {
					t.Fatalf("send: %d to %q, want 303 to %q", res.StatusCode, res.Header.Get("Location"), c.back)
				}
				if rows := c.storedRows(t, app); len(rows) != 1 || rows[0] != c.want {
					t.Errorf("stored %q, want [%q]", rows, c.want)
				}
				_, body := app.get(t, c.back)
				page := parseHTML(t, body)
				if !hasToast(page, c.toast[0], c.toast[1]) {
					t.Errorf("the page after sending lacks the toast: %+v", toasts(page))
				}
				// Without JavaScript the toast fades: the confirmation stays
				// in the form's place, once.
				if !c.sentNotice(page, false) || c.form(page).Length() != 0 {
					t.Errorf("the page after sending shows the form again, not its confirmation: %q", notices(page, "status"))
				}
				_, body = app.get(t, c.back)
				if page := parseHTML(t, body); c.form(page).Length() != 1 || hasToast(page, c.toast[0], "") || c.sentNotice(page, false) {
					t.Error("the confirmation stays past the first page after sending")
				}
			})
		})
	}
}

func TestSiteFormsRefuseInvalidFieldsKeepingTheValues(t *testing.T) {
	for _, c := range siteFormCases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				for _, bad := range c.invalid {
					res, body := app.post(t, c.path, c.with(bad.field, bad.value))
					if res.StatusCode != http.StatusUnprocessableEntity {
						t.Errorf("%s=%.20q: status %d, want 422", bad.field, bad.value, res.StatusCode)
					}
					page := parseHTML(t, body)
					if !isPage(page) {
						t.Errorf("%s=%.20q: not the page", bad.field, bad.value)
					}
					if msg := fieldError(c.field(t, page, bad.field)); !strings.Contains(msg, bad.message) {
						t.Errorf("%s=%.20q: the field says %q, want %q", bad.field, bad.value, msg, bad.message)
					}
					skip := ""
					if bad.field == "subject" || bad.field == "tier" {
						skip = bad.field // an unknown choice cannot be shown chosen
					}
					c.keeps(t, page, c.with(bad.field, bad.value), skip)
				}
				if rows := c.storedRows(t, app); len(rows) != 0 {
					t.Errorf("invalid forms were stored: %q", rows)
				}
			})
		})
	}
}

func TestSiteFormsAnswerHTMXWithTheFragmentAndAToastEvent(t *testing.T) {
	for _, c := range siteFormCases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				bad := c.invalid[0]
				res, body := app.htmxPost(t, c.path, c.with(bad.field, bad.value))
				fragment := parseHTML(t, body)
				swapped := fragment.Find("body").Children()
				if res.StatusCode != http.StatusUnprocessableEntity || isPage(fragment) || swapped.Length() != 1 || !swapped.HasClass("site-form-wrap") ||
					!strings.Contains(fieldError(c.field(t, fragment, bad.field)), bad.message) {
					t.Errorf("invalid: %d, want the fragment with %q: %.200s", res.StatusCode, bad.message, body)
				}
				res, body = app.htmxPost(t, c.path, c.valid)
				trigger := res.Header.Get("HX-Trigger")
				if res.StatusCode != http.StatusOK || !strings.Contains(trigger, `"toast"`) || !strings.Contains(trigger, c.toast[0]) {
					t.Errorf("sent: %d, HX-Trigger %q", res.StatusCode, trigger)
				}
				if fragment := parseHTML(t, body); isPage(fragment) || fragment.Find("form").Length() != 0 || !c.sentNotice(fragment, true) {
					t.Errorf("sent: not the fragment's confirmation: %.300s", body)
				}
				if rows := c.storedRows(t, app); len(rows) != 1 {
					t.Errorf("stored %q", rows)
				}
			})
		})
	}
}

func TestSiteFormsHoneypotStoresNothing(t *testing.T) {
	for _, c := range siteFormCases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				res, _ := app.post(t, c.path, c.with("company_site", "http://spam.example"))
				if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != c.back {
					t.Errorf("a bot gets %d, want the same 303 as a person", res.StatusCode)
				}
				if rows := c.storedRows(t, app); len(rows) != 0 {
					t.Errorf("the honeypot's form was stored: %q", rows)
				}
				if !strings.Contains(app.logs.String(), "form honeypot") {
					t.Error("the honeypot was not logged")
				}
			})
		})
	}
}

func TestSiteFormsAreRateLimitedPerAddress(t *testing.T) {
	for _, c := range siteFormCases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				for range 2 {
					if res, _ := app.post(t, c.path, c.valid); res.StatusCode != http.StatusSeeOther {
						t.Fatalf("send within the limit: %d", res.StatusCode)
					}
				}
				res, body := app.post(t, c.path, c.valid)
				page := parseHTML(t, body)
				if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !anyContains(notices(page, "alert"), "Please wait") {
					t.Fatalf("3rd send: %d, want 429 with Retry-After", res.StatusCode)
				}
				c.keeps(t, page, c.valid, "")
			}, func(d *testDeps) { d.RateLimits.FormPerIP = ratelimit.Rate{Limit: 2, Window: time.Hour} })
		})
	}
}

func TestSubscribingTwiceIsASuccessAndOneSubscription(t *testing.T) {
	for _, c := range siteFormCases {
		if c.name != "newsletter" && c.name != "status" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				for _, email := range []string{c.want, strings.ToUpper(c.want)} {
					res, _ := app.post(t, c.path, url.Values{"email": {email}})
					if res.StatusCode != http.StatusSeeOther {
						t.Errorf("subscribing %s: %d, want 303", email, res.StatusCode)
					}
					if _, body := app.get(t, c.back); !hasToast(parseHTML(t, body), c.toast[0], "") {
						t.Errorf("subscribing %s: no confirmation", email)
					}
				}
				if rows := c.storedRows(t, app); len(rows) != 1 || rows[0] != c.want {
					t.Errorf("subscribers %q, want one", rows)
				}
			})
		})
	}
}

func TestSiteFormsKeepTheValuesWhenTheDatabaseFails(t *testing.T) {
	for _, c := range siteFormCases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				app.store.Close() // the database goes away
				for _, htmx := range []bool{false, true} {
					post := app.newClient().post
					if htmx {
						post = app.newClient().htmxPost
					}
					res, body := post(t, c.path, c.valid)
					page := parseHTML(t, body)
					if res.StatusCode != http.StatusServiceUnavailable || !anyContains(notices(page, "alert"), "could not be saved just now") {
						t.Errorf("htmx %v: %d, want 503 with a message", htmx, res.StatusCode)
					}
					c.keeps(t, page, c.valid, "")
				}
				if !strings.Contains(app.logs.String(), "form not stored") {
					t.Error("the failure was not logged")
				}
			})
		})
	}
}

func TestSiteFormPagesPreselectFromTheLink(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for _, tc := range []struct{ path, label, want string }{
		{"/contact?subject=demo", "Subject", "demo"},
		{"/contact?subject=api", "Subject", "api"},
		{"/partners/signup?tier=strategic", "Kind of partner", "strategic"},
		{"/partners/signup?tier=<script>", "Kind of partner", "referral"},
		{"/contact?subject=not-an-option", "Subject", "general"},
	} {
		res, body := app.get(t, tc.path)
		if got := valueOf(labelled(t, parseHTML(t, body), tc.label)); res.StatusCode != http.StatusOK || got != tc.want {
			t.Errorf("%s: %d, %s is %q, want %q", tc.path, res.StatusCode, tc.label, got, tc.want)
		}
	}
}

// confirmLink is the path of the confirmation link in m.
func confirmLink(t *testing.T, m sentMail) string {
	t.Helper()
	return strings.TrimPrefix(m.link(t, "/subscribe/confirm?token="), testSite.BaseURL)
}

// confirmed reports whether email's subscription to list is confirmed,
// as /admin/subscribers' Confirmed column says.
func confirmed(t *testing.T, app *testApp, email string, list store.MailingList) bool {
	t.Helper()
	subs, _, err := app.store.Subscribers(context.Background(), list, store.Page{Limit: 100})
	must(t, err)
	for _, s := range subs {
		if s.Email == email {
			return s.Confirmed()
		}
	}
	t.Fatalf("%s is not on %s", email, list)
	return false
}

func TestSubscriptionIsConfirmedFromTheEmailThenLeftWithOneClick(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		for range 2 {
			app.post(t, "/newsletter", url.Values{"email": {"reader@example.com"}})
		}
		app.post(t, "/status/subscribe", url.Values{"email": {"reader@example.com"}})
		m := app.inbox.waitForSubject(t, "reader@example.com", "the newsletter")
		if m.Subject != "Confirm your subscription to the newsletter of BizProfile" || m.Header.Get("List-Unsubscribe") != "" {
			t.Errorf("confirmation email: %q, List-Unsubscribe %q", m.Subject, m.Header.Get("List-Unsubscribe"))
		}
		status := app.inbox.waitForSubject(t, "reader@example.com", "status updates")
		if n := app.inbox.count(t, "reader@example.com"); n != 2 {
			t.Errorf("%d emails, want 2: asking twice within %v must not send a second", n, domain.ConfirmResendAfter)
		}
		if confirmed(t, app, "reader@example.com", store.ListNewsletter) {
			t.Fatal("the subscription counts before its address confirmed it")
		}

		// Opening the link (as a mail scanner may) confirms nothing.
		link := confirmLink(t, m)
		res, body := app.get(t, link)
		page := parseHTML(t, body)
		confirm := formOf(page.Find("main"), "Confirm my subscription")
		if res.StatusCode != 200 || confirm.AttrOr("action", "") != "/subscribe/confirm" || !strings.Contains(textOf(page.Find("main")), "Send the newsletter to reader@example.com?") {
			t.Fatalf("confirmation page: %d, form %q", res.StatusCode, confirm.AttrOr("action", ""))
		}
		if confirmed(t, app, "reader@example.com", store.ListNewsletter) {
			t.Fatal("opening the link confirmed")
		}
		token := confirm.Find(`input[name="token"]`).AttrOr("value", "")
		res, body = app.post(t, "/subscribe/confirm", url.Values{"token": {token}})
		page = parseHTML(t, body)
		if res.StatusCode != 200 || !anyContains(notices(page, "status"), "reader@example.com is subscribed to the newsletter. You will get an email when we publish a newsletter") ||
			!hasToast(page, "Subscription confirmed", "") || headings(page, 1, "Subscription confirmed").Length() != 1 {
			t.Fatalf("confirm: %d, notices %q, toasts %+v", res.StatusCode, notices(page, "status"), toasts(page))
		}
		if !confirmed(t, app, "reader@example.com", store.ListNewsletter) || confirmed(t, app, "reader@example.com", store.ListStatus) {
			t.Error("confirming the newsletter did not confirm it alone")
		}
		unsubscribe, ok := named(page.Find("main"), "a", "unsubscribe now").Attr("href")
		if !ok || !strings.HasPrefix(unsubscribe, testSite.BaseURL+"/unsubscribe?token=") {
			t.Fatalf("no unsubscribe link after confirming: %q", unsubscribe)
		}
		// Twice is fine; an unknown link says it is spent.
		if res, body := app.post(t, "/subscribe/confirm", url.Values{"token": {token}}); res.StatusCode != 200 || !anyContains(notices(parseHTML(t, body), "status"), "is subscribed to the newsletter") {
			t.Errorf("confirming twice: %d", res.StatusCode)
		}
		if res, body := app.get(t, "/subscribe/confirm?token=nope"); res.StatusCode != http.StatusNotFound || !strings.Contains(textOf(parseHTML(t, body).Find("main")), "not valid any more") {
			t.Errorf("unknown confirmation link: %d", res.StatusCode)
		}
		// Subscribing again once confirmed sends nothing more.
		app.post(t, "/newsletter", url.Values{"email": {"reader@example.com"}})
		if n := app.inbox.count(t, "reader@example.com"); n != 2 {
			t.Errorf("%d emails after subscribing a confirmed address again, want still 2", n)
		}

		// The unsubscribe link: opening it unsubscribes nobody; its button does.
		link = strings.TrimPrefix(unsubscribe, testSite.BaseURL)
		res, body = app.get(t, link)
		page = parseHTML(t, body)
		if res.StatusCode != 200 || !strings.Contains(textOf(page.Find("main")), "Stop sending the newsletter to reader@example.com?") || formOf(page.Find("main"), "Unsubscribe").AttrOr("action", "") != "/unsubscribe" {
			t.Fatalf("unsubscribe page: %d", res.StatusCode)
		}
		if _, total, _ := app.store.Subscribers(ctx, store.ListNewsletter, store.Page{Limit: 10}); total != 1 {
			t.Fatal("opening the link unsubscribed")
		}
		res, body = app.post(t, "/unsubscribe", url.Values{"token": {token}})
		if res.StatusCode != 200 || !anyContains(notices(parseHTML(t, body), "status"), "reader@example.com is unsubscribed from the newsletter.") {
			t.Errorf("unsubscribe: %d", res.StatusCode)
		}
		if _, total, _ := app.store.Subscribers(ctx, store.ListNewsletter, store.Page{Limit: 10}); total != 0 {
			t.Error("still subscribed to the newsletter")
		}
		if _, total, _ := app.store.Subscribers(ctx, store.ListStatus, store.Page{Limit: 10}); total != 1 {
			t.Error("unsubscribing from the newsletter left status updates too")
		}
		// Twice is fine; the spent links say so.
		if res, body := app.post(t, "/unsubscribe", url.Values{"token": {token}}); res.StatusCode != 200 || !strings.Contains(textOf(parseHTML(t, body).Find("main")), "not on the list any more") {
			t.Errorf("unsubscribing twice: %d", res.StatusCode)
		}
		if res, body := app.get(t, link); res.StatusCode != http.StatusNotFound || !strings.Contains(textOf(parseHTML(t, body).Find("main")), "not valid any more") {
			t.Errorf("spent link: %d", res.StatusCode)
		}
		if res, _ := app.post(t, "/subscribe/confirm", url.Values{"token": {token}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("confirming after unsubscribing: %d, want 404", res.StatusCode)
		}

		// Mail clients' own button (RFC 8058) POSTs List-Unsubscribe=One-Click
		// to the link, from a server with no browser headers at all (the
		// newsletter test checks the header on a delivered broadcast).
		statusToken, _ := url.ParseQuery(strings.TrimPrefix(confirmLink(t, status), "/subscribe/confirm?"))
		res, err := http.Post(app.URL+"/unsubscribe?token="+url.QueryEscape(statusToken.Get("token")), "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		must(t, err)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("one-click unsubscribe: %d", res.StatusCode)
		}
		if _, total, _ := app.store.Subscribers(ctx, store.ListStatus, store.Page{Limit: 10}); total != 0 {
			t.Error("the one-click unsubscribe left the address on the status list")
		}
	})
}
