package views

import (
	"fmt"
	"math"
	"strconv"

	"bizprofile/catalog"
)

// White label (issue 37, Partner+): the agency's brand page, a client
// listing's white-label settings, its printable monthly report and the
// "Managed by" line on the listing's page.

// AgencyBrandPath is the agency's brand page.
const AgencyBrandPath = "/partners/brand"

// ManagedBadge is an agency as a listing's page names it: "Managed by"
// Name, its logo and its link ("" none).
type ManagedBadge struct {
	Name, URL string
	Logo      Image
}

// AgencyBrandForm is the brand page: Allowed when the plan has white
// label (otherwise it says which plan does).
type AgencyBrandForm struct {
	Allowed        bool
	Plan           string // the partner's plan's name
	WhiteLabelPlan string // the plan that brings white label
	Company        string // the name used when Name is left empty
	Name, URL      Field
	Accent         Field
	Logo           Image // the current logo (zero: none)
	LogoError      string
	Rules          ImageRules
	Errors         catalog.FieldErrors
	Preview        ManagedBadge // as saved
	// FileDropped: a file came with a form refused for its other fields,
	// and was not kept.
	FileDropped bool
}

// ClientWhiteLabelForm is a client listing's white-label settings page.
type ClientWhiteLabelForm struct {
	ID                            int64
	Name                          string
	Allowed                       bool
	Plan, WhiteLabelPlan          string // the partner's plan's name; the plan that brings white label
	Brand                         string
	ShowManagedBy, ReportToClient bool
	Accepted                      bool   // the client took the listing over
	Published                     bool   // its page is public
	Slug                          string // its page's
	ReportPath                    string
}

// ReportFigures are a month's figures in a report.
type ReportFigures struct {
	Month                         string // "April 2026"
	Views, Clicks, Leads, Reviews int64
	Rating                        float64 // 0: no reviews
}

// ClientReport is a client listing's monthly report under its agency's
// brand: nothing in it names the site.
type ClientReport struct {
	Brand      ManagedBadge
	BrandCSS   string // the accent's stylesheet ("" none)
	ListingID  int64
	Listing    string
	Place      string
	This, Prev ReportFigures
	Trend      []ReportFigures // oldest first, This last
	NoData     bool
	// Earlier and Later are the reports of the months around (Later ""
	// when that month is not over).
	Earlier, Later string
	Back           string // the agency's page of the client listing
}

// reportChange is the change from before to now as the report writes
// it: "+12%", "−5%", "0%", or "new" when there was nothing before and
// something now, "—" when both are nothing.
func reportChange(now, before int64) string {
	switch {
	case before == 0 && now == 0:
		return "—"
	case before == 0:
		return "new"
	}
	pct := math.Round(float64(now-before) / float64(before) * 100)
	switch {
	case pct > 0:
		return "+" + strconv.FormatFloat(pct, 'f', 0, 64) + "%"
	case pct < 0:
		return "−" + strconv.FormatFloat(-pct, 'f', 0, 64) + "%"
	}
	return "0%"
}

// reportRating is an average rating as the report writes it.
func reportRating(f ReportFigures) string {
	if f.Reviews == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", f.Rating)
}

// ratingChange is the change of the average rating in stars.
func ratingChange(now, before ReportFigures) string {
	if now.Reviews == 0 || before.Reviews == 0 {
		return "—"
	}
	d := math.Round((now.Rating-before.Rating)*10) / 10
	switch {
	case d > 0:
		return fmt.Sprintf("+%.1f", d)
	case d < 0:
		return fmt.Sprintf("−%.1f", -d)
	}
	return "0.0"
}
