package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// newsletterReaders puts two confirmed readers on the newsletter, and an
// unconfirmed and an unsubscribed address that must get nothing; it
// returns the confirmed readers' subscriptions.
func newsletterReaders(t *testing.T, app *testApp) []store.Subscriber {
	t.Helper()
	ctx := context.Background()
	var subs []store.Subscriber
	for _, email := range []string{"ann@example.com", "bo@example.com", "gone@example.com"} {
		sub, _, err := app.store.Subscribe(ctx, email, store.ListNewsletter, time.Hour)
		must(t, err)
		sub, err = app.store.ConfirmSubscription(ctx, sub.Token)
		must(t, err)
		subs = append(subs, sub)
	}
	_, err := app.store.Unsubscribe(ctx, subs[2].Token)
	must(t, err)
	_, _, err = app.store.Subscribe(ctx, "unconfirmed@example.com", store.ListNewsletter, time.Hour)
	must(t, err)
	return subs[:2]
}

func TestAdminNewsletterIsWrittenPreviewedTestedAndSentOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		readers := newsletterReaders(t, app)
		admin := app.asAdmin(t)

		_, body := admin.get(t, "/admin/newsletter")
		page := parseHTML(t, body)
		if !hasLink(region(page, "Administration"), "Newsletter", "/admin/newsletter") || page.Find(".empty-state").Length() != 1 {
			t.Fatal("the newsletter page is not in the navigation, or has no empty state")
		}
		_, body = admin.get(t, "/admin/newsletter/new")
		page = parseHTML(t, body)
		form := formOf(page.Find("main"), "Save draft")
		if form.AttrOr("action", "") != "/admin/newsletter" || buttons(form, "Send to 2 confirmed subscribers…").Length() != 1 {
			t.Fatalf("the new newsletter's form posts to %q, or does not offer sending to the 2 confirmed readers", form.AttrOr("action", ""))
		}

		// Invalid: by the field, with what was typed kept.
		long := strings.Repeat("x", 151)
		res, body := admin.post(t, "/admin/newsletter", url.Values{"subject": {long}, "body": {"  "}, "action": {"save"}})
		page = parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("invalid newsletter: %d, want 422", res.StatusCode)
		}
		subject := labelled(t, page, "Subject")
		if valueOf(subject) != long || !strings.Contains(fieldError(subject), "150") || !strings.Contains(fieldError(labelled(t, page, "Body")), "Write the newsletter.") {
			t.Errorf("errors by the fields: subject %q, body %q", fieldError(subject), fieldError(labelled(t, page, "Body")))
		}
		res, body = admin.post(t, "/admin/newsletter", url.Values{"subject": {"June news"}, "body": {strings.Repeat("y", 50001)}, "action": {"save"}})
		if page := parseHTML(t, body); res.StatusCode != http.StatusUnprocessableEntity || valueOf(labelled(t, page, "Subject")) != "June news" || fieldError(labelled(t, page, "Body")) == "" {
			t.Errorf("a body over 50 000 characters: %d", res.StatusCode)
		}

		// Preview, without JavaScript: the page shows the email's HTML, safe.
		md := "We **shipped** reviews.\n\n<script>alert(1)</script>\n\n[a trap](javascript:alert(2)) and [our blog](https://bizprofile.test/blog)"
		res, _ = admin.post(t, "/admin/newsletter", url.Values{"subject": {"June news"}, "body": {md}, "action": {"preview"}})
		where := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(where, "/admin/newsletter/") || !strings.HasSuffix(where, "?preview=1#preview") {
			t.Fatalf("preview: %d to %q", res.StatusCode, where)
		}
		draft := strings.TrimSuffix(where, "?preview=1#preview")
		_, body = admin.get(t, where)
		page = parseHTML(t, body)
		preview := region(page, "Preview").Find("[data-preview-body]")
		if preview.Find("strong").Text() != "shipped" || preview.Find("script").Length() != 0 {
			t.Errorf("preview body: %q", textOf(preview))
		}
		preview.Find("a").Each(func(_ int, a *goquery.Selection) {
			if href := a.AttrOr("href", ""); strings.HasPrefix(strings.ToLower(href), "javascript:") {
				t.Errorf("the preview kept a javascript: link %q", href)
			}
		})
		if !hasLink(preview, "our blog", "https://bizprofile.test/blog") {
			t.Error("the preview lost a safe link")
		}
		if valueOf(labelled(t, page, "Subject")) != "June news" || !strings.Contains(valueOf(labelled(t, page, "Body")), "We **shipped** reviews.") {
			t.Error("the draft's form does not hold what was saved")
		}

		// A test, to the administrator only.
		res, _ = admin.post(t, draft, url.Values{"subject": {"June news"}, "body": {md}, "action": {"test"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != draft {
			t.Fatalf("test send: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if _, body := admin.get(t, draft); !hasToast(parseHTML(t, body), "Test on its way", "A copy marked [Test] is going to "+adminEmail+".") {
			t.Error("no toast after the test send")
		}
		test := app.inbox.waitFor(t, adminEmail)
		if test.Subject != "[Test] June news" || !strings.Contains(test.Text, "We shipped reviews.") || !strings.Contains(test.Text, "a trap and our blog (https://bizprofile.test/blog)") || strings.Contains(test.Text, "**") {
			t.Errorf("test email: %q\n%s", test.Subject, test.Text)
		}
		for _, r := range readers {
			if n := app.inbox.count(t, r.Email); n != 0 {
				t.Errorf("%s got %d emails from a test", r.Email, n)
			}
		}

		// Send: a confirmation step stating the count, then the broadcast.
		res, _ = admin.post(t, draft, url.Values{"subject": {"June news"}, "body": {md}, "action": {"send"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != draft+"/send" {
			t.Fatalf("send: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = admin.get(t, draft+"/send")
		page = parseHTML(t, body)
		confirm := formOf(page.Find("main"), "Send to 2 subscribers")
		if confirm.AttrOr("action", "") != draft+"/send" || !strings.Contains(textOf(page.Find("main")), "to 2 confirmed subscribers?") {
			t.Fatalf("the confirmation step: form %q, %q", confirm.AttrOr("action", ""), textOf(page.Find("main")))
		}
		res, _ = admin.post(t, draft+"/send", nil)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != draft {
			t.Fatalf("confirm send: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		unsubscribe := map[string]string{} // each reader's own link
		for _, r := range readers {
			m := app.inbox.waitFor(t, r.Email)
			link := strings.TrimSuffix(strings.TrimPrefix(m.Header.Get("List-Unsubscribe"), "<"), ">")
			if m.Subject != "June news" || !strings.HasPrefix(link, testSite.BaseURL+"/unsubscribe?token=") || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
				t.Errorf("%s's copy: %q, List-Unsubscribe %q, List-Unsubscribe-Post %q", r.Email, m.Subject, m.Header.Get("List-Unsubscribe"), m.Header.Get("List-Unsubscribe-Post"))
			}
			if sub, err := app.store.SubscriberByToken(context.Background(), tokenOf(t, link)); err != nil || sub.Email != r.Email {
				t.Errorf("%s's unsubscribe link names %q (%v)", r.Email, sub.Email, err)
			}
			if tables := tablesHolding(t, app, tokenOf(t, link)); len(tables) != 0 {
				t.Errorf("%s's unsubscribe token is stored as it is, in %v", r.Email, tables)
			}
			html, err := goquery.NewDocumentFromReader(strings.NewReader(m.HTML))
			must(t, err)
			if html.Find("strong").Text() != "shipped" || html.Find("script").Length() != 0 || !hasLink(html, "Unsubscribe with one click", link) {
				t.Errorf("%s's copy: the HTML lacks the body or their own unsubscribe link", r.Email)
			}
			unsubscribe[r.Email] = link
		}

		// Sent once: a second click, and an edit, change nothing.
		res, _ = admin.post(t, draft+"/send", nil)
		if _, body := admin.get(t, res.Header.Get("Location")); !hasToast(parseHTML(t, body), "Already sent", "") {
			t.Error("sending twice was not refused")
		}
		if res, _ := admin.post(t, draft, url.Values{"subject": {"Changed"}, "body": {"x"}, "action": {"save"}}); res.StatusCode != http.StatusConflict {
			t.Errorf("editing a sent newsletter: %d, want 409", res.StatusCode)
		}
		waitUntil(t, "the broadcast finishes", func() bool {
			_, body := admin.get(t, "/admin/newsletter")
			rows := tableRows(parseHTML(t, body).Find("main"))
			return len(rows) == 1 && strings.Contains(rows[0][1], "Sent")
		})
		time.Sleep(200 * time.Millisecond) // room for a wrong second sending
		for _, email := range []string{"ann@example.com", "bo@example.com", "gone@example.com", "unconfirmed@example.com"} {
			want := 1
			if strings.HasPrefix(email, "gone") || strings.HasPrefix(email, "unconfirmed") {
				want = 0
			}
			if n := app.inbox.count(t, email); n != want {
				t.Errorf("%s got %d emails, want %d", email, n, want)
			}
		}
		_, body = admin.get(t, "/admin/newsletter")
		rows := tableRows(parseHTML(t, body).Find("main"))
		if len(rows) != 1 || rows[0][0] != "June news" || strings.Join(rows[0][2:], "|") != "2|0|0|2" {
			t.Errorf("the list's row: %q; want June news, sent 2, failed 0, skipped 0, of 2", rows)
		}
		_, body = admin.get(t, draft)
		if page := parseHTML(t, body); headings(page, 1, "June news").Length() != 1 || formOf(page.Find("main"), "Save draft").Length() != 0 {
			t.Error("a sent newsletter's page still offers to edit it")
		}

		// A mail client's one-click button on Ann's copy takes Ann alone off.
		res, err := http.Post(app.URL+strings.TrimPrefix(unsubscribe["ann@example.com"], testSite.BaseURL), "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		must(t, err)
		res.Body.Close()
		subs, _, err := app.store.Subscribers(context.Background(), store.ListNewsletter, store.Page{Limit: 10})
		must(t, err)
		if res.StatusCode != http.StatusOK || len(subs) != 2 || subs[0].Email == "ann@example.com" || subs[1].Email == "ann@example.com" {
			t.Errorf("one-click unsubscribe from the newsletter: %d, left %+v", res.StatusCode, subs)
		}
	}, withAdmin)
}

func TestAdminNewsletterSendsToNobodyWithoutConfirmedSubscribers(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, _, err := app.store.Subscribe(context.Background(), "unconfirmed@example.com", store.ListNewsletter, time.Hour)
		must(t, err)
		admin := app.asAdmin(t)
		res, _ := admin.post(t, "/admin/newsletter", url.Values{"subject": {"Hi"}, "body": {"Hello"}, "action": {"send"}})
		_, body := admin.get(t, res.Header.Get("Location"))
		page := parseHTML(t, body)
		if buttons(page.Find("main"), "Send to 0 subscribers").Length() != 0 || !strings.Contains(textOf(page.Find("main")), "Nobody has confirmed a subscription") {
			t.Errorf("with no confirmed subscriber the send step reads %q", textOf(page.Find("main")))
		}
	}, withAdmin)
}
