package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// inboxOwner signs app in as the owner of two published listings.
func inboxOwner(t *testing.T, app *testApp, email string) (store.User, store.Business, store.Business) {
	t.Helper()
	ctx := context.Background()
	u := app.account(t, email, store.KindBusiness)
	own := sql.NullInt64{Int64: u.ID, Valid: true}
	bakery, err := app.store.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Category: "food", City: "Portland", State: "OR", Published: true, OwnerID: own})
	must(t, err)
	cafe, err := app.store.CreateBusiness(ctx, store.Business{Name: "Corner Cafe", Category: "food", City: "Portland", State: "OR", Published: true, OwnerID: own})
	must(t, err)
	return u, bakery, cafe
}

// inboxLead stores a lead to b sent at.
func inboxLead(t *testing.T, app *testApp, b store.Business, name, email, message string, at time.Time) store.Lead {
	t.Helper()
	l, err := app.store.CreateLead(context.Background(), store.Lead{BusinessID: b.ID, Name: name, Email: email, Message: message, CreatedAt: at})
	must(t, err)
	return l
}

func leadURL(l store.Lead) string { return "/dashboard/leads/" + strconv.FormatInt(l.ID, 10) }

// inboxRows are the rows of the inbox's page.
func inboxRows(doc finder) *goquery.Selection { return byTestID(doc, "lead-row") }

// rowNames are the names the inbox's rows link, in order.
func rowNames(doc finder) []string {
	var out []string
	inboxRows(doc).Each(func(_ int, s *goquery.Selection) { out = append(out, textOf(s.Find(".item-title a"))) })
	return out
}

// getPage fetches path expecting a page with status.
func getPage(t *testing.T, app *testApp, path string, status int) *goquery.Document {
	t.Helper()
	res, body := app.get(t, path)
	if res.StatusCode != status {
		t.Fatalf("GET %s = %d, want %d", path, res.StatusCode, status)
	}
	return parseHTML(t, body)
}

// followed posts form to path, expects a redirect, and returns the page it
// leads to.
func followed(t *testing.T, app *testApp, path string, form url.Values) (string, *goquery.Document) {
	t.Helper()
	res, body := app.post(t, path, form)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST %s = %d, want a redirect:\n%s", path, res.StatusCode, textOf(parseHTML(t, body).Find("main")))
	}
	loc := res.Header.Get("Location")
	return loc, getPage(t, app, loc, http.StatusOK)
}

// history is the lead page's history, each line's text.
func history(doc finder) []string {
	return texts(byTestID(doc, "lead-history").Find("li"))
}

// The inbox's status choices are the store's statuses, in its order: the
// two lists cannot drift apart (a status the store takes but the form does
// not offer, or the reverse).
func TestInboxOffersTheStoresLeadStatuses(t *testing.T) {
	var offered []string
	for _, o := range catalog.LeadStatusOptions {
		offered = append(offered, o.Value)
	}
	if !slices.Equal(offered, store.LeadStatuses) {
		t.Errorf("the inbox offers %v, the store takes %v", offered, store.LeadStatuses)
	}
}

func TestLeadInboxFiltersAndPagination(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u, bakery, cafe := inboxOwner(t, app, "inbox@example.com")
		onPlan(t, app, u.ID, "pro") // no lead is locked

		page := getPage(t, app, "/dashboard/leads", http.StatusOK)
		if empty := byTestID(page, "leads-empty"); !strings.Contains(textOf(empty), "No leads yet.") {
			t.Errorf("an empty inbox reads %q", textOf(empty))
		}
		if hasLink(page, "Export CSV", "/dashboard/leads.csv") {
			t.Error("an empty inbox offers an export")
		}

		now := time.Now().UTC().Truncate(time.Second)
		for i := 1; i <= 22; i++ {
			inboxLead(t, app, bakery, fmt.Sprintf("Bakery Visitor %02d", i), fmt.Sprintf("visitor%d@example.com", i), "Do you sell sourdough?", now.Add(time.Duration(i-40)*time.Hour))
		}
		wedding := inboxLead(t, app, bakery, "Wendy Wedding", "wendy@example.com", "We need a WEDDING cake for June.", now.Add(-time.Minute))
		inboxLead(t, app, cafe, "January Jones", "jj@example.com", "A table for ten?", time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC))
		feb := inboxLead(t, app, cafe, "February Fox", "ff@example.org", "Coffee for an office?", time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC))
		must(t, app.store.SetLeadStatus(ctx, feb.ID, u.ID, store.LeadWon))

		page = getPage(t, app, "/dashboard/leads", http.StatusOK)
		names := rowNames(page)
		if len(names) != 20 || names[0] != "Wendy Wedding" || names[1] != "Bakery Visitor 22" {
			t.Fatalf("first page: %v", names)
		}
		if total := textOf(byTestID(page, "leads-total")); total != "25 leads" {
			t.Errorf("total reads %q", total)
		}
		row := inboxRows(page).First()
		if href := row.Find(".item-title a").AttrOr("href", ""); href != leadURL(wedding) {
			t.Errorf("the row links %q, want the lead's page", href)
		}
		if st, src := textOf(byTestID(row, "lead-status")), textOf(byTestID(row, "lead-source")); st != "New" || src != "Contact form" {
			t.Errorf("the row's badges: %q, %q", st, src)
		}
		if !hasLink(page, "Next", "/dashboard/leads?page=2") {
			t.Fatal("no link to the second page")
		}
		page = getPage(t, app, "/dashboard/leads?page=2", http.StatusOK)
		if names := rowNames(page); len(names) != 5 || names[4] != "January Jones" {
			t.Errorf("second page: %v", names)
		}
		getPage(t, app, "/dashboard/leads?page=3", http.StatusNotFound)

		cafeID := strconv.FormatInt(cafe.ID, 10)
		for _, tc := range []struct {
			query string
			want  []string
		}{
			{"listing=" + cafeID, []string{"February Fox", "January Jones"}},
			{"status=won", []string{"February Fox"}},
			{"from=2026-01-01&to=2026-01-31", []string{"January Jones"}},
			{"from=2026-02-20&to=2026-02-20", []string{"February Fox"}},
			{"q=wedding", []string{"Wendy Wedding"}},
			{"q=EXAMPLE.ORG", []string{"February Fox"}},
			{"listing=" + cafeID + "&status=new", []string{"January Jones"}},
		} {
			page := getPage(t, app, "/dashboard/leads?"+tc.query, http.StatusOK)
			if got := rowNames(page); !slices.Equal(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.query, got, tc.want)
			}
		}

		// The filters form is a GET form that keeps its values.
		page = getPage(t, app, "/dashboard/leads?listing="+cafeID+"&status=won&from=2026-02-01&to=2026-02-28&q=coffee", http.StatusOK)
		form := page.Find(`form[role="search"]`)
		if form.AttrOr("method", "") != "get" || form.AttrOr("action", "") != "/dashboard/leads" {
			t.Errorf("the filters form: method %q action %q", form.AttrOr("method", ""), form.AttrOr("action", ""))
		}
		for label, want := range map[string]string{"Listing": cafeID, "Status": "won", "From": "2026-02-01", "To": "2026-02-28", "Search": "coffee"} {
			if got := valueOf(labelled(t, form, label)); got != want {
				t.Errorf("the %s filter holds %q, want %q", label, got, want)
			}
		}
		if total := textOf(byTestID(page, "leads-total")); total != "1 lead matches your filters" {
			t.Errorf("filtered total reads %q", total)
		}
		if !hasLink(page, "Export CSV", "/dashboard/leads.csv?from=2026-02-01&listing="+cafeID+"&q=coffee&status=won&to=2026-02-28") {
			t.Error("the export does not keep the filters")
		}

		page = getPage(t, app, "/dashboard/leads?q=zeppelin", http.StatusOK)
		if empty := byTestID(page, "leads-empty"); !strings.Contains(textOf(empty), "No lead matches these filters.") || !hasLink(empty, "Show all leads", "/dashboard/leads") {
			t.Errorf("no match reads %q", textOf(empty))
		}
		// Values out of range are no filter.
		if got := rowNames(getPage(t, app, "/dashboard/leads?status=maybe&from=yesterday", http.StatusOK)); len(got) != 20 {
			t.Errorf("bad filter values kept %d leads", len(got))
		}
	})
}

func TestLeadRoutesAreTheOwnersOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		_, bakery, _ := inboxOwner(t, app, "mine@example.com")
		l := inboxLead(t, app, bakery, "Vera Visitor", "vera@example.com", "Hello there", time.Now().Add(-time.Hour))
		getPage(t, app, leadURL(l), http.StatusOK)

		rival := app.newClient()
		inboxOwner(t, rival, "rival@example.com")
		person := app.newClient()
		person.account(t, "person@example.com", store.KindIndividual)
		signedOut := app.newClient()
		routes := []struct {
			method, path string
			form         url.Values
		}{
			{"GET", leadURL(l), nil},
			{"POST", leadURL(l) + "/status", url.Values{"status": {"won"}}},
			{"POST", leadURL(l) + "/notes", url.Values{"note": {"Mine now"}}},
			{"POST", leadURL(l) + "/reply", url.Values{"reply": {"Hello from a rival"}}},
			{"GET", leadURL(l) + "/delete", nil},
			{"POST", leadURL(l) + "/delete", url.Values{}},
		}
		for _, tc := range routes {
			send := func(c *testApp) (*http.Response, string) {
				if tc.method == "GET" {
					return c.get(t, tc.path)
				}
				return c.post(t, tc.path, tc.form)
			}
			for who, c := range map[string]*testApp{"another owner": rival, "an individual": person} {
				if res, body := send(c); res.StatusCode != http.StatusNotFound || headings(parseHTML(t, body), 1, "Oops! Page not found").Length() != 1 {
					t.Errorf("%s: %s %s = %d, want the 404 page", who, tc.method, tc.path, res.StatusCode)
				}
			}
			if res, _ := send(signedOut); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
				t.Errorf("signed out: %s %s = %d to %q, want sign-in", tc.method, tc.path, res.StatusCode, res.Header.Get("Location"))
			}
		}
		for _, path := range []string{"/dashboard/leads", "/dashboard/leads.csv"} {
			if res, _ := signedOut.get(t, path); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
				t.Errorf("signed out: GET %s = %d", path, res.StatusCode)
			}
			// An individual has no inbox: their home is elsewhere.
			if res, _ := person.get(t, path); res.StatusCode != http.StatusNotFound {
				t.Errorf("an individual: GET %s = %d, want 404", path, res.StatusCode)
			}
		}
		// The rival's inbox and export hold nothing of it.
		if names := rowNames(getPage(t, rival, "/dashboard/leads", http.StatusOK)); len(names) != 0 {
			t.Errorf("the rival's inbox lists %v", names)
		}
		if _, rows := readCSV(t, rival, "/dashboard/leads.csv"); len(rows) != 1 {
			t.Errorf("the rival's export has %d rows", len(rows))
		}
		for _, id := range []string{"0", "999999", "abc"} {
			if res, _ := app.get(t, "/dashboard/leads/"+id); res.StatusCode != http.StatusNotFound {
				t.Errorf("lead %s: %d, want 404", id, res.StatusCode)
			}
		}
		got, err := app.store.LeadForOwner(ctx, bakery.OwnerID.Int64, l.ID)
		must(t, err)
		events, _ := app.store.LeadEvents(ctx, l.ID)
		if got.Status != store.LeadNew || len(events) != 0 {
			t.Errorf("others changed the lead: status %s, %d events", got.Status, len(events))
		}
	})
}

func TestLeadPageStatusAndNotes(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, bakery, _ := inboxOwner(t, app, "notes@example.com")
		l, err := app.store.CreateLead(context.Background(), store.Lead{BusinessID: bakery.ID, Name: "Vera Visitor", Email: "vera@example.com", Phone: "(503) 555-0199",
			Message: "Do you bake rye bread on Sundays?\nWe would pick it up.", CreatedAt: time.Now().Add(-time.Hour)})
		must(t, err)

		page := getPage(t, app, leadURL(l), http.StatusOK)
		if headings(page, 1, "Enquiry from Vera Visitor").Length() != 1 {
			t.Errorf("the lead page's heading: %q", textOf(page.Find("h1")))
		}
		if msg := byTestID(page, "lead-message").Text(); msg != "Do you bake rye bread on Sundays?\nWe would pick it up." {
			t.Errorf("the message reads %q", msg)
		}
		contact := region(page, "Contact details")
		if !hasLink(contact, "vera@example.com", "mailto:vera@example.com") || !hasLink(contact, "(503) 555-0199", "tel:(503) 555-0199") {
			t.Errorf("contact details: %q", textOf(contact))
		}
		if got := history(page); len(got) != 1 || !strings.Contains(got[0], "Received through the contact form") {
			t.Errorf("a new lead's history: %v", got)
		}

		_, page = followed(t, app, leadURL(l)+"/status", url.Values{"status": {"won"}})
		if !hasToast(page, "Status updated", "The lead is now Won.") || textOf(byTestID(page, "lead-status")) != "Won" {
			t.Errorf("after the change: toasts %v, status %q", toasts(page), textOf(byTestID(page, "lead-status")))
		}
		if got := valueOf(labelled(t, page, "Status")); got != "won" {
			t.Errorf("the status select holds %q", got)
		}
		res, body := app.post(t, leadURL(l)+"/status", url.Values{"status": {"maybe"}})
		if res.StatusCode != http.StatusUnprocessableEntity || !anyContains(notices(parseHTML(t, body), "alert"), "Choose one of the statuses") {
			t.Errorf("an invalid status: %d", res.StatusCode)
		}

		for _, tc := range []struct{ note, want string }{
			{"  ", "Write the note."},
			{strings.Repeat("n", 2001), "2000 characters"},
		} {
			res, body := app.post(t, leadURL(l)+"/notes", url.Values{"note": {tc.note}})
			field := labelled(t, parseHTML(t, body), "Private note")
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(field), tc.want) {
				t.Errorf("note %.10q: %d, %q", tc.note, res.StatusCode, fieldError(field))
			}
			if strings.TrimSpace(tc.note) != "" && valueOf(field) != tc.note {
				t.Error("the note typed is lost")
			}
		}
		_, page = followed(t, app, leadURL(l)+"/notes", url.Values{"note": {"Call her back on Monday."}})
		if !hasToast(page, "Note added", "") {
			t.Errorf("toasts %v", toasts(page))
		}
		got := history(page)
		if len(got) != 3 || !strings.Contains(got[1], "Status changed from New to Won by you") ||
			!strings.Contains(got[2], "Private note by you") || !strings.Contains(got[2], "Call her back on Monday.") {
			t.Errorf("history: %v", got)
		}
	})
}

func TestLeadReplyIsQueuedAndRecorded(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner, bakery, _ := inboxOwner(t, app, "replier@example.com")
		l := inboxLead(t, app, bakery, "Vera Visitor", "vera@example.com", "Do you bake rye bread on Sundays?", time.Now().Add(-time.Hour))

		for _, tc := range []struct{ reply, want string }{
			{"", "Write your reply."},
			{strings.Repeat("r", 5001), "5000 characters"},
		} {
			res, body := app.post(t, leadURL(l)+"/reply", url.Values{"reply": {tc.reply}})
			field := labelled(t, parseHTML(t, body), "Your reply")
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(field), tc.want) || valueOf(field) != tc.reply {
				t.Errorf("reply of %d characters: %d, %q", len(tc.reply), res.StatusCode, fieldError(field))
			}
		}
		if jobs, _, _ := app.store.Jobs(ctx, "", store.Page{Limit: 50}); len(jobs) != 0 {
			t.Fatalf("%d jobs after refused replies", len(jobs))
		}

		const reply = "Yes, every Sunday from 8 am.\nSee you then!"
		loc, page := followed(t, app, leadURL(l)+"/reply", url.Values{"reply": {reply}})
		if loc != leadURL(l)+"#lead-history" || !hasToast(page, "Reply sent", "") {
			t.Errorf("after the reply: %q, toasts %v", loc, toasts(page))
		}
		got := history(page)
		if len(got) != 3 || !strings.Contains(got[1], "Reply emailed by you") || !strings.Contains(got[1], "Yes, every Sunday from 8 am.") ||
			!strings.Contains(got[2], "Status changed from New to Contacted") {
			t.Errorf("history: %v", got)
		}
		if textOf(byTestID(page, "lead-status")) != "Contacted" {
			t.Errorf("status %q after a reply", textOf(byTestID(page, "lead-status")))
		}

		// The email is a job of the queue, from the app with Reply-To the owner.
		jobs, _, err := app.store.Jobs(ctx, "", store.Page{Limit: 50})
		must(t, err)
		var m bizmail.Message
		for _, j := range jobs {
			if j.Kind == "email" {
				must(t, json.Unmarshal([]byte(j.Payload), &m))
			}
		}
		if m.To != "vera@example.com" || m.ReplyTo != owner.Email || !strings.Contains(m.Text, "Yes, every Sunday from 8 am.") {
			t.Errorf("queued email: to %q, reply-to %q", m.To, m.ReplyTo)
		}
		mail := app.inbox.waitFor(t, "vera@example.com")
		if mail.Subject != "Reply from Harbor Bakery to your enquiry" || mail.Header.Get("Reply-To") != "<"+owner.Email+">" ||
			!strings.Contains(mail.Text, "Do you bake rye bread on Sundays?") {
			t.Errorf("delivered: %q, Reply-To %q", mail.Subject, mail.Header.Get("Reply-To"))
		}
	})
}

func TestLeadsCSV(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u, bakery, cafe := inboxOwner(t, app, "export@example.com")
		inboxLead(t, app, bakery, "=HYPERLINK(\"http://evil.example\")", "evil@example.com", "+1 cakes please", time.Now().Add(-2*time.Hour))
		inboxLead(t, app, cafe, "Cora Cafe", "cora@example.com", "A table, please", time.Now().Add(-time.Hour))

		res, rows := readCSV(t, app, "/dashboard/leads.csv")
		if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
			t.Errorf("headers %q, %q", ct, res.Header.Get("Content-Disposition"))
		}
		want := []string{"Received", "Listing", "Name", "Email", "Phone", "Message", "Status", "Source", "Locked"}
		if !slices.Equal(rows[0], want) || len(rows) != 3 {
			t.Fatalf("export: %v", rows)
		}
		if !slices.Equal(rows[1][1:], []string{"Corner Cafe", "Cora Cafe", "cora@example.com", "", "A table, please", "New", "Contact form", "no"}) {
			t.Errorf("Cora's row is missing: %v", rows)
		}
		if rows[2][2] != "'=HYPERLINK(\"http://evil.example\")" || rows[2][5] != "'+1 cakes please" {
			t.Errorf("formulas are not neutralised: %q, %q", rows[2][2], rows[2][5])
		}
		_, rows = readCSV(t, app, "/dashboard/leads.csv?listing="+strconv.FormatInt(cafe.ID, 10))
		if len(rows) != 2 || rows[1][2] != "Cora Cafe" {
			t.Errorf("filtered export: %v", rows)
		}

		onPlan(t, app, u.ID, "pro")
		_, rows = readCSV(t, app, "/dashboard/leads.csv")
		if rows[0][len(rows[0])-1] != "Score" {
			t.Fatalf("a Pro export has no score: %v", rows[0])
		}
		if n, err := strconv.Atoi(rows[1][len(rows[1])-1]); err != nil || n < 0 || n > 100 {
			t.Errorf("score cell %q", rows[1][len(rows[1])-1])
		}
	})
}

func TestDeleteLead(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, bakery, _ := inboxOwner(t, app, "deleter@example.com")
		l := inboxLead(t, app, bakery, "Vera Visitor", "vera@example.com", "Please forget me", time.Now().Add(-time.Hour))
		keep := inboxLead(t, app, bakery, "Kim Keep", "kim@example.com", "Keep me", time.Now().Add(-time.Minute))

		page := getPage(t, app, leadURL(l), http.StatusOK)
		if !hasLink(page, "Delete lead", leadURL(l)+"/delete") {
			t.Fatal("no 'Delete lead' link")
		}
		page = getPage(t, app, leadURL(l)+"/delete", http.StatusOK)
		form := formOf(page, "Yes, delete this lead")
		if form.AttrOr("method", "") != "post" || form.AttrOr("action", "") != leadURL(l)+"/delete" || !hasLink(page, "Cancel", leadURL(l)) {
			t.Errorf("the confirmation page: %q", textOf(page.Find("main")))
		}
		if headings(page, 1, "Delete the enquiry from Vera Visitor?").Length() != 1 {
			t.Errorf("heading %q", textOf(page.Find("h1")))
		}
		loc, page := followed(t, app, leadURL(l)+"/delete", url.Values{})
		if loc != "/dashboard/leads" || !hasToast(page, "Lead deleted", "") {
			t.Errorf("after deleting: %q, toasts %v", loc, toasts(page))
		}
		if names := rowNames(page); !slices.Equal(names, []string{"Kim Keep"}) {
			t.Errorf("the inbox lists %v", names)
		}
		getPage(t, app, leadURL(l), http.StatusNotFound)
		if res, _ := app.post(t, leadURL(l)+"/delete", url.Values{}); res.StatusCode != http.StatusNotFound {
			t.Errorf("deleting twice: %d", res.StatusCode)
		}
		if _, rows := readCSV(t, app, "/dashboard/leads.csv"); len(rows) != 2 || rows[1][2] != "Kim Keep" {
			t.Errorf("the export after deleting: %v", rows)
		}
		_, body := app.get(t, "/dashboard")
		if leads := textOf(region(parseHTML(t, body), "Recent Leads")); strings.Contains(leads, "Vera") || !strings.Contains(leads, keep.Name) {
			t.Errorf("the dashboard's recent leads: %q", leads)
		}
	})
}

// Past the Starter plan's 10 leads a month, the 11th shows nothing of its
// sender anywhere, cannot be answered, and its page names the plan that
// opens it.
func TestLockedLeadStaysLocked(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := app.account(t, "capped@example.com", store.KindBusiness)
		addLeads(t, app.store, u.ID, 11)
		ls, _, err := app.store.OwnerLeads(ctx, u.ID, store.LeadFilter{}, store.Page{Limit: 1})
		must(t, err)
		locked := ls[0].Lead // the newest: the 11th
		hidden := []string{"Lead 11", "lead11@example.com", "Message number 11"}

		res, body := app.get(t, "/dashboard/leads")
		page := parseHTML(t, body)
		row := inboxRows(page).First()
		if res.StatusCode != 200 || textOf(row.Find(".item-title a")) != "Locked lead" || row.Find(".item-title a").AttrOr("href", "") != leadURL(locked) {
			t.Errorf("the locked row: %q", textOf(row))
		}
		res, body = app.get(t, leadURL(locked))
		page = parseHTML(t, body)
		notice := byTestID(page, "locked-lead")
		if res.StatusCode != 200 || !strings.Contains(textOf(notice), "The Growth plan opens it.") || !hasLink(notice, "Compare plans", "/pricing") {
			t.Errorf("the locked page: %d %q", res.StatusCode, textOf(notice))
		}
		if controls(page, "Your reply").Length() != 0 {
			t.Error("a locked lead offers a reply")
		}
		res, body = app.post(t, leadURL(locked)+"/reply", url.Values{"reply": {"Tell me who you are"}})
		if res.StatusCode != http.StatusConflict {
			t.Errorf("a reply to a locked lead: %d", res.StatusCode)
		}
		_, csvRows := readCSV(t, app, "/dashboard/leads.csv")
		for _, s := range []string{body, fmt.Sprint(csvRows), textOf(page.Find("main"))} {
			for _, h := range hidden {
				if strings.Contains(s, h) {
					t.Errorf("%q shows", h)
				}
			}
		}
		if jobs, _, _ := app.store.Jobs(ctx, "", store.Page{Limit: 50}); len(jobs) != 0 {
			t.Errorf("%d emails queued for a locked lead", len(jobs))
		}
		if !slices.Equal(csvRows[1][2:], []string{"", "", "", "", "New", "Contact form", "yes"}) {
			t.Errorf("the locked lead's row: %v", csvRows)
		}

		// Deleting the month's first lead does not unlock it.
		all, _, _ := app.store.OwnerLeads(ctx, u.ID, store.LeadFilter{}, store.Page{Limit: 20})
		must(t, app.store.DeleteLead(ctx, all[len(all)-1].ID))
		if byTestID(getPage(t, app, leadURL(locked), http.StatusOK), "locked-lead").Length() != 1 {
			t.Error("deleting a lead unlocked the 11th")
		}
	})
}

func TestLeadScoresArePro(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u, bakery, _ := inboxOwner(t, app, "scores@example.com")
		plain := inboxLead(t, app, bakery, "Pat Plain", "pat@example.com", "Hi", time.Now().Add(-time.Minute))
		rich, err := app.store.CreateLead(context.Background(), store.Lead{BusinessID: bakery.ID, Name: "Rita Rich", Email: "rita@example.com", Phone: "(503) 555-0123",
			Message: "We need a three-tier wedding cake for 120 guests on June 14th, budget about $600, delivered in Portland.", CreatedAt: time.Now().Add(-time.Hour)})
		must(t, err)

		page := getPage(t, app, "/dashboard/leads?sort=score", http.StatusOK)
		if offer := byTestID(page, "scoring-offer"); !strings.Contains(textOf(offer), "Lead scoring comes with Pro") || !hasLink(offer, "Compare plans", "/pricing") {
			t.Errorf("a Starter inbox names no scoring: %q", textOf(offer))
		}
		if byTestID(page, "lead-score").Length() != 0 || controls(page, "Sort").Length() != 0 {
			t.Error("a Starter inbox shows scores or sorts by them")
		}
		if names := rowNames(page); !slices.Equal(names, []string{"Pat Plain", "Rita Rich"}) {
			t.Errorf("sort=score on Starter: %v, want newest first", names)
		}
		page = getPage(t, app, leadURL(rich), http.StatusOK)
		if byTestID(page, "lead-score").Length() != 0 || !strings.Contains(textOf(byTestID(page, "scoring-offer")), "Lead scoring comes with Pro") {
			t.Error("a Starter lead page shows a score, or does not name the plan")
		}

		onPlan(t, app, u.ID, "pro")
		if rich.Score <= plain.Score {
			t.Fatalf("the fixture's scores: rich %d, plain %d", rich.Score, plain.Score)
		}
		page = getPage(t, app, "/dashboard/leads?sort=score", http.StatusOK)
		if names := rowNames(page); !slices.Equal(names, []string{"Rita Rich", "Pat Plain"}) {
			t.Errorf("sort=score on Pro: %v", names)
		}
		if got := textOf(byTestID(inboxRows(page).First(), "lead-score")); got != "Score "+itoa(rich.Score)+" of 100" {
			t.Errorf("the row's score reads %q", got)
		}
		if byTestID(page, "scoring-offer").Length() != 0 || valueOf(labelled(t, page, "Sort")) != "score" {
			t.Error("a Pro inbox: offer shown, or the sort not kept")
		}
		page = getPage(t, app, leadURL(rich), http.StatusOK)
		if got := textOf(byTestID(page, "lead-score")); got != itoa(rich.Score)+" out of 100" {
			t.Errorf("the page's score reads %q", got)
		}
		reasons := texts(byTestID(page, "score-reasons").Find("li"))
		if len(reasons) != len(rich.Reasons) || len(reasons) == 0 || !strings.Contains(reasons[0], rich.Reasons[0].Text) {
			t.Errorf("reasons %v, want %v", reasons, rich.Reasons)
		}
	})
}

// An approved claim hands the listing's held enquiries to the new owner,
// who is emailed how many wait, with the link to them.
func TestApprovedClaimHandsOverEnquiries(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Dock Diner", Published: true})
		must(t, err)
		held := inboxLead(t, app, b, "Vera Visitor", "vera@example.com", "Are you open on Sundays?", time.Now().Add(-time.Hour))
		claimant := app.newClient()
		u := claimant.account(t, "claimant@example.com", store.KindBusiness)
		c, err := app.store.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: u.ID, Role: "owner", Message: "I have run the diner since 2019."})
		must(t, err)
		admin := app.asAdmin(t)
		_, page := followed(t, admin, "/admin/claims/"+strconv.FormatInt(c.ID, 10)+"/approve", url.Values{})
		approved := false
		for _, ts := range toasts(page) {
			approved = approved || ts.Title == "Claim approved" && strings.HasSuffix(ts.Description, " 1 enquiry it received without an owner was handed to them.")
		}
		if !approved {
			t.Errorf("toasts %v", toasts(page))
		}
		mail := mailWithSubject(t, app.inbox, "claimant@example.com", "1 enquiry was waiting for you at Dock Diner")
		if link := mail.link(t, "/dashboard/leads"); link != testSite.BaseURL+"/dashboard/leads?listing="+strconv.FormatInt(b.ID, 10) {
			t.Errorf("the email links %q", link)
		}
		if names := rowNames(getPage(t, claimant, "/dashboard/leads?listing="+strconv.FormatInt(b.ID, 10), http.StatusOK)); !slices.Equal(names, []string{"Vera Visitor"}) {
			t.Errorf("the new owner's inbox: %v", names)
		}
		got := history(getPage(t, claimant, leadURL(held), http.StatusOK))
		if len(got) != 2 || !strings.Contains(got[1], "handed to this account when its claim was approved") {
			t.Errorf("history: %v", got)
		}
	}, withAdmin)
}

// mailWithSubject waits a little for the message to addr with subject.
func mailWithSubject(t *testing.T, in *inbox, to, subject string) sentMail {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, m := range in.all(t) {
			if strings.EqualFold(m.To, to) && m.Subject == subject {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no email %q to %s", subject, to)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The dashboard's lead card says its period and leads to the inbox; each
// recent lead links to its page.
func TestDashboardLeadsLinkToTheInbox(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, bakery, _ := inboxOwner(t, app, "dash@example.com")
	l := inboxLead(t, app, bakery, "Vera Visitor", "vera@example.com", "Hello", time.Now().Add(-time.Minute))
	page := getPage(t, app, "/dashboard", http.StatusOK)
	card := termGroup(page, "Leads Generated")
	if note := textOf(card.Find("dd.stat-note").First()); !strings.HasPrefix(note, "All time · 1 this month") {
		t.Errorf("the card's period reads %q", note)
	}
	if !hasLink(card, "See all leads", "/dashboard/leads") {
		t.Error("the card does not lead to the inbox")
	}
	recent := region(page, "Recent Leads")
	if !hasLink(recent, "Vera Visitor", leadURL(l)) || !hasLink(recent, "See all leads", "/dashboard/leads") {
		t.Errorf("recent leads: %q", textOf(recent))
	}
}

// A lead from a quote request shows what the request asked.
func TestLeadFromAQuoteRequest(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, bakery, _ := inboxOwner(t, app, "quotes@example.com")
	_, matches, err := app.store.CreateQuoteRequest(context.Background(), store.QuoteRequest{
		Name: "Quinn Quote", Email: "quinn@example.com", Category: "food", City: "Portland", State: "OR", Timing: "week", Budget: "500_2000",
		Description: "Sourdough and pastries for a team breakfast of 30 people next Friday.",
	}, "")
	must(t, err)
	var lead store.Lead
	for _, m := range matches {
		if m.Business.ID == bakery.ID {
			lead = m.Lead
		}
	}
	if lead.ID == 0 {
		t.Fatalf("the request did not match the bakery: %+v", matches)
	}
	page := getPage(t, app, leadURL(lead), http.StatusOK)
	req := terms(byTestID(page, "lead-request"))
	want := map[string]string{"Category": "Food & Beverage", "Where": "Portland, OR", "When": store.TimingLabel("week"), "Budget": store.BudgetLabel("500_2000")}
	for k, v := range want {
		if req[k] != v {
			t.Errorf("the request's %s reads %q, want %q", k, req[k], v)
		}
	}
	if got := textOf(byTestID(page, "lead-message")); got != "Sourdough and pastries for a team breakfast of 30 people next Friday." {
		t.Errorf("the message reads %q", got)
	}
	if src := textOf(byTestID(inboxRows(getPage(t, app, "/dashboard/leads", http.StatusOK)).First(), "lead-source")); src != "Quote request" {
		t.Errorf("the row's source reads %q", src)
	}
}
