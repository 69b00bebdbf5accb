// Package csvexport writes the CSV files the app hands out (the
// administrators' lists, an owner's leads and analytics) so that no cell
// a visitor typed runs as a formula in a spreadsheet.
package csvexport

import (
	"encoding/csv"
	"io"
	"strings"
	"time"
)

// Writer writes rows of CSV, each cell made safe (Safe).
type Writer struct{ cw *csv.Writer }

// NewWriter writes to w, its first row the columns.
func NewWriter(w io.Writer, columns []string) *Writer {
	x := &Writer{cw: csv.NewWriter(w)}
	x.Write(columns)
	return x
}

// Write writes a row; a failure shows in Flush.
func (x *Writer) Write(row []string) { _ = x.cw.Write(Safe(row)) }

// Flush writes what is buffered and returns the first error the writing
// met (the client went away).
func (x *Writer) Flush() error {
	x.cw.Flush()
	return x.cw.Error()
}

// Safe keeps a spreadsheet from running what visitors typed: a cell that
// starts like a formula is prefixed with a quote.
func Safe(row []string) []string {
	out := make([]string, len(row))
	for i, cell := range row {
		if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
			cell = "'" + cell
		}
		out[i] = cell
	}
	return out
}

// Time is a moment as the exports write it, in UTC.
func Time(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }

// YesNo is a flag as the exports write it.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
