package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
)

// CSV imports of listings (issue 37): the uploaded file, each row's plan
// from the dry run and its outcome from the run, and the external ids by
// which a later import updates what an earlier one created.

// Where an import stands.
const (
	ImportChecking  = "checking"  // the dry run is queued or running
	ImportChecked   = "checked"   // the report is ready; the run waits for the importer
	ImportImporting = "importing" // the run is queued or running
	ImportDone      = "done"
	ImportFailed    = "failed" // the file as a whole could not be read (FileError)
)

// Import is an uploaded file of listings.
type Import struct {
	ID        int64     `db:"id"`
	AccountID int64     `db:"account_id"` // the importing account: the owner's, or the agency's partner id
	UserID    int64     `db:"user_id"`    // who uploaded it
	AsAgency  bool      `db:"as_agency"`  // its listings are the agency's client listings
	FileName  string    `db:"file_name"`
	Body      string    `db:"body"` // the CSV text (not read by the lists)
	State     string    `db:"state"`
	FileError string    `db:"file_error"`
	TotalRows int       `db:"total_rows"`
	Processed int       `db:"processed"`
	Created   int       `db:"created_count"`
	Updated   int       `db:"updated_count"`
	Unchanged int       `db:"unchanged_count"`
	Refused   int       `db:"refused_count"`
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

// Busy reports whether a job is working on the import.
func (im Import) Busy() bool { return im.State == ImportChecking || im.State == ImportImporting }

const importSummaryColumns = `id, account_id, user_id, as_agency, file_name, state, file_error, total_rows, processed,
	created_count, updated_count, unchanged_count, refused_count, created_at, updated_at`

// ImportRow is one data row of an import: the check's plan (Action) and,
// once run, what became of it (Outcome; "" while pending).
type ImportRow struct {
	ImportID   int64         `db:"import_id"`
	Row        int           `db:"row_number"` // as a spreadsheet numbers it: the header is row 1
	ExternalID string        `db:"external_id"`
	Name       string        `db:"name"`
	Action     string        `db:"action"`
	Outcome    string        `db:"outcome"`
	BusinessID sql.NullInt64 `db:"business_id"`
	Errors     string        `db:"errors"` // JSON, the domain's
}

const importRowColumns = `import_id, row_number, external_id, name, action, outcome, business_id, errors`

// importRowColumnCount is how many columns importRowColumns names.
const importRowColumnCount = 8

// CreateImport stores a new import, checking.
func (s *Store) CreateImport(ctx context.Context, im Import, now time.Time) (int64, error) {
	var id int64
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`INSERT INTO imports (account_id, user_id, as_agency, file_name, body, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), im.AccountID, im.UserID, im.AsAgency, im.FileName, im.Body, ImportChecking, now.UTC(), now.UTC()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: create import: %w", err)
	}
	return id, nil
}

// ImportByID is import id with its file; ErrNotFound when there is none.
func (s *Store) ImportByID(ctx context.Context, id int64) (Import, error) {
	var im Import
	err := s.db.GetContext(ctx, &im, s.db.Rebind(`SELECT `+importSummaryColumns+`, body FROM imports WHERE id = ?`), id)
	if err != nil {
		return Import{}, notFound(err, "import")
	}
	return im, nil
}

// ImportsOf are accountID's newest imports (of its agency when asAgency),
// without their files.
func (s *Store) ImportsOf(ctx context.Context, accountID int64, asAgency bool, limit int) ([]Import, error) {
	var out []Import
	err := s.db.SelectContext(ctx, &out, s.db.Rebind(`SELECT `+importSummaryColumns+` FROM imports
		WHERE account_id = ? AND as_agency = ? ORDER BY id DESC LIMIT ?`), accountID, asAgency, limit)
	if err != nil {
		return nil, fmt.Errorf("store: imports of: %w", err)
	}
	return out, nil
}

// importRowBatch bounds the rows of one INSERT (importRowColumnCount values each).
const importRowBatch = 500

// SaveImportCheck stores the dry run of import id: its rows' plans
// (replacing any earlier check's) and its state, checked or failed with
// fileError.
func (s *Store) SaveImportCheck(ctx context.Context, id int64, fileError string, rows []ImportRow, now time.Time) error {
	state := ImportChecked
	if fileError != "" {
		state = ImportFailed
	}
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`DELETE FROM import_rows WHERE import_id = ?`), id); err != nil {
			return fmt.Errorf("store: clear import rows: %w", err)
		}
		for chunk := range slices.Chunk(rows, importRowBatch) {
			args := make([]any, 0, len(chunk)*importRowColumnCount)
			for _, r := range chunk {
				args = append(args, id, r.Row, r.ExternalID, r.Name, r.Action, r.Outcome, r.BusinessID, r.Errors)
			}
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO import_rows (`+importRowColumns+`) VALUES `+placeholders(len(chunk), importRowColumnCount)), args...); err != nil {
				return fmt.Errorf("store: add import rows: %w", err)
			}
		}
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE imports SET state = ?, file_error = ?, total_rows = ?, processed = 0, updated_at = ?
			WHERE id = ? AND state = ?`), state, fileError, len(rows), now.UTC(), id, ImportChecking)
		if err := affectedOne(res, err, "save import check"); err != nil {
			return err
		}
		return tx.countImport(ctx, id, now, "action")
	})
}

// countImport sets import id's counts from its rows' column (action after
// the check, outcome during the run), and how many rows the run did.
func (s *Store) countImport(ctx context.Context, id int64, now time.Time, column string) error {
	count := func(v string) string {
		return `(SELECT COUNT(*) FROM import_rows WHERE import_id = imports.id AND ` + column + ` = '` + v + `')`
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE imports SET created_count = `+count("created")+`, updated_count = `+count("updated")+
		`, unchanged_count = `+count("unchanged")+`, refused_count = `+count("refused")+`,
		processed = (SELECT COUNT(*) FROM import_rows WHERE import_id = imports.id AND outcome <> ''), updated_at = ? WHERE id = ?`), now.UTC(), id)
	if err != nil {
		return fmt.Errorf("store: count import: %w", err)
	}
	return nil
}

// StartImport moves checked import id to importing; ErrNotFound when it
// is not checked (already started, or never readable).
func (s *Store) StartImport(ctx context.Context, id int64, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE imports SET state = ?, updated_at = ? WHERE id = ? AND state = ?`),
		ImportImporting, now.UTC(), id, ImportChecked)
	return affectedOne(res, err, "start import")
}

// PendingImportRows are up to limit rows of import id the run has not
// done yet, in order.
func (s *Store) PendingImportRows(ctx context.Context, id int64, limit int) ([]ImportRow, error) {
	var out []ImportRow
	err := s.db.SelectContext(ctx, &out, s.db.Rebind(`SELECT `+importRowColumns+` FROM import_rows
		WHERE import_id = ? AND outcome = '' ORDER BY row_number LIMIT ?`), id, limit)
	if err != nil {
		return nil, fmt.Errorf("store: pending import rows: %w", err)
	}
	return out, nil
}

// SetImportRowOutcome records what the run did with a row: its outcome,
// the listing, and its errors (JSON) when refused.
func (s *Store) SetImportRowOutcome(ctx context.Context, r ImportRow) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE import_rows SET outcome = ?, business_id = ?, errors = ?
		WHERE import_id = ? AND row_number = ?`), r.Outcome, r.BusinessID, r.Errors, r.ImportID, r.Row)
	return affectedOne(res, err, "set import row outcome")
}

// ImportProgress writes import id's counts and progress from its rows'
// outcomes, and done when every row has one.
func (s *Store) ImportProgress(ctx context.Context, id int64, now time.Time) (done bool, err error) {
	if err := s.countImport(ctx, id, now, "outcome"); err != nil {
		return false, err
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE imports SET state = ?, updated_at = ?
		WHERE id = ? AND state = ? AND processed = total_rows`), ImportDone, now.UTC(), id, ImportImporting)
	if err != nil {
		return false, fmt.Errorf("store: finish import: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ImportRows are import id's rows in order: all of them, or those with
// errors only (problems), at most limit (0: no limit).
func (s *Store) ImportRows(ctx context.Context, id int64, problems bool, limit int) ([]ImportRow, error) {
	q := `SELECT ` + importRowColumns + ` FROM import_rows WHERE import_id = ?`
	if problems {
		q += ` AND errors <> ''`
	}
	q += ` ORDER BY row_number`
	args := []any{id}
	if limit > 0 {
		q += ` LIMIT ?`
		args = append(args, limit)
	}
	var out []ImportRow
	if err := s.db.SelectContext(ctx, &out, s.db.Rebind(q), args...); err != nil {
		return nil, fmt.Errorf("store: import rows: %w", err)
	}
	return out, nil
}

// CountImportProblems is how many of import id's rows have errors.
func (s *Store) CountImportProblems(ctx context.Context, id int64) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM import_rows WHERE import_id = ? AND errors <> ''`), id); err != nil {
		return 0, fmt.Errorf("store: count import problems: %w", err)
	}
	return n, nil
}

// ExternalIDs are the listings accountID gave the external ids of ids, by
// external id (those it never gave are missing).
func (s *Store) ExternalIDs(ctx context.Context, accountID int64, ids []string) (map[string]int64, error) {
	out := make(map[string]int64, len(ids))
	for chunk := range slices.Chunk(ids, importRowBatch) {
		var found []struct {
			ExternalID string `db:"external_id"`
			BusinessID int64  `db:"business_id"`
		}
		if err := s.selectIn(ctx, &found, `SELECT external_id, business_id FROM listing_external_ids
			WHERE account_id = ? AND external_id IN (?)`, accountID, chunk); err != nil {
			return nil, fmt.Errorf("store: external ids: %w", err)
		}
		for _, f := range found {
			out[f.ExternalID] = f.BusinessID
		}
	}
	return out, nil
}

// ExternalIDsOf are accountID's external ids, by listing.
func (s *Store) ExternalIDsOf(ctx context.Context, accountID int64) (map[int64]string, error) {
	var found []struct {
		ExternalID string `db:"external_id"`
		BusinessID int64  `db:"business_id"`
	}
	if err := s.db.SelectContext(ctx, &found, s.db.Rebind(`SELECT external_id, business_id FROM listing_external_ids WHERE account_id = ?`), accountID); err != nil {
		return nil, fmt.Errorf("store: external ids of: %w", err)
	}
	out := make(map[int64]string, len(found))
	for _, f := range found {
		out[f.BusinessID] = f.ExternalID
	}
	return out, nil
}

// SetExternalID records that accountID calls listing businessID
// externalID, in place of what it called it before (by either).
func (s *Store) SetExternalID(ctx context.Context, accountID int64, externalID string, businessID int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		// Two statements, each on its index (an OR would scan the table).
		for _, q := range []string{`DELETE FROM listing_external_ids WHERE account_id = ? AND external_id = ?`,
			`DELETE FROM listing_external_ids WHERE business_id = ? AND account_id = ?`} {
			args := []any{accountID, externalID}
			if strings.Contains(q, "business_id") {
				args = []any{businessID, accountID}
			}
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(q), args...); err != nil {
				return fmt.Errorf("store: clear external id: %w", err)
			}
		}
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO listing_external_ids (account_id, external_id, business_id) VALUES (?, ?, ?)`),
			accountID, externalID, businessID); err != nil {
			return fmt.Errorf("store: set external id: %w", err)
		}
		return nil
	})
}

// ImportTarget is a listing an import may update, with the agency that
// manages it (if any).
type ImportTarget struct {
	Business
	PartnerID sql.NullInt64 `db:"partner_id"`
}

// ImportTargets are the listings of ids, with their agencies.
func (s *Store) ImportTargets(ctx context.Context, ids []int64) ([]ImportTarget, error) {
	var out []ImportTarget
	for chunk := range slices.Chunk(ids, importRowBatch) {
		var found []ImportTarget
		if err := s.selectIn(ctx, &found, `SELECT `+prefixed("b.", businessColumns)+`, c.partner_id
			FROM businesses b LEFT JOIN client_listings c ON c.business_id = b.id WHERE b.id IN (?)`, chunk); err != nil {
			return nil, fmt.Errorf("store: import targets: %w", err)
		}
		out = append(out, found...)
	}
	return out, nil
}

// ListingKey is what tells a listing apart for an import's duplicates.
type ListingKey struct {
	ID        int64         `db:"id"`
	Slug      string        `db:"slug"`
	Name      string        `db:"name"`
	City      string        `db:"city"`
	State     string        `db:"state"`
	Address   string        `db:"address"`
	OwnerID   sql.NullInt64 `db:"owner_id"`
	Published bool          `db:"published"`
	PartnerID sql.NullInt64 `db:"partner_id"`
}

// ListingsNamed are the listings whose names are one of names, without
// case (names given in lower case), with their agencies.
func (s *Store) ListingsNamed(ctx context.Context, names []string) ([]ListingKey, error) {
	var out []ListingKey
	for chunk := range slices.Chunk(names, importRowBatch) {
		var found []ListingKey
		if err := s.selectIn(ctx, &found, `SELECT b.id, b.slug, b.name, b.city, b.state, b.address, b.owner_id, b.published, c.partner_id
			FROM businesses b LEFT JOIN client_listings c ON c.business_id = b.id WHERE LOWER(b.name) IN (?)`, chunk); err != nil {
			return nil, fmt.Errorf("store: listings named: %w", err)
		}
		out = append(out, found...)
	}
	return out, nil
}
