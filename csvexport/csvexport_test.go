package csvexport

import (
	"slices"
	"strings"
	"testing"
)

// A cell that a spreadsheet would run as a formula is written as text;
// others are written as they are.
func TestCellsThatLookLikeFormulasAreText(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b, []string{"Name", "Note"})
	w.Write([]string{"=HYPERLINK(\"x\")", "+1"})
	w.Write([]string{"Ana", "-"})
	w.Write([]string{"@SUM(A1)", "fine"})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "Name,Note\n\"'=HYPERLINK(\"\"x\"\")\",'+1\nAna,'-\n'@SUM(A1),fine\n"
	if b.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b.String(), want)
	}
	if got := Safe([]string{"", "\tx", "ok"}); !slices.Equal(got, []string{"", "'\tx", "ok"}) {
		t.Errorf("Safe = %q", got)
	}
}
