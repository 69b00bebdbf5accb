package domain_test

import (
	"context"
	"errors"
	"testing"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestZoneInputCheck(t *testing.T) {
	for _, tc := range []struct {
		in     domain.ZoneInput
		fields []string
	}{
		{domain.ZoneInput{Category: "construction", City: "  austin ", State: "Texas"}, nil},
		{domain.ZoneInput{}, []string{"category", "city", "state"}},
		{domain.ZoneInput{Category: "spaceships", City: "Austin", State: "TX"}, []string{"category"}},
		{domain.ZoneInput{Category: "construction", City: "Austin", State: "Narnia"}, []string{"state"}},
	} {
		errs := tc.in.Check()
		if len(errs) != len(tc.fields) {
			t.Errorf("%+v: errors %v, want on %v", tc.in, errs, tc.fields)
		}
		for _, f := range tc.fields {
			if !errs.Has(f) {
				t.Errorf("%+v: no error on %s (%v)", tc.in, f, errs)
			}
		}
	}
	if got := (domain.ZoneInput{City: "  san   antonio ", State: "texas"}).Cleaned(); got.State != "TX" {
		t.Errorf("cleaned state %q, want TX", got.State)
	}
}

func TestLeadZonesArePartnerPlusAndAdministratorsDecide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		plain := w.plusPartner(t, "plain@agency.example", "partner")
		plus := w.plusPartner(t, "plus@agency.example", "partner-plus")
		rival := w.plusPartner(t, "rival@agency.example", "partner-plus")
		in := domain.ZoneInput{Category: "construction", City: "Austin", State: "TX"}

		if _, err := w.d.Agencies.RequestZone(ctx, plain, in); !errors.Is(err, domain.ErrNoLeadZones) {
			t.Errorf("a Partner asks for a zone: %v, want ErrNoLeadZones", err)
		}
		z, err := w.d.Agencies.RequestZone(ctx, plus, domain.ZoneInput{Category: "construction", City: " Austin ", State: "Texas"})
		if err != nil {
			t.Fatalf("a Partner+ asks for a zone: %v", err)
		}
		if z.State != "TX" || z.Status != store.ZoneRequested {
			t.Errorf("the zone is %+v, want requested in TX", z)
		}
		var invalid domain.Invalid
		if _, err := w.d.Agencies.RequestZone(ctx, plus, domain.ZoneInput{Category: "construction", City: "AUSTIN", State: "TX"}); !errors.As(err, &invalid) || invalid["city"] == "" {
			t.Errorf("asking twice for the same zone: %v, want a refusal on the city", err)
		}
		if err := w.d.Agencies.DecideZone(ctx, w.admin, z.ID, false, "  "); !errors.As(err, &invalid) || invalid["reason"] == "" {
			t.Errorf("a decline without a reason: %v, want a refusal on the reason", err)
		}
		if err := w.d.Agencies.DecideZone(ctx, w.admin, z.ID, true, ""); err != nil {
			t.Fatalf("granting: %v", err)
		}
		granted := false
		for _, m := range emailsTo(t, s, plus.Email) {
			granted = granted || m.Subject == "Your lead zone is granted: "+catalog.CategoryLabel("construction")+" in Austin, TX"
		}
		if !granted {
			t.Error("the partner was not emailed the grant")
		}

		// One holder: the rival's request for the same place cannot be granted
		// until the zone is revoked (with a reason).
		rz, err := w.d.Agencies.RequestZone(ctx, rival, in)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.d.Agencies.DecideZone(ctx, w.admin, rz.ID, true, ""); !errors.Is(err, domain.ErrZoneTaken) {
			t.Errorf("granting a held zone: %v, want ErrZoneTaken", err)
		}
		if err := w.d.Agencies.DecideZone(ctx, w.admin, z.ID, false, ""); !errors.As(err, &invalid) {
			t.Errorf("a revocation without a reason: %v, want Invalid", err)
		}
		if err := w.d.Agencies.DecideZone(ctx, w.admin, z.ID, false, "No client listing answered in a month."); err != nil {
			t.Fatal(err)
		}
		if err := w.d.Agencies.DecideZone(ctx, w.admin, rz.ID, true, ""); err != nil {
			t.Errorf("granting the freed zone: %v", err)
		}
		if got, err := w.d.Agencies.Zone(ctx, plus.UserID, z.ID); err != nil || got.Status != store.ZoneRevoked || got.Reason == "" {
			t.Errorf("the revoked zone: %+v, %v", got, err)
		}

		// A partner withdraws its own zone, never another's.
		if err := w.d.Agencies.WithdrawZone(ctx, plus.UserID, rz.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("withdrawing another partner's zone: %v, want ErrNotFound", err)
		}
		if err := w.d.Agencies.WithdrawZone(ctx, rival.UserID, rz.ID); err != nil {
			t.Errorf("withdrawing its zone: %v", err)
		}
		if _, err := s.ZoneFor(ctx, "construction", "Austin", "TX"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("after the withdrawal the zone is held: %v", err)
		}
	})
}
