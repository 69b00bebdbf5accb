package domain_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// plusPartner is an approved partner on plan ("partner" or
// "partner-plus") with email.
func (w *partnerWorld) plusPartner(t *testing.T, email, plan string) store.Partner {
	t.Helper()
	ctx := context.Background()
	u := w.user(t, email, store.KindPartner)
	if err := w.d.Partners.Apply(ctx, u, domain.PartnerApplication{Name: "Pia", Company: "Brightside Digital", Kind: "strategic", Plan: plan, AcceptTerms: true}); err != nil {
		t.Fatal(err)
	}
	if err := w.d.Partners.Decide(ctx, w.admin, u.ID, domain.PartnerDecision{Approve: true, Plan: plan}); err != nil {
		t.Fatal(err)
	}
	p, err := w.d.Partners.Account(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBrandInputCheck(t *testing.T) {
	for _, tc := range []struct {
		in       domain.BrandInput
		field    string // the field refused ("" none)
		url, hex string // as stored, when accepted
	}{
		{in: domain.BrandInput{Name: " Brightside ", URL: "brightside.example", Accent: "1D4ED8"}, url: "https://brightside.example", hex: "#1d4ed8"},
		{in: domain.BrandInput{URL: "https://brightside.example/about?x=1"}, url: "https://brightside.example/about?x=1"},
		{in: domain.BrandInput{}, url: ""},
		{in: domain.BrandInput{URL: "http://brightside.example"}, field: "brand_url"},
		{in: domain.BrandInput{URL: "https://pia:secret@brightside.example"}, field: "brand_url"},
		{in: domain.BrandInput{URL: "https://localhost"}, field: "brand_url"},
		{in: domain.BrandInput{URL: "javascript:alert(1)"}, field: "brand_url"},
		{in: domain.BrandInput{URL: "https://bright side.example"}, field: "brand_url"},
		{in: domain.BrandInput{URL: "https://" + strings.Repeat("a", domain.BrandURLMax) + ".example"}, field: "brand_url"},
		{in: domain.BrandInput{Name: strings.Repeat("B", domain.BrandNameMax+1)}, field: "brand_name"},
		{in: domain.BrandInput{Accent: "#ffff00"}, field: "accent"}, // white text is unreadable on it
		{in: domain.BrandInput{Accent: "blue"}, field: "accent"},
	} {
		got, errs := tc.in.Check()
		if tc.field != "" {
			if errs[tc.field] == "" || len(errs) != 1 {
				t.Errorf("%+v: errors %v, want one on %s", tc.in, errs, tc.field)
			}
			continue
		}
		if len(errs) > 0 || got.URL != tc.url || got.Accent != tc.hex {
			t.Errorf("%+v: %+v, %v; want url %q accent %q", tc.in, got, errs, tc.url, tc.hex)
		}
	}
}

func TestWhiteLabelIsPartnerPlusAlone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		basic := w.plusPartner(t, "basic@agency.example", "partner")
		plus := w.plusPartner(t, "plus@agency.example", "partner-plus")
		in := domain.BrandInput{Name: "Brightside", URL: "brightside.example"}
		if err := w.d.Agencies.SaveBrand(ctx, w.d.Images, basic, in); !errors.Is(err, domain.ErrNoWhiteLabel) {
			t.Fatalf("a Partner saves a brand: %v, want ErrNoWhiteLabel", err)
		}
		basicListing, err := w.d.Agencies.CreateClient(ctx, s, basic, clientInput("Basic Plumbing", "owner@basic.example"))
		if err != nil {
			t.Fatal(err)
		}
		bc, _ := w.d.Agencies.Client(ctx, basic.UserID, basicListing.ID)
		if err := w.d.Agencies.SetWhiteLabel(ctx, basic, bc, domain.ClientWhiteLabel{ShowManagedBy: true}); !errors.Is(err, domain.ErrNoWhiteLabel) {
			t.Errorf("a Partner sets a client's white label: %v", err)
		}
		if _, err := w.d.Agencies.Report(ctx, basic, bc, w.d.Agencies.ReportMonthOf("")); !errors.Is(err, domain.ErrNoWhiteLabel) {
			t.Errorf("a Partner reads a branded report: %v", err)
		}
		if _, shown, _ := w.d.Agencies.ManagedBadge(ctx, basicListing.ID); shown {
			t.Error("a Partner's client listing says Managed by")
		}

		// Partner+: the brand is its company's until it names one.
		b, err := w.d.Agencies.BrandOf(ctx, plus)
		if err != nil || b.Name != "Brightside Digital" {
			t.Fatalf("a new brand = %+v, %v; want the company's name", b, err)
		}
		var inv domain.Invalid
		if err := w.d.Agencies.SaveBrand(ctx, w.d.Images, plus, domain.BrandInput{URL: "http://brightside.example"}); !errors.As(err, &inv) || inv["brand_url"] == "" {
			t.Fatalf("an http link: %v", err)
		}
		if err := w.d.Agencies.SaveBrand(ctx, w.d.Images, plus, in); err != nil {
			t.Fatal(err)
		}
		listing, err := w.d.Agencies.CreateClient(ctx, s, plus, clientInput("Lone Star Plumbing", "owner@plumbing.example"))
		if err != nil {
			t.Fatal(err)
		}
		badge, shown, err := w.d.Agencies.ManagedBadge(ctx, listing.ID)
		if err != nil || !shown || badge.Name != "Brightside" || badge.URL != "https://brightside.example" {
			t.Fatalf("Managed by = %+v, %v, %v", badge, shown, err)
		}
		c, _ := w.d.Agencies.Client(ctx, plus.UserID, listing.ID)
		if err := w.d.Agencies.SetWhiteLabel(ctx, plus, c, domain.ClientWhiteLabel{}); err != nil {
			t.Fatal(err)
		}
		if _, shown, _ := w.d.Agencies.ManagedBadge(ctx, listing.ID); shown {
			t.Error("Managed by shows with its setting off")
		}
		if err := w.d.Agencies.SetWhiteLabel(ctx, plus, bc, domain.ClientWhiteLabel{}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("an agency sets another's client listing: %v", err)
		}
	})
}

// emailsTo are the queued emails to addr.
func emailsTo(t *testing.T, s *store.Store, addr string) []bizmail.Message {
	t.Helper()
	js, _, err := s.Jobs(context.Background(), "", store.Page{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var out []bizmail.Message
	for _, j := range js {
		var m bizmail.Message
		if j.Kind == jobs.KindEmail && json.Unmarshal([]byte(j.Payload), &m) == nil && m.To == addr {
			out = append(out, m)
		}
	}
	return out
}

func TestMonthlyClientReportsGoOutOnceUnderTheAgencysBrand(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		w.d = domain.New(domain.Deps{Store: s, Site: bizmail.Site{Name: "BizProfile", BaseURL: "https://directory.test", SupportEmail: "help@directory.test"},
			Now: func() time.Time { return w.now }})
		plus := w.plusPartner(t, "plus@agency.example", "partner-plus")
		if err := w.d.Agencies.SaveBrand(ctx, w.d.Images, plus, domain.BrandInput{Name: "Brightside", URL: "brightside.example"}); err != nil {
			t.Fatal(err)
		}
		w.now = time.Date(2026, 9, 20, 12, 0, 0, 0, time.UTC)
		listing, err := w.d.Agencies.CreateClient(ctx, s, plus, clientInput("Lone Star Plumbing", "owner@plumbing.example"))
		if err != nil {
			t.Fatal(err)
		}
		// The client accepted; the agency sends the report to them too.
		owner := w.user(t, "owner@plumbing.example", store.KindBusiness)
		if err := s.InviteClient(ctx, listing.ID, owner.Email, "digest", w.now); err != nil {
			t.Fatal(err)
		}
		if err := s.AcceptClientListing(ctx, listing.ID, owner.ID, owner.ID, owner.Email, "digest", w.now); err != nil {
			t.Fatal(err)
		}
		c, _ := w.d.Agencies.Client(ctx, plus.UserID, listing.ID)
		if err := w.d.Agencies.SetWhiteLabel(ctx, plus, c, domain.ClientWhiteLabel{ShowManagedBy: true, ReportToClient: true}); err != nil {
			t.Fatal(err)
		}
		// A second client, whose report goes to the agency alone.
		roofing, err := w.d.Agencies.CreateClient(ctx, s, plus, clientInput("Hill Country Roofing", "owner@roofing.example"))
		if err != nil {
			t.Fatal(err)
		}
		roofer := w.user(t, "owner@roofing.example", store.KindBusiness)
		if err := s.InviteClient(ctx, roofing.ID, roofer.Email, "digest-2", w.now); err != nil {
			t.Fatal(err)
		}
		if err := s.AcceptClientListing(ctx, roofing.ID, roofer.ID, roofer.ID, roofer.Email, "digest-2", w.now); err != nil {
			t.Fatal(err)
		}
		key := func(day string) store.StatKey { return store.StatKey{BusinessID: listing.ID, Day: day} }
		if err := s.AddListingStats(ctx, map[store.StatKey]store.StatCounts{
			key("2026-09-25"): {Views: 10, WebsiteClicks: 1},
			key("2026-10-02"): {Views: 30, PhoneClicks: 2, ContactClicks: 1},
			key("2026-10-30"): {Views: 12},
			key("2026-11-01"): {Views: 99}, // the next month
		}, nil); err != nil {
			t.Fatal(err)
		}

		w.now = time.Date(2026, 11, 1, 11, 0, 0, 0, time.UTC)
		rep, err := w.d.Agencies.Report(ctx, plus, c, w.d.Agencies.ReportMonthOf(""))
		if err != nil {
			t.Fatal(err)
		}
		if rep.This.Month.Format("2006-01") != "2026-10" || rep.This.Views != 42 || rep.This.Clicks != 3 || rep.Prev.Views != 10 || rep.Prev.Clicks != 1 || len(rep.Trend) != domain.ReportMonths || rep.NoData {
			t.Fatalf("October's report: this %+v prev %+v, %d months", rep.This, rep.Prev, len(rep.Trend))
		}
		if first := rep.Trend[0]; first.Month.Format("2006-01") != "2026-05" || first.Views != 0 {
			t.Errorf("the trend starts with %+v, want May at 0", first)
		}

		for range 2 { // a retried run sends nobody a second report
			if err := w.d.Agencies.SendReports(ctx, "2026-10"); err != nil {
				t.Fatal(err)
			}
		}
		toAgency, toClient := emailsTo(t, s, plus.Email), emailsTo(t, s, owner.Email)
		var reports []bizmail.Message
		for _, m := range toAgency {
			if strings.Contains(m.Subject, "October 2026 reports") {
				reports = append(reports, m)
			}
		}
		if len(reports) != 1 || len(toClient) != 1 {
			t.Fatalf("%d reports to the agency, %d to the client; want one each", len(reports), len(toClient))
		}
		for _, m := range []bizmail.Message{reports[0], toClient[0]} {
			if strings.Contains(m.HTML, "BizProfile") || strings.Contains(m.Text, "BizProfile") || strings.Contains(m.Subject, "BizProfile") || strings.Contains(m.Text, "help@directory.test") {
				t.Errorf("the report to %s names the site:\n%s", m.To, m.Text)
			}
			if !strings.Contains(m.Text, "Brightside") {
				t.Errorf("the report to %s lacks the brand:\n%s", m.To, m.Text)
			}
		}
		for _, line := range []string{"Lone Star Plumbing: 42 views, 3 contact clicks, 0 leads, 0 new reviews (views +320% vs September 2026)", "Hill Country Roofing: 0 views"} {
			if !strings.Contains(reports[0].Text, line) {
				t.Errorf("the agency's one email lacks %q:\n%s", line, reports[0].Text)
			}
		}
		if got := emailsTo(t, s, roofer.Email); len(got) != 0 {
			t.Errorf("a client whose agency keeps the report got %d emails", len(got))
		}
		if line := "Views: 42 (+320% vs September 2026)"; !strings.Contains(toClient[0].Text, line) {
			t.Errorf("the client's report lacks %q:\n%s", line, toClient[0].Text)
		}
		if !strings.Contains(reports[0].Text, "https://directory.test/partners/clients/") || strings.Contains(toClient[0].Text, "/partners/clients/") {
			t.Error("the agency's report should link its printable page, and the client's should not")
		}
		// The next month's run waits in the queue.
		js, _, err := s.Jobs(ctx, "", store.Page{Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		waiting := 0
		for _, j := range js {
			if j.Kind == jobs.KindAgencyReports && strings.Contains(string(j.Payload), "2026-11") {
				waiting++
			}
		}
		if waiting != 1 {
			t.Errorf("%d runs of November wait, want 1", waiting)
		}
	})
}
