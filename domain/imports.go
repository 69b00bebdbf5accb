package domain

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/jobs"
	"bizprofile/store"
)

// Imports are CSV imports of listings (issue 37), for owners with several
// locations and for agencies (whose imported listings become client
// listings): a file is uploaded, a job checks every row (the dry run: its
// errors by column, and the rows that would duplicate a listing), and once
// the importer asks, another job creates and updates the listings in
// batches, writing its progress, resuming after the rows done if it
// stops. A row with an external id the account imported before updates
// that listing.
type Imports struct{ *env }

// ImportPath is the import page; ExportPath the account's listings in the
// import's format.
const (
	ImportPath = "/dashboard/import"
	ExportPath = "/dashboard/export.csv"
)

// ImportDetailPath is the page of import id.
func ImportDetailPath(id int64) string { return ImportPath + "/" + strconv.FormatInt(id, 10) }

// Outcomes of a row: what the check plans and the run does.
const (
	RowCreated   = "created"
	RowUpdated   = "updated"
	RowUnchanged = "unchanged"
	RowRefused   = "refused"
)

// importBatch is how many rows the run does in one transaction (and
// between two writes of its progress); importTurn how long one job runs
// before it leaves the rest to the next (the queue's attempts time out
// at a minute).
const (
	importBatch = 200
	importTurn  = 30 * time.Second
)

// Importer is who imports: an owner (their account's listings) or, with
// Agency, an approved partner (its client listings).
type Importer struct {
	User   store.User
	Agency *store.Partner
}

// Account is the importing account: the agency's partner id, or the
// account the user works in.
func (who Importer) Account() int64 {
	if who.Agency != nil {
		return who.Agency.UserID
	}
	return who.User.Account()
}

// may reports whether who may update listing t.
func (who Importer) may(t store.ImportTarget) bool {
	if who.Agency != nil {
		return t.PartnerID.Valid && t.PartnerID.Int64 == who.Agency.UserID
	}
	return t.OwnedBy(who.User.Account())
}

// ManagePath is where who manages listing id.
func (who Importer) ManagePath(id int64) string {
	if who.Agency != nil {
		return ClientPath(id)
	}
	return "/dashboard/businesses/" + strconv.FormatInt(id, 10)
}

// ImportTooLarge says a file is over MaxImportBytes.
var ImportTooLarge = "The file is over " + strconv.Itoa(MaxImportBytes>>20) + " MB: split it into smaller files."

// Upload stores a file to import and queues its check; field errors (on
// "file") when it is empty, too large or not text.
func (im *Imports) Upload(ctx context.Context, who Importer, fileName string, body []byte) (int64, error) {
	switch {
	case len(body) == 0:
		return 0, Invalid{"file": "Choose a CSV file to upload."}
	case len(body) > MaxImportBytes:
		return 0, Invalid{"file": ImportTooLarge}
	case !utf8.Valid(body) || slices.Contains(body, 0):
		return 0, Invalid{"file": "The file is not text: save it from your spreadsheet as CSV UTF-8."}
	}
	if len([]rune(fileName)) > 200 {
		fileName = string([]rune(fileName)[:200])
	}
	var id int64
	err := im.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		imp := store.Import{AccountID: who.Account(), UserID: who.User.ID, AsAgency: who.Agency != nil, FileName: fileName, Body: string(body)}
		if id, err = tx.CreateImport(ctx, imp, im.now()); err != nil {
			return err
		}
		return tx.Enqueue(ctx, jobs.ImportCheck(id))
	})
	if err == nil {
		im.log.Info("import uploaded", "import_id", id, "account_id", who.Account(), "agency", who.Agency != nil, "bytes", len(body))
	}
	return id, err
}

// Import is import id when it is who's; store.ErrNotFound otherwise, as
// if it did not exist.
func (im *Imports) Import(ctx context.Context, who Importer, id int64) (store.Import, error) {
	imp, err := im.store.ImportByID(ctx, id)
	if err == nil && (imp.AccountID != who.Account() || imp.AsAgency != (who.Agency != nil)) {
		im.log.Warn("access to another account's import", "import_id", id, "user_id", who.User.ID)
		return store.Import{}, store.ErrNotFound
	}
	return imp, err
}

// Recent are who's newest imports.
func (im *Imports) Recent(ctx context.Context, who Importer, n int) ([]store.Import, error) {
	return im.store.ImportsOf(ctx, who.Account(), who.Agency != nil, n)
}

// Start queues the run of checked import imp; an import already started
// is left as it is.
func (im *Imports) Start(ctx context.Context, imp store.Import) error {
	err := im.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.StartImport(ctx, imp.ID, im.now()); err != nil {
			return err
		}
		return tx.Enqueue(ctx, jobs.ImportRun(imp.ID))
	})
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	return err
}

// importerOf is who uploaded imp, as they import.
func (im *Imports) importerOf(ctx context.Context, imp store.Import) (Importer, error) {
	u, err := im.store.UserByID(ctx, imp.UserID)
	if err != nil {
		return Importer{}, err
	}
	who := Importer{User: u}
	if imp.AsAgency {
		p, err := im.store.PartnerByUser(ctx, imp.AccountID)
		if err != nil {
			return Importer{}, err
		}
		who.Agency = &p
	}
	return who, nil
}

// Check is the dry run of import id (the import_check job): each row's
// plan and problems, stored for the report.
func (im *Imports) Check(ctx context.Context, id int64) error {
	imp, err := im.store.ImportByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && imp.State != store.ImportChecking {
		return nil // gone, or checked already
	}
	if err != nil {
		return err
	}
	who, err := im.importerOf(ctx, imp)
	if err != nil {
		return err
	}
	f, fileErr := parseImport(imp.Body)
	var rows []store.ImportRow
	if fileErr == "" {
		if rows, err = im.plan(ctx, who, f); err != nil {
			return err
		}
	}
	if err := im.store.SaveImportCheck(ctx, id, fileErr, rows, im.now()); err != nil {
		return err
	}
	im.log.Info("import checked", "import_id", id, "rows", len(rows), "file_error", fileErr)
	return nil
}

// planned is a row as the check sees it.
type planned struct {
	rec    importRecord
	in     ListingInput
	errs   rowErrors
	target *store.ImportTarget
}

// sameKey is what makes two listings the same: name, city and state
// without case.
func sameKey(name, city, state string) string {
	return strings.ToLower(name) + "\x00" + strings.ToLower(city) + "\x00" + strings.ToUpper(state)
}

// sameAddress reports whether two listings with the same key are at the
// same place: the same street address, or one without any (a chain's
// locations in a city differ by address).
func sameAddress(a, b string) bool {
	a, b = strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " ")
	return a == "" || b == "" || strings.EqualFold(a, b)
}

// targets are the listings f's external ids name that who may update, by
// external id.
func (im *Imports) targets(ctx context.Context, who Importer, f *importFile) (map[string]store.ImportTarget, error) {
	var ext []string
	for _, r := range f.records {
		if v, _ := f.cell(r, "external_id"); v != "" {
			ext = append(ext, v)
		}
	}
	known, err := im.store.ExternalIDs(ctx, who.Account(), ext)
	if err != nil {
		return nil, err
	}
	for _, v := range ext {
		if n, err := strconv.ParseInt(strings.TrimPrefix(v, OwnIDPrefix), 10, 64); err == nil && strings.HasPrefix(v, OwnIDPrefix) && known[v] == 0 {
			known[v] = n
		}
	}
	ids := make([]int64, 0, len(known))
	for _, id := range known {
		ids = append(ids, id)
	}
	ts, err := im.store.ImportTargets(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]store.ImportTarget, len(ts))
	for _, t := range ts {
		if who.may(t) {
			byID[t.ID] = t
		}
	}
	out := make(map[string]store.ImportTarget, len(known))
	for v, id := range known {
		if t, ok := byID[id]; ok {
			out[v] = t
		}
	}
	return out, nil
}

// plan checks every row of f for who: its problems, the rows that repeat
// an earlier row or would duplicate a listing, and what the run will do.
func (im *Imports) plan(ctx context.Context, who Importer, f *importFile) ([]store.ImportRow, error) {
	targets, err := im.targets(ctx, who, f)
	if err != nil {
		return nil, err
	}
	ps := make([]planned, len(f.records))
	extRow := map[string]int{}
	type place struct {
		row     int
		address string
	}
	keyRows := map[string][]place{}
	var names []string
	for i, r := range f.records {
		p := &ps[i]
		p.rec = r
		ext, _ := f.cell(r, "external_id")
		base := NewListingInput("")
		if t, ok := targets[ext]; ok {
			p.target = &t
			base = ListingInputOf(t.Business)
		}
		p.in, p.errs = f.rowInput(r, base)
		switch {
		case ext != "" && extRow[ext] != 0:
			p.errs["external_id"] = "Row " + strconv.Itoa(extRow[ext]) + " has the same external id."
		case ext != "":
			extRow[ext] = r.row
			if p.target == nil && strings.HasPrefix(ext, OwnIDPrefix) {
				p.errs["external_id"] = ext + " is not one of your listings: leave the external id empty, or give your own."
			}
		}
		if p.in.Name != "" && p.in.City != "" && p.in.State != "" {
			key := sameKey(p.in.Name, p.in.City, p.in.State)
			for _, other := range keyRows[key] {
				if sameAddress(other.address, p.in.Address) && p.errs["name"] == "" {
					p.errs["name"] = "Row " + strconv.Itoa(other.row) + " has the same name, city and state."
				}
			}
			keyRows[key] = append(keyRows[key], place{r.row, p.in.Address})
			if p.target == nil {
				names = append(names, strings.ToLower(p.in.Name))
			}
		}
	}
	existing, err := im.store.ListingsNamed(ctx, names)
	if err != nil {
		return nil, err
	}
	byKey := map[string][]store.ListingKey{}
	for _, l := range existing {
		key := sameKey(l.Name, l.City, l.State)
		byKey[key] = append(byKey[key], l)
	}
	rows := make([]store.ImportRow, len(ps))
	for i := range ps {
		p := &ps[i]
		if p.target == nil && len(p.errs) == 0 {
			if msg := im.duplicates(who, p.in, byKey[sameKey(p.in.Name, p.in.City, p.in.State)]); msg != "" {
				p.errs["name"] = msg
			}
		}
		ext, _ := f.cell(p.rec, "external_id")
		row := store.ImportRow{Row: p.rec.row, ExternalID: ext, Name: p.in.Name}
		switch {
		case len(p.errs) > 0:
			row.Action, row.Errors = RowRefused, encodeErrors(p.errs)
		case p.target != nil:
			row.Action, row.BusinessID = RowUpdated, sql.NullInt64{Int64: p.target.ID, Valid: true}
			if unchanged(p.target.Business, p.in) {
				row.Action = RowUnchanged
			}
		default:
			row.Action = RowCreated
		}
		if row.Action == RowRefused && p.target != nil {
			row.BusinessID = sql.NullInt64{Int64: p.target.ID, Valid: true}
		}
		rows[i] = row
	}
	return rows, nil
}

// duplicates says which listing a new one (in) would duplicate, among
// those with its name, city and state: any published one, and who's own
// whatever their state; "" for none.
func (im *Imports) duplicates(who Importer, in ListingInput, same []store.ListingKey) string {
	for _, l := range same {
		mine := who.may(store.ImportTarget{Business: store.Business{OwnerID: l.OwnerID}, PartnerID: l.PartnerID})
		if !sameAddress(l.Address, in.Address) || !(l.Published || mine) {
			continue
		}
		if mine {
			return "Would duplicate your listing " + l.Name + ": give the row its external id (in the export) to update it."
		}
		return "Would duplicate " + l.Name + " in " + l.City + ", " + l.State + ", already listed at " + im.link("/directory/"+l.Slug) + "."
	}
	return ""
}

// unchanged reports whether listing b already is in, in the columns the
// format has.
func unchanged(b store.Business, in ListingInput) bool {
	n := in.Listing()
	return n.Name == b.Name && n.Category == b.Category && n.Description == b.Description && n.Address == b.Address &&
		n.City == b.City && n.State == b.State && n.ZipCode == b.ZipCode && n.Phone == b.Phone && n.Email == b.Email &&
		n.Website == b.Website && slices.Equal(n.Tags, b.Tags) && sameWeek(n.Hours, b.Hours)
}

// sameWeek compares two weeks, a week without hours as one closed every
// day (as the edit form shows it).
func sameWeek(a, b store.Week) bool {
	closed := func(w store.Week) store.Week {
		if len(w) == 7 {
			return w
		}
		return store.Week{{Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}}
	}
	a, b = closed(a), closed(b)
	for i := range a {
		x, y := a[i], b[i]
		if x.Closed != y.Closed || !x.Closed && (x.Open != y.Open || x.Close != y.Close) {
			return false
		}
	}
	return true
}

func encodeErrors(e rowErrors) string {
	b, _ := json.Marshal(e.list())
	return string(b)
}

// RowErrorsOf are a stored row's problems.
func RowErrorsOf(r store.ImportRow) []ImportError {
	var out []ImportError
	if r.Errors != "" {
		_ = json.Unmarshal([]byte(r.Errors), &out)
	}
	return out
}

// invalidErrors are a rule's field errors by column.
func invalidErrors(inv Invalid) rowErrors {
	errs := rowErrors{}
	for field, msg := range catalog.FieldErrors(inv) {
		errs[columnOfField(field)] = msg
	}
	return errs
}
