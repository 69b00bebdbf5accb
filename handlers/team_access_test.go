package handlers

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/plans"
	"bizprofile/store"
)

// Team access (issue 21): every page and form that worked for a listing's
// owner works the same for a member of the owner's account, stops working
// for a member removed from it (in the same session, at once) and never
// worked for anyone else; what only the owner does (domain.Billing, deleting a
// listing) answers a member 403.

// teamFixture is an account on Pro with a listing, a lead and a review,
// its owner and a member each signed in their own browser, and a stranger
// with a business account of their own.
type teamFixture struct {
	app                     *testApp
	owner, member, stranger store.User
	ownerC, memberC         *testApp
	strangerC               *testApp
	biz                     store.Business
	lead                    store.Lead
	review                  store.Review
	// who and current are the browser of the request being checked.
	who     string
	current *testApp
}

func newTeamFixture(t *testing.T, app *testApp) *teamFixture {
	t.Helper()
	ctx := context.Background()
	f := &teamFixture{app: app, ownerC: app.newClient(), memberC: app.newClient(), strangerC: app.newClient()}
	f.owner = f.ownerC.account(t, "owner@harbor.test", store.KindBusiness)
	f.member = f.memberC.account(t, "member@harbor.test", store.KindBusiness)
	f.stranger = f.strangerC.account(t, "stranger@elsewhere.test", store.KindBusiness)
	onPlan(t, app, f.owner.ID, plans.Pro.ID)
	var err error
	f.biz, err = app.store.CreateBusiness(ctx, store.Business{
		Name: "Harbor Tacos", Category: "food", City: "Austin", State: "TX", Website: "https://taco.example", Published: true,
		OwnerID: sql.NullInt64{Int64: f.owner.ID, Valid: true},
	})
	must(t, err)
	_, err = app.store.CreateBusiness(ctx, store.Business{
		Name: "Elsewhere Grill", Category: "food", City: "Dallas", State: "TX", Published: true,
		OwnerID: sql.NullInt64{Int64: f.stranger.ID, Valid: true},
	})
	must(t, err)
	f.lead, err = app.store.CreateLead(ctx, store.Lead{BusinessID: f.biz.ID, Name: "Lena Lead", Email: "lena@example.com", Message: "Do you cater weddings?"})
	must(t, err)
	f.review = writeReview(t, app, f.biz, customer(t, app, "diner@example.com"), 4, "Great tacos")
	f.join(t)
	return f
}

// join makes the member a member of the owner's account; leave ends it.
func (f *teamFixture) join(t *testing.T) {
	t.Helper()
	must(t, f.app.store.AddTeamMember(context.Background(), f.owner.ID, f.member.ID, f.owner.ID))
}

func (f *teamFixture) leave(t *testing.T) {
	t.Helper()
	must(t, f.app.store.RemoveTeamMember(context.Background(), f.owner.ID, f.member.ID))
}

func (f *teamFixture) bizPath(suffix string) string {
	return "/dashboard/businesses/" + strconv.FormatInt(f.biz.ID, 10) + suffix
}

func (f *teamFixture) leadPath(suffix string) string {
	return "/dashboard/leads/" + strconv.FormatInt(f.lead.ID, 10) + suffix
}

func (f *teamFixture) reviewPath(suffix string) string {
	return "/dashboard/reviews/" + strconv.FormatInt(f.review.ID, 10) + suffix
}

// send makes the case's request in client's browser.
func (c accessCase) send(t *testing.T, f *teamFixture, client *testApp) (*http.Response, string) {
	t.Helper()
	path := c.path(f)
	if c.form == nil {
		return client.get(t, path)
	}
	return client.post(t, path, c.form(f))
}

// accessCase is one request of a page or form of the account's records.
type accessCase struct {
	name string
	path func(f *teamFixture) string
	form func(f *teamFixture) url.Values // nil: a GET
	// allowed checks the answer to the owner and to a member.
	allowed func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document)
	// denied checks the answer to a removed member and to a stranger; nil:
	// 404, as if the record did not exist.
	denied func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document)
}

func wantStatus(t *testing.T, res *http.Response, status int) {
	t.Helper()
	if res.StatusCode != status {
		t.Fatalf("status %d, want %d", res.StatusCode, status)
	}
}

// redirectsTo checks a 303 to path (with its query and anchor, if any).
func redirectsTo(path string) func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
	return func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
		t.Helper()
		wantStatus(t, res, http.StatusSeeOther)
		if loc := res.Header.Get("Location"); loc != path {
			t.Fatalf("redirected to %q, want %q", loc, path)
		}
	}
}

// heading checks a 200 page whose h1 is name.
func heading(name string) func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
	return func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
		t.Helper()
		wantStatus(t, res, http.StatusOK)
		if headings(doc, 1, name).Length() != 1 {
			t.Fatalf("no heading %q; h1: %q", name, texts(doc.Find("h1")))
		}
	}
}

func notFoundPage(t *testing.T, res *http.Response, doc *goquery.Document) {
	t.Helper()
	wantStatus(t, res, http.StatusNotFound)
	if headings(doc, 1, "Oops! Page not found").Length() != 1 {
		t.Fatalf("not the not-found page; h1: %q", texts(doc.Find("h1")))
	}
}

// ownerOnlyPage checks the 403 page a member gets for what only the owner
// does, naming the owner.
func ownerOnlyPage(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
	t.Helper()
	wantStatus(t, res, http.StatusForbidden)
	if headings(doc, 1, "Only the account owner can do this").Length() != 1 {
		t.Fatalf("not the owner-only page; h1: %q", texts(doc.Find("h1")))
	}
	note := textOf(byTestID(doc, "owner-only"))
	if !anyContains([]string{note}, f.owner.Email) {
		t.Fatalf("the page does not name the owner: %q", note)
	}
}

func accountCases() []accessCase {
	ok303 := func(path func(f *teamFixture) string) func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
		return func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
			t.Helper()
			redirectsTo(path(f))(t, f, res, doc)
		}
	}
	leadListed := func(want bool) func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
		return func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
			t.Helper()
			heading("Your leads")(t, f, res, doc)
			if got := linksTo(doc, f.leadPath("")).Length() > 0; got != want {
				t.Fatalf("the account's lead listed: %v, want %v", got, want)
			}
		}
	}
	return []accessCase{
		{name: "listing manage page", path: func(f *teamFixture) string { return f.bizPath("") },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				heading("Manage Harbor Tacos")(t, f, res, doc)
				if v := valueOf(labelled(t, doc, "Business name")); v != "Harbor Tacos" {
					t.Fatalf("name field %q", v)
				}
			}},
		{name: "listing update", path: func(f *teamFixture) string { return f.bizPath("") },
			form:    func(f *teamFixture) url.Values { return listingForm("Harbor Tacos") },
			allowed: ok303(func(f *teamFixture) string { return f.bizPath("") })},
		{name: "listing publish", path: func(f *teamFixture) string { return f.bizPath("/publish") },
			form:    func(f *teamFixture) url.Values { return url.Values{"published": {"1"}} },
			allowed: ok303(func(f *teamFixture) string { return f.bizPath("") })},
		{name: "verification request", path: func(f *teamFixture) string { return f.bizPath("/verification") },
			form: func(f *teamFixture) url.Values {
				return url.Values{"statement": {"I run the shop; call the number on the website and ask for me."}, "callback_phone": {"(512) 555-0110"}}
			},
			allowed: ok303(func(f *teamFixture) string { return f.bizPath("#verification") })},
		{name: "lead inbox", path: func(f *teamFixture) string { return "/dashboard/leads" },
			allowed: leadListed(true), denied: leadListed(false)},
		{name: "lead page", path: func(f *teamFixture) string { return f.leadPath("") },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusOK)
				if !hasLink(doc, "lena@example.com", "mailto:lena@example.com") {
					t.Fatal("the lead's page does not show the sender's email")
				}
			}},
		{name: "lead status", path: func(f *teamFixture) string { return f.leadPath("/status") },
			form:    func(f *teamFixture) url.Values { return url.Values{"status": {store.LeadContacted}} },
			allowed: ok303(func(f *teamFixture) string { return f.leadPath("") })},
		{name: "lead note", path: func(f *teamFixture) string { return f.leadPath("/notes") },
			form:    func(f *teamFixture) url.Values { return url.Values{"note": {"Called back, wants a quote."}} },
			allowed: ok303(func(f *teamFixture) string { return f.leadPath("") })},
		{name: "lead reply", path: func(f *teamFixture) string { return f.leadPath("/reply") },
			form:    func(f *teamFixture) url.Values { return url.Values{"reply": {"Yes, we cater weddings."}} },
			allowed: ok303(func(f *teamFixture) string { return f.leadPath("#lead-history") })},
		{name: "leads CSV", path: func(f *teamFixture) string { return "/dashboard/leads.csv" },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, _ *goquery.Document) {
				wantStatus(t, res, http.StatusOK)
				_, rows := readCSV(t, f.current, "/dashboard/leads.csv")
				if len(rows) != 2 || rows[1][1] != "Harbor Tacos" || rows[1][2] != "Lena Lead" || rows[1][3] != "lena@example.com" {
					t.Fatalf("the export lacks the account's lead: %q", rows)
				}
			},
			denied: func(t *testing.T, f *teamFixture, res *http.Response, _ *goquery.Document) {
				wantStatus(t, res, http.StatusOK)
				_, rows := readCSV(t, f.current, "/dashboard/leads.csv")
				if len(rows) != 1 {
					t.Fatalf("the export of another account has rows: %q", rows)
				}
			}},
		{name: "insights list", path: func(f *teamFixture) string {
			return "/ai-insights/list?business=" + strconv.FormatInt(f.biz.ID, 10)
		}, allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
			wantStatus(t, res, http.StatusOK)
		}},
		{name: "insights generate", path: func(f *teamFixture) string { return "/ai-insights/generate" },
			form: func(f *teamFixture) url.Values {
				return url.Values{"business_id": {strconv.FormatInt(f.biz.ID, 10)}}
			},
			allowed: ok303(func(f *teamFixture) string { return "/ai-insights?business=" + strconv.FormatInt(f.biz.ID, 10) })},
		{name: "reviews page", path: func(f *teamFixture) string { return f.bizPath("/reviews") },
			allowed: heading("Reviews of Harbor Tacos")},
		{name: "review reply", path: func(f *teamFixture) string { return f.reviewPath("/reply") },
			form: func(f *teamFixture) url.Values { return url.Values{"reply": {"Thank you for coming!"}} },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusSeeOther)
			}},
		{name: "review reply delete", path: func(f *teamFixture) string { return f.reviewPath("/reply/delete") },
			form: func(f *teamFixture) url.Values { return url.Values{} },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusSeeOther)
			}},
		{name: "review requests", path: func(f *teamFixture) string { return f.bizPath("/reviews/requests") },
			form: func(f *teamFixture) url.Values { return url.Values{"emails": {"guest-" + f.who + "@example.com"}} },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusSeeOther)
			}},
		{name: "analytics page", path: func(f *teamFixture) string {
			return "/dashboard/analytics?listing=" + strconv.FormatInt(f.biz.ID, 10)
		}, allowed: heading("Analytics")},
		{name: "analytics CSV", path: func(f *teamFixture) string {
			return "/dashboard/analytics.csv?listing=" + strconv.FormatInt(f.biz.ID, 10)
		}, allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
			wantStatus(t, res, http.StatusOK)
			if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
				t.Fatalf("content type %q", ct)
			}
		}},
		{name: "claim page of the account's listing", path: func(f *teamFixture) string { return "/directory/" + f.biz.Slug + "/claim" },
			allowed: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusOK)
				if !anyContains(notices(doc, "status"), "You manage this listing.") {
					t.Fatalf("the claim page does not say the listing is managed by the viewer: %q", notices(doc, "status"))
				}
			},
			denied: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusOK)
				if anyContains(notices(doc, "status"), "You manage this listing.") {
					t.Fatal("someone outside the account is told they manage the listing")
				}
			}},
	}
}

func TestTeamMembersWorkOnTheAccountsRecords(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newTeamFixture(t, app)
		for _, c := range accountCases() {
			t.Run(c.name, func(t *testing.T) {
				run := func(who string, client *testApp, check func(*testing.T, *teamFixture, *http.Response, *goquery.Document)) {
					t.Helper()
					f.who, f.current = who, client
					res, body := c.send(t, f, client)
					t.Run(who, func(t *testing.T) {
						if check == nil {
							notFoundPage(t, res, parseHTML(t, body))
							return
						}
						check(t, f, res, parseHTML(t, body))
					})
				}
				run("owner", f.ownerC, c.allowed)
				run("member", f.memberC, c.allowed)
				f.leave(t) // the member's session stays signed in
				run("removed member", f.memberC, c.denied)
				f.join(t)
				run("stranger", f.strangerC, c.denied)
			})
		}
	})
}

func TestTeamOwnerOnlyActions(t *testing.T) {
	cases := []struct {
		name  string
		path  func(f *teamFixture) string
		form  url.Values // nil: a GET
		owner func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document)
	}{
		{name: "delete listing page", path: func(f *teamFixture) string { return f.bizPath("/delete") },
			owner: heading("Delete Harbor Tacos?")},
		{name: "choose a plan", path: func(f *teamFixture) string { return "/pricing" }, form: url.Values{"plan": {plans.Growth.ID}},
			// Payments are off in tests: the owner gets the payment toast's page.
			owner: redirectsTo("/pricing")},
		{name: "billing portal", path: func(f *teamFixture) string { return "/billing/portal" }, form: url.Values{},
			owner: redirectsTo("/dashboard")},
		{name: "review alerts setting", path: func(f *teamFixture) string { return "/profile/review-alerts" }, form: url.Values{"review_alerts": {store.ReviewAlertsDaily}},
			owner: func(t *testing.T, f *teamFixture, res *http.Response, doc *goquery.Document) {
				wantStatus(t, res, http.StatusSeeOther)
			}},
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newTeamFixture(t, app)
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				send := func(client *testApp) (*http.Response, *goquery.Document) {
					var res *http.Response
					var body string
					if c.form == nil {
						res, body = client.get(t, c.path(f))
					} else {
						res, body = client.post(t, c.path(f), c.form)
					}
					return res, parseHTML(t, body)
				}
				res, doc := send(f.memberC)
				t.Run("member", func(t *testing.T) { ownerOnlyPage(t, f, res, doc) })
				res, doc = send(f.ownerC)
				t.Run("owner", func(t *testing.T) { c.owner(t, f, res, doc) })
			})
		}

		t.Run("deleting a listing", func(t *testing.T) {
			res, doc := f.memberC.post(t, f.bizPath("/delete"), url.Values{})
			ownerOnlyPage(t, f, res, parseHTML(t, doc))
			if _, err := app.store.BusinessByID(context.Background(), f.biz.ID); err != nil {
				t.Fatalf("a member's request deleted the listing: %v", err)
			}
			res, _ = f.ownerC.post(t, f.bizPath("/delete"), url.Values{})
			redirectsTo("/dashboard")(t, f, res, nil)
		})
	})
}

// A member's pages show whose account it is and none of the owner's
// controls; the owner's show them.
func TestTeamMemberPagesHideOwnerControls(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newTeamFixture(t, app)
		for _, who := range []struct {
			name   string
			client *testApp
			member bool
		}{{"owner", f.ownerC, false}, {"member", f.memberC, true}} {
			t.Run(who.name, func(t *testing.T) {
				_, body := who.client.get(t, "/dashboard")
				doc := parseHTML(t, body)
				if got := byTestID(doc, "member-of").Length() > 0; got != who.member {
					t.Errorf("'You are a member of' shown: %v", got)
				}
				if who.member && !anyContains([]string{textOf(byTestID(doc, "member-of"))}, f.owner.Email) {
					t.Errorf("the dashboard does not name the owner: %q", textOf(byTestID(doc, "member-of")))
				}
				plan := byTestID(doc, "plan")
				if links(plan, "Upgrade Plan").Length() > 0 { // Pro is the top plan
					t.Error("'Upgrade Plan' in the plan panel of the top plan")
				}
				if textOf(byTestID(plan, "plan-name")) != plans.Pro.Name {
					t.Errorf("plan shown %q, want the account's %s", textOf(byTestID(plan, "plan-name")), plans.Pro.Name)
				}
				if dashboardListing(t, doc, "Harbor Tacos").Length() != 1 {
					t.Error("the account's listing is not on the dashboard")
				}

				_, body = who.client.get(t, f.bizPath(""))
				doc = parseHTML(t, body)
				danger := region(doc, "Delete this listing")
				if got := links(danger, "Delete listing…").Length() > 0; got == who.member {
					t.Errorf("'Delete listing…' shown: %v", got)
				}
				if got := byTestID(danger, "owner-only").Length() > 0; got != who.member {
					t.Errorf("owner-only note shown: %v", got)
				}

				_, body = who.client.get(t, "/pricing")
				doc = parseHTML(t, body)
				// The owner may change the plan (here, without Stripe, the
				// paid plans say payments are not set up); a member is told
				// the owner alone does.
				if got := byTestID(doc, "payments-off").Length() > 0; got == who.member {
					t.Errorf("the owner's answer to a paid plan on /pricing: %v", got)
				}
				if got := byTestID(doc, "owner-only").Length() > 0; got != who.member {
					t.Errorf("owner-only note on /pricing: %v", got)
				}

				_, body = who.client.get(t, "/profile")
				doc = parseHTML(t, body)
				if got := named(doc, "legend", "Review alerts").Length() > 0; got == who.member {
					t.Errorf("review alerts setting shown: %v", got)
				}
			})
		}
	})
}

// A member's reply is signed by them; a member may not review the
// account's listing; the member's own views of it are not counted.
func TestTeamMemberReviewsAndCounting(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newTeamFixture(t, app)
		res, _ := f.memberC.post(t, f.reviewPath("/reply"), url.Values{"reply": {"Thanks from the team!"}})
		wantStatus(t, res, http.StatusSeeOther)
		got, err := app.store.ReviewByID(ctx, f.review.ID)
		must(t, err)
		if got.Reply != "Thanks from the team!" || !got.ReplyBy.Valid || got.ReplyBy.Int64 != f.member.ID {
			t.Fatalf("reply %q by %v, want the member's (%d)", got.Reply, got.ReplyBy, f.member.ID)
		}

		res, body := f.memberC.get(t, "/directory/"+f.biz.Slug+"/review")
		wantStatus(t, res, http.StatusForbidden)
		if headings(parseHTML(t, body), 1, "You can't review your own listing").Length() != 1 {
			t.Fatal("a member is not told they cannot review the account's listing")
		}
		_, err = app.store.CreateReview(ctx, store.NewReview{BusinessID: f.biz.ID, UserID: sql.NullInt64{Int64: f.member.ID, Valid: true}, AuthorName: "M",
			ReviewText: store.ReviewText{Rating: 5, Title: "Best", Body: "The best tacos in town, truly the best."}})
		if !errors.Is(err, store.ErrOwnListing) {
			t.Fatalf("store accepted a member's review of the account's listing: %v", err)
		}

		path := "/directory/" + f.biz.Slug
		for i, c := range []struct {
			who    string
			client *testApp
			views  int64
		}{{"member", f.memberC, 0}, {"owner", f.ownerC, 0}, {"stranger", f.strangerC, 1}} {
			got := countedDuring(t, app, []int64{f.biz.ID}, func() {
				res, _ := c.client.visit(t, http.MethodGet, path, map[string]string{"User-Agent": browserAgent(900 + i)})
				wantStatus(t, res, http.StatusOK)
			})
			if got[f.biz.ID].Views != c.views {
				t.Errorf("the %s's view counted %d times, want %d", c.who, got[f.biz.ID].Views, c.views)
			}
		}
	})
}

// A member's claim of a listing nobody owns gives it, once approved, to
// the account they work in: the owner and the other members manage it.
func TestTeamMemberClaimsForTheAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newTeamFixture(t, app)
		seeded(t, app)
		res, body := f.memberC.post(t, bakery+"/claim", claimForm("manager", "I manage the shop for the owner; call the shop to check."))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("claim: %d %q %q", res.StatusCode, texts(parseHTML(t, body).Find("h1")), notices(parseHTML(t, body), "alert"))
		}
		pending, _, err := app.store.Claims(ctx, store.ClaimPending, store.Page{Limit: 10})
		must(t, err)
		if len(pending) != 1 || pending[0].UserID != f.member.ID {
			t.Fatalf("pending claims %+v, want the member's", pending)
		}
		admin := app.asAdmin(t)
		res, _ = admin.post(t, "/admin/claims/"+strconv.FormatInt(pending[0].ID, 10)+"/approve", nil)
		wantStatus(t, res, http.StatusSeeOther)
		b, err := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		must(t, err)
		if !b.OwnedBy(f.owner.ID) || !b.Claimed {
			t.Fatalf("claimed listing's account %v, want the owner's (%d)", b.OwnerID, f.owner.ID)
		}
		_, body = f.ownerC.get(t, "/dashboard")
		dashboardListing(t, parseHTML(t, body), b.Name)
		_, body = f.memberC.get(t, "/dashboard")
		dashboardListing(t, parseHTML(t, body), b.Name)
	}, withAdmin)
}

// A person who signed up for themselves and joined a team works in the
// team's business account; once removed, their own home is back.
func TestTeamMemberWithAPersonalAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newTeamFixture(t, app)
		person := app.newClient()
		u := person.account(t, "person@harbor.test", store.KindIndividual)
		must(t, app.store.AddTeamMember(ctx, f.owner.ID, u.ID, f.owner.ID))

		_, body := person.get(t, "/dashboard")
		dashboardListing(t, parseHTML(t, body), "Harbor Tacos")
		res, body := person.get(t, "/dashboard/leads")
		wantStatus(t, res, http.StatusOK)
		if linksTo(parseHTML(t, body), f.leadPath("")).Length() == 0 {
			t.Fatal("the member's inbox lacks the account's lead")
		}

		must(t, app.store.RemoveTeamMember(ctx, f.owner.ID, u.ID))
		_, body = person.get(t, "/dashboard")
		if region(parseHTML(t, body), "Your Businesses").Length() != 0 {
			t.Fatal("a removed member still sees the business dashboard")
		}
		res, body = person.get(t, "/dashboard/leads")
		notFoundPage(t, res, parseHTML(t, body))
	})
}

// Closing: the owner is told the members lose access; a member closing
// their own account leaves the team, and the account keeps its listing,
// lead and plan.
func TestTeamClosingAccounts(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newTeamFixture(t, app)
		_, body := f.ownerC.get(t, "/profile/close")
		doc := parseHTML(t, body)
		if !anyContains([]string{textOf(byTestID(doc, "close-members"))}, f.member.Email) {
			t.Fatalf("the owner's close page does not name the member who loses access: %q", textOf(byTestID(doc, "close-members")))
		}
		if byTestID(doc, "close-member").Length() != 0 {
			t.Fatal("the owner is told they leave a team")
		}

		_, body = f.memberC.get(t, "/profile/close")
		doc = parseHTML(t, body)
		if !anyContains([]string{textOf(byTestID(doc, "close-member"))}, f.owner.Email) {
			t.Fatalf("the member's close page does not say whose team they leave: %q", textOf(byTestID(doc, "close-member")))
		}
		res, _ := f.memberC.post(t, "/profile/close", url.Values{"current_password": {goodPassword}})
		redirectsTo("/")(t, f, res, nil)
		if _, err := app.store.UserByID(ctx, f.member.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the member's account is still there: %v", err)
		}
		b, err := app.store.BusinessByID(ctx, f.biz.ID)
		must(t, err)
		if !b.OwnedBy(f.owner.ID) || !b.Published {
			t.Fatalf("the account's listing changed when a member left: owner %v published %v", b.OwnerID, b.Published)
		}
		if _, err := app.store.LeadForOwner(ctx, f.owner.ID, f.lead.ID); err != nil {
			t.Fatalf("the account's lead went with the member: %v", err)
		}
		_, body = f.ownerC.get(t, "/dashboard")
		if textOf(byTestID(byTestID(parseHTML(t, body), "plan"), "plan-name")) != plans.Pro.Name {
			t.Fatal("the account's plan changed when a member left")
		}
	})
}
