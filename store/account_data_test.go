package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// accountWorld is two owners, alice and bob, each with a listing, a
// lead from a visitor, an enquiry and a review sent to the other's
// listing, a reply to the review received, a helpful mark, a saved
// listing, a claim, a quote request, a newsletter subscription, AI
// insights and a paid plan; everything only one of them may see carries
// their secret word (ALICESECRET, BOBSECRET).
type accountWorld struct {
	alice, bob         store.User
	aliceBiz, bobBiz   store.Business
	neutral            store.Business // nobody's, with a seed review
	neutralReview      int64
	aliceReview        store.Review // alice's review of bob's listing
	bobReview          store.Review // bob's review of alice's listing
	aliceSent, bobSent store.Lead   // enquiries each sent to the other's listing
}

func newAccountWorld(t *testing.T, s *store.Store) accountWorld {
	t.Helper()
	ctx := context.Background()
	var w accountWorld
	person := func(name, secret string) (store.User, store.Business) {
		email := strings.ToLower(name) + "@example.com"
		u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "hash", Kind: store.KindBusiness,
			Profile: store.Profile{FullName: name + " Owner", Phone: "555-" + secret}})
		must(t, err)
		must(t, s.MarkEmailVerified(ctx, u.ID))
		b, err := s.CreateBusiness(ctx, store.Business{Name: name + "'s Bakery", Category: "food", City: "Portland", State: "OR",
			Published: true, Claimed: true, Email: email, OwnerID: sqlNullInt(u.ID)})
		must(t, err)
		l, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Visitor of " + name, Email: "visitor-" + email,
			Message: "Cake for " + secret})
		must(t, err)
		must(t, s.AddLeadNote(ctx, l.ID, u.ID, "note "+secret))
		must(t, s.AddInsights(ctx, b.ID, "builtin", []store.Insight{{Type: "profile", Title: "Insight " + secret, Content: "Do more."}}))
		requesterExec(t, s, `INSERT INTO subscribers (email, list, created_at, confirmed_at) VALUES (?, 'newsletter', ?, ?)`,
			email, time.Now().UTC(), time.Now().UTC())
		requesterExec(t, s, `INSERT INTO subscriber_links (digest, subscriber_id, created_at) SELECT ?, id, ? FROM subscribers WHERE email = ?`,
			"subtok-"+secret, time.Now().UTC(), email)
		requesterExec(t, s, `INSERT INTO subscriptions (stripe_subscription_id, user_id, stripe_customer_id, plan, status, current_period_end, updated_at)
			VALUES (?, ?, ?, 'growth', 'active', ?, ?)`, "sub_"+secret, u.ID, "cus_"+secret, time.Now().Add(72*time.Hour).UTC(), time.Now().UTC())
		return u, b
	}
	w.alice, w.aliceBiz = person("Alice", "ALICESECRET")
	w.bob, w.bobBiz = person("Bob", "BOBSECRET")
	w.neutral = requesterListing(t, s, "Neutral Cafe")
	seed, err := s.CreateReview(ctx, store.NewReview{BusinessID: w.neutral.ID, AuthorName: "Seed", ReviewText: store.ReviewText{Rating: 4, Title: "Good", Body: "Good coffee."}})
	must(t, err)
	w.neutralReview = seed.ID

	acts := func(u store.User, other store.Business, secret string) (store.Review, store.Lead) {
		r, err := s.CreateReview(ctx, store.NewReview{BusinessID: other.ID, UserID: sqlNullInt(u.ID), AuthorName: "Reviewer " + secret,
			ReviewText: store.ReviewText{Rating: 5, Title: "Great " + secret, Body: "Loved it."}})
		must(t, err)
		l, err := s.CreateLead(ctx, store.Lead{BusinessID: other.ID, Name: "Sender " + secret, Email: u.Email, Message: "Hello from " + secret, UserID: sqlNullInt(u.ID)})
		must(t, err)
		_, err = s.MarkHelpful(ctx, w.neutralReview, u.ID)
		must(t, err)
		must(t, s.SaveBusiness(ctx, u.ID, w.neutral.ID))
		_, err = s.CreateClaim(ctx, store.Claim{BusinessID: w.neutral.ID, UserID: u.ID, Role: "Owner", Message: "Mine " + secret})
		must(t, err)
		requesterRequest(t, s, "tok-"+secret, u.ID, "food", time.Now())
		requesterExec(t, s, `UPDATE quote_requests SET description = ? WHERE token = ?`, "Wedding cake "+secret, "tok-"+secret)
		return r, l
	}
	w.aliceReview, w.aliceSent = acts(w.alice, w.bobBiz, "ALICESECRET")
	w.bobReview, w.bobSent = acts(w.bob, w.aliceBiz, "BOBSECRET")
	_, err = s.SetReply(ctx, w.aliceReview.ID, w.bob.ID, "Thanks, reply BOBSECRET")
	must(t, err)
	_, err = s.SetReply(ctx, w.bobReview.ID, w.alice.ID, "Thanks, reply ALICESECRET")
	must(t, err)
	return w
}

// exportJSON is an account's export as the download gives it.
func exportJSON(t *testing.T, s *store.Store, userID int64) (store.AccountData, string) {
	t.Helper()
	d, err := s.AccountData(context.Background(), userID, -1)
	must(t, err)
	b, err := json.Marshal(d)
	must(t, err)
	return d, string(b)
}

func TestAccountDataHoldsTheAccountsRecordsAndNobodyElses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		w := newAccountWorld(t, s)
		for _, tc := range []struct {
			who           store.User
			own, other    string
			biz, otherBiz store.Business
		}{
			{w.alice, "ALICESECRET", "BOBSECRET", w.aliceBiz, w.bobBiz},
			{w.bob, "BOBSECRET", "ALICESECRET", w.bobBiz, w.aliceBiz},
		} {
			d, raw := exportJSON(t, s, tc.who.ID)
			// What the other wrote reaches this account only as what they
			// sent it: the enquiry and the review of its listing.
			rest := strings.NewReplacer("Sender "+tc.other, "", "Hello from "+tc.other, "", "Reviewer "+tc.other, "", "Great "+tc.other, "", "Thanks, reply "+tc.other, "").Replace(raw)
			if strings.Contains(rest, tc.other) {
				t.Errorf("%s's export holds the other account's data:\n%s", tc.who.Email, raw)
			}
			a := d.Account
			if a.ID != tc.who.ID || a.Email != tc.who.Email || a.Kind != store.KindBusiness || a.Phone != "555-"+tc.own || !a.EmailVerifiedAt.Valid || a.ReviewAlerts != "each" || !a.AnalyticsSummary {
				t.Errorf("account = %+v", a)
			}
			if len(d.Listings) != 1 || d.Listings[0].Name != tc.biz.Name || !d.Listings[0].Published || d.Listings[0].Email != tc.who.Email {
				t.Errorf("listings = %+v", d.Listings)
			}
			var leadNames []string
			for _, l := range d.LeadsReceived {
				leadNames = append(leadNames, l.Name)
			}
			if want := []string{"Visitor of " + strings.TrimSuffix(tc.biz.Name, "'s Bakery"), "Sender " + tc.other}; !slices.Equal(leadNames, want) {
				t.Errorf("leads received = %v, want %v", leadNames, want)
			}
			if h := d.LeadsReceived[0].Events; len(h) != 1 || h[0].Kind != store.LeadEventNote || h[0].Body != "note "+tc.own || !h[0].ByYou {
				t.Errorf("lead history = %+v", h)
			}
			if len(d.EnquiriesSent) != 1 || d.EnquiriesSent[0].Listing != tc.otherBiz.Name || d.EnquiriesSent[0].Message != "Hello from "+tc.own {
				t.Errorf("enquiries sent = %+v", d.EnquiriesSent)
			}
			if len(d.ReviewsWritten) != 1 || d.ReviewsWritten[0].Listing != tc.otherBiz.Name || d.ReviewsWritten[0].Reply != "Thanks, reply "+tc.other {
				t.Errorf("reviews written = %+v", d.ReviewsWritten)
			}
			if len(d.ReviewsOfListings) != 1 || d.ReviewsOfListings[0].AuthorName != "Reviewer "+tc.other || d.ReviewsOfListings[0].Reply != "Thanks, reply "+tc.own {
				t.Errorf("reviews of the listings = %+v", d.ReviewsOfListings)
			}
			if len(d.QuoteRequests) != 1 || d.QuoteRequests[0].Description != "Wedding cake "+tc.own {
				t.Errorf("quote requests = %+v", d.QuoteRequests)
			}
			if len(d.SavedBusinesses) != 1 || len(d.Claims) != 1 || d.Claims[0].Message != "Mine "+tc.own || len(d.HelpfulMarks) != 1 {
				t.Errorf("saved %+v, claims %+v, helpful %+v", d.SavedBusinesses, d.Claims, d.HelpfulMarks)
			}
			if len(d.Insights) != 1 || d.Insights[0].Title != "Insight "+tc.own {
				t.Errorf("insights = %+v", d.Insights)
			}
			if len(d.Subscriptions) != 1 || d.Subscriptions[0].ID != "sub_"+tc.own || d.Subscriptions[0].Plan != "growth" {
				t.Errorf("subscriptions = %+v", d.Subscriptions)
			}
			if len(d.MailingLists) != 1 || d.MailingLists[0].List != "newsletter" {
				t.Errorf("mailing lists = %+v", d.MailingLists)
			}
			if !strings.Contains(raw, `"review_reports":[]`) || !strings.Contains(raw, `"verification_requests":[]`) {
				t.Errorf("an empty list is not []: %s", raw)
			}
		}
		if _, err := s.AccountData(context.Background(), 999999, -1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("export of no account = %v, want ErrNotFound", err)
		}
	})
}

// Leads past the plan's cap are exported as the inbox shows them: locked,
// without their sender's details.
func TestAccountDataLocksLeadsPastThePlansCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		w := newAccountWorld(t, s)
		d, err := s.AccountData(context.Background(), w.alice.ID, 1)
		must(t, err)
		if len(d.LeadsReceived) != 2 || d.LeadsReceived[0].Locked || !d.LeadsReceived[1].Locked ||
			d.LeadsReceived[1].Name != "" || d.LeadsReceived[1].Email != "" || d.LeadsReceived[1].Message != "" {
			t.Errorf("leads with a cap of 1 = %+v", d.LeadsReceived)
		}
	})
}

func TestCloseAccountErasesTheAccountAndKeepsOthers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newAccountWorld(t, s)
		bobBefore, _ := exportJSON(t, s, w.bob.ID)

		var told store.ClosedAccount
		closed, err := s.CloseAccount(ctx, w.alice.ID, func(tx *store.Store, c store.ClosedAccount) error {
			told = c
			// The confirmation is queued while the account still exists.
			if _, err := tx.UserByID(ctx, w.alice.ID); err != nil {
				t.Errorf("the account is gone before the confirmation: %v", err)
			}
			return tx.Enqueue(ctx, store.NewJob{Kind: "email", Payload: []byte(`{"to":"alice@example.com"}`), MaxAttempts: 1})
		})
		must(t, err)
		want := store.ClosedAccount{Email: "alice@example.com", Listings: []string{"Alice's Bakery"}, LeadsErased: 2, ReviewsDeleted: 1, QuoteRequests: 1, Saved: 1}
		if !equalClosed(closed, want) || !equalClosed(told, want) {
			t.Errorf("closed = %+v, told %+v, want %+v", closed, told, want)
		}

		// The account is gone; its address can sign up again.
		if _, err := s.UserByEmail(ctx, "alice@example.com"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the account is still found: %v", err)
		}
		if _, err := s.AccountData(ctx, w.alice.ID, -1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the closed account still exports: %v", err)
		}
		if _, _, err := s.CreateAccount(ctx, newAccount("alice@example.com")); err != nil {
			t.Errorf("the address cannot sign up again: %v", err)
		}

		// Its listing is out of the directory, nobody's, with nothing of
		// alice's left on it.
		b, err := s.BusinessByID(ctx, w.aliceBiz.ID)
		must(t, err)
		if b.OwnerID.Valid || b.Published || b.Claimed || b.Verified || b.Email != "" {
			t.Errorf("alice's listing after closing = %+v", b)
		}
		var leads []struct {
			Name    string       `db:"name"`
			Message string       `db:"message"`
			Deleted sql.NullTime `db:"deleted_at"`
		}
		must(t, sqlSelect(s, &leads, `SELECT name, message, deleted_at FROM leads WHERE business_id = ?`, w.aliceBiz.ID))
		for _, l := range leads {
			if l.Name != "" || l.Message != "" || !l.Deleted.Valid {
				t.Errorf("a lead of alice's listing was not erased: %+v", l)
			}
		}
		if n := count(t, s, `SELECT COUNT(*) FROM lead_events e JOIN leads l ON l.id = e.lead_id WHERE l.business_id = ?`, w.aliceBiz.ID); n != 0 {
			t.Errorf("%d lead events left on alice's listing", n)
		}
		if n := count(t, s, `SELECT COUNT(*) FROM ai_insights WHERE business_id = ?`, w.aliceBiz.ID); n != 0 {
			t.Errorf("%d insights left on alice's listing", n)
		}
		// Bob's review of it stays (it is his), without alice's reply.
		r, err := s.ReviewByID(ctx, w.bobReview.ID)
		must(t, err)
		if r.Body != "Loved it." || r.Reply != "" || r.ReplyBy.Valid {
			t.Errorf("bob's review of alice's listing = %+v", r)
		}

		// Alice's review is deleted and bob's listing's figures follow; her
		// helpful mark is gone from the count, bob's stays.
		if _, err := s.ReviewByID(ctx, w.aliceReview.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("alice's review is still there: %v", err)
		}
		bb, err := s.BusinessByID(ctx, w.bobBiz.ID)
		must(t, err)
		if bb.ReviewCount != 0 || bb.Rating != 0 || !bb.Published || !bb.OwnedBy(w.bob.ID) {
			t.Errorf("bob's listing after alice left = %+v", bb)
		}
		seed, err := s.ReviewByID(ctx, w.neutralReview)
		must(t, err)
		if seed.HelpfulCount != 1 {
			t.Errorf("helpful count = %d, want bob's 1", seed.HelpfulCount)
		}

		// What she sent to bob stays bob's; her own copies go.
		if n := count(t, s, `SELECT COUNT(*) FROM leads WHERE id = ? AND message = 'Hello from ALICESECRET' AND user_id IS NULL`, w.aliceSent.ID); n != 1 {
			t.Error("the enquiry alice sent to bob's listing did not stay bob's")
		}
		for _, q := range []string{
			`SELECT COUNT(*) FROM quote_requests WHERE token = 'tok-ALICESECRET'`,
			`SELECT COUNT(*) FROM saved_businesses WHERE user_id = ?`,
			`SELECT COUNT(*) FROM claims WHERE user_id = ?`,
			`SELECT COUNT(*) FROM profiles WHERE user_id = ?`,
			`SELECT COUNT(*) FROM subscribers WHERE email = 'alice@example.com'`,
			`SELECT COUNT(*) FROM subscriptions WHERE user_id = ?`,
		} {
			if n := count(t, s, q, w.alice.ID); n != 0 {
				t.Errorf("%s = %d after closing", q, n)
			}
		}
		if n := count(t, s, `SELECT COUNT(*) FROM subscriptions WHERE stripe_subscription_id = 'sub_ALICESECRET' AND status = 'canceled'`); n != 1 {
			t.Error("alice's subscription is not kept, canceled, as a payment record")
		}

		// Bob keeps all of his, less alice's review of his listing, her
		// reply to his review, and the enquiry he sent her listing: erased
		// with the leads her listing received, as her inbox's delete would.
		bobAfter, _ := exportJSON(t, s, w.bob.ID)
		bobBefore.ReviewsOfListings = []store.ExportListingReview{}
		bobBefore.EnquiriesSent = []store.ExportEnquiry{}
		bobBefore.ReviewsWritten[0].Reply, bobBefore.ReviewsWritten[0].RepliedAt = "", store.OptionalTime{}
		bobBefore.Listings[0].ReviewCount, bobBefore.Listings[0].Rating = 0, 0
		a, _ := json.Marshal(bobAfter)
		b2, _ := json.Marshal(bobBefore)
		if string(a) != string(b2) {
			t.Errorf("bob's data changed:\nbefore %s\nafter  %s", b2, a)
		}
	})
}

func equalClosed(a, b store.ClosedAccount) bool {
	return a.Email == b.Email && slices.Equal(a.Listings, b.Listings) && a.LeadsErased == b.LeadsErased &&
		a.ReviewsDeleted == b.ReviewsDeleted && a.QuoteRequests == b.QuoteRequests && a.Saved == b.Saved
}

// count runs a COUNT query; the args are given only where it has a ?.
func count(t *testing.T, s *store.Store, query string, args ...any) int {
	t.Helper()
	var n int
	if !strings.Contains(query, "?") {
		args = nil
	}
	must(t, sqlSelect(s, &n, query, args...))
	return n
}

// sqlSelect reads query's rows (or one value) into dest.
func sqlSelect(s *store.Store, dest any, query string, args ...any) error {
	return s.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		if strings.HasPrefix(query, "SELECT COUNT") {
			return tx.GetContext(context.Background(), dest, tx.Rebind(query), args...)
		}
		return tx.SelectContext(context.Background(), dest, tx.Rebind(query), args...)
	})
}

func TestOtherAdministrators(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a, _, err := s.CreateAccount(ctx, newAccount("a@example.com"))
		must(t, err)
		_, _, err = s.CreateAccount(ctx, newAccount("b@example.com"))
		must(t, err)
		must(t, s.SetAdmin(ctx, "a@example.com", true))
		for _, tc := range []struct {
			configured []string
			want       int
		}{
			{nil, 0},
			{[]string{"B@example.com"}, 1},
			{[]string{"a@example.com", "nobody@example.com"}, 0},
		} {
			if n, err := s.OtherAdministrators(ctx, a.ID, tc.configured); err != nil || n != tc.want {
				t.Errorf("other administrators with %v = %d, %v; want %d", tc.configured, n, err, tc.want)
			}
		}
		must(t, s.SetAdmin(ctx, "b@example.com", true))
		if n, _ := s.OtherAdministrators(ctx, a.ID, nil); n != 1 {
			t.Errorf("with b granted: %d other administrators, want 1", n)
		}
	})
}

// The data file names each day of a listing's hours, and gives a listing
// without tags or services empty lists rather than null.
func TestAccountDataNamesTheDaysOfTheHours(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "hours@example.com", PasswordHash: "hash", Kind: store.KindBusiness})
		must(t, err)
		_, err = s.CreateBusiness(ctx, store.Business{Name: "Hours Bakery", Category: "food", City: "Portland", State: "OR",
			Published: true, Claimed: true, Hours: store.DefaultWeek(), OwnerID: sqlNullInt(u.ID)})
		must(t, err)
		_, raw := exportJSON(t, s, u.ID)
		var f struct {
			Listings []struct {
				Hours []struct {
					Day, Open, Close string
					Closed           bool
				} `json:"hours"`
				Tags     []string `json:"tags"`
				Services []string `json:"services"`
			} `json:"listings"`
		}
		must(t, json.Unmarshal([]byte(raw), &f))
		if len(f.Listings) != 1 || len(f.Listings[0].Hours) != 7 {
			t.Fatalf("listings = %+v", f.Listings)
		}
		l := f.Listings[0]
		if mon, sun := l.Hours[0], l.Hours[6]; mon.Day != "Monday" || mon.Open != "09:00" || mon.Close != "17:00" || sun.Day != "Sunday" || !sun.Closed {
			t.Errorf("hours = %+v", l.Hours)
		}
		if l.Tags == nil || l.Services == nil {
			t.Errorf("tags %v, services %v: want empty lists, not null", l.Tags, l.Services)
		}
	})
}
