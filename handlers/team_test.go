package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jmoiron/sqlx"

	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

const teamOwnerEmail = "owner@team.test"

// teamAccount signs app in as the owner of a business account with a
// published listing that has a lead, on plan ("" for the free plan).
func teamAccount(t *testing.T, app *testApp, plan string) (store.User, store.Business) {
	t.Helper()
	ctx := context.Background()
	owner := app.account(t, teamOwnerEmail, store.KindBusiness)
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Harbor Team Bakery", Published: true, OwnerID: nullID(owner.ID)})
	must(t, err)
	_, err = app.store.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Lena Lead", Email: "lena@example.com", Message: "Two dozen rolls, please."})
	must(t, err)
	if plan != "" {
		onPlan(t, app, owner.ID, plan)
	}
	return owner, b
}

// sendInvite posts the owner's invitation form.
func sendInvite(t *testing.T, owner *testApp, email string) (*http.Response, *goquery.Document) {
	t.Helper()
	res, body := owner.post(t, views.TeamPath+"/invites", url.Values{"email": {email}})
	return res, parseHTML(t, body)
}

// invited sends an invitation to email and returns the path of its link.
func invited(t *testing.T, owner *testApp, email string) string {
	t.Helper()
	if res, _ := sendInvite(t, owner, email); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("invite %s: status %d", email, res.StatusCode)
	}
	return inviteLink(t, owner, email)
}

// inviteLink is the path of the newest invitation link emailed to email.
func inviteLink(t *testing.T, app *testApp, email string) string {
	t.Helper()
	return strings.TrimPrefix(app.inbox.link(t, email, "/team/invite?token="), testSite.BaseURL)
}

// invitationPage opens an invitation link and returns its state.
func invitationPage(t *testing.T, client *testApp, link string) (int, string, *goquery.Document) {
	t.Helper()
	res, body := client.get(t, link)
	doc := parseHTML(t, body)
	card := byTestID(doc, "team-invitation")
	if card.Length() != 1 {
		t.Fatalf("GET %s: no invitation card (status %d)", link, res.StatusCode)
	}
	return res.StatusCode, card.AttrOr("data-state", ""), doc
}

// accept opens the link and presses Accept, as the invitee does.
func accept(t *testing.T, client *testApp, link string) (*http.Response, *goquery.Document) {
	t.Helper()
	status, state, doc := invitationPage(t, client, link)
	if status != http.StatusOK || state != views.InviteOpen {
		t.Fatalf("invitation page: %d %s", status, state)
	}
	form := formOf(doc, "Accept the invitation")
	if form.AttrOr("method", "") != "post" {
		t.Fatal("Accept is not a POST form")
	}
	token, _ := form.Find(`input[name="token"]`).Attr("value")
	res, body := client.post(t, form.AttrOr("action", ""), url.Values{"token": {token}})
	return res, parseHTML(t, body)
}

// joined is a new browser of email (a personal account, signed in) that
// accepted an invitation to the owner's team.
func joined(t *testing.T, owner *testApp, email string) (*testApp, store.User) {
	t.Helper()
	link := invited(t, owner, email)
	member := owner.newClient()
	u := member.account(t, email, store.KindIndividual)
	if res, _ := accept(t, member, link); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard" {
		t.Fatalf("accept: %d to %s", res.StatusCode, res.Header.Get("Location"))
	}
	return member, u
}

// teamPage is the team page as client sees it.
func teamPage(t *testing.T, client *testApp) *goquery.Document {
	t.Helper()
	res, body := client.get(t, views.TeamPath)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("team page: %d", res.StatusCode)
	}
	return parseHTML(t, body)
}

// seeesAccount reports whether client works in the account of listing b:
// its lead in the inbox and its manage page.
func seesAccount(t *testing.T, client *testApp, b store.Business) bool {
	t.Helper()
	res, body := client.get(t, "/dashboard/leads")
	leads := res.StatusCode == http.StatusOK && byTestID(parseHTML(t, body), "lead-row").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return strings.Contains(textOf(s), "Lena Lead")
	}).Length() == 1
	res, _ = client.get(t, "/dashboard/businesses/"+itoa(int(b.ID)))
	manage := res.StatusCode == http.StatusOK
	if leads != manage {
		t.Fatalf("the lead inbox (%v) and the manage page (%v) disagree", leads, manage)
	}
	return leads
}

func TestTeamInvitationIsAcceptedOnceAndOpensTheAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, listing := teamAccount(t, app, plans.Pro.ID)
		link := invited(t, app, "Ines@Team.test")
		m := app.inbox.waitFor(t, "ines@team.test")
		if !strings.Contains(m.Subject, "invited you") || !strings.Contains(m.Text, "Harbor Team Bakery") {
			t.Errorf("invitation email: %q\n%s", m.Subject, m.Text)
		}
		doc := teamPage(t, app)
		if got := textOf(byTestID(doc, "team-seats")); got != "2 of 5 seats used" {
			t.Errorf("seats %q", got)
		}
		if byTestID(doc, "team-invite").AttrOr("data-email", "") != "ines@team.test" {
			t.Error("the open invitation is not listed")
		}

		// Signed out: the page names the team and offers to sign in and
		// come back.
		ines := app.newClient()
		status, state, page := invitationPage(t, ines, link)
		if status != http.StatusOK || state != views.InviteSignIn {
			t.Fatalf("signed out: %d %s", status, state)
		}
		if !hasLink(page, "Sign in", "/login?next="+url.QueryEscape(link)) || !hasLink(page, "Sign up", "/signup?next="+url.QueryEscape(link)) {
			t.Error("no sign-in and sign-up links that come back")
		}
		if !strings.Contains(textOf(byTestID(page, "team-invitation")), "Harbor Team Bakery") {
			t.Error("the page does not name the account")
		}
		// A POST without a session goes to sign in, and back.
		token := strings.TrimPrefix(link, "/team/invite?token=")
		tokenValue, _ := url.QueryUnescape(token)
		res, _ := ines.post(t, "/team/invite", url.Values{"token": {tokenValue}})
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login?next=") {
			t.Fatalf("signed-out accept: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
		if seesAccount(t, ines, listing) {
			t.Fatal("a signed-out visitor sees the account")
		}

		ines.account(t, "ines@team.test", store.KindIndividual)
		if seesAccount(t, ines, listing) {
			t.Fatal("sees the account before accepting")
		}
		res, _ = accept(t, ines, link)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("accept: %d", res.StatusCode)
		}
		if m := ownerMail(t, app, "joined your team"); !strings.Contains(m.Text, "ines@team.test) accepted your invitation") {
			t.Errorf("the owner's email names no one:\n%s", m.Text)
		}
		if !seesAccount(t, ines, listing) {
			t.Fatal("the member does not see the account's leads and listing")
		}
		// Used twice: refused with a page, not a 500.
		status, state, _ = invitationPage(t, ines, link)
		if status != http.StatusGone || state != views.InviteUsed {
			t.Errorf("second visit: %d %s", status, state)
		}
		res, body := ines.post(t, "/team/invite", url.Values{"token": {tokenValue}})
		if res.StatusCode != http.StatusGone || byTestID(parseHTML(t, body), "team-invitation").AttrOr("data-state", "") != views.InviteUsed {
			t.Errorf("second accept: %d", res.StatusCode)
		}

		// The member sees the team read-only, with a way out.
		doc = teamPage(t, ines)
		if buttons(doc, "Send invitation").Length() != 0 || links(doc, "Remove ines@team.test").Length() != 0 {
			t.Error("a member is offered the owner's controls")
		}
		if !hasLink(doc, "Leave the team", views.TeamPath+"/leave") {
			t.Error("no way to leave")
		}
		if byTestID(doc, "team-member").AttrOr("data-email", "") != "ines@team.test" {
			t.Error("the member is not listed")
		}
		res, _ = ines.post(t, views.TeamPath+"/invites", url.Values{"email": {"friend@team.test"}})
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("a member's invitation: %d, want 403", res.StatusCode)
		}

		doc = teamPage(t, app)
		if got := textOf(byTestID(doc, "team-seats")); got != "2 of 5 seats used" {
			t.Errorf("seats after joining %q", got)
		}
		member := byTestID(doc, "team-member")
		if member.AttrOr("data-email", "") != "ines@team.test" || !strings.Contains(textOf(member), "invited by "+teamOwnerEmail) {
			t.Errorf("member row %q", textOf(member))
		}
		if byTestID(doc, "team-invite").Length() != 0 {
			t.Error("the accepted invitation is still listed")
		}
	})
}

func TestTeamInvitationRefusals(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		teamAccount(t, app, plans.Pro.ID)
		ctx := context.Background()

		// Another address: refused, without showing the invited one.
		link := invited(t, app, "invited@team.test")
		other := app.newClient()
		other.account(t, "someone@else.test", store.KindIndividual)
		status, state, doc := invitationPage(t, other, link)
		text := textOf(byTestID(doc, "team-invitation"))
		if status != http.StatusForbidden || state != views.InviteOtherEmail || strings.Contains(text, "invited@team.test") ||
			!strings.Contains(text, "i…@team.test") || !strings.Contains(text, "someone@else.test") {
			t.Errorf("another address: %d %s %q", status, state, text)
		}
		res, body := other.post(t, "/team/invite", url.Values{"token": {tokenOf(t, link)}})
		if res.StatusCode != http.StatusForbidden || byTestID(parseHTML(t, body), "team-invitation").AttrOr("data-state", "") != views.InviteOtherEmail {
			t.Errorf("accepted by another address: %d", res.StatusCode)
		}

		// Expired.
		late := invited(t, app, "late@team.test")
		must(t, app.store.WithTx(ctx, func(tx *sqlx.Tx) error {
			_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE team_invites SET expires_at = ? WHERE token_hash = ?`), time.Now().Add(-time.Minute).UTC(), store.Digest(tokenOf(t, late)))
			return err
		}))
		lateClient := app.newClient()
		lateClient.account(t, "late@team.test", store.KindIndividual)
		if status, state, _ := invitationPage(t, lateClient, late); status != http.StatusGone || state != views.InviteExpired {
			t.Errorf("expired: %d %s", status, state)
		}
		if res, _ := lateClient.post(t, "/team/invite", url.Values{"token": {tokenOf(t, late)}}); res.StatusCode != http.StatusGone {
			t.Errorf("expired accepted: %d", res.StatusCode)
		}
		doc = teamPage(t, app)
		if byTestID(doc, "team-invite").FilterFunction(func(_ int, s *goquery.Selection) bool {
			return s.AttrOr("data-email", "") == "late@team.test" && strings.Contains(textOf(s), "Expired")
		}).Length() != 1 {
			t.Error("the expired invitation is not shown as expired")
		}

		// Revoked by the owner.
		gone := invited(t, app, "gone@team.test")
		doc = teamPage(t, app)
		revoke := formOf(doc, "Revoke the invitation of gone@team.test")
		if res, _ := app.post(t, revoke.AttrOr("action", ""), nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("revoke: %d", res.StatusCode)
		}
		goneClient := app.newClient()
		goneClient.account(t, "gone@team.test", store.KindIndividual)
		if status, state, _ := invitationPage(t, goneClient, gone); status != http.StatusGone || state != views.InviteRevoked {
			t.Errorf("revoked: %d %s", status, state)
		}

		// Sent again: a new link works, the old one no longer.
		first := invited(t, app, "again@team.test")
		doc = teamPage(t, app)
		resend := formOf(doc, "Send again to again@team.test")
		if res, _ := app.post(t, resend.AttrOr("action", ""), nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("resend: %d", res.StatusCode)
		}
		waitForMails(t, app, "again@team.test", 2)
		second := inviteLink(t, app, "again@team.test")
		if second == first {
			t.Fatal("sending again sent the same link")
		}
		againClient := app.newClient()
		againClient.account(t, "again@team.test", store.KindIndividual)
		if _, state, _ := invitationPage(t, againClient, first); state != views.InviteRevoked {
			t.Errorf("the first link after sending again: %s", state)
		}
		if _, state, _ := invitationPage(t, againClient, second); state != views.InviteOpen {
			t.Errorf("the new link: %s", state)
		}

		// Unknown.
		if status, state, _ := invitationPage(t, other, "/team/invite?token=nope"); status != http.StatusNotFound || state != views.InviteUnknown {
			t.Errorf("unknown: %d %s", status, state)
		}

		// Someone who owns listings must leave them first.
		ownerOfListings := app.newClient()
		lister := ownerOfListings.account(t, "lister@team.test", store.KindBusiness)
		_, err := app.store.CreateBusiness(ctx, store.Business{Name: "Their Own Shop", OwnerID: nullID(lister.ID)})
		must(t, err)
		listerLink := invited(t, app, "lister@team.test")
		status, state, doc = invitationPage(t, ownerOfListings, listerLink)
		if status != http.StatusConflict || state != views.InviteBlocked || !strings.Contains(textOf(byTestID(doc, "team-invitation")), "owns listings") {
			t.Errorf("an owner of listings: %d %s", status, state)
		}
		if res, _ := ownerOfListings.post(t, "/team/invite", url.Values{"token": {tokenOf(t, listerLink)}}); res.StatusCode != http.StatusConflict {
			t.Errorf("an owner of listings accepted: %d", res.StatusCode)
		}
		if u, err := app.store.UserByID(ctx, lister.ID); err != nil || u.Member() {
			t.Errorf("the owner of listings joined: %v", err)
		}
	})
}

// waitForMails waits until n messages went to addr.
func waitForMails(t *testing.T, app *testApp, addr string, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); app.inbox.count(t, addr) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d emails to %s, want %d", app.inbox.count(t, addr), addr, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// tokenOf is the token of an invitation link's path.
func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	must(t, err)
	return u.Query().Get("token")
}

func TestTeamSeatsFollowThePlan(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		owner, _ := teamAccount(t, app, "")
		// The free plan: the owner alone; the page names the plan with
		// seats; no form, and a forged POST is refused.
		doc := teamPage(t, app)
		if buttons(doc, "Send invitation").Length() != 0 {
			t.Error("the free plan offers invitations")
		}
		seats := byTestID(doc, "team-seats").Parent()
		if !strings.Contains(textOf(seats), "The Pro plan brings seats for up to 5 people") || !hasLink(seats, "Compare plans", "/pricing") {
			t.Errorf("free plan's seats: %q", textOf(seats))
		}
		res, page := sendInvite(t, app, "first@team.test")
		if res.StatusCode != http.StatusForbidden || !anyContains(notices(page, "alert"), "invitations come with the Pro plan") {
			t.Errorf("free plan invitation: %d %v", res.StatusCode, notices(page, "alert"))
		}
		if app.inbox.count(t, "first@team.test") != 0 {
			t.Error("an invitation went out on the free plan")
		}

		onPlan(t, app, owner.ID, plans.Pro.ID)
		// Validation, by the field, with the value kept.
		for _, tc := range []struct{ email, says string }{
			{"not-an-address", "valid email address"},
			{"", "Enter an email address"},
			{teamOwnerEmail, "your own address"},
		} {
			res, page := sendInvite(t, app, tc.email)
			field := labelled(t, page, "Email address")
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(field), tc.says) || valueOf(field) != tc.email {
				t.Errorf("%q: %d %q value %q", tc.email, res.StatusCode, fieldError(field), valueOf(field))
			}
		}
		joined(t, app, "member@team.test")
		for _, e := range []string{"two@team.test", "three@team.test", "four@team.test"} {
			invited(t, app, e)
		}
		for _, tc := range []struct{ email, says string }{
			{"Member@team.test", "is a member of your team already"},
			{"two@team.test", "Send it again from the list"},
			// Owner, a member and three open invitations: 5 of 5.
			{"six@team.test", "All 5 seats of your Pro plan are taken"},
		} {
			res, page := sendInvite(t, app, tc.email)
			field := labelled(t, page, "Email address")
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(field), tc.says) {
				t.Errorf("%q: %d %q", tc.email, res.StatusCode, fieldError(field))
			}
		}
		if got := textOf(byTestID(teamPage(t, app), "team-seats")); got != "5 of 5 seats used" {
			t.Errorf("seats %q", got)
		}
		if app.inbox.count(t, "six@team.test") != 0 {
			t.Error("the sixth seat was invited")
		}

		// The plan ends: the open invitations can no longer be accepted.
		ctx := context.Background()
		_, err := app.store.ProcessStripeEvent(ctx, "evt_team_ends", "customer.subscription.deleted", func(b *store.BillingTx) error {
			_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{SubscriptionID: "sub_pro_" + itoa(int(owner.ID)), CustomerID: "cus_pro_" + itoa(int(owner.ID)),
				UserID: owner.ID, Plan: plans.Pro.ID, Status: store.StatusCanceled, CurrentPeriodEnd: time.Now().Add(-time.Hour), At: time.Now().Unix() + 5})
			return err
		})
		must(t, err)
		doc = teamPage(t, app)
		if got := textOf(byTestID(doc, "team-seats")); got != "5 of 1 seat used" || byTestID(doc, "team-over").Length() != 1 {
			t.Errorf("seats after the plan ended %q, over-seat note %d", got, byTestID(doc, "team-over").Length())
		}
		two := app.newClient()
		two.account(t, "two@team.test", store.KindIndividual)
		link := inviteLink(t, app, "two@team.test")
		if status, state, _ := invitationPage(t, two, link); status != http.StatusConflict || state != views.InviteFull {
			t.Errorf("seats full at acceptance: %d %s", status, state)
		}
		if res, _ := two.post(t, "/team/invite", url.Values{"token": {tokenOf(t, link)}}); res.StatusCode != http.StatusConflict {
			t.Errorf("accepted without a seat: %d", res.StatusCode)
		}
	})
}

func TestTeamRemovalEndsAccessAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, listing := teamAccount(t, app, plans.Pro.ID)
		member, u := joined(t, app, "removed@team.test")
		if !seesAccount(t, member, listing) {
			t.Fatal("the member does not see the account")
		}
		doc := teamPage(t, app)
		confirm := links(doc, "Remove removed@team.test")
		if confirm.Length() != 1 {
			t.Fatal("no Remove link")
		}
		res, body := app.get(t, confirm.AttrOr("href", ""))
		page := parseHTML(t, body)
		form := formOf(page, "Yes, remove removed@team.test")
		if res.StatusCode != http.StatusOK || form.AttrOr("method", "") != "post" {
			t.Fatalf("confirm page: %d", res.StatusCode)
		}
		if res, _ := app.post(t, views.TeamMemberPath(u.ID, "remove"), nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("remove: %d", res.StatusCode)
		}
		// The member's session, signed in before, is refused on its very
		// next request.
		if seesAccount(t, member, listing) {
			t.Fatal("the removed member still sees the account")
		}
		if m := app.inbox.waitForSubject(t, "removed@team.test", "You were removed from the team"); !strings.Contains(m.Text, "Harbor Team Bakery") {
			t.Errorf("removal email: %s", m.Text)
		}
		if byTestID(teamPage(t, app), "team-member").Length() != 0 {
			t.Error("the removed member is still listed")
		}
	})
}

func TestTeamMemberLeaves(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, listing := teamAccount(t, app, plans.Pro.ID)
		member, _ := joined(t, app, "leaver@team.test")
		res, body := member.get(t, views.TeamPath+"/leave")
		if res.StatusCode != http.StatusOK || formOf(parseHTML(t, body), "Yes, leave the team").Length() != 1 {
			t.Fatalf("leave page: %d", res.StatusCode)
		}
		if res, _ := member.post(t, views.TeamPath+"/leave", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("leave: %d", res.StatusCode)
		}
		if seesAccount(t, member, listing) {
			t.Fatal("the member who left still sees the account")
		}
		if m := ownerMail(t, app, "left your team"); !strings.Contains(m.Text, "leaver@team.test) left your team") {
			t.Errorf("the owner's email names no one:\n%s", m.Text)
		}
		if res, _ := member.get(t, views.TeamPath); res.StatusCode != http.StatusNotFound {
			t.Errorf("team page after leaving a personal account: %d, want 404", res.StatusCode)
		}
		if byTestID(teamPage(t, app), "team-member").Length() != 0 {
			t.Error("the member who left is still listed")
		}
	})
}

func TestTeamOwnershipTransfer(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner, listing := teamAccount(t, app, plans.Pro.ID)
		heir, heirUser := joined(t, app, "heir@team.test")

		doc := teamPage(t, app)
		res, body := app.get(t, links(doc, "Make owner: heir@team.test").AttrOr("href", ""))
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || formOf(page, "Yes, make heir@team.test the owner").Length() != 1 ||
			!strings.Contains(textOf(page.Find("main")), "Billing moves with the account: the Pro plan") {
			t.Fatalf("transfer page: %d %q", res.StatusCode, textOf(page.Find("main")))
		}
		// Only the owner hands the account over.
		if res, _ := heir.post(t, views.TeamMemberPath(heirUser.ID, "transfer"), nil); res.StatusCode != http.StatusForbidden {
			t.Errorf("a member's transfer: %d", res.StatusCode)
		}
		if res, _ := app.post(t, views.TeamMemberPath(heirUser.ID, "transfer"), nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("transfer: %d", res.StatusCode)
		}
		app.inbox.waitForSubject(t, "heir@team.test", "You now own")

		// The new owner runs the team on the plan; the old one is a member.
		doc = teamPage(t, heir)
		if buttons(doc, "Send invitation").Length() != 1 || textOf(byTestID(doc, "team-seats")) != "2 of 5 seats used" {
			t.Errorf("the new owner's team page: seats %q", textOf(byTestID(doc, "team-seats")))
		}
		if byTestID(doc, "team-member").AttrOr("data-email", "") != teamOwnerEmail {
			t.Error("the former owner is not a member")
		}
		doc = teamPage(t, app)
		if buttons(doc, "Send invitation").Length() != 0 || !hasLink(doc, "Leave the team", views.TeamPath+"/leave") {
			t.Error("the former owner still has the owner's controls")
		}
		if !seesAccount(t, app, listing) || !seesAccount(t, heir, listing) {
			t.Error("both should work in the account")
		}
		subID := "sub_pro_" + itoa(int(owner.ID))
		sub, err := app.store.SubscriptionByID(ctx, subID)
		must(t, err)
		if sub.UserID.Int64 != heirUser.ID {
			t.Fatalf("the subscription is %d's, want %d", sub.UserID.Int64, heirUser.ID)
		}
		// Stripe's next event still carries the old owner in its metadata.
		_, err = app.store.ProcessStripeEvent(ctx, "evt_after_transfer", "customer.subscription.updated", func(b *store.BillingTx) error {
			_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{SubscriptionID: subID, CustomerID: "cus_pro_" + itoa(int(owner.ID)), UserID: owner.ID,
				Plan: plans.Pro.ID, Status: store.StatusActive, CurrentPeriodEnd: time.Now().AddDate(0, 2, 0), At: time.Now().Unix() + 5})
			return err
		})
		must(t, err)
		if sub, err := app.store.SubscriptionByID(ctx, subID); err != nil || sub.UserID.Int64 != heirUser.ID {
			t.Errorf("after a later event the subscription is %d's, want %d", sub.UserID.Int64, heirUser.ID)
		}
		if got := textOf(byTestID(teamPage(t, heir), "team-seats")); got != "2 of 5 seats used" {
			t.Errorf("after the event the new owner's seats: %q", got)
		}
	})
}

// ownerMail waits for the email to the team's owner whose subject says
// what happened.
func ownerMail(t *testing.T, app *testApp, subject string) sentMail {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, m := range app.inbox.all(t) {
			if strings.EqualFold(m.To, teamOwnerEmail) && strings.Contains(m.Subject, subject) {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no email to the owner about %q", subject)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// nullID is id as a nullable reference (0: none).
func nullID(id int64) sql.NullInt64 {
	return sql.NullInt64{Int64: id, Valid: id != 0}
}
