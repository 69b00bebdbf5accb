package present

import (
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// ImportSummary is an import as its list and its page sum it up.
func ImportSummary(imp store.Import) views.ImportSummary {
	return views.ImportSummary{ID: imp.ID, FileName: imp.FileName, State: imp.State, FileError: imp.FileError, At: imp.CreatedAt,
		Total: imp.TotalRows, Processed: imp.Processed, Created: imp.Created, Updated: imp.Updated, Unchanged: imp.Unchanged, Refused: imp.Refused}
}

// ImportDetail is an import's page: its progress, its report rep (the
// rows refused and why) and where its listings are (an agency's clients,
// or the dashboard).
func ImportDetail(imp store.Import, agency bool, rep domain.ImportReport) views.ImportDetail {
	v := views.ImportDetail{ImportSummary: ImportSummary(imp), Agency: agency, ListingsHref: "/dashboard"}
	if agency {
		v.ListingsHref = domain.ClientsPath
	}
	v.ProblemCount = rep.Count
	for _, row := range rep.Problems {
		p := views.ImportProblem{Row: row.Row, ExternalID: row.ExternalID, Name: row.Name}
		for _, e := range domain.RowErrorsOf(row) {
			p.Cells = append(p.Cells, views.ImportCellProblem{Column: e.Column, Message: e.Message})
		}
		v.Problems = append(v.Problems, p)
	}
	return v
}
