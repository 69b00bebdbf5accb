package domain

import (
	"slices"
	"strings"
	"testing"

	"bizprofile/store"
)

// FuzzImportCSV feeds the CSV import's parser any text: it never panics,
// keeps to the row limit, names problems by the format's columns only,
// and reads back the hours it writes.
func FuzzImportCSV(f *testing.F) {
	f.Add("\uFEFFname,category,description,city,state,email,hours,external_id\r\nBakery,food,Bread.,Austin,TX,a@b.example,Mon-Fri 9:00-17:00; Sun closed,X1\r\n")
	f.Add("name,category,description,city,state,email\n\"unterminated,food\n")
	f.Add("Name,Category,Description,City,State,Email,Zip,Tags\n'=cmd,Food & Beverage,x,St. Paul,minnesota,x@y.example,55101,\"a, b\"\n,,,,,,,\n")
	f.Add("name,category,description,city,state,email,hours\nA,other,d,Waco,TX,a@b.example,Tue-Mon 09:00-10:00; Mon closed; Fri 25:00-26:00\n")
	columns := append(ImportColumnNames(), "", "tagline", "sub_category", "business_type", "services")
	f.Fuzz(func(t *testing.T, body string) {
		file, fileErr := parseImport(body)
		if fileErr != "" {
			if file != nil {
				t.Fatalf("a file error %q with a file", fileErr)
			}
			return
		}
		if n := len(file.records); n == 0 || n > MaxImportRows {
			t.Fatalf("%d rows read", n)
		}
		for _, r := range file.records {
			in, errs := file.rowInput(r, NewListingInput(""))
			for col := range errs {
				if !slices.Contains(columns, col) {
					t.Fatalf("a problem in column %q, not the format's", col)
				}
			}
			if len(errs) == 0 && in.Check().Has("name") {
				t.Fatalf("a row without problems breaks the rules")
			}
			if v, ok := file.cell(r, "hours"); ok && v != "" && errs["hours"] == "" {
				week := in.Listing().Hours
				again, msg := parseHours(FormatHours(week))
				if msg != "" {
					t.Fatalf("the hours written %q do not read back: %s", FormatHours(week), msg)
				}
				for i, d := range again {
					w := week[i]
					if d.Closed != w.Closed || !d.Closed && (d.Open != w.Open || d.Close != w.Close) {
						t.Fatalf("hours %q read back as %+v", FormatHours(week), again)
					}
				}
			}
		}
	})
}

func TestHoursFormat(t *testing.T) {
	for _, tc := range []struct{ in, want, problem string }{
		{"Mon-Fri 9:00-17:00; Sat 10:00 – 16:00", "Mon 09:00-17:00; Tue 09:00-17:00; Wed 09:00-17:00; Thu 09:00-17:00; Fri 09:00-17:00; Sat 10:00-16:00; Sun closed", ""},
		{"monday 08:00-12:00\nSUNDAY CLOSED", "Mon 08:00-12:00; Tue closed; Wed closed; Thu closed; Fri closed; Sat closed; Sun closed", ""},
		{"Mon 9-5", "", `"Mon 9-5" is not a day's hours`},
		{"Fri-Mon 09:00-10:00", "", "does not name a day"},
		{"Mon closed; Mon 09:00-10:00", "", "Monday is given twice"},
	} {
		days, msg := parseHours(tc.in)
		if !strings.Contains(msg, tc.problem) || tc.problem == "" && msg != "" {
			t.Errorf("parseHours(%q) says %q, want %q", tc.in, msg, tc.problem)
			continue
		}
		if tc.problem != "" {
			continue
		}
		in := NewListingInput("")
		in.Hours = days
		if got := FormatHours(in.Listing().Hours); got != tc.want {
			t.Errorf("parseHours(%q) writes back as %q, want %q", tc.in, got, tc.want)
		}
	}
	if FormatHours(store.Week{}) != "" {
		t.Errorf("a listing without hours writes some")
	}
}
