package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
	"bizprofile/views"
)

// unacceptable are values no form may store: they break PostgreSQL (a NUL
// byte), the HTML and CSV we serve them back in, or both.
var unacceptable = map[string]string{
	"NUL":            "Ada\x00Lane",
	"invalid UTF-8":  "Ada\xffLane",
	"overlong UTF-8": "Ada\xc0\xafLane",
	"escape":         "Ada\x1b[2JLane",
	"C1 control":     "Ada\u0085Lane",
	"DEL":            "Ada\x7fLane",
}

// sentValues is what a browser would send from form: its named controls
// (not its buttons) with their values.
func sentValues(form *goquery.Selection) url.Values {
	v := url.Values{}
	form.Find("input[name], textarea[name], select[name]").Each(func(_ int, c *goquery.Selection) {
		if typ := c.AttrOr("type", ""); (typ == "checkbox" || typ == "radio") && !checked(c) {
			return
		}
		v.Add(c.AttrOr("name", ""), valueOf(c))
	})
	return v
}

func TestUnacceptableTextInAFormIsRefusedAndGivenBack(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		for _, c := range siteFormCases {
			field := "email"
			if _, ok := c.valid["message"]; ok {
				field = "message"
			}
			for kind, bad := range unacceptable {
				t.Run(c.name+"/"+kind, func(t *testing.T) {
					form := url.Values{}
					for k, v := range c.valid {
						form[k] = slices.Clone(v)
					}
					form.Set(field, bad)
					res, body := app.newClient().post(t, c.path, form)
					if res.StatusCode != http.StatusUnprocessableEntity {
						t.Fatalf("status %d, want 422", res.StatusCode)
					}
					doc := parseHTML(t, body)
					control := labelled(t, doc, views.FieldLabel(field))
					if got := valueOf(control); got != "AdaLane" && got != "Ada[2JLane" {
						t.Errorf("the refused field holds %q, want the text without the character", got)
					}
					if !strings.Contains(fieldError(control), "can't accept") {
						t.Errorf("message by the field: %q", fieldError(control))
					}
					sent := sentValues(formOf(doc, "Send again"))
					for k := range c.valid {
						if k != field && sent.Get(k) != c.valid.Get(k) {
							t.Errorf("%s is not carried along: %q, want %q", k, sent.Get(k), c.valid.Get(k))
						}
					}
					if rows := c.storedRows(t, app); len(rows) != 0 {
						t.Errorf("stored despite the refusal: %q", rows)
					}
				})
			}
		}
	})
}

// TestARefusedFormCanBeSentAgain follows the whole path: the refused
// contact form, corrected on the 422 page, is stored.
func TestARefusedFormCanBeSentAgain(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		c := siteFormCases[0]
		form := url.Values{}
		for k, v := range c.valid {
			form[k] = slices.Clone(v)
		}
		form.Set("message", "Could we see a demo\x00 on Tuesday?")
		client := app.newClient()
		_, body := client.post(t, c.path, form)
		again := formOf(parseHTML(t, body), "Send again")
		if action := again.AttrOr("action", ""); action != c.path {
			t.Fatalf("the form posts to %q, want %s", action, c.path)
		}
		res, _ := client.post(t, again.AttrOr("action", ""), sentValues(again))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sending again: status %d, want 303", res.StatusCode)
		}
		if _, body := client.get(t, res.Header.Get("Location")); !hasToast(parseHTML(t, body), c.toast[0], c.toast[1]) {
			t.Fatalf("sending again did not confirm: %v", toasts(parseHTML(t, body)))
		}
		if rows := c.storedRows(t, app); len(rows) != 1 || rows[0] != c.want {
			t.Errorf("stored %q, want %q", rows, c.want)
		}
	})
}

func TestUnacceptableTextInASignUpAsksForThePasswordAgain(t *testing.T) {
	app := newTestApp(t, store.Postgres)
	res, body := app.post(t, "/signup", url.Values{"full_name": {"Ada\x00 Lane"}, "email": {"ada@example.com"}, "password": {goodPassword}})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", res.StatusCode)
	}
	doc := parseHTML(t, body)
	if got := valueOf(labelled(t, doc, "Full name")); got != "Ada Lane" {
		t.Errorf("name given back as %q", got)
	}
	pw := labelled(t, doc, "Password")
	if pw.AttrOr("type", "") != "password" || valueOf(pw) != "" {
		t.Errorf("the password is sent back or not asked for again: %v", pw.Nodes)
	}
	if _, err := app.store.UserByEmail(t.Context(), "ada@example.com"); err == nil {
		t.Error("the account was created")
	}
}

func TestUnacceptableTextWithHTMXGetsAFragment(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, body := app.htmxPost(t, "/contact", url.Values{"first_name": {"A\x00"}, "message": {"hi"}})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", res.StatusCode)
	}
	doc := parseHTML(t, body)
	if isPage(doc) {
		t.Error("an htmx request got a whole page")
	}
	if fieldError(labelled(t, doc, "First name")) == "" {
		t.Error("no message by the field")
	}
}

func TestUnacceptableTextInAQueryIsRefused(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		for _, path := range []string{"/directory?q=bakery%00&category=", "/directory.json?q=%FF", "/directory?location=%1B", "/admin?x=%00", "/login?next=%00"} {
			res, body := app.get(t, path)
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Errorf("%s: status %d, want 422", path, res.StatusCode)
				continue
			}
			if form := formOf(parseHTML(t, body), "Send again"); form.AttrOr("method", "") != "get" {
				t.Errorf("%s: the form to send again is not a GET form", path)
			}
		}
		res, body := app.get(t, "/directory?q=bakery%00")
		doc := parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || valueOf(labelled(t, doc, "Q")) != "bakery" {
			t.Errorf("the search is not given back without the character")
		}
	})
}

// Numbers in paths and queries are checked against their range: a value
// out of range is a missing page, never a panic or a database error.
func TestNumbersOutOfRangeAreRefused(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		admin := app.asAdmin(t)
		huge := []string{"0", "-1", "01", "+1", "1e3", "0x10", "9223372036854775807", "9223372036854775808",
			"-9223372036854775808", "99999999999999999999999", "100001", "%00", "1%00", "%C2%B9"}
		for _, n := range huge {
			for _, path := range []string{"/sitemap-" + n + ".xml", "/admin/businesses/" + n, "/admin/jobs/" + n + "/retry"} {
				client := app.newClient()
				if strings.HasPrefix(path, "/admin") {
					client = admin
				}
				var res *http.Response
				if strings.HasSuffix(path, "/retry") {
					res, _ = client.post(t, path, url.Values{})
				} else {
					res, _ = client.get(t, path)
				}
				_, inRange := numberIn(n, 1, 1<<63-1)
				if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusUnprocessableEntity && (!inRange || res.StatusCode != http.StatusSeeOther) {
					t.Errorf("%s: status %d, want 404", path, res.StatusCode)
				}
			}
			for _, path := range []string{"/directory?page=" + n, "/directory.json?page=" + n, "/admin/businesses?page=" + n, "/admin/messages?page=" + n} {
				client := app.newClient()
				if strings.HasPrefix(path, "/admin") {
					client = admin
				}
				res, _ := client.get(t, path)
				if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusUnprocessableEntity && res.StatusCode != http.StatusSeeOther {
					t.Errorf("%s: status %d, want the first page", path, res.StatusCode)
				}
			}
		}
		if res, _ := app.get(t, "/sitemap-1.xml"); res.StatusCode != http.StatusOK {
			t.Errorf("/sitemap-1.xml: status %d", res.StatusCode)
		}
		if !strings.Contains(app.logs.String(), "level=ERROR") {
			return
		}
		t.Errorf("errors logged:\n%s", app.logs.String())
	}, withAdmin)
}

func TestNumberIn(t *testing.T) {
	for _, c := range []struct {
		in     string
		lo, hi int64
		want   int64
		ok     bool
	}{
		{"1", 1, 10, 1, true}, {"10", 1, 10, 10, true}, {"11", 1, 10, 0, false}, {"0", 1, 10, 0, false},
		{"0", 0, 10, 0, true}, {"007", 1, 10, 0, false}, {"+5", 1, 10, 0, false}, {"-5", -10, 10, 0, false},
		{" 5", 1, 10, 0, false}, {"5 ", 1, 10, 0, false}, {"", 1, 10, 0, false}, {"9223372036854775807", 1, 1<<63 - 1, 1<<63 - 1, true},
		{"9223372036854775808", 1, 1<<63 - 1, 0, false}, {"٣", 1, 10, 0, false},
	} {
		got, ok := numberIn(c.in, c.lo, c.hi)
		if got != c.want || ok != c.ok {
			t.Errorf("numberIn(%q, %d, %d) = %d, %v; want %d, %v", c.in, c.lo, c.hi, got, ok, c.want, c.ok)
		}
	}
}
