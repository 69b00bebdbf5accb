package store_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// agency is an approved partner on plan with a client listing, created on
// created.
func agency(t *testing.T, s *store.Store, email, plan string, created time.Time) (store.User, store.Business) {
	t.Helper()
	ctx := context.Background()
	u := partnerAccount(t, s, email)
	must(t, s.DecidePartner(ctx, store.PartnerDecision{UserID: u.ID, State: store.PartnerApproved, Plan: plan, Code: "c" + email[:4], By: u.ID, At: created}))
	b, err := s.CreateClientListing(ctx, u.ID, store.Business{Name: "Client of " + email, Category: "food", City: "Austin", State: "TX"}, created)
	must(t, err)
	return u, b
}

// accepted gives client listing b to a new account of email, as its
// client's acceptance does.
func accepted(t *testing.T, s *store.Store, b store.Business, email string, at time.Time) {
	t.Helper()
	ctx := context.Background()
	u, _, err := s.CreateAccount(ctx, newAccount(email))
	must(t, err)
	must(t, s.InviteClient(ctx, b.ID, email, "digest-"+email, at))
	must(t, s.AcceptClientListing(ctx, b.ID, u.ID, u.ID, email, "digest-"+email, at))
}

func TestAgencyBrandAndItsLogo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		u, b := agency(t, s, "plus@example.com", "partner-plus", now)
		brand, err := s.AgencyBrandOf(ctx, u.ID)
		if err != nil || brand.Name != "" || !brand.Logo.IsZero() || brand.URL != "" {
			t.Fatalf("a new partner's brand = %+v, %v", brand, err)
		}
		must(t, s.SaveAgencyBrand(ctx, store.AgencyBrand{PartnerID: u.ID, Name: "Brightside", URL: "https://brightside.example", Accent: "#1d4ed8"}, now))
		logo := store.Picture{Hash: "0123456789abcdef0123456789abcdef", Ext: "png", Width: 200, Height: 100, Widths: []int{96, 200}}
		old, err := s.SetAgencyLogo(ctx, u.ID, logo, now)
		if err != nil || !old.IsZero() {
			t.Fatalf("first logo replaced %+v, %v", old, err)
		}
		if used, err := s.PictureInUse(ctx, logo.Hash); err != nil || !used {
			t.Errorf("a brand logo's files are not in use: %v, %v", used, err)
		}
		brand, err = s.AgencyBrandOf(ctx, u.ID)
		if err != nil || brand.Name != "Brightside" || brand.URL != "https://brightside.example" || brand.Accent != "#1d4ed8" || brand.Logo.String() != logo.String() {
			t.Fatalf("saved brand = %+v, %v", brand, err)
		}
		old, err = s.SetAgencyLogo(ctx, u.ID, store.Picture{}, now)
		if err != nil || old.String() != logo.String() {
			t.Fatalf("removing the logo returned %+v, %v", old, err)
		}
		if used, _ := s.PictureInUse(ctx, logo.Hash); used {
			t.Error("a removed brand logo is still in use")
		}
		// Closing the account takes the logo's files with it.
		other, _ := agency(t, s, "closing@example.com", "partner-plus", now)
		if _, err := s.SetAgencyLogo(ctx, other.ID, logo, now); err != nil {
			t.Fatal(err)
		}
		closed, err := s.CloseAccount(ctx, other.ID, nil)
		if err != nil || len(closed.Images) != 1 || closed.Images[0].Picture.String() != logo.String() {
			t.Fatalf("closing a branded partner's account: images %+v, %v", closed.Images, err)
		}
		if used, _ := s.PictureInUse(ctx, logo.Hash); used {
			t.Error("a closed account's brand logo is still in use")
		}

		// The listing's manager, in one lookup, with its settings.
		m, err := s.ManagerOf(ctx, b.ID)
		if err != nil || m.PartnerID != u.ID || m.Name != "Brightside" || m.State != store.PartnerApproved || m.Plan != "partner-plus" ||
			!m.ShowManagedBy || m.ReportToClient || m.Company != "Pat Co" {
			t.Fatalf("manager = %+v, %v", m, err)
		}
		must(t, s.SetClientWhiteLabel(ctx, b.ID, false, true))
		if m, _ = s.ManagerOf(ctx, b.ID); m.ShowManagedBy || !m.ReportToClient {
			t.Errorf("settings not saved: %+v", m)
		}
		if _, err := s.ManagerOf(ctx, b.ID+1000); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a listing no agency manages: %v", err)
		}
		if err := s.SetClientWhiteLabel(ctx, b.ID+1000, true, true); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("settings of a listing no agency manages: %v", err)
		}
	})
}

func TestAgencyReportsDueAndSentOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		april := time.Date(2026, 4, 10, 0, 0, 0, 0, time.UTC)
		endOfApril := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
		pu, plus := agency(t, s, "plus@example.com", "partner-plus", april)
		_, basic := agency(t, s, "basic@example.com", "partner", april)
		_, late := agency(t, s, "late@example.com", "partner-plus", endOfApril.Add(time.Hour))
		waiting, err := s.CreateClientListing(ctx, pu.ID, store.Business{Name: "Not yet accepted", Category: "food", City: "Austin", State: "TX"}, april)
		must(t, err)
		for _, b := range []store.Business{plus, basic, late} {
			accepted(t, s, b, "owner-"+strconv.FormatInt(b.ID, 10)+"@example.com", april)
		}
		plusPlans := []string{"partner-plus"}

		due, err := s.AgencyReportsDue(ctx, "2026-04", plusPlans, endOfApril)
		must(t, err)
		if !slices.Equal(due, []int64{plus.ID}) {
			t.Fatalf("due for April: %v, want only %d (not Partner %d, not managed after April %d, not waiting for its client %d)", due, plus.ID, basic.ID, late.ID, waiting.ID)
		}
		ok, err := s.MarkAgencyReport(ctx, plus.ID, "2026-04")
		if err != nil || !ok {
			t.Fatalf("marking April: %v, %v", ok, err)
		}
		if ok, _ := s.MarkAgencyReport(ctx, plus.ID, "2026-04"); ok {
			t.Error("April was marked twice")
		}
		if due, _ := s.AgencyReportsDue(ctx, "2026-04", plusPlans, endOfApril); len(due) != 0 {
			t.Errorf("April is due again after it was sent: %v", due)
		}
		due, _ = s.AgencyReportsDue(ctx, "2026-05", plusPlans, endOfApril.AddDate(0, 1, 0))
		if !slices.Equal(due, []int64{plus.ID, late.ID}) {
			t.Errorf("due for May: %v", due)
		}
	})
}
