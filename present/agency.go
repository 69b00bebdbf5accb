package present

import (
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// White label (issue 37, Partner+; the rules are domain/agency_brand.go):
// the agency's brand as its form, a listing's "Managed by" and a client's
// monthly report show it.

// Sizes of the brand's logo, in CSS pixels (.managed-by-logo, .report-logo).
const (
	BadgeLogoPx  = 128
	reportLogoPx = 192 // a report's heading
)

// Badge is brand as a listing's page shows it, its logo about px wide.
func (pg Pages) Badge(b domain.Brand, px int) views.ManagedBadge {
	return views.ManagedBadge{Name: b.Name, URL: b.URL, Logo: pg.Image(b.Logo, b.Name+" logo", px, "")}
}

// BrandForm is agency p's brand form: in is what it shows (the brand as
// saved, or as sent), with errs, rules for the logo, and whether the file
// sent was dropped.
func (pg Pages) BrandForm(p store.Partner, brand domain.Brand, in domain.BrandInput, errs catalog.FieldErrors, dropped bool, rules views.ImageRules) views.AgencyBrandForm {
	f := views.AgencyBrandForm{
		Allowed: domain.WhiteLabel(p), Plan: domain.PlanOf(p).Name, WhiteLabelPlan: domain.WhiteLabelPlan().Name, Company: domain.AgencyName(p),
		Name: views.Field{Name: "brand_name", Label: "Brand name", Type: "text", Value: in.Name, MaxLength: domain.BrandNameMax,
			Hint: "Leave it empty to use your company's name, " + domain.AgencyName(p) + ".", Error: errs["brand_name"]},
		URL: views.Field{Name: "brand_url", Label: "Website", Type: "text", InputMode: "url", Value: in.URL, Autocomplete: "url", MaxLength: domain.BrandURLMax,
			Hint: "An https:// address: \"Managed by\" links to it.", Error: errs["brand_url"]},
		Accent: views.Field{Name: "accent", Label: "Accent colour", Type: "text", Value: in.Accent, MaxLength: 7,
			Hint: "As # and six hexadecimal digits, like #1d4ed8: your reports' heading is this colour, with white text on it.", Error: errs["accent"]},
		Logo: pg.Image(brand.Logo, "", LogoThumbPx, "96px"), LogoError: errs["file"], Rules: rules, Errors: errs,
		Preview: pg.Badge(brand, BadgeLogoPx), FileDropped: dropped,
	}
	return f
}

// ClientReport is the monthly report rep of client listing c, for month,
// under its agency's brand.
func (pg Pages) ClientReport(rep domain.ClientReport, c store.ClientListing, month time.Time) views.ClientReport {
	v := views.ClientReport{
		Brand: pg.Badge(rep.Brand, reportLogoPx), ListingID: c.ID, Listing: c.Name, Place: c.City + ", " + c.State, NoData: rep.NoData,
		This: reportFigures(rep.This), Prev: reportFigures(rep.Prev), Back: domain.ClientPath(c.ID),
		Earlier: domain.ClientReportPath(c.ID, month.AddDate(0, -1, 0)),
	}
	if colour, problem := domain.CheckAccent(rep.Brand.Accent); rep.Brand.Accent != "" && problem == "" {
		v.BrandCSS = BrandCSSPath(colour)
	}
	if !rep.Later.IsZero() {
		v.Later = domain.ClientReportPath(c.ID, rep.Later)
	}
	for _, m := range rep.Trend {
		v.Trend = append(v.Trend, reportFigures(m))
	}
	return v
}

func reportFigures(f domain.ReportFigures) views.ReportFigures {
	return views.ReportFigures{Month: f.Month.Format("January 2006"), Views: f.Views, Clicks: f.Clicks, Leads: f.Leads, Reviews: f.Reviews, Rating: f.Rating}
}
