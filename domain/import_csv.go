package domain

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/store"
)

// The CSV format of listings, which the import reads and the export
// writes (so an exported file imports back unchanged).

// ImportColumn is a column of the format, as the import page and the
// README document it.
type ImportColumn struct {
	Name     string
	Required bool
	Format   string
	field    string // the listing form's field whose rules check it ("" for none)
}

// MaxImportRows is how many data rows a file may have; MaxImportBytes
// how large it may be.
const (
	MaxImportRows  = catalog.ImportMaxRows
	MaxImportBytes = 20 << 20
)

// MaxExternalID is the length of an external id, in characters.
const MaxExternalID = 100

// OwnIDPrefix starts the external id the export gives a listing that has
// none of the account's: bizprofile-<its number>.
const OwnIDPrefix = "bizprofile-"

// ImportColumns are the format's columns, in the export's order.
var ImportColumns = []ImportColumn{
	{Name: "external_id", Format: "Your own id of the listing, up to 100 characters. A later file with the same id updates the listing instead of adding another. The export writes each listing's: yours, or bizprofile- and its number for a listing made on the site."},
	{Name: "name", Required: true, Format: "Up to 120 characters.", field: "name"},
	{Name: "category", Required: true, Format: "A category's value or its label, from the list below (food or Food & Beverage).", field: "category"},
	{Name: "description", Required: true, Format: "A sentence or two, up to 2,000 characters.", field: "description"},
	{Name: "address", Format: "The street address, up to 200 characters.", field: "address"},
	{Name: "city", Required: true, Format: "Letters, spaces and . ' - only, like St. Paul.", field: "city"},
	{Name: "state", Required: true, Format: "The state's two-letter code (TX) or its name (Texas).", field: "state"},
	{Name: "zip", Format: "The ZIP code, up to 12 characters.", field: "zip_code"},
	{Name: "phone", Format: "The phone number, like (512) 555-0100.", field: "phone"},
	{Name: "email", Required: true, Format: "The listing's contact email; it shows on the listing once confirmed.", field: "email"},
	{Name: "website", Format: "A full address starting with https:// or http://.", field: "website"},
	{Name: "hours", Format: "Each day as Mon 09:00-17:00 or Mon closed, separated by semicolons; days in a row as Mon-Fri 09:00-17:00; 24-hour times; a day left out is closed. Empty: Monday to Friday 09:00-17:00, Saturday 10:00-16:00 and Sunday closed for a new listing, the hours as they are for an update."},
	{Name: "tags", Format: "Words people search for, separated by commas, up to 300 characters in all.", field: "tags"},
}

// ImportColumnNames are the columns' names, in order.
func ImportColumnNames() []string {
	out := make([]string, len(ImportColumns))
	for i, c := range ImportColumns {
		out[i] = c.Name
	}
	return out
}

// RequiredColumns are the columns every file has.
func RequiredColumns() []string {
	var out []string
	for _, c := range ImportColumns {
		if c.Required {
			out = append(out, c.Name)
		}
	}
	return out
}

// columnOfField is the CSV column of a listing form field ("hours_3" is
// hours); a field the format has no column for is named as it is.
func columnOfField(field string) string {
	if strings.HasPrefix(field, "hours_") {
		return "hours"
	}
	for _, c := range ImportColumns {
		if c.field == field {
			return c.Name
		}
	}
	return field
}

// columnAliases are other names people give the columns.
var columnAliases = map[string]string{"zip_code": "zip", "zipcode": "zip", "externalid": "external_id", "id": "external_id"}

// importFile is a parsed file: where each column is, and its data rows.
type importFile struct {
	at      map[string]int // column → index in a record
	width   int            // the header's cells
	records []importRecord
}

// importRecord is a data row, numbered as a spreadsheet numbers it (the
// header is row 1).
type importRecord struct {
	row   int
	cells []string
}

// cell is the record's value in column name, and whether the file has
// the column.
func (f *importFile) cell(r importRecord, name string) (string, bool) {
	i, ok := f.at[name]
	if !ok {
		return "", false
	}
	if i >= len(r.cells) {
		return "", true
	}
	return r.cells[i], true
}

// parseImport reads body as the format; fileErr says why the file as a
// whole cannot be imported.
func parseImport(body string) (f *importFile, fileErr string) {
	body = strings.TrimPrefix(body, "\uFEFF")
	r := csv.NewReader(strings.NewReader(body))
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, "The file is empty: its first row must name the columns."
	}
	if err != nil {
		return nil, csvProblem(err)
	}
	f = &importFile{at: map[string]int{}, width: len(header)}
	var unknown []string
	for i, h := range header {
		name := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(h)))
		if a, ok := columnAliases[name]; ok {
			name = a
		}
		switch {
		case !knownColumn(name):
			unknown = append(unknown, strconv.Quote(strings.TrimSpace(h)))
		default:
			if _, twice := f.at[name]; twice {
				return nil, "The column " + name + " appears twice in the first row."
			}
			f.at[name] = i
		}
	}
	if len(unknown) > 0 {
		return nil, "Unknown columns in the first row: " + strings.Join(unknown, ", ") + ". The columns are " + strings.Join(ImportColumnNames(), ", ") + "."
	}
	var missing []string
	for _, c := range ImportColumns {
		if _, ok := f.at[c.Name]; c.Required && !ok {
			missing = append(missing, c.Name)
		}
	}
	if len(missing) > 0 {
		return nil, "The file has no " + strings.Join(missing, ", ") + " column: the columns " + strings.Join(RequiredColumns(), ", ") + " are required."
	}
	for row := 2; ; row++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, csvProblem(err)
		}
		blank := true
		for i, c := range rec {
			rec[i] = cleanCell(c)
			blank = blank && rec[i] == ""
		}
		if blank {
			continue
		}
		if len(f.records) == MaxImportRows {
			return nil, "The file has more than " + formatCount(MaxImportRows) + " rows: split it into files of " + formatCount(MaxImportRows) + " rows or fewer."
		}
		f.records = append(f.records, importRecord{row: row, cells: rec})
	}
	if len(f.records) == 0 {
		return nil, "The file has no rows under its first row."
	}
	return f, ""
}

func knownColumn(name string) bool {
	for _, c := range ImportColumns {
		if c.Name == name {
			return true
		}
	}
	return false
}

// csvProblem says where a file stops being CSV.
func csvProblem(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("The file is not valid CSV at line %d: %v. Save it from your spreadsheet as CSV.", pe.Line, pe.Err)
	}
	return "The file could not be read as CSV."
}

// cleanCell trims a cell and undoes the export's guard against formulas
// (a leading quote before = + - @).
func cleanCell(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@", rune(s[1])) {
		s = s[1:]
	}
	return s
}

// formatCount writes n with thousands separators.
func formatCount(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// rowErrors are a row's problems by column, in the columns' order ("" is
// the row as a whole).
type rowErrors map[string]string

// ImportError is a row's problem in a column.
type ImportError struct {
	Column  string `json:"column"`
	Message string `json:"message"`
}

// list is e in the columns' order.
func (e rowErrors) list() []ImportError {
	var out []ImportError
	if m, ok := e[""]; ok {
		out = append(out, ImportError{"", m})
	}
	for _, c := range append(ImportColumnNames(), "tagline", "sub_category", "business_type", "services") {
		if m, ok := e[c]; ok {
			out = append(out, ImportError{c, m})
		}
	}
	return out
}

// rowInput is record r of f over base (a new listing's defaults, or the
// listing it updates): each column the file has replaces the field (an
// empty hours cell keeps base's hours), and the problems by column, the
// wizard's rules included.
func (f *importFile) rowInput(r importRecord, base ListingInput) (ListingInput, rowErrors) {
	in, errs := base, rowErrors{}
	if len(r.cells) > f.width {
		errs[""] = fmt.Sprintf("The row has %d cells; the first row names %d columns.", len(r.cells), f.width)
	}
	for name, s := range map[string]*string{"name": &in.Name, "description": &in.Description, "address": &in.Address,
		"city": &in.City, "state": &in.State, "zip": &in.ZipCode, "phone": &in.Phone, "email": &in.Email, "website": &in.Website, "tags": &in.Tags} {
		if v, ok := f.cell(r, name); ok {
			*s = v
		}
	}
	if v, ok := f.cell(r, "category"); ok {
		in.Category = v
		if c, found := categoryOf(v); found {
			in.Category = c
		} else if v != "" {
			errs["category"] = strconv.Quote(v) + " is not a category: use a value or a label from the list of categories."
		}
	}
	if v, _ := f.cell(r, "hours"); v != "" {
		days, msg := parseHours(v)
		if msg != "" {
			errs["hours"] = msg
		} else {
			in.Hours = days
		}
	}
	if v, _ := f.cell(r, "external_id"); len([]rune(v)) > MaxExternalID {
		errs["external_id"] = catalog.TooLong(MaxExternalID)
	}
	for field, msg := range in.Check() {
		if col := columnOfField(field); errs[col] == "" {
			errs[col] = msg
		}
	}
	return in.Cleaned(), errs
}

// categoryOf is the category whose value or label is s, without case.
func categoryOf(s string) (string, bool) {
	for _, o := range catalog.Categories {
		if strings.EqualFold(o.Value, s) || strings.EqualFold(o.Label, s) {
			return o.Value, true
		}
	}
	return "", false
}

// dayNames are the days as the hours column writes them.
var dayNames = [7]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}

// dayOf is the day (0 = Monday) that token names: its first three
// letters, or more of its name.
func dayOf(token string) (int, bool) {
	t := strings.ToLower(strings.TrimSuffix(token, "."))
	for i, d := range store.Weekdays {
		if len(t) >= 3 && strings.HasPrefix(strings.ToLower(d), t) {
			return i, true
		}
	}
	return 0, false
}

// dayHours is one part of the hours column: a day or days in a row, then
// "closed" or a time range.
var dayHours = regexp.MustCompile(`(?i)^([a-z]+\.?)(?:\s*[-–]\s*([a-z]+\.?))?\s+(closed|(\d{1,2}:\d\d)\s*[-–]\s*(\d{1,2}:\d\d))$`)

// parseHours reads the hours column; msg says what is wrong with it.
func parseHours(s string) (days [7]Day, msg string) {
	const how = " Write each day as Mon 09:00-17:00 or Mon closed, separated by semicolons."
	given := [7]bool{}
	for i := range days {
		days[i] = Day{Name: store.Weekdays[i], Closed: true}
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '\n' }) {
		part = strings.Join(strings.Fields(part), " ")
		if part == "" {
			continue
		}
		m := dayHours.FindStringSubmatch(part)
		if m == nil {
			return days, strconv.Quote(part) + " is not a day's hours." + how
		}
		from, ok1 := dayOf(m[1])
		to, ok2 := from, true
		if m[2] != "" {
			to, ok2 = dayOf(m[2])
		}
		if !ok1 || !ok2 || to < from {
			return days, strconv.Quote(part) + " does not name a day, or days in a row from Monday to Sunday." + how
		}
		for d := from; d <= to; d++ {
			if given[d] {
				return days, store.Weekdays[d] + " is given twice."
			}
			given[d] = true
			if strings.EqualFold(m[3], "closed") {
				continue
			}
			days[d] = Day{Name: store.Weekdays[d], Open: twoDigitHour(m[4]), Close: twoDigitHour(m[5])}
		}
	}
	return days, ""
}

// twoDigitHour writes 9:00 as 09:00.
func twoDigitHour(t string) string {
	if len(t) == 4 {
		return "0" + t
	}
	return t
}

// FormatHours writes a week in the hours column's format ("" for a
// listing without hours).
func FormatHours(w store.Week) string {
	if len(w) != 7 {
		return ""
	}
	parts := make([]string, 7)
	for i, d := range w {
		if d.Closed {
			parts[i] = dayNames[i] + " closed"
		} else {
			parts[i] = dayNames[i] + " " + d.Open + "-" + d.Close
		}
	}
	return strings.Join(parts, "; ")
}

// ExportRow is listing b in the format, under externalID.
func ExportRow(b store.Business, externalID string) []string {
	if externalID == "" {
		externalID = OwnIDPrefix + strconv.FormatInt(b.ID, 10)
	}
	return []string{externalID, b.Name, b.Category, b.Description, b.Address, b.City, b.State, b.ZipCode, b.Phone, b.Email,
		b.Website, FormatHours(b.Hours), strings.Join(b.Tags, ", ")}
}

// ImportTemplate is the template file's rows: the columns and an example.
func ImportTemplate() [][]string {
	return [][]string{ImportColumnNames(), {"store-001", "Harbor Street Bakery", "food", "Bread, pastries and coffee, baked every morning.",
		"12 Harbor St", "Portland", "ME", "04101", "(207) 555-0100", "hello@harborbakery.example", "https://harborbakery.example",
		"Mon-Fri 07:00-18:00; Sat 08:00-14:00; Sun closed", "bakery, bread, coffee"}}
}
