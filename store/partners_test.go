package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// partnerAccount makes an account of kind with email and a pending
// partner application.
func partnerAccount(t *testing.T, s *store.Store, email string) store.User {
	t.Helper()
	ctx := context.Background()
	a := newAccount(email)
	a.Kind = store.KindPartner
	u, _, err := s.CreateAccount(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreatePartner(ctx, store.NewPartner{UserID: u.ID, Plan: "partner", Kind: "referral", Name: "Pat", Company: "Pat Co", TermsAcceptedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestPartnerApplicationAndDecision(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := partnerAccount(t, s, "pat@example.com")
		if err := s.CreatePartner(ctx, store.NewPartner{UserID: u.ID, Plan: "partner", TermsAcceptedAt: time.Now()}); !errors.Is(err, store.ErrAlreadyPartner) {
			t.Fatalf("second application: %v, want ErrAlreadyPartner", err)
		}
		p, err := s.PartnerByUser(ctx, u.ID)
		if err != nil || p.State != store.PartnerPending || p.Code != "" || p.Email != "pat@example.com" || p.Company != "Pat Co" {
			t.Fatalf("pending partner = %+v, %v", p, err)
		}
		other := partnerAccount(t, s, "other@example.com")
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now()
		must(s.DecidePartner(ctx, store.PartnerDecision{UserID: other.ID, State: store.PartnerDeclined, Plan: "partner", Reason: "No site", By: u.ID, At: now}))
		must(s.DecidePartner(ctx, store.PartnerDecision{UserID: u.ID, State: store.PartnerApproved, Plan: "partner-plus", Code: "abcd2345", By: other.ID, At: now}))
		// Approved again (after a decline, say): the code stays the one given out.
		must(s.DecidePartner(ctx, store.PartnerDecision{UserID: u.ID, State: store.PartnerApproved, Plan: "partner-plus", Code: "zzzz9999", By: other.ID, At: now}))
		p, err = s.PartnerByCode(ctx, "abcd2345")
		if err != nil || p.UserID != u.ID || p.State != store.PartnerApproved || p.Plan != "partner-plus" || !p.DecidedAt.Valid {
			t.Fatalf("approved partner = %+v, %v", p, err)
		}
		if taken, err := s.PartnerCodeTaken(ctx, "abcd2345"); err != nil || !taken {
			t.Errorf("code taken = %v, %v", taken, err)
		}
		if taken, _ := s.PartnerCodeTaken(ctx, "zzzz9999"); taken {
			t.Error("a second code replaced the first")
		}
		if err := s.DecidePartner(ctx, store.PartnerDecision{UserID: 999999, State: store.PartnerApproved, At: now}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deciding no partner: %v", err)
		}
		list, total, err := s.AdminPartners(ctx, store.Page{Limit: 10})
		if err != nil || total != 2 || len(list) != 2 {
			t.Fatalf("partners = %+v, %d, %v", list, total, err)
		}
		third := partnerAccount(t, s, "third@example.com")
		list, _, _ = s.AdminPartners(ctx, store.Page{Limit: 10})
		if list[0].UserID != third.ID {
			t.Errorf("a pending partner is not listed first: %+v", list[0])
		}
	})
}

func TestPartnerClicksAddresses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := partnerAccount(t, s, "pat@example.com")
		for range 3 {
			if err := s.CountPartnerClick(ctx, u.ID, "2026-11-28"); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := s.PartnerClicks(ctx, u.ID, "2026-11-28"); err != nil || n != 3 {
			t.Errorf("clicks = %d, %v", n, err)
		}
		hash := []byte("0123456789abcdef0123456789abcdef")
		for _, day := range []string{"2026-11-27", "2026-11-28", "2026-11-28"} {
			if err := s.AddPartnerAddress(ctx, u.ID, day, hash); err != nil {
				t.Fatal(err)
			}
		}
		if seen, err := s.PartnerUsedAddress(ctx, u.ID, "2026-11-28", hash); err != nil || !seen {
			t.Errorf("address seen today = %v, %v", seen, err)
		}
		if seen, _ := s.PartnerUsedAddress(ctx, u.ID, "2026-11-27", hash); seen {
			t.Error("yesterday's address is kept past its day")
		}
		if seen, _ := s.PartnerUsedAddress(ctx, u.ID, "2026-11-28", []byte("another")); seen {
			t.Error("another address is the partner's")
		}
	})
}

func TestReferralsAndTheirChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		pa := partnerAccount(t, s, "pat@example.com")
		pb := partnerAccount(t, s, "pb@example.com")
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		if err != nil {
			t.Fatal(err)
		}
		biz := newAccount("owner@shop.example")
		biz.Kind = store.KindBusiness
		biz.Business = &store.Business{Name: "Blue Door Bakery", Category: "food", City: "Austin"}
		owner, _, err := s.CreateAccount(ctx, biz)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.MarkEmailVerified(ctx, owner.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReleaseDrafts(ctx, owner.ID); err != nil { // the address verified: the draft is a listing
			t.Fatal(err)
		}
		clicked := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
		ok, err := s.CreateReferral(ctx, store.Referral{UserID: owner.ID, PartnerID: pa.ID, ClickedAt: sql.NullTime{Time: clicked, Valid: true}, CreatedAt: time.Now()})
		if err != nil || !ok {
			t.Fatalf("referral: %v %v", ok, err)
		}
		if ok, _ := s.CreateReferral(ctx, store.Referral{UserID: owner.ID, PartnerID: pb.ID, CreatedAt: time.Now()}); ok {
			t.Error("a second referral replaced the first")
		}
		r, err := s.ReferralOf(ctx, owner.ID)
		if err != nil || r.PartnerID != pa.ID || !r.ClickedAt.Time.Equal(clicked) {
			t.Fatalf("referral = %+v, %v", r, err)
		}
		accs, err := s.ReferredAccounts(ctx, pa.ID)
		if err != nil || len(accs) != 1 || accs[0].UserID != owner.ID || len(accs[0].Businesses) != 1 || accs[0].Businesses[0] != "Blue Door Bakery" {
			t.Fatalf("referred = %+v, %v", accs, err)
		}
		from, err := s.ChangeReferral(ctx, owner.ID, pb.ID, admin.ID, "Came through PB's event", time.Now())
		if err != nil || from != pa.ID {
			t.Fatalf("change: from %d, %v", from, err)
		}
		if _, err := s.ChangeReferral(ctx, owner.ID, 0, admin.ID, "Neither", time.Now().Add(time.Second)); err != nil {
			t.Fatal(err)
		}
		if r, _ := s.ReferralOf(ctx, owner.ID); r.PartnerID != 0 {
			t.Errorf("cleared referral = %+v", r)
		}
		cs, err := s.ReferralChangesOf(ctx, owner.ID)
		if err != nil || len(cs) != 2 {
			t.Fatalf("changes = %+v, %v", cs, err)
		}
		if c := cs[1]; c.FromPartner != pa.ID || c.ToPartner != pb.ID || c.FromEmail != "pat@example.com" || c.ChangedBy != "admin@example.com" || c.Reason != "Came through PB's event" {
			t.Errorf("first change = %+v", c)
		}
		if c := cs[0]; c.FromPartner != pb.ID || c.ToPartner != 0 || c.ToEmail != "" {
			t.Errorf("second change = %+v", c)
		}
		if cs, _ := s.ReferralChanges(ctx, pa.ID); len(cs) != 1 {
			t.Errorf("partner A's changes = %+v", cs)
		}
		if accs, _ := s.ReferredAccounts(ctx, pa.ID); len(accs) != 0 {
			t.Errorf("partner A still has %+v", accs)
		}
	})
}
