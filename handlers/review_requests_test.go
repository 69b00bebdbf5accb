package handlers

import (
	"context"
	"database/sql"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jmoiron/sqlx"

	"bizprofile/catalog"
	"bizprofile/store"
)

func requestsURL(b store.Business) string { return ownerReviewsURL(b) + "/requests" }

// shownRequestResults reads what the page says of the last send: the addresses
// sent to, and each skipped one with its reason.
func shownRequestResults(scope finder) (sent, skipped []string) {
	box := byTestID(scope, "request-results")
	return texts(box.Find(`[data-testid="requests-sent"] li`)), texts(box.Find(`[data-testid="requests-skipped"] li`))
}

// sendRequests posts the request form, with or without htmx, and returns
// the part of the page that says what happened.
func sendRequests(t *testing.T, app *testApp, b store.Business, htmx bool, form url.Values) (*http.Response, *goquery.Selection) {
	t.Helper()
	if htmx {
		res, body := app.htmxPost(t, requestsURL(b), form)
		doc := parseHTML(t, body)
		if isPage(doc) {
			t.Fatalf("htmx answer is a whole page")
		}
		return res, doc.Find("section").First()
	}
	res, body := app.post(t, requestsURL(b), form)
	if res.StatusCode != http.StatusSeeOther {
		return res, region(parseHTML(t, body), "Email your customers")
	}
	if loc := res.Header.Get("Location"); loc != ownerReviewsURL(b)+"#requests" {
		t.Fatalf("redirect to %q", loc)
	}
	_, body = app.get(t, ownerReviewsURL(b))
	return res, region(parseHTML(t, body), "Email your customers")
}

// rivalListing is another owner's published listing, made in the store.
func rivalListing(t *testing.T, app *testApp) store.Business {
	t.Helper()
	ctx := context.Background()
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "donuts@example.com", PasswordHash: "x", Kind: store.KindBusiness})
	must(t, err)
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Dock Donuts", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	return b
}

func TestReviewRequestsAreSentCappedAndExplained(t *testing.T) {
	for _, htmx := range []bool{false, true} {
		t.Run(map[bool]string{false: "without JavaScript", true: "htmx"}[htmx], func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				ctx := context.Background()
				_, b := ownerAndListing(t, app, "Harbor Bakery")
				_, body := app.get(t, ownerReviewsURL(b))
				if hint := textOf(byID(labelled(t, parseHTML(t, body), "Customers' email addresses"), "f-emails-hint")); !strings.Contains(hint, "You can send 20 more today") {
					t.Errorf("hint %q", hint)
				}

				// An opted-out address, from another listing's request.
				other := rivalListing(t, app)
				outs, err := app.store.RecordReviewRequests(ctx, other.ID, other.OwnerID.Int64, []string{"gone@example.com"}, time.Now())
				must(t, err)
				_, err = app.store.OptOutReviewRequests(ctx, outs[0].Token)
				must(t, err)

				res, section := sendRequests(t, app, b, htmx, url.Values{
					"emails": {"Ann@Example.com, bob@example.com\nnot-an-address\n\nann@example.com; gone@example.com"},
					"note":   {"Thanks for coming to our tasting!"},
				})
				if htmx && (res.StatusCode != http.StatusOK || htmxToast(t, res).Title != "Review requests sent") {
					t.Errorf("htmx send: %d %+v", res.StatusCode, htmxToast(t, res))
				}
				sent, skipped := shownRequestResults(section)
				if !slices.Equal(sent, []string{"ann@example.com", "bob@example.com"}) {
					t.Errorf("sent to %v", sent)
				}
				if want := []string{"not-an-address: not a valid email address", "gone@example.com: unsubscribed from review requests"}; !slices.Equal(skipped, want) {
					t.Errorf("skipped %v, want %v", skipped, want)
				}
				if hint := textOf(section.Find("#f-emails-hint")); !strings.Contains(hint, "You can send 18 more today") {
					t.Errorf("after 2 sent, the hint says %q", hint)
				}

				m := app.inbox.waitForSubject(t, "ann@example.com", "How was your visit to Harbor Bakery?")
				if l := m.link(t, "/review"); l != testSite.BaseURL+"/directory/"+b.Slug+"/review" {
					t.Errorf("review link %q", l)
				}
				if !strings.Contains(m.Text, "“Thanks for coming to our tasting!”") {
					t.Errorf("the note is missing:\n%s", m.Text)
				}
				unsubscribe := m.link(t, "/reviews/unsubscribe?token=")
				if h := m.Header.Get("List-Unsubscribe"); h != "<"+unsubscribe+">" || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
					t.Errorf("List-Unsubscribe %q", h)
				}
				app.inbox.waitFor(t, "bob@example.com")
				if n := app.inbox.count(t, "gone@example.com"); n != 0 {
					t.Errorf("%d emails to an opted-out address", n)
				}

				// Again within 30 days: not asked twice. Then the day's
				// allowance runs out in the middle of a list.
				_, section = sendRequests(t, app, b, htmx, url.Values{"emails": {"ann@example.com"}})
				if sent, skipped := shownRequestResults(section); len(sent) != 0 || !slices.Equal(skipped, []string{"ann@example.com: already asked within the last 30 days"}) {
					t.Errorf("asked again: sent %v, skipped %v", sent, skipped)
				}
				var many []string
				for i := range 20 {
					many = append(many, fmt.Sprintf("c%d@example.com", i))
				}
				_, section = sendRequests(t, app, b, htmx, url.Values{"emails": {strings.Join(many, "\n")}})
				sent, skipped = shownRequestResults(section)
				if len(sent) != 18 || len(skipped) != 2 || skipped[0] != "c18@example.com: over today's limit of 20 requests" {
					t.Errorf("over the limit: %d sent, skipped %v", len(sent), skipped)
				}
				if hint := textOf(section.Find("#f-emails-hint")); !strings.Contains(hint, "You have sent today's 20 requests") {
					t.Errorf("hint %q", hint)
				}
				if n, err := app.store.ReviewRequestsLeft(ctx, b.OwnerID.Int64, time.Now()); err != nil || n != 0 {
					t.Errorf("requests left %d, %v", n, err)
				}
			})
		})
	}
}

func TestReviewRequestFormRefusesBadInput(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		var many []string
		for i := range 21 {
			many = append(many, fmt.Sprintf("c%d@example.com", i))
		}
		for _, htmx := range []bool{false, true} {
			for _, tc := range []struct {
				name         string
				form         url.Values
				field, error string
			}{
				{"no address", url.Values{"emails": {" \n , "}, "note": {"Hello"}}, "Customers' email addresses", "Enter at least one email address."},
				{"21 addresses", url.Values{"emails": {strings.Join(many, ", ")}}, "Customers' email addresses", "Enter at most 20 addresses: that is a day's requests."},
				{"a long note", url.Values{"emails": {"ann@example.com"}, "note": {strings.Repeat("n", catalog.RequestNoteMax+1)}}, "Personal note", catalog.TooLong(catalog.RequestNoteMax)},
			} {
				res, section := sendRequests(t, app, b, htmx, tc.form)
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Errorf("%s (htmx %v): %d", tc.name, htmx, res.StatusCode)
					continue
				}
				if got := fieldError(labelled(t, section, tc.field)); got != tc.error {
					t.Errorf("%s: %q, want %q", tc.name, got, tc.error)
				}
				if valueOf(labelled(t, section, "Customers' email addresses")) != strings.TrimSpace(tc.form.Get("emails")) ||
					valueOf(labelled(t, section, "Personal note")) != tc.form.Get("note") {
					t.Errorf("%s: the text was not kept", tc.name)
				}
			}
		}
		if n := len(app.inbox.all(t)); n != 0 {
			t.Errorf("%d emails sent by refused forms", n)
		}

		// An unpublished listing's review form does not open: no requests.
		must(t, app.store.SetPublished(context.Background(), b.ID, false))
		res, body := app.post(t, requestsURL(b), url.Values{"emails": {"ann@example.com"}})
		if res.StatusCode != http.StatusConflict || !anyContains(notices(parseHTML(t, body), "alert"), "Publish your listing first") {
			t.Errorf("unpublished: %d", res.StatusCode)
		}
	})
}

func TestReviewRequestsUnsubscribe(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		sendRequests(t, app, b, false, url.Values{"emails": {"ann@example.com\nbob@example.com"}})
		link := app.inbox.link(t, "ann@example.com", "/reviews/unsubscribe?token=")
		path := strings.TrimPrefix(link, testSite.BaseURL)
		token, _ := url.ParseQuery(path[strings.IndexByte(path, '?')+1:])

		// Opening the link (a person, or a mail scanner) changes nothing.
		visitor := app.newClient()
		res, body := visitor.get(t, path)
		doc := parseHTML(t, body)
		form := formOf(doc, "Stop review requests")
		if res.StatusCode != http.StatusOK || form.AttrOr("action", "") != "/reviews/unsubscribe" || !strings.Contains(textOf(doc.Find("main")), "ann@example.com") {
			t.Fatalf("confirm page: %d", res.StatusCode)
		}
		for range 2 { // twice: the same answer
			res, body = visitor.post(t, "/reviews/unsubscribe", url.Values{"token": {token.Get("token")}})
			if doc := parseHTML(t, body); res.StatusCode != http.StatusOK || !anyContains(notices(doc, "status"), "ann@example.com gets no more review requests.") {
				t.Errorf("opt out: %d %v", res.StatusCode, notices(doc, "status"))
			}
		}
		if res, body := visitor.get(t, path); res.StatusCode != http.StatusOK || !anyContains(notices(parseHTML(t, body), "status"), "gets no more review requests") {
			t.Errorf("the link after opting out: %d", res.StatusCode)
		}
		for _, bad := range []string{"/reviews/unsubscribe?token=nope", "/reviews/unsubscribe"} {
			if res, body := visitor.get(t, bad); res.StatusCode != http.StatusNotFound || !strings.Contains(textOf(parseHTML(t, body).Find("main")), "This link is not valid.") {
				t.Errorf("GET %s: %d", bad, res.StatusCode)
			}
			if res, _ := visitor.post(t, bad, url.Values{}); res.StatusCode != http.StatusNotFound {
				t.Errorf("POST %s: %d", bad, res.StatusCode)
			}
		}

		// Mail clients' own button (RFC 8058): a POST to the header's
		// address from a server, without browser headers.
		m := app.inbox.waitFor(t, "bob@example.com")
		oneClick := app.URL + strings.TrimPrefix(strings.Trim(m.Header.Get("List-Unsubscribe"), "<>"), testSite.BaseURL)
		res, err := http.Post(oneClick, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		must(t, err)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("one-click: %d", res.StatusCode)
		}

		// Any listing's later request skips both addresses.
		other := rivalListing(t, app)
		outs, err := app.store.RecordReviewRequests(ctx, other.ID, other.OwnerID.Int64, []string{"ann@example.com", "bob@example.com"}, time.Now())
		must(t, err)
		for _, o := range outs {
			if o.Outcome != store.RequestOptedOut {
				t.Errorf("%s: %s, want opted out", o.Email, o.Outcome)
			}
		}
	})
}

func TestReviewQRCode(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor & Sons Bakery")
		res, body := app.get(t, ownerReviewsURL(b)+"/qr.svg")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("QR code: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		var svg struct {
			XMLName xml.Name `xml:"http://www.w3.org/2000/svg svg"`
			Role    string   `xml:"role,attr"`
			Title   string   `xml:"title"`
			Path    []struct {
				D string `xml:"d,attr"`
			} `xml:"path"`
		}
		if err := xml.Unmarshal([]byte(body), &svg); err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if svg.Role != "img" || svg.Title != "Review Harbor & Sons Bakery on BizProfile" || len(svg.Path) != 1 || len(svg.Path[0].D) < 100 {
			t.Errorf("role %q, title %q, %d paths", svg.Role, svg.Title, len(svg.Path))
		}
		if cd := res.Header.Get("Content-Disposition"); cd != "" {
			t.Errorf("shown inline, yet Content-Disposition %q", cd)
		}
		res, _ = app.get(t, ownerReviewsURL(b)+"/qr.svg?download=1")
		if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename="`+b.Slug+`-review-qr-code.svg"` {
			t.Errorf("download: Content-Disposition %q", cd)
		}
		// The page shows it and links its download.
		_, page := app.get(t, ownerReviewsURL(b))
		doc := parseHTML(t, page)
		if img := doc.Find(`img[src="` + ownerReviewsURL(b) + `/qr.svg"]`); img.AttrOr("alt", "") != "QR code of the review link of Harbor & Sons Bakery" {
			t.Errorf("QR image alt %q", img.AttrOr("alt", ""))
		}
		if !hasLink(doc, "Download the QR code (SVG)", ownerReviewsURL(b)+"/qr.svg?download=1") {
			t.Error("no download link")
		}
	})
}

// failWritesTo makes every statement of event (INSERT or UPDATE) on table
// fail, as a full disk or a broken database would.
func failWritesTo(t *testing.T, app *testApp, table, event string) {
	t.Helper()
	name := table + "_fail"
	stmts := []string{`CREATE TRIGGER ` + name + ` BEFORE ` + event + ` ON ` + table + ` BEGIN SELECT RAISE(ABORT, 'disk full'); END`}
	if app.store.Dialect() == store.Postgres {
		stmts = []string{
			`CREATE FUNCTION ` + name + `() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
			`CREATE TRIGGER ` + name + ` BEFORE ` + event + ` ON ` + table + ` FOR EACH ROW EXECUTE FUNCTION ` + name + `()`,
		}
	}
	must(t, app.store.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		for _, s := range stmts {
			if _, err := tx.Exec(s); err != nil {
				return err
			}
		}
		return nil
	}))
}

func TestReviewRequestsAreNotRecordedWhenTheirEmailsCannotBeQueued(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		failWritesTo(t, app, "jobs", "INSERT")
		form := url.Values{"emails": {"ann@example.com\nbob@example.com"}, "note": {"See you soon"}}
		for _, htmx := range []bool{false, true} {
			res, section := sendRequests(t, app, b, htmx, form)
			if res.StatusCode != http.StatusServiceUnavailable || !anyContains(notices(section, "alert"), "nothing was sent, and what you typed is still here") {
				t.Errorf("htmx %v: %d %v", htmx, res.StatusCode, notices(section, "alert"))
			}
			if valueOf(labelled(t, section, "Customers' email addresses")) != form.Get("emails") || valueOf(labelled(t, section, "Personal note")) != "See you soon" {
				t.Errorf("htmx %v: the text was not kept", htmx)
			}
		}
		// The requests went with their emails: nobody counts as asked.
		if n, err := app.store.ReviewRequestsLeft(context.Background(), b.OwnerID.Int64, time.Now()); err != nil || n != 20 {
			t.Errorf("requests left %d (%v), want 20", n, err)
		}
		if !strings.Contains(app.logs.String(), "review requests not sent") {
			t.Error("no log line")
		}
	})
}
