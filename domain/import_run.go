package domain

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"bizprofile/jobs"
	"bizprofile/store"
)

// Run imports the rows of import id (the import_run job), in batches of
// importBatch, each in a transaction with the rows' outcomes and the
// progress, so a run that stops resumes after the rows done; after
// importTurn it queues the rest as a new job.
func (im *Imports) Run(ctx context.Context, id int64) error {
	imp, err := im.store.ImportByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && imp.State != store.ImportImporting {
		return nil
	}
	if err != nil {
		return err
	}
	who, err := im.importerOf(ctx, imp)
	if err != nil {
		return err
	}
	stillAgency := who.Agency == nil || who.Agency.State == store.PartnerApproved
	f, fileErr := parseImport(imp.Body)
	if fileErr != "" {
		return errors.New("domain: import " + strconv.FormatInt(id, 10) + " no longer reads: " + fileErr)
	}
	byRow := make(map[int]importRecord, len(f.records))
	for _, r := range f.records {
		byRow[r.row] = r
	}
	start := im.now()
	for {
		rows, err := im.store.PendingImportRows(ctx, id, importBatch)
		if err != nil || len(rows) == 0 {
			return err
		}
		turnOver := false
		err = im.store.InTx(ctx, func(tx *store.Store) error {
			for _, r := range rows {
				r, err := im.runRow(ctx, tx, who, stillAgency, f, byRow[r.Row], r)
				if err != nil {
					return err
				}
				if err := tx.SetImportRowOutcome(ctx, r); err != nil {
					return err
				}
			}
			done, err := tx.ImportProgress(ctx, id, im.now())
			if err != nil || done {
				if done {
					im.log.Info("import done", "import_id", id)
				}
				return err
			}
			if turnOver = im.now().Sub(start) > importTurn; turnOver {
				return tx.Enqueue(ctx, jobs.ImportRun(id))
			}
			return nil
		})
		if err != nil || turnOver {
			return err
		}
	}
}

// runRow does row r (record rec of f) on tx, as planned, and returns it
// with its outcome; an error is the database's (the batch is tried
// again).
func (im *Imports) runRow(ctx context.Context, tx *store.Store, who Importer, allowed bool, f *importFile, rec importRecord, r store.ImportRow) (store.ImportRow, error) {
	refuse := func(errs rowErrors) (store.ImportRow, error) {
		r.Outcome, r.Errors = RowRefused, encodeErrors(errs)
		return r, nil
	}
	switch {
	case r.Action == RowRefused:
		r.Outcome = RowRefused
		return r, nil
	case !allowed:
		return refuse(rowErrors{"": "Your partner account is no longer approved: nothing more is imported."})
	case r.BusinessID.Valid:
		return im.updateRow(ctx, tx, who, f, rec, r, refuse)
	}
	in, errs := f.rowInput(rec, NewListingInput(""))
	if len(errs) > 0 {
		return refuse(errs)
	}
	var b store.Business
	var err error
	if who.Agency != nil {
		b, err = (&Agencies{im.env}).CreateClient(ctx, tx, *who.Agency, in)
	} else {
		var c Created
		c, err = (&Listings{im.env}).CreateOn(ctx, tx, NewListing{Input: in, AccountID: who.Account(), Creator: who.User})
		b = c.Listing
	}
	var inv Invalid
	if errors.As(err, &inv) {
		return refuse(invalidErrors(inv))
	}
	if err != nil {
		return r, err
	}
	if r.ExternalID != "" {
		if err := tx.SetExternalID(ctx, who.Account(), r.ExternalID, b.ID); err != nil {
			return r, err
		}
	}
	r.Outcome, r.BusinessID = RowCreated, sql.NullInt64{Int64: b.ID, Valid: true}
	return r, nil
}

// updateRow updates the listing row r names, if who still may.
func (im *Imports) updateRow(ctx context.Context, tx *store.Store, who Importer, f *importFile, rec importRecord, r store.ImportRow,
	refuse func(rowErrors) (store.ImportRow, error)) (store.ImportRow, error) {
	ts, err := tx.ImportTargets(ctx, []int64{r.BusinessID.Int64})
	if err != nil {
		return r, err
	}
	if len(ts) == 0 || !who.may(ts[0]) {
		return refuse(rowErrors{"external_id": "The listing of this external id is no longer yours."})
	}
	b := ts[0].Business
	in, errs := f.rowInput(rec, ListingInputOf(b))
	if len(errs) > 0 {
		return refuse(errs)
	}
	if unchanged(b, in) {
		r.Outcome = RowUnchanged
		return r, nil
	}
	proved := who.User.Email
	if who.Agency != nil {
		proved = "" // an agency's address never proves a client's listing
	}
	_, err = (&Listings{im.env}).UpdateOn(ctx, tx, b, in, proved)
	var inv Invalid
	if errors.As(err, &inv) {
		return refuse(invalidErrors(inv))
	}
	if err != nil {
		return r, err
	}
	if r.ExternalID != "" && !strings.HasPrefix(r.ExternalID, OwnIDPrefix) {
		if err := tx.SetExternalID(ctx, who.Account(), r.ExternalID, b.ID); err != nil {
			return r, err
		}
	}
	r.Outcome = RowUpdated
	return r, nil
}

// ImportReport is what the page shows of an import's rows: the first
// ReportRows rows with problems, and how many there are.
type ImportReport struct {
	Problems []store.ImportRow
	Count    int
}

// ReportRows is how many rows with problems the page lists (the result
// CSV has them all).
const ReportRows = 500

// Report is imp's rows with problems.
func (im *Imports) Report(ctx context.Context, imp store.Import) (ImportReport, error) {
	var rep ImportReport
	var err error
	if rep.Problems, err = im.store.ImportRows(ctx, imp.ID, true, ReportRows); err != nil {
		return rep, err
	}
	rep.Count, err = im.store.CountImportProblems(ctx, imp.ID)
	return rep, err
}

// ResultColumns are the result CSV's columns.
var ResultColumns = []string{"row", "external_id", "name", "outcome", "listing", "errors"}

// ResultRows are imp's rows in the result CSV: what became of each (or,
// before the run, what would), the listing's page for who, and the
// problems.
func (im *Imports) ResultRows(ctx context.Context, who Importer, imp store.Import) ([][]string, error) {
	rows, err := im.store.ImportRows(ctx, imp.ID, false, 0)
	if err != nil {
		return nil, err
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		outcome := r.Outcome
		if outcome == "" {
			outcome = "would be " + r.Action
			if r.Action == RowRefused || r.Action == RowUnchanged {
				outcome = r.Action
			}
		}
		link := ""
		if r.BusinessID.Valid {
			link = im.link(who.ManagePath(r.BusinessID.Int64))
		}
		var msgs []string
		for _, e := range RowErrorsOf(r) {
			if e.Column != "" {
				msgs = append(msgs, e.Column+": "+e.Message)
			} else {
				msgs = append(msgs, e.Message)
			}
		}
		out[i] = []string{strconv.Itoa(r.Row), r.ExternalID, r.Name, outcome, link, strings.Join(msgs, " ")}
	}
	return out, nil
}

// Export is who's listings in the import's format (with the columns
// first): an owner's account's, or an agency's client listings.
func (im *Imports) Export(ctx context.Context, who Importer) ([][]string, error) {
	var bs []store.Business
	if who.Agency != nil {
		cs, err := im.store.ClientListingsOf(ctx, who.Agency.UserID)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			bs = append(bs, c.Business)
		}
	} else {
		var err error
		if bs, err = im.store.BusinessesOwnedBy(ctx, who.Account()); err != nil {
			return nil, err
		}
	}
	ext, err := im.store.ExternalIDsOf(ctx, who.Account())
	if err != nil {
		return nil, err
	}
	out := [][]string{ImportColumnNames()}
	for i := len(bs) - 1; i >= 0; i-- { // oldest first, as they were added
		out = append(out, ExportRow(bs[i], ext[bs[i].ID]))
	}
	return out, nil
}
