package domain

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// White label (issue 37, Partner+): an agency's brand (name, link, logo,
// accent); "Managed by {brand}" on the pages of the listings it manages,
// when the client listing's setting allows; a monthly report per client
// listing as a printable page under the brand, with no trace of the site's
// own; and that report emailed on the first of each month to the agency
// and, when it chose, to the client.

// BrandPath is the agency's brand page.
const BrandPath = "/partners/brand"

// ClientWhiteLabelPath is the white-label settings page of client listing
// id; ClientReportPath its report of month (zero: the default month).
func ClientWhiteLabelPath(id int64) string { return ClientPath(id) + "/white-label" }

// ClientReportPath is client listing id's report of month (zero: the
// last full month).
func ClientReportPath(id int64, month time.Time) string {
	p := ClientPath(id) + "/report"
	if !month.IsZero() {
		p += "?" + url.Values{"month": {month.Format(store.MonthFormat)}}.Encode()
	}
	return p
}

// ErrNoWhiteLabel: the agency's plan has no white label (Partner).
var ErrNoWhiteLabel = errors.New("domain: the partner plan has no white label")

// WhiteLabel reports whether agency p may brand its clients' listings and
// reports: approved, on a plan with white label (Partner+).
func WhiteLabel(p store.Partner) bool {
	return p.State == store.PartnerApproved && PlanOf(p).WhiteLabel
}

// WhiteLabelPlan is the partner plan that brings white label, for the
// pages that offer it.
func WhiteLabelPlan() plans.PartnerPlan {
	for _, p := range plans.PartnerPlans {
		if p.WhiteLabel {
			return p
		}
	}
	return plans.TopPartnerPlan()
}

// whiteLabelPlans are the IDs of the partner plans with white label.
func whiteLabelPlans() []string {
	var ids []string
	for _, p := range plans.PartnerPlans {
		if p.WhiteLabel {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// Brand is how an agency shows itself: its name (the company's unless it
// chose one), its https link ("" none), its logo (zero: none) and its
// accent ("#rrggbb", "" none).
type Brand struct {
	Name, URL string
	Logo      store.Picture
	Accent    string
}

// brandFrom is the Brand of stored b, named company (or contact) when b
// has no name of its own.
func brandFrom(b store.AgencyBrand, company, contact string) Brand {
	name := b.Name
	if name == "" {
		name = company
	}
	if name == "" {
		name = contact
	}
	return Brand{Name: name, URL: b.URL, Logo: b.Logo, Accent: b.Accent}
}

// BrandOf is agency p's Brand.
func (a *Agencies) BrandOf(ctx context.Context, p store.Partner) (Brand, error) {
	b, err := a.store.AgencyBrandOf(ctx, p.UserID)
	if err != nil {
		return Brand{}, err
	}
	return brandFrom(b, p.Company, p.Name), nil
}

// Limits of a brand's fields.
const (
	BrandNameMax = 80
	BrandURLMax  = 300
)

// BrandInput is an agency's brand as its form sends it: the name, the
// link and the accent as typed, and a logo file (none: the logo stays).
type BrandInput struct {
	Name, URL, Accent string
	Logo              Upload
}

// Check is what breaks the rules in in, by the form's field names
// (brand_name, brand_url, accent), and in as stored: trimmed, the link
// with https:// when typed without a scheme, the accent as #rrggbb.
func (in BrandInput) Check() (BrandInput, catalog.FieldErrors) {
	errs := catalog.FieldErrors{}
	in.Name = strings.TrimSpace(in.Name)
	CheckRule(errs, "brand_name", in.Name, catalog.FieldRule{MaxLength: BrandNameMax})
	in.URL = strings.TrimSpace(in.URL)
	if in.URL != "" && !strings.Contains(in.URL, "://") {
		in.URL = "https://" + in.URL
	}
	if msg := brandURLProblem(in.URL); msg != "" {
		errs["brand_url"] = msg
	}
	in.Accent = strings.TrimSpace(in.Accent)
	if in.Accent != "" {
		colour, problem := CheckAccent(in.Accent)
		if problem != "" {
			errs["accent"] = problem
		}
		in.Accent = colour
	}
	return in, errs
}

// brandURLProblem is what is wrong with a brand's link ("" when nothing
// is): an https address of a named host, without a password, at most
// BrandURLMax characters.
func brandURLProblem(link string) string {
	if link == "" {
		return ""
	}
	if TextProblem(link, catalog.OneLine) != "" || strings.ContainsAny(link, " \t") {
		return "Enter your website's address, like https://youragency.com."
	}
	if len(link) > BrandURLMax {
		return catalog.TooLong(BrandURLMax)
	}
	u, err := url.Parse(link)
	switch {
	case err != nil || u.Host == "" || !strings.Contains(u.Hostname(), ".") || strings.HasSuffix(u.Hostname(), "."):
		return "Enter your website's address, like https://youragency.com."
	case u.Scheme != "https":
		return "Use your website's https:// address: visitors follow this link from listing pages."
	case u.User != nil:
		return "Enter the address without a user name or password."
	}
	return ""
}

// SaveBrand saves agency p's brand from in: its name, link and accent,
// and its logo when a file came (kept by im, the images' pipeline, with
// its checks; the logo it replaces is deleted through the queue).
// ErrNoWhiteLabel on a plan without white label; Invalid (by field) and
// nothing saved when a field breaks the rules; a refused file is an
// *images.Error and a storage failure wraps ErrStorage, and then nothing
// is saved either.
func (a *Agencies) SaveBrand(ctx context.Context, im *Images, p store.Partner, in BrandInput) error {
	if !WhiteLabel(p) {
		return ErrNoWhiteLabel
	}
	in, errs := in.Check()
	if len(errs) > 0 {
		return Invalid(errs)
	}
	var logo store.Picture
	if in.Logo.File != nil || in.Logo.TooLarge {
		var err error
		if logo, err = im.KeepUpload(ctx, in.Logo); err != nil {
			return err
		}
	}
	err := a.store.InTx(ctx, func(tx *store.Store) error {
		now := a.now()
		if err := tx.SaveAgencyBrand(ctx, store.AgencyBrand{PartnerID: p.UserID, Name: in.Name, URL: in.URL, Accent: in.Accent}, now); err != nil {
			return err
		}
		if logo.IsZero() {
			return nil
		}
		return a.replaceLogo(ctx, tx, p.UserID, logo)
	})
	if err == nil {
		a.log.Info("agency brand saved", "partner_id", p.UserID, "logo", !logo.IsZero())
	}
	return err
}

// RemoveLogo removes agency p's brand logo (whatever its plan: taking it
// down is always allowed); its files are deleted through the queue.
func (a *Agencies) RemoveLogo(ctx context.Context, p store.Partner) error {
	err := a.store.InTx(ctx, func(tx *store.Store) error {
		return a.replaceLogo(ctx, tx, p.UserID, store.Picture{})
	})
	if err == nil {
		a.log.Info("agency logo removed", "partner_id", p.UserID)
	}
	return err
}

// replaceLogo makes logo partnerID's brand logo on tx and queues the
// deletion of the replaced one's files (kept while any image or other
// brand still shows them: Images.DeleteFiles).
func (a *Agencies) replaceLogo(ctx context.Context, tx *store.Store, partnerID int64, logo store.Picture) error {
	old, err := tx.SetAgencyLogo(ctx, partnerID, logo, a.now())
	if err != nil || old.IsZero() {
		return err
	}
	return forgetImages(ctx, tx, []store.ListingImage{{Picture: old}})
}

// ManagedBadge is the brand to show as "Managed by" on listing
// businessID's page: ok only when an approved agency on a plan with white
// label manages it and the client listing's setting shows it. One lookup
// by the listing's key.
func (a *Agencies) ManagedBadge(ctx context.Context, businessID int64) (b Brand, ok bool, err error) {
	m, err := a.store.ManagerOf(ctx, businessID)
	if errors.Is(err, store.ErrNotFound) {
		return Brand{}, false, nil
	}
	if err != nil {
		return Brand{}, false, err
	}
	if !m.ShowManagedBy || !WhiteLabel(store.Partner{State: m.State, Plan: m.Plan}) {
		return Brand{}, false, nil
	}
	return brandFrom(m.AgencyBrand, m.Company, m.ContactName), true, nil
}

// ClientWhiteLabel are a client listing's white-label settings: its page
// says "Managed by" the agency; its monthly report goes to its client too.
type ClientWhiteLabel struct{ ShowManagedBy, ReportToClient bool }

// WhiteLabelOf is client listing c's settings.
func (a *Agencies) WhiteLabelOf(ctx context.Context, c store.ClientListing) (ClientWhiteLabel, error) {
	m, err := a.store.ManagerOf(ctx, c.ID)
	if err != nil {
		return ClientWhiteLabel{}, err
	}
	return ClientWhiteLabel{ShowManagedBy: m.ShowManagedBy, ReportToClient: m.ReportToClient}, nil
}

// SetWhiteLabel saves client listing c's settings for agency p, which
// manages it (Agencies.Client). ErrNoWhiteLabel on a plan without it.
func (a *Agencies) SetWhiteLabel(ctx context.Context, p store.Partner, c store.ClientListing, s ClientWhiteLabel) error {
	if !WhiteLabel(p) {
		return ErrNoWhiteLabel
	}
	if c.PartnerID != p.UserID {
		return store.ErrNotFound
	}
	err := a.store.SetClientWhiteLabel(ctx, c.ID, s.ShowManagedBy, s.ReportToClient)
	if err == nil {
		a.log.Info("client white label saved", "business_id", c.ID, "partner_id", p.UserID,
			"managed_by", s.ShowManagedBy, "report_to_client", s.ReportToClient)
	}
	return err
}

// ReportMonths is how many months a report's trend shows, the reported
// month last.
const ReportMonths = 6

// ReportMonth is the month a report asks for ("YYYY-MM"), as its first
// day in UTC: the last full month before now when typed is empty, not a
// month, or not over yet.
func ReportMonth(typed string, now time.Time) time.Time {
	now = now.UTC()
	last := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
	m, err := time.Parse(store.MonthFormat, typed)
	if err != nil || m.After(last) || m.Year() < 2000 {
		return last
	}
	return m
}

// ReportFigures are a month's figures of a client listing.
type ReportFigures struct {
	Month                         time.Time // its first day
	Views, Clicks, Leads, Reviews int64
	Rating                        float64 // average stars of the month's new reviews; 0 without
}

func reportFigures(month time.Time, t store.AnalyticsTotals) ReportFigures {
	return ReportFigures{Month: month, Views: t.Views, Clicks: t.Clicks(), Leads: t.Leads, Reviews: t.Reviews, Rating: t.AverageRating()}
}

// ClientReport is a client listing's month under its agency's brand.
type ClientReport struct {
	Brand   Brand
	Listing store.ClientListing
	// This and Prev are the month and the one before; Trend the last
	// ReportMonths months, the reported one last.
	This, Prev ReportFigures
	Trend      []ReportFigures
	// NoData: nothing was counted in any of the Trend's months.
	NoData bool
	// Later is the month after the report's when it is over (for a link
	// to its report); zero otherwise.
	Later time.Time
}

// ReportMonthOf is ReportMonth by the clock of the rules.
func (a *Agencies) ReportMonthOf(typed string) time.Time { return ReportMonth(typed, a.now()) }

// Report is client listing c's report of month (its first day) for
// agency p, which manages it. ErrNoWhiteLabel on a plan without white
// label. The figures are the analytics': views and contact clicks as
// counted, leads and published reviews by the day they came (UTC).
func (a *Agencies) Report(ctx context.Context, p store.Partner, c store.ClientListing, month time.Time) (ClientReport, error) {
	if !WhiteLabel(p) {
		return ClientReport{}, ErrNoWhiteLabel
	}
	if c.PartnerID != p.UserID {
		return ClientReport{}, store.ErrNotFound
	}
	brand, err := a.BrandOf(ctx, p)
	if err != nil {
		return ClientReport{}, err
	}
	first := month.AddDate(0, 1-ReportMonths, 0)
	rep, err := a.store.AnalyticsReport(ctx, []int64{c.ID}, store.Day(first), store.Day(month.AddDate(0, 1, -1)))
	if err != nil {
		return ClientReport{}, err
	}
	byMonth := map[string]store.AnalyticsTotals{}
	for _, d := range rep.Days {
		key := d.Day[:len(store.MonthFormat)]
		t := byMonth[key]
		t.StatCounts = t.StatCounts.Add(d.StatCounts)
		t.Leads += d.Leads
		t.Reviews += d.Reviews
		t.RatingSum += d.RatingSum
		byMonth[key] = t
	}
	r := ClientReport{Brand: brand, Listing: c, NoData: true}
	for m := first; !m.After(month); m = m.AddDate(0, 1, 0) {
		f := reportFigures(m, byMonth[m.Format(store.MonthFormat)])
		if f.Views+f.Clicks+f.Leads+f.Reviews > 0 {
			r.NoData = false
		}
		r.Trend = append(r.Trend, f)
	}
	r.This, r.Prev = r.Trend[len(r.Trend)-1], r.Trend[len(r.Trend)-2]
	if next := month.AddDate(0, 1, 0); a.ReportMonthOf(next.Format(store.MonthFormat)).Equal(next) {
		r.Later = next
	}
	return r, nil
}

// ScheduleReports leaves the next monthly reports run waiting in the
// queue, unless one already is (another instance may be starting too).
func (a *Agencies) ScheduleReports(ctx context.Context) error {
	return a.scheduleReports(ctx, jobs.NextAgencyReportMonth(a.now()))
}

func (a *Agencies) scheduleReports(ctx context.Context, month string) error {
	queued, err := a.store.EnqueueUnlessWaiting(ctx, jobs.AgencyReports(month))
	if queued {
		a.log.Info("agency reports scheduled", "month", month)
	}
	return err
}

// SendReports is the work of a monthly run: each client listing of an
// agency with white label, accepted by its client, gets its report of
// month emailed to the agency (and to its client when the agency chose
// so); a listing still waiting for its client is hidden, with nothing to
// report. Each listing's emails are
// queued in the transaction that marks its month, so a retried run, or
// one running at once on another instance, sends none twice.
func (a *Agencies) SendReports(ctx context.Context, month string) error {
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		return err
	}
	// The next run first: a run that keeps failing does not stop the
	// months after it.
	next := max(m.AddDate(0, 1, 0).Format(store.MonthFormat), jobs.NextAgencyReportMonth(a.now()))
	if err := a.scheduleReports(ctx, next); err != nil {
		return err
	}
	due, err := a.store.AgencyReportsDue(ctx, month, whiteLabelPlans(), m.AddDate(0, 1, 0))
	if err != nil {
		return err
	}
	sent := 0
	for _, id := range due {
		ok, err := a.SendReport(ctx, id, m)
		if err != nil {
			return err // retried; the listings done so far are marked
		}
		if ok {
			sent++
		}
	}
	a.log.Info("agency reports queued", "month", month, "listings", sent)
	return nil
}

// SendReport queues client listing businessID's report of month (its
// first day) to its agency, and to its owner when the agency chose so and
// the client accepted the listing. It reports false when another run had
// already, or the agency has no white label (any more).
func (a *Agencies) SendReport(ctx context.Context, businessID int64, month time.Time) (bool, error) {
	c, err := a.store.ClientListing(ctx, businessID)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil // the client removed the agency since
	}
	if err != nil {
		return false, err
	}
	p, err := a.store.PartnerByUser(ctx, c.PartnerID)
	if err != nil || !WhiteLabel(p) {
		return false, err
	}
	r, err := a.Report(ctx, p, c, month)
	if err != nil {
		return false, err
	}
	settings, err := a.WhiteLabelOf(ctx, c)
	if err != nil {
		return false, err
	}
	body := bizmail.AgencyReportMonth{
		Brand: r.Brand.Name, BrandURL: r.Brand.URL, Listing: c.Name,
		Month: month.Format("January 2006"), PrevMonth: month.AddDate(0, -1, 0).Format("January 2006"),
		This: mailFigures(r.This), Prev: mailFigures(r.Prev),
	}
	msgs := []bizmail.Message{}
	if settings.ReportToClient && c.Accepted() && c.OwnerID.Valid {
		owner, err := a.store.UserByID(ctx, c.OwnerID.Int64)
		if err != nil {
			return false, err
		}
		msgs = append(msgs, bizmail.AgencyReport(owner.Email, body, true))
	}
	body.ReportLink = a.link(ClientReportPath(c.ID, month))
	msgs = append(msgs, bizmail.AgencyReport(p.Email, body, false))
	key := month.Format(store.MonthFormat)
	sent := false
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.MarkAgencyReport(ctx, c.ID, key)
		if err != nil || !ok {
			return err
		}
		sent = true
		for _, m := range msgs {
			if err := queueMail(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if sent && err == nil {
		a.log.Info("agency report queued", "business_id", c.ID, "partner_id", p.UserID, "month", key, "to_client", len(msgs) > 1)
	}
	return sent && err == nil, err
}

func mailFigures(f ReportFigures) bizmail.MonthFigures {
	return bizmail.MonthFigures{Views: f.Views, ContactClicks: f.Clicks, Leads: f.Leads, Reviews: f.Reviews, Rating: f.Rating}
}
