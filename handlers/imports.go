package handlers

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"bizprofile/csvexport"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// CSV import and export of listings (domain.Imports): the upload, the dry
// run's report, the run, its result file, and the account's listings in
// the same format.

// importBodyBytes bounds an upload's body: the file and a little form.
const importBodyBytes = domain.MaxImportBytes + 64<<10

// importerOf is who imports for the signed-in user: an approved partner's
// agency (another partner is sent to its dashboard, and ok is false), or
// the account they work in; individual for an individual's account.
func (h *Handlers) importerOf(w http.ResponseWriter, r *http.Request) (who domain.Importer, individual, ok bool) {
	u := currentUser(r)
	if u.Kind == store.KindPartner && !u.Member() {
		p, ok := h.agencyOf(w, r)
		return domain.Importer{User: *u, Agency: &p}, false, ok
	}
	return domain.Importer{User: *u}, !worksForBusiness(u), true
}

// businessImporter is importerOf for the pages only an importer has: an
// individual gets 404.
func (h *Handlers) businessImporter(w http.ResponseWriter, r *http.Request) (domain.Importer, bool) {
	who, individual, ok := h.importerOf(w, r)
	if ok && individual {
		h.notFound(w, r)
		return who, false
	}
	return who, ok
}

// importsPage is the upload form, the format and the recent imports.
func (h *Handlers) importsPage(w http.ResponseWriter, r *http.Request) {
	h.renderImports(w, r, http.StatusOK, "")
}

func (h *Handlers) renderImports(w http.ResponseWriter, r *http.Request, status int, fileErr string) {
	who, individual, ok := h.importerOf(w, r)
	if !ok {
		return
	}
	v := views.Imports{Agency: who.Agency != nil, Individual: individual, FileError: fileErr, MaxRows: domain.MaxImportRows, MaxMB: domain.MaxImportBytes >> 20}
	for _, c := range domain.ImportColumns {
		v.Columns = append(v.Columns, views.ImportColumn{Name: c.Name, Format: c.Format, Required: c.Required})
	}
	if !individual {
		recent, err := h.domain.Imports.Recent(r.Context(), who, 10)
		if h.broken(w, r, err) {
			return
		}
		v.Recent = present.Rows(recent, present.ImportSummary)
	}
	h.render(w, r, status, views.ImportsPage(h.chrome(r), v))
}

// uploadImport stores the file and opens its page, where the dry run's
// report appears; a file that is missing, too large or not text is
// answered with the form and its message.
func (h *Handlers) uploadImport(w http.ResponseWriter, r *http.Request) {
	who, ok := h.businessImporter(w, r)
	if !ok {
		return
	}
	if !isMultipart(r) {
		h.renderImports(w, r, http.StatusUnprocessableEntity, "Choose a CSV file to upload.")
		return
	}
	var body []byte
	var name string
	_, tooLarge, ok := h.readMultipart(w, r, multipartForm{
		maxParts: maxUploadFields, maxField: maxUploadFieldBytes, maxText: maxUploadFields * maxUploadFieldBytes,
		isFile: func(field string) bool { return field == "file" },
		file: func(_ string, part *multipart.Part) error {
			data, err := io.ReadAll(io.LimitReader(part, domain.MaxImportBytes+1))
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				return err
			case err != nil:
				return errBadForm
			case len(data) > domain.MaxImportBytes:
				return errPartTooLarge
			}
			body, name = data, part.FileName()
			return nil
		},
	})
	if !ok {
		return
	}
	if tooLarge {
		h.renderImports(w, r, http.StatusRequestEntityTooLarge, domain.ImportTooLarge)
		return
	}
	id, err := h.domain.Imports.Upload(r.Context(), who, name, body)
	var inv domain.Invalid
	if errors.As(err, &inv) {
		h.renderImports(w, r, http.StatusUnprocessableEntity, inv["file"])
		return
	}
	if h.broken(w, r, err) {
		return
	}
	http.Redirect(w, r, domain.ImportDetailPath(id), http.StatusSeeOther)
}

// importOf is the import of the URL when it is who's; 404 otherwise.
func (h *Handlers) importOf(w http.ResponseWriter, r *http.Request) (domain.Importer, store.Import, bool) {
	who, ok := h.businessImporter(w, r)
	if !ok {
		return who, store.Import{}, false
	}
	imp, err := h.domain.Imports.Import(r.Context(), who, idParam(r))
	return who, imp, !h.failed(w, r, err)
}

// importPage is an import's progress (refreshed every 2 s while a job
// works on it, with or without JavaScript), its report and its outcome.
func (h *Handlers) importPage(w http.ResponseWriter, r *http.Request) {
	who, imp, ok := h.importOf(w, r)
	if !ok {
		return
	}
	rep, err := h.domain.Imports.Report(r.Context(), imp)
	if h.broken(w, r, err) {
		return
	}
	v := present.ImportDetail(imp, who.Agency != nil, rep)
	if imp.Busy() {
		w.Header().Set("Refresh", "2")
	}
	h.render(w, r, http.StatusOK, views.ImportPage(h.chrome(r), v))
}

// runImport starts the run of a checked import and shows its progress.
func (h *Handlers) runImport(w http.ResponseWriter, r *http.Request) {
	_, imp, ok := h.importOf(w, r)
	if !ok || h.broken(w, r, h.domain.Imports.Start(r.Context(), imp)) {
		return
	}
	http.Redirect(w, r, domain.ImportDetailPath(imp.ID), http.StatusSeeOther)
}

// importResult is every row of an import: what became of it (or would),
// its listing and its problems.
func (h *Handlers) importResult(w http.ResponseWriter, r *http.Request) {
	who, imp, ok := h.importOf(w, r)
	if !ok {
		return
	}
	rows, err := h.domain.Imports.ResultRows(r.Context(), who, imp)
	if h.broken(w, r, err) {
		return
	}
	writeCSV(w, "import-"+strconv.FormatInt(imp.ID, 10)+"-result.csv", domain.ResultColumns, rows)
}

// importTemplate is a file with the columns and an example row.
func (h *Handlers) importTemplate(w http.ResponseWriter, r *http.Request) {
	t := domain.ImportTemplate()
	writeCSV(w, "listings-template.csv", t[0], t[1:])
}

// exportListings is the account's listings (an agency's client listings)
// in the import's format, each with its external id.
func (h *Handlers) exportListings(w http.ResponseWriter, r *http.Request) {
	who, ok := h.businessImporter(w, r)
	if !ok {
		return
	}
	rows, err := h.domain.Imports.Export(r.Context(), who)
	if h.broken(w, r, err) {
		return
	}
	writeCSV(w, "listings.csv", rows[0], rows[1:])
}

// writeCSV answers a CSV file to download.
func writeCSV(w http.ResponseWriter, fileName string, columns []string, rows [][]string) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName+`"`)
	cw := csvexport.NewWriter(w, columns)
	for _, row := range rows {
		cw.Write(row)
	}
	_ = cw.Flush()
}
