package store

import (
	"context"
	"fmt"
	"time"
)

// White label (issue 37, Partner+): an agency's brand on the partners row,
// the per client listing settings ("Managed by" on the listing's page, the
// monthly report to the client) on client_listings, and the month each
// client listing's report last went out.

// AgencyBrand is an agency's brand as stored: Name "" stands for the
// company's name (the domain says so), URL is an https address or "",
// Accent "#rrggbb" or "".
type AgencyBrand struct {
	PartnerID int64   `db:"user_id"`
	Name      string  `db:"brand_name"`
	URL       string  `db:"brand_url"`
	Logo      Picture `db:"brand_logo"`
	Accent    string  `db:"brand_accent"`
}

const agencyBrandColumns = `p.user_id, p.brand_name, p.brand_url, p.brand_logo, p.brand_accent`

// AgencyBrandOf is partnerID's brand; ErrNotFound when it is no partner.
func (s *Store) AgencyBrandOf(ctx context.Context, partnerID int64) (AgencyBrand, error) {
	var b AgencyBrand
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`SELECT `+agencyBrandColumns+` FROM partners p WHERE p.user_id = ?`), partnerID)
	if err != nil {
		return AgencyBrand{}, notFound(err, "agency brand")
	}
	return b, nil
}

// SaveAgencyBrand stores b's name, link and accent (not its logo).
func (s *Store) SaveAgencyBrand(ctx context.Context, b AgencyBrand, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE partners SET brand_name = ?, brand_url = ?, brand_accent = ?, updated_at = ?
		WHERE user_id = ?`), b.Name, b.URL, b.Accent, now.UTC(), b.PartnerID)
	return affectedOne(res, err, "save agency brand")
}

// SetAgencyLogo makes logo (zero: none) partnerID's brand logo and returns
// the one it replaces (zero when there was none), whose files the caller
// deletes through the queue in the same transaction.
func (s *Store) SetAgencyLogo(ctx context.Context, partnerID int64, logo Picture, now time.Time) (Picture, error) {
	var old Picture
	err := s.InTx(ctx, func(tx *Store) error {
		b, err := tx.agencyBrandForUpdate(ctx, partnerID)
		if err != nil {
			return err
		}
		old = b.Logo
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE partners SET brand_logo = ?, updated_at = ? WHERE user_id = ?`),
			logo, now.UTC(), partnerID)
		return affectedOne(res, err, "set agency logo")
	})
	return old, err
}

// agencyBrandForUpdate reads partnerID's brand, its row locked on
// PostgreSQL until the transaction ends (SQLite has one writer anyway).
func (s *Store) agencyBrandForUpdate(ctx context.Context, partnerID int64) (AgencyBrand, error) {
	q := `SELECT ` + agencyBrandColumns + ` FROM partners p WHERE p.user_id = ?`
	if s.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	var b AgencyBrand
	if err := s.db.GetContext(ctx, &b, s.db.Rebind(q), partnerID); err != nil {
		return AgencyBrand{}, notFound(err, "agency brand")
	}
	return b, nil
}

// ListingManager is the agency that manages a listing, as its page and
// its report need it: the agency's standing and brand, and the client
// listing's white-label settings.
type ListingManager struct {
	AgencyBrand
	BusinessID     int64  `db:"business_id"`
	State          string `db:"state"` // the partner's
	Plan           string `db:"plan"`
	Company        string `db:"company"`
	ContactName    string `db:"name"`
	ShowManagedBy  bool   `db:"show_managed_by"`
	ReportToClient bool   `db:"report_to_client"`
	ReportMonth    string `db:"report_month"` // the last month whose report went out ("" none)
}

// ManagerOf is the agency managing listing businessID, in one lookup by
// the listing's key; ErrNotFound when no agency manages it.
func (s *Store) ManagerOf(ctx context.Context, businessID int64) (ListingManager, error) {
	var m ListingManager
	err := s.db.GetContext(ctx, &m, s.db.Rebind(`SELECT `+agencyBrandColumns+`, c.business_id, p.state, p.plan, p.company, p.name,
		c.show_managed_by, c.report_to_client, c.report_month
		FROM client_listings c JOIN partners p ON p.user_id = c.partner_id WHERE c.business_id = ?`), businessID)
	if err != nil {
		return ListingManager{}, notFound(err, "listing manager")
	}
	return m, nil
}

// SetClientWhiteLabel stores client listing businessID's settings: its
// page says "Managed by" its agency (show), its monthly report goes to
// its client too (toClient). ErrNotFound when no agency manages it.
func (s *Store) SetClientWhiteLabel(ctx context.Context, businessID int64, show, toClient bool) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE client_listings SET show_managed_by = ?, report_to_client = ?
		WHERE business_id = ?`), show, toClient, businessID)
	return affectedOne(res, err, "client white label")
}

// AgencyReportsDue are the client listings whose report of month
// ("YYYY-MM") has not gone out: those of approved partners on the
// partnerPlans, managed since before until (the month's end) and accepted
// by their client (a listing waiting for its client is hidden, with
// nothing to report, and an import may make thousands), by id.
func (s *Store) AgencyReportsDue(ctx context.Context, month string, partnerPlans []string, until time.Time) ([]int64, error) {
	if len(partnerPlans) == 0 {
		return nil, nil
	}
	var ids []int64
	err := s.selectIn(ctx, &ids, `SELECT c.business_id FROM client_listings c JOIN partners p ON p.user_id = c.partner_id
		WHERE p.state = ? AND p.plan IN (?) AND c.created_at < ? AND c.accepted_at IS NOT NULL AND c.report_month < ?
		ORDER BY c.business_id`,
		PartnerApproved, partnerPlans, until.UTC(), month)
	if err != nil {
		return nil, fmt.Errorf("store: agency reports due: %w", err)
	}
	return ids, nil
}

// MarkAgencyReport records that client listing businessID's report of
// month went out, and reports false when it had already (another run got
// there first). Call it inside InTx with the emails' jobs: on PostgreSQL
// the row lock makes a concurrent run wait, then find the month marked.
func (s *Store) MarkAgencyReport(ctx context.Context, businessID int64, month string) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE client_listings SET report_month = ?
		WHERE business_id = ? AND report_month < ?`), month, businessID, month)
	if err != nil {
		return false, fmt.Errorf("store: mark agency report: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: mark agency report: %w", err)
	}
	return n == 1, nil
}
