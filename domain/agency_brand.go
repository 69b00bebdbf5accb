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

// SendReports is the work of a monthly run: each agency with white label
// gets one email of its client listings' month, accepted by their client,
// each with its printable report (a listing still waiting for its client
// is hidden, with nothing to report); the client gets its own when the
// agency chose so. Each agency's emails are queued in the transaction
// that marks its listings' month, so a retried run, or one running at
// once on another instance, sends none twice.
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
	var agencies []int64
	clients := map[int64][]store.ClientListing{}
	for _, id := range due {
		c, err := a.store.ClientListing(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // the client removed the agency since
		}
		if err != nil {
			return err
		}
		if _, seen := clients[c.PartnerID]; !seen {
			agencies = append(agencies, c.PartnerID)
		}
		clients[c.PartnerID] = append(clients[c.PartnerID], c)
	}
	sent := 0
	for _, id := range agencies {
		n, err := a.SendAgencyReports(ctx, id, clients[id], m)
		if err != nil {
			return err // retried; the agencies done so far are marked
		}
		sent += n
	}
	a.log.Info("agency reports queued", "month", month, "agencies", len(agencies), "listings", sent)
	return nil
}

// SendAgencyReports queues the reports of month (its first day) of agency
// partnerID's client listings cs: one email to the agency with each
// listing's figures and its printable report's link, and one to each
// listing's owner whose report the agency sends to the client. It returns
// how many listings it reported: none that another run reported already,
// none when the agency has no white label (any more).
func (a *Agencies) SendAgencyReports(ctx context.Context, partnerID int64, cs []store.ClientListing, month time.Time) (int, error) {
	p, err := a.store.PartnerByUser(ctx, partnerID)
	if err != nil || !WhiteLabel(p) {
		return 0, err
	}
	brand, err := a.BrandOf(ctx, p)
	if err != nil {
		return 0, err
	}
	ids := make([]int64, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	prev := month.AddDate(0, -1, 0)
	this, err := a.store.AnalyticsReport(ctx, ids, store.Day(month), store.Day(month.AddDate(0, 1, -1)))
	if err != nil {
		return 0, err
	}
	before, err := a.store.AnalyticsReport(ctx, ids, store.Day(prev), store.Day(month.AddDate(0, 0, -1)))
	if err != nil {
		return 0, err
	}
	label, prevLabel := month.Format("January 2006"), prev.Format("January 2006")
	type report struct {
		id     int64
		row    bizmail.AgencyClientMonth
		client *bizmail.Message // nil: not to the client
	}
	reports := make([]report, 0, len(cs))
	for _, c := range cs {
		t, b := monthFigures(this.ByListing[c.ID]), monthFigures(before.ByListing[c.ID])
		r := report{id: c.ID, row: bizmail.AgencyClientMonth{Listing: c.Name, This: t, Prev: b, ReportLink: a.link(ClientReportPath(c.ID, month))}}
		settings, err := a.WhiteLabelOf(ctx, c)
		if err != nil {
			return 0, err
		}
		if settings.ReportToClient && c.Accepted() && c.OwnerID.Valid {
			owner, err := a.store.UserByID(ctx, c.OwnerID.Int64)
			if err != nil {
				return 0, err
			}
			msg := bizmail.AgencyReport(owner.Email, bizmail.AgencyReportMonth{Brand: brand.Name, BrandURL: brand.URL, Listing: c.Name,
				Month: label, PrevMonth: prevLabel, This: t, Prev: b})
			r.client = &msg
		}
		reports = append(reports, r)
	}
	key := month.Format(store.MonthFormat)
	var rows []bizmail.AgencyClientMonth
	toClients := 0
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		rows, toClients = nil, 0
		for _, r := range reports {
			ok, err := tx.MarkAgencyReport(ctx, r.id, key)
			if err != nil {
				return err
			}
			if !ok {
				continue // another run reported it
			}
			rows = append(rows, r.row)
			if r.client != nil {
				toClients++
				if err := queueMail(ctx, tx, *r.client); err != nil {
					return err
				}
			}
		}
		if len(rows) == 0 {
			return nil
		}
		return queueMail(ctx, tx, bizmail.AgencyDigest(p.Email, brand.Name, brand.URL, label, prevLabel, rows))
	})
	if err != nil {
		return 0, err
	}
	if len(rows) > 0 {
		a.log.Info("agency's client reports queued", "partner_id", p.UserID, "month", key, "listings", len(rows), "to_clients", toClients)
	}
	return len(rows), nil
}
