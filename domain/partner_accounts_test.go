package domain_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// partnerWorld is a domain on one engine with a clock the test moves,
// and its log.
type partnerWorld struct {
	s     *store.Store
	d     *domain.Domain
	now   time.Time
	log   *bytes.Buffer
	admin store.User
}

func newPartnerWorld(t *testing.T, s *store.Store) *partnerWorld {
	w := &partnerWorld{s: s, now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), log: &bytes.Buffer{}}
	w.d = domain.New(domain.Deps{Store: s, Log: slog.New(slog.NewTextHandler(w.log, nil)), Now: func() time.Time { return w.now }})
	w.admin = w.user(t, "admin@bizprofile.test", store.KindBusiness)
	return w
}

func (w *partnerWorld) user(t *testing.T, email, kind string) store.User {
	t.Helper()
	u, _, err := w.s.CreateAccount(context.Background(), store.NewAccount{Email: email, PasswordHash: "x", Kind: kind, Profile: store.Profile{FullName: "Someone"}})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// partner is an approved partner with email; it returns the account.
func (w *partnerWorld) partner(t *testing.T, email string) store.Partner {
	t.Helper()
	ctx := context.Background()
	u := w.user(t, email, store.KindPartner)
	if err := w.d.Partners.Apply(ctx, u, domain.PartnerApplication{Name: "Pat", Company: "Pat Co", Kind: "referral", Plan: "partner", AcceptTerms: true}); err != nil {
		t.Fatal(err)
	}
	if err := w.d.Partners.Decide(ctx, w.admin, u.ID, domain.PartnerDecision{Approve: true}); err != nil {
		t.Fatal(err)
	}
	p, err := w.d.Partners.Account(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func cookieAt(code string, at time.Time) string { return code + "." + strconv.FormatInt(at.Unix(), 10) }

// referrer is the partner account u is attributed to (0: none).
func (w *partnerWorld) referrer(t *testing.T, u store.User) int64 {
	t.Helper()
	r, err := w.s.ReferralOf(context.Background(), u.ID)
	if errors.Is(err, store.ErrNotFound) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return r.PartnerID
}

func TestPartnerApplicationRules(t *testing.T) {
	ok := domain.PartnerApplication{Name: "Pat", Company: "Pat Co", Kind: "referral", Plan: "partner-plus", AcceptTerms: true}
	if errs := ok.Check(); len(errs) != 0 {
		t.Fatalf("a good application: %v", errs)
	}
	bad := domain.PartnerApplication{Kind: "gold", Plan: "platinum", Website: "not a site"}
	errs := bad.Check()
	for _, f := range []string{"name", "company", "kind", "plan", "terms", "website"} {
		if errs[f] == "" {
			t.Errorf("no message for %s: %v", f, errs)
		}
	}
	su := domain.PartnerSignUpInput{PartnerApplication: ok, Email: "pat@example.com", Password: "short", ConfirmPassword: "short"}
	if errs := su.Check(); errs["password"] == "" || errs["email"] != "" {
		t.Errorf("sign-up with a short password: %v", errs)
	}
}

func TestPartnerCodes(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		c := domain.NewPartnerCode()
		if !domain.ValidPartnerCode(c) || strings.ContainsAny(c, "0o1lABC") || len(c) != 8 {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 1990 {
		t.Errorf("only %d different codes in 2000", len(seen))
	}
	for _, c := range []string{"", "abcd234", "abcd23450", "abcd234o", "ABCD2345", "abcd-234"} {
		if domain.ValidPartnerCode(c) {
			t.Errorf("%q taken for a code", c)
		}
	}
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		w := newPartnerWorld(t, s)
		codes := map[string]bool{}
		for i := range 5 {
			p := w.partner(t, "p"+strconv.Itoa(i)+"@example.com")
			if !domain.ValidPartnerCode(p.Code) || codes[p.Code] || p.State != store.PartnerApproved {
				t.Fatalf("partner %d: %+v", i, p)
			}
			codes[p.Code] = true
			if link := w.d.Partners.Link(p); link != "/r/"+p.Code {
				t.Errorf("link = %q", link)
			}
		}
	})
}

func TestPartnerDecisions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		u := w.user(t, "pat@example.com", store.KindIndividual)
		app := domain.PartnerApplication{Name: "Pat", Company: "Pat Co", Kind: "referral", Plan: "partner", AcceptTerms: true}
		must(t, w.d.Partners.Apply(ctx, u, app))
		if err := w.d.Partners.Apply(ctx, u, app); !errors.Is(err, store.ErrAlreadyPartner) {
			t.Errorf("second application: %v", err)
		}
		if got, _ := s.UserByID(ctx, u.ID); got.Kind != store.KindIndividual {
			t.Errorf("applying changed the account's kind to %q", got.Kind)
		}
		var invalid domain.Invalid
		if err := w.d.Partners.Decide(ctx, w.admin, u.ID, domain.PartnerDecision{Reason: " "}); !errors.As(err, &invalid) || invalid["reason"] == "" {
			t.Fatalf("a decline without a reason: %v", err)
		}
		must(t, w.d.Partners.Decide(ctx, w.admin, u.ID, domain.PartnerDecision{Reason: "No website yet"}))
		p, _ := w.d.Partners.Account(ctx, u.ID)
		if p.State != store.PartnerDeclined || p.Code != "" || p.DecisionReason != "No website yet" {
			t.Fatalf("declined = %+v", p)
		}
		if _, ok, _ := w.d.Partners.Follow(ctx, "abcd2345", true); ok {
			t.Error("an unknown code followed")
		}
		// Approved later, on another plan.
		must(t, w.d.Partners.Decide(ctx, w.admin, u.ID, domain.PartnerDecision{Approve: true, Plan: "partner-plus"}))
		p, _ = w.d.Partners.Account(ctx, u.ID)
		if p.State != store.PartnerApproved || p.Plan != "partner-plus" || !domain.ValidPartnerCode(p.Code) {
			t.Fatalf("approved = %+v", p)
		}
		if err := w.d.Partners.Decide(ctx, w.admin, 99999, domain.PartnerDecision{Approve: true}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deciding nobody: %v", err)
		}
	})
}

func TestReferralAttribution(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		pa := w.partner(t, "pat@agency.example")
		pb := w.partner(t, "pb@gmail.com")
		business := func(email string) store.User { return w.user(t, email, store.KindBusiness) }
		attribute := func(u store.User, cookie, ip string) bool {
			t.Helper()
			ok, err := w.d.Partners.Attribute(ctx, u.ID, cookie, ip)
			must(t, err)
			return ok
		}

		// The window: a click 89 days ago counts, 91 days ago not.
		if u := business("a@shop.example"); !attribute(u, cookieAt(pa.Code, w.now.AddDate(0, 0, -89)), "203.0.113.1") || w.referrer(t, u) != pa.UserID {
			t.Error("a click 89 days ago is not attributed")
		}
		if u := business("b@shop.example"); attribute(u, cookieAt(pa.Code, w.now.AddDate(0, 0, -91)), "203.0.113.1") || w.referrer(t, u) != 0 {
			t.Error("a click 91 days ago is attributed")
		}
		if u := business("c@shop.example"); attribute(u, cookieAt(pa.Code, w.now.Add(time.Hour)), "203.0.113.1") {
			t.Error("a click from the future is attributed")
		}
		for i, bad := range []string{"", "garbage", pa.Code, pa.Code + ".x", "ABCDEFGH.1"} {
			if attribute(business("bad"+strconv.Itoa(i)+"@shop.example"), bad, "203.0.113.1") {
				t.Errorf("cookie %q attributed", bad)
			}
		}

		// Last click wins: the cookie holds the last valid click.
		c1, ok, err := w.d.Partners.Follow(ctx, pa.Code, true)
		must(t, err)
		c2, ok2, _ := w.d.Partners.Follow(ctx, pb.Code, false)
		if !ok || !ok2 || !strings.HasPrefix(c1, pa.Code+".") || !strings.HasPrefix(c2, pb.Code+".") {
			t.Fatalf("follow = %q %v, %q %v", c1, ok, c2, ok2)
		}
		if u := business("d@shop.example"); !attribute(u, c2, "203.0.113.2") || w.referrer(t, u) != pb.UserID {
			t.Error("the last click's partner is not the referrer")
		}
		if n, _ := s.PartnerClicks(ctx, pa.UserID, store.Day(w.now)); n != 1 {
			t.Errorf("partner A's clicks = %d, want 1 (a person's)", n)
		}
		if n, _ := s.PartnerClicks(ctx, pb.UserID, store.Day(w.now)); n != 0 {
			t.Errorf("partner B's clicks = %d, want 0 (a bot's)", n)
		}

		// Self-referral.
		now := cookieAt(pa.Code, w.now.Add(-time.Minute))
		own, _ := s.UserByID(ctx, pa.UserID)
		if attribute(own, now, "203.0.113.3") {
			t.Error("the partner's own account is attributed")
		}
		if attribute(business("colleague@AGENCY.example"), now, "203.0.113.3") {
			t.Error("an account at the partner's company domain is attributed")
		}
		if !attribute(business("someone@gmail.com"), cookieAt(pb.Code, w.now), "203.0.113.3") {
			t.Error("a webmail address like the partner's is refused")
		}
		w.d.Partners.SawPartnerAt(ctx, pa.UserID, "198.51.100.7")
		if attribute(business("e@shop.example"), now, "198.51.100.7") {
			t.Error("a sign-up from the partner's own address that day is attributed")
		}
		if !attribute(business("f@shop.example"), now, "198.51.100.8") {
			t.Error("a sign-up from another address is refused")
		}
		w.now = w.now.AddDate(0, 0, 1)
		if !attribute(business("g@shop.example"), now, "198.51.100.7") {
			t.Error("the partner's address of yesterday still refuses")
		}
		for _, rule := range []string{domain.RefusedOwnAccount, domain.RefusedSameDomain, domain.RefusedSameAddress} {
			if !strings.Contains(w.log.String(), `rule="`+rule+`"`) {
				t.Errorf("no log line for %q", rule)
			}
		}
		if strings.Contains(w.log.String(), "198.51.100.7") {
			t.Error("the log names the partner's address")
		}

		// A partner no longer approved is no referrer.
		must(t, w.d.Partners.Decide(ctx, w.admin, pa.UserID, domain.PartnerDecision{Reason: "Spam"}))
		if attribute(business("h@shop.example"), cookieAt(pa.Code, w.now), "203.0.113.9") {
			t.Error("a declined partner's cookie is attributed")
		}
		if _, ok, _ := w.d.Partners.Follow(ctx, pa.Code, true); ok {
			t.Error("a declined partner's code is followed")
		}
		pending := w.user(t, "pending@example.com", store.KindPartner)
		must(t, w.d.Partners.Apply(ctx, pending, domain.PartnerApplication{Name: "P", Company: "P", Kind: "referral", Plan: "partner", AcceptTerms: true}))
		if _, ok, _ := w.d.Partners.Follow(ctx, strings.Repeat("a", 8), true); ok {
			t.Error("a code nobody has is followed")
		}
	})
}

func TestAdministratorsChangeAReferral(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		pa, pb := w.partner(t, "pa@example.com"), w.partner(t, "pb@example.com")
		u := w.user(t, "owner@shop.example", store.KindBusiness)
		var invalid domain.Invalid
		if err := w.d.Partners.ChangeReferral(ctx, w.admin, domain.ReferralChange{UserID: u.ID, PartnerID: pa.UserID}); !errors.As(err, &invalid) || invalid["reason"] == "" {
			t.Fatalf("a change without a reason: %v", err)
		}
		if err := w.d.Partners.ChangeReferral(ctx, w.admin, domain.ReferralChange{UserID: u.ID, PartnerID: w.admin.ID, Reason: "x"}); !errors.As(err, &invalid) || invalid["partner"] == "" {
			t.Fatalf("a change to no partner: %v", err)
		}
		must(t, w.d.Partners.ChangeReferral(ctx, w.admin, domain.ReferralChange{UserID: u.ID, PartnerID: pa.UserID, Reason: "Met at their event"}))
		must(t, w.d.Partners.ChangeReferral(ctx, w.admin, domain.ReferralChange{UserID: u.ID, PartnerID: pb.UserID, Reason: "B sent the email"}))
		must(t, w.d.Partners.ChangeReferral(ctx, w.admin, domain.ReferralChange{UserID: u.ID, Reason: "Neither"}))
		if w.referrer(t, u) != 0 {
			t.Error("the cleared referral stays")
		}
		cs, err := s.ReferralChangesOf(ctx, u.ID)
		if err != nil || len(cs) != 3 || cs[2].FromPartner != 0 || cs[2].ToPartner != pa.UserID || cs[1].FromPartner != pa.UserID || cs[0].ToPartner != 0 ||
			cs[2].ChangedBy != w.admin.Email || cs[0].Reason != "Neither" {
			t.Fatalf("changes = %+v, %v", cs, err)
		}
		// Referred shows what the partner may see: listings, plan, since.
		must(t, w.d.Partners.ChangeReferral(ctx, w.admin, domain.ReferralChange{UserID: u.ID, PartnerID: pa.UserID, Reason: "A after all"}))
		rs, err := w.d.Partners.Referred(ctx, pa.UserID)
		if err != nil || len(rs) != 1 || rs[0].Plan != plans.Free().Name || rs[0].Since.IsZero() {
			t.Fatalf("referred = %+v, %v", rs, err)
		}
	})
}
