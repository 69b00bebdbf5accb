package views

import "time"

// ImportPath is the CSV import page; ExportPath the account's listings as
// CSV in the import's format.
const (
	ImportPath = "/dashboard/import"
	ExportPath = "/dashboard/export.csv"
)

// Imports is the CSV import page: the upload form, the format and the
// account's recent imports.
type Imports struct {
	// Agency: the listings become the agency's client listings (the
	// partner area's navigation shows). Individual: an individual's
	// account, which imports nothing.
	Agency, Individual bool
	FileError          string // the upload's problem
	Columns            []ImportColumn
	MaxRows, MaxMB     int
	Recent             []ImportSummary
}

// ImportColumn documents a column of the CSV format.
type ImportColumn struct {
	Name, Format string
	Required     bool
}

// ImportSummary is an import as the lists show it.
type ImportSummary struct {
	ID                                                     int64
	FileName, State, FileError                             string
	At                                                     time.Time
	Total, Processed, Created, Updated, Unchanged, Refused int
}

// StateLabel says where the import stands.
func (s ImportSummary) StateLabel() string {
	switch s.State {
	case "checking":
		return "Checking"
	case "checked":
		return "Checked, waiting for you"
	case "importing":
		return "Importing"
	case "done":
		return "Imported"
	}
	return "Not readable"
}

// Busy reports whether a job is working on it (the page refreshes).
func (s ImportSummary) Busy() bool { return s.State == "checking" || s.State == "importing" }

// Importable is how many rows the run would create or update.
func (s ImportSummary) Importable() int { return s.Created + s.Updated }

// ImportDetail is an import's page: where it stands, its counts and the
// rows with problems.
type ImportDetail struct {
	ImportSummary
	Agency       bool
	Problems     []ImportProblem
	ProblemCount int    // all rows with problems (Problems lists the first)
	ListingsHref string // where the imported listings are
}

// ImportProblem is a row with problems.
type ImportProblem struct {
	Row              int
	ExternalID, Name string
	Cells            []ImportCellProblem
}

// ImportCellProblem is a problem in a column of a row ("" for the row).
type ImportCellProblem struct{ Column, Message string }
