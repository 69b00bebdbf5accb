package handlers

import (
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views/content"
)

// The partner pages quote the programme's real rates and terms from the
// catalogue (issue 36): each plan's commission on /partners and in the
// partner terms, and the referral cookie in the privacy policy.

func rateOf(p plans.PartnerPlan) string { return strconv.Itoa(p.CommissionPercent) + "%" }

func TestPartnersPageShowsEachPlansRate(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/partners")
	main := parseHTML(t, body).Find("main")
	for _, p := range plans.PartnerPlans {
		card := region(main, p.Name)
		if card.Length() != 1 {
			t.Errorf("no card for partner plan %s", p.Name)
			continue
		}
		if got := textOf(card.Find("[data-commission]")); got != rateOf(p) {
			t.Errorf("plan %s shows commission %q, want %q", p.Name, got, rateOf(p))
		}
		if !strings.Contains(textOf(card), p.PriceLabel) {
			t.Errorf("plan %s does not say what it costs (%q)", p.Name, p.PriceLabel)
		}
		// Partner+'s agency features are built: the card includes them.
		if p.WhiteLabel && p.LeadZones {
			got := strings.Join(texts(card.Find(".check-list li")), "\n")
			for _, f := range []string{"White label", "monthly report per client", "Exclusive lead zones"} {
				if !strings.Contains(got, f) {
					t.Errorf("plan %s does not include %q: %q", p.Name, f, got)
				}
			}
		}
	}
	inShort := terms(region(main, "The terms in short"))
	for _, p := range plans.PartnerPlans {
		if !strings.Contains(inShort["Commission"], rateOf(p)+" on "+p.Name) {
			t.Errorf("the terms in short do not give %s's rate: %q", p.Name, inShort["Commission"])
		}
	}
	for term, want := range map[string]string{
		"Attribution": strconv.Itoa(plans.AttributionDays) + " days",
		"Hold":        strconv.Itoa(plans.HoldDays) + " days",
		"Payouts":     "$" + strconv.Itoa(plans.PayoutThresholdCents/100),
	} {
		if !strings.Contains(inShort[term], want) {
			t.Errorf("the terms in short: %s is %q, want it to say %q", term, inShort[term], want)
		}
	}
	if text := strings.ToLower(textOf(main)); strings.Contains(text, "coming soon") || strings.Contains(text, "opens") {
		t.Error("/partners still says the programme is yet to open")
	}
}

func TestPartnerTermsGiveEachPlansRate(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/partners/terms")
	main := parseHTML(t, body).Find("main")
	rates := texts(main.Find(`h2[id="plans"]`).NextAllFiltered("ul").First().Find("li"))
	for _, p := range plans.PartnerPlans {
		found := false
		for _, r := range rates {
			found = found || (strings.HasPrefix(r, p.Name+" (") && strings.Contains(r, rateOf(p)))
		}
		if !found {
			t.Errorf("the partner terms do not give %s's rate %s: %q", p.Name, rateOf(p), rates)
		}
	}
	for id, want := range map[string]string{
		"link":        strconv.Itoa(plans.AttributionDays) + " days",
		"commissions": strconv.Itoa(plans.CommissionMonths) + " months",
		"hold":        strconv.Itoa(plans.HoldDays) + " days",
		"payouts":     "$" + strconv.Itoa(plans.PayoutThresholdCents/100),
	} {
		h := main.Find(`h2[id="` + id + `"]`)
		if h.Length() != 1 || !strings.Contains(textOf(h.NextUntil("h2")), want) {
			t.Errorf("section #%s of the partner terms does not say %q", id, want)
		}
	}
}

func TestPrivacyPolicyDescribesTheReferralCookie(t *testing.T) {
	if content.ReferralCookieName != domain.ReferralCookie {
		t.Fatalf("the pages name the referral cookie %q; it is %q", content.ReferralCookieName, domain.ReferralCookie)
	}
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/privacy")
	main := parseHTML(t, body).Find("main")
	row := main.Find(`section table tr`).FilterFunction(func(_ int, tr *goquery.Selection) bool {
		return strings.Contains(textOf(tr.Find("td").First()), domain.ReferralCookie)
	})
	if row.Length() != 1 {
		t.Fatalf("the cookies table has no row naming %s", domain.ReferralCookie)
	}
	if life := textOf(row.Find("td").Last()); !strings.Contains(life, strconv.Itoa(plans.AttributionDays)+" days") {
		t.Errorf("the referral cookie's lifetime reads %q", life)
	}
	if purpose := textOf(row.Find("td").Eq(1)); !strings.Contains(purpose, "never used for advertising") {
		t.Errorf("the referral cookie's purpose does not rule out advertising: %q", purpose)
	}
	section := main.Find(`h2[id="referrals"]`)
	if section.Length() != 1 || linksTo(main, "#referrals").Length() == 0 {
		t.Fatal("no section on partner referrals, or nothing links to it")
	}
	if text := textOf(section.NextUntil("h2")); !strings.Contains(text, "salted") || !strings.Contains(text, "administrator") {
		t.Errorf("the referrals section does not say who sees an attribution and what the fraud checks keep: %q", text)
	}
}
