package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
)

// plusAgency is a signed-in approved partner on plan, with email.
func plusAgency(t *testing.T, app *testApp, email, plan string) (store.Partner, *testApp) {
	t.Helper()
	p := approvedPartner(t, app, email)
	sqlFixture(t, app.store, `UPDATE partners SET plan = ? WHERE user_id = ?`, plan, p.UserID)
	p.Plan = plan
	c := app.newClient()
	c.signIn(t, p.Email, goodPassword)
	return p, c
}

// clientListing is a listing agency p manages, published when public.
func clientListing(t *testing.T, app *testApp, p store.Partner, name string, public bool) store.Business {
	t.Helper()
	b, err := app.store.CreateClientListing(context.Background(), p.UserID, store.Business{Name: name, Category: "construction", City: "Austin", State: "TX",
		Description: "Plumbing repairs and installs across Austin, same day."}, time.Now())
	must(t, err)
	if public {
		sqlFixture(t, app.store, `UPDATE businesses SET published = TRUE WHERE id = ?`, b.ID)
	}
	return b
}

func TestWhiteLabelReportShowsTheAgencysBrandAlone(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		p, agency := plusAgency(t, app, "pia@agency.example", "partner-plus")

		// The brand: a link that is not https is refused by its field,
		// the values kept; then the brand and its logo are saved.
		form := url.Values{"brand_name": {"Brightside Digital"}, "brand_url": {"http://brightside.example"}, "accent": {"#1d4ed8"}}
		res, body := agency.postMultipart(t, "/partners/brand", form)
		doc := parseHTML(t, body)
		if site := labelled(t, doc, "Website"); res.StatusCode != http.StatusUnprocessableEntity || fieldError(site) == "" || valueOf(site) != "http://brightside.example" {
			t.Fatalf("an http link: %d, error %q, value %q", res.StatusCode, fieldError(site), valueOf(site))
		}
		if valueOf(labelled(t, doc, "Brand name")) != "Brightside Digital" {
			t.Error("the brand name sent was not kept")
		}
		form.Set("brand_url", "brightside.example")
		res, _ = agency.postMultipart(t, "/partners/brand", form, upload{Field: "file", Name: "logo.png", Data: testImage(t, "transparent.png")})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != domain.BrandPath {
			t.Fatalf("saving the brand: %d → %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = agency.get(t, domain.BrandPath)
		preview := byTestID(parseHTML(t, body), "brand-preview")
		if !strings.Contains(strings.Join(strings.Fields(preview.Text()), " "), "Managed by Brightside Digital") ||
			preview.Find(`img[alt="Brightside Digital logo"]`).Length() != 1 || !hasLink(preview, "Brightside Digital", "https://brightside.example") {
			t.Fatalf("the preview: %q", preview.Text())
		}

		// The report of the last full month, from the analytics.
		b := clientListing(t, app, p, "Lone Star Plumbing", false)
		now := time.Now().UTC()
		month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
		key := func(m time.Time, day int) store.StatKey {
			return store.StatKey{BusinessID: b.ID, Day: store.Day(m.AddDate(0, 0, day-1))}
		}
		must(t, app.store.AddListingStats(ctx, map[store.StatKey]store.StatCounts{
			key(month, 3):                    {Views: 40, PhoneClicks: 2, ContactClicks: 1},
			key(month, 20):                   {Views: 2},
			key(month.AddDate(0, -1, 0), 10): {Views: 10, WebsiteClicks: 1},
			key(month.AddDate(0, 1, 0), 1):   {Views: 500}, // this month: not in the report
		}, nil))
		page := "/partners/clients/" + strconv.FormatInt(b.ID, 10) + "/report"
		res, body = agency.get(t, page)
		doc = parseHTML(t, body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("the report: %d", res.StatusCode)
		}
		brand := byTestID(doc, "report-brand")
		if !strings.Contains(brand.Text(), "Brightside Digital") || brand.Find(`img[alt="Brightside Digital logo"]`).Length() != 1 ||
			!hasLink(brand, "Brightside Digital", "https://brightside.example") || !strings.Contains(doc.Find("title").Text(), "Brightside Digital") {
			t.Errorf("the report's brand: %q, title %q", brand.Text(), doc.Find("title").Text())
		}
		if strings.Contains(strings.ToLower(body), strings.ToLower(testSite.Name)) || strings.Contains(body, testSite.SupportEmail) {
			t.Error("the white-label report names the site")
		}
		for figure, want := range map[string]string{"views": "42", "clicks": "3", "leads": "0", "reviews": "0"} {
			if got := doc.Find(`[data-figure="`+figure+`"]`).AttrOr("data-value", ""); got != want {
				t.Errorf("%s: %q, want %s", figure, got, want)
			}
		}
		rows := byTestID(doc, "report-trend").Find("tbody tr")
		if rows.Length() != domain.ReportMonths || rows.Last().AttrOr("data-month", "") != month.Format("January 2006") ||
			rows.Eq(rows.Length()-2).Find("td").First().Text() != "10" {
			t.Errorf("the trend: %d months, last %q", rows.Length(), rows.Last().AttrOr("data-month", ""))
		}
		if byTestID(doc, "report-no-data").Length() != 0 {
			t.Error("a report with figures says there are none")
		}
		if doc.Find("button[data-print]").Length() != 1 || !strings.Contains(doc.Find("[data-print-hint]").Text(), "use your browser's Print") {
			t.Error("no Print button, or no word of the browser's Print without JavaScript")
		}

		// Another agency's clients are not found; a Partner is told white
		// label comes with Partner+.
		_, rival := plusAgency(t, app, "oz@rival.example", "partner-plus")
		if res, _ := rival.get(t, page); res.StatusCode != http.StatusNotFound {
			t.Errorf("another agency's report: %d, want 404", res.StatusCode)
		}
		sqlFixture(t, app.store, `UPDATE partners SET plan = 'partner' WHERE user_id = ?`, p.UserID)
		res, body = agency.get(t, page)
		if res.StatusCode != http.StatusForbidden || byTestID(parseHTML(t, body), "white-label-upsell").Length() != 1 {
			t.Errorf("a Partner's report: %d, want 403 with the upgrade", res.StatusCode)
		}
		_, body = agency.get(t, domain.BrandPath)
		doc = parseHTML(t, body)
		if upsell := byTestID(doc, "white-label-upsell"); !strings.Contains(upsell.Text(), "White label comes with Partner+") || controls(doc, "Brand name").Length() != 0 {
			t.Errorf("a Partner's brand page: %q", upsell.Text())
		}
		if res, _ := agency.postMultipart(t, domain.BrandPath, form); res.StatusCode != http.StatusForbidden {
			t.Errorf("a Partner saves a brand: %d, want 403", res.StatusCode)
		}
	})
}

func TestListingPageSaysManagedByOnlyForPartnerPlusWithTheSettingOn(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		p, agency := plusAgency(t, app, "pia@agency.example", "partner-plus")
		must(t, app.h.domain.Agencies.SaveBrand(ctx, app.h.domain.Images, p, domain.BrandInput{Name: "Brightside Digital", URL: "https://brightside.example"}))
		b := clientListing(t, app, p, "Lone Star Plumbing", true)
		visitor := app.newClient()
		managedBy := func() string {
			t.Helper()
			res, body := visitor.get(t, "/directory/"+b.Slug)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("the listing's page: %d", res.StatusCode)
			}
			m := byTestID(parseHTML(t, body), "managed-by")
			if m.Length() > 0 && !strings.Contains(m.Find("a").AttrOr("rel", ""), "noopener") {
				t.Error("the agency's link is not rel=noopener")
			}
			return strings.Join(strings.Fields(m.Text()), " ")
		}
		if got := managedBy(); got != "Managed by Brightside Digital" {
			t.Fatalf("Managed by: %q", got)
		}
		settings := "/partners/clients/" + strconv.FormatInt(b.ID, 10) + "/white-label"
		if res, _ := agency.post(t, settings, url.Values{"report_to_client": {"on"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("settings: %d", res.StatusCode)
		}
		if got := managedBy(); got != "" {
			t.Errorf("Managed by shows with the setting off: %q", got)
		}
		_, body := agency.get(t, settings)
		doc := parseHTML(t, body)
		if labelled(t, doc, `Show "Managed by Brightside Digital" on the listing's page`).Is(":checked") ||
			!labelled(t, doc, "Email the monthly report to the client too").Is(":checked") {
			t.Error("the settings page does not show the settings saved")
		}
		if res, _ := agency.post(t, settings, url.Values{"managed_by": {"on"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("settings: %d", res.StatusCode)
		}
		if got := managedBy(); got != "Managed by Brightside Digital" {
			t.Errorf("Managed by turned on again: %q", got)
		}
		// On Partner, no agency shows itself.
		sqlFixture(t, app.store, `UPDATE partners SET plan = 'partner' WHERE user_id = ?`, p.UserID)
		if got := managedBy(); got != "" {
			t.Errorf("a Partner's listing says %q", got)
		}
		if res, _ := agency.post(t, settings, url.Values{"managed_by": {"on"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("a Partner's settings: %d, want 403", res.StatusCode)
		}
	})
}

// The brand's logo goes through the listings' image checks: an SVG, a
// decompression bomb and a file that is no image are refused by the file
// field, nothing saved; a replaced or removed logo's files are deleted.
func TestAgencyLogoTakesTheImagesChecksAndItsFilesGo(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		p, agency := plusAgency(t, app, "pia@agency.example", "partner-plus")
		form := url.Values{"brand_name": {"Brightside Digital"}}
		for _, file := range []string{"logo.svg", "bomb-20000x20000.png", "not-an-image.jpg"} {
			res, body := agency.postMultipart(t, domain.BrandPath, form, upload{Field: "file", Name: file, Data: testImage(t, file)})
			doc := parseHTML(t, body)
			if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, doc, "Logo")) == "" {
				t.Errorf("%s: %d, want 422 with the file's error", file, res.StatusCode)
			}
			if valueOf(labelled(t, doc, "Brand name")) != "Brightside Digital" {
				t.Errorf("%s: the brand name sent was not kept", file)
			}
		}
		if b, _ := app.store.AgencyBrandOf(ctx, p.UserID); b.Name != "" || !b.Logo.IsZero() {
			t.Fatalf("a refused logo saved the brand: %+v", b)
		}
		logo := func() store.Picture {
			t.Helper()
			b, err := app.store.AgencyBrandOf(ctx, p.UserID)
			must(t, err)
			return b.Logo
		}
		if res, _ := agency.postMultipart(t, domain.BrandPath, form, upload{Field: "file", Name: "logo.png", Data: testImage(t, "transparent.png")}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("a PNG logo: %d", res.StatusCode)
		}
		first := logo()
		if !stored(app, first) {
			t.Fatal("the logo's files are not stored")
		}
		if res, _ := agency.postMultipart(t, domain.BrandPath, form, upload{Field: "file", Name: "photo.jpg", Data: testImage(t, "gps-orientation6.jpg")}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("a new logo: %d", res.StatusCode)
		}
		second := logo()
		if second.Hash == first.Hash || !stored(app, second) {
			t.Fatal("the new logo is not stored")
		}
		gone(t, app, first)
		if res, _ := agency.post(t, domain.BrandPath+"/logo/delete", nil); res.StatusCode != http.StatusSeeOther || !logo().IsZero() {
			t.Fatalf("removing the logo: %d", res.StatusCode)
		}
		gone(t, app, second)
	})
}
