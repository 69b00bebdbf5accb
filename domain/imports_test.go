package domain_test

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// importHeader is the columns of the test files, in another order than
// the export's and in other cases, as people's spreadsheets have them.
const importHeader = "Name,Category,Description,Address,City,State,ZIP,Phone,Email,Website,Hours,Tags,External_ID\n"

// owner is a verified business account that imports its locations.
func (w *partnerWorld) owner(t *testing.T, email string) domain.Importer {
	t.Helper()
	u := w.user(t, email, store.KindBusiness)
	if err := w.s.MarkEmailVerified(context.Background(), u.ID); err != nil {
		t.Fatal(err)
	}
	u, err := w.s.UserByID(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return domain.Importer{User: u}
}

// agency is an approved partner importing its clients' listings.
func (w *partnerWorld) agency(t *testing.T, email string) domain.Importer {
	t.Helper()
	p := w.partner(t, email)
	u, err := w.s.UserByID(context.Background(), p.UserID)
	if err != nil {
		t.Fatal(err)
	}
	return domain.Importer{User: u, Agency: &p}
}

// check uploads body for who and runs the dry run, as the job does.
func (w *partnerWorld) check(t *testing.T, who domain.Importer, body string) store.Import {
	t.Helper()
	ctx := context.Background()
	id, err := w.d.Imports.Upload(ctx, who, "listings.csv", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.d.Imports.Check(ctx, id); err != nil {
		t.Fatal(err)
	}
	imp, err := w.d.Imports.Import(ctx, who, id)
	if err != nil {
		t.Fatal(err)
	}
	imp.Body = "…" // not in failure messages
	return imp
}

// run imports a checked import, as its job does.
func (w *partnerWorld) run(t *testing.T, who domain.Importer, imp store.Import) store.Import {
	t.Helper()
	ctx := context.Background()
	if err := w.d.Imports.Start(ctx, imp); err != nil {
		t.Fatal(err)
	}
	if err := w.d.Imports.Run(ctx, imp.ID); err != nil {
		t.Fatal(err)
	}
	imp, err := w.d.Imports.Import(ctx, who, imp.ID)
	if err != nil {
		t.Fatal(err)
	}
	imp.Body = "…"
	return imp
}

// problems are an import's rows' problems, as "row column: message".
func problems(t *testing.T, s *store.Store, imp store.Import) map[int]map[string]string {
	t.Helper()
	rows, err := s.ImportRows(context.Background(), imp.ID, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]map[string]string{}
	for _, r := range rows {
		out[r.Row] = map[string]string{}
		for _, e := range domain.RowErrorsOf(r) {
			out[r.Row][e.Column] = e.Message
		}
	}
	return out
}

func csvLine(cells ...string) string {
	var b strings.Builder
	cw := csv.NewWriter(&b)
	_ = cw.Write(cells)
	cw.Flush()
	return b.String()
}

// location is a valid row of importHeader.
func location(name, city, ext string) string {
	return csvLine(name, "Food & Beverage", "Bread and pastries baked every morning.", "", city, "texas", "78701", "(512) 555-0100",
		"hello@bakery.example", "https://bakery.example", "Mon-Fri 07:00-18:00; Sat 8:00-14:00", "bread, coffee", ext)
}

// at is row (of location) at a street address.
func at(address, row string) string {
	return strings.Replace(row, "morning.,,", "morning.,"+address+",", 1)
}

func TestImportChecksEachRowByColumn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		w := newPartnerWorld(t, s)
		who := w.owner(t, "chain@bakery.example")
		body := "\uFEFF" + strings.ReplaceAll(importHeader+
			location("Harbor Bakery", "Austin", "A1")+
			csvLine("", "food", "", "", "Austin", "TX", "", "", "not-an-email", "bakery.example", "", "", "A2")+
			csvLine("Lone Bakery", "plumbing", "Fresh bread.", "", "Austin", "ZZ", "", "", "a@b.example", "", "Mon 9-5", "", "A3")+
			csvLine("Late Bakery", "food", "Fresh bread.", "", "Austin", "TX", "", "", "a@b.example", "", "Mon 18:00-09:00", "", "A4")+
			location("Harbor Bakery", "austin", "A5")+
			location("Second Bakery", "Austin", "A1")+
			",,,,,,,,,,,,\n"+
			location("Third Bakery", "Austin", "bizprofile-999999"), "\n", "\r\n")
		imp := w.check(t, who, body)
		if imp.State != store.ImportChecked || imp.TotalRows != 7 || imp.Created != 1 || imp.Refused != 6 {
			t.Fatalf("the check: %+v; want 7 rows, 1 to create, 6 refused", imp)
		}
		got := problems(t, s, imp)
		want := map[int][]string{
			3: {"name", "description", "email", "website"},
			4: {"category", "state", "hours"},
			5: {"hours"},
			6: {"name"},        // the same as row 2
			7: {"external_id"}, // the same id as row 2
			9: {"external_id"}, // not one of theirs (row 8 is blank and skipped)
		}
		for row, cols := range want {
			for _, c := range cols {
				if got[row][c] == "" {
					t.Errorf("row %d: no problem in column %s: %v", row, c, got[row])
				}
			}
			if len(got[row]) != len(cols) {
				t.Errorf("row %d: problems %v, want in %v only", row, got[row], cols)
			}
		}
		if _, ok := got[2]; ok {
			t.Errorf("the good row has problems: %v", got[2])
		}
		if !strings.Contains(got[6]["name"], "Row 2") || !strings.Contains(got[4]["hours"], "Mon 9-5") {
			t.Errorf("the messages do not say which row or value: %v, %v", got[6], got[4])
		}
	})
}

func TestImportRefusesFilesItCannotRead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		w := newPartnerWorld(t, s)
		who := w.owner(t, "chain@bakery.example")
		var many strings.Builder
		many.WriteString(importHeader)
		for i := range domain.MaxImportRows + 1 {
			many.WriteString(location(fmt.Sprintf("Bakery %d", i), "Austin", ""))
		}
		for _, tc := range []struct{ name, body, says string }{
			{"unknown column", "name,category,description,city,state,email,colour\n", `"colour"`},
			{"missing column", "name,category,city\n", "description, state, email"},
			{"twice", "name,Name,category,description,city,state,email\n", "twice"},
			{"no rows", importHeader, "no rows"},
			{"bad quotes", importHeader + `"Bakery,food` + "\n", "line"},
			{"too many rows", many.String(), "more than 10,000 rows"},
		} {
			imp := w.check(t, who, tc.body)
			if imp.State != store.ImportFailed || !strings.Contains(imp.FileError, tc.says) {
				t.Errorf("%s: %s %q; want failed saying %q", tc.name, imp.State, imp.FileError, tc.says)
			}
		}
		var inv domain.Invalid
		if _, err := w.d.Imports.Upload(context.Background(), who, "x.csv", []byte("name\x00")); !errors.As(err, &inv) || inv["file"] == "" {
			t.Errorf("a binary file: %v", err)
		}
	})
}

func TestImportCreatesThenUpdatesByExternalID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		who := w.owner(t, "chain@bakery.example")
		body := importHeader + location("Harbor Bakery", "Austin", "A1") + at("1 Oak St", location("Hill Bakery", "Dallas", "A2")) + location("Pier Bakery", "Austin", "")
		imp := w.run(t, who, w.check(t, who, body))
		if imp.State != store.ImportDone || imp.Created != 3 || imp.Processed != 3 {
			t.Fatalf("the import: %+v", imp)
		}
		mine, _ := s.BusinessesOwnedBy(ctx, who.Account())
		if len(mine) != 3 || !mine[0].Published || mine[0].State != "TX" || mine[0].Category != "food" || mine[0].Hours[5].Open != "08:00" || !mine[0].Hours[6].Closed {
			t.Fatalf("the listings: %+v", mine)
		}

		// The same file again, one description changed: updated, not
		// duplicated; the row without an external id duplicates its
		// listing now.
		body = strings.Replace(body, "Bread and pastries baked every morning.", "Sourdough since 1990.", 1)
		imp = w.check(t, who, body)
		if imp.Updated != 1 || imp.Unchanged != 1 || imp.Refused != 1 || imp.Created != 0 {
			t.Fatalf("the second check: %+v", imp)
		}
		if msg := problems(t, s, imp)[4]["name"]; !strings.Contains(msg, "Would duplicate your listing Pier Bakery") {
			t.Errorf("the row without its external id: %q", msg)
		}
		imp = w.run(t, who, imp)
		if imp.Updated != 1 || imp.Unchanged != 1 || imp.Refused != 1 {
			t.Fatalf("the second run: %+v", imp)
		}
		mine, _ = s.BusinessesOwnedBy(ctx, who.Account())
		if len(mine) != 3 {
			t.Fatalf("%d listings after the second import, want 3", len(mine))
		}
		for _, b := range mine {
			if b.Name == "Harbor Bakery" && b.Description != "Sourdough since 1990." {
				t.Errorf("Harbor Bakery was not updated: %q", b.Description)
			}
		}

		// Someone else's published listing of the same name in the same
		// city, at the same address or with none, is a duplicate; at
		// another address it is another location.
		other := w.owner(t, "other@bakery.example")
		imp = w.check(t, other, importHeader+location("harbor bakery", "AUSTIN", "")+
			at("2 Elm St", location("Hill Bakery", "Dallas", "")))
		if imp.Refused != 1 || imp.Created != 1 || !strings.Contains(problems(t, s, imp)[2]["name"], "Would duplicate Harbor Bakery in Austin, TX") {
			t.Errorf("another owner's duplicates: %+v %v", imp, problems(t, s, imp))
		}
	})
}

func TestExportThenImportRoundTrips(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		who := w.agency(t, "pia@agency.example")
		body := importHeader + location("Harbor Bakery", "Austin", "A1") +
			csvLine("=Odd Name", "other", "Formula-looking, \"quoted\"\nand on two lines.", "", "Waco", "TX", "", "+1 512 555 0100", "odd@example.com", "", "", "", "")
		imp := w.run(t, who, w.check(t, who, body))
		if imp.Created != 2 {
			t.Fatalf("the agency's import: %+v %v", imp, problems(t, s, imp))
		}
		cs, _ := s.ClientListingsOf(ctx, who.Agency.UserID)
		if len(cs) != 2 || cs[0].OwnerID.Valid || cs[0].Published {
			t.Fatalf("the agency's imported listings are not its hidden client listings: %+v", cs)
		}
		rows, err := w.d.Imports.Export(ctx, who)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		cw := csv.NewWriter(&b)
		for _, r := range rows {
			_ = cw.Write(safe(r))
		}
		cw.Flush()
		if len(rows) != 3 || rows[1][0] != "A1" || !strings.HasPrefix(rows[2][0], domain.OwnIDPrefix) || rows[1][11] != "Mon 07:00-18:00; Tue 07:00-18:00; Wed 07:00-18:00; Thu 07:00-18:00; Fri 07:00-18:00; Sat 08:00-14:00; Sun closed" {
			t.Fatalf("the export: %q", rows)
		}
		imp = w.run(t, who, w.check(t, who, b.String()))
		if imp.Unchanged != 2 || imp.Created+imp.Updated+imp.Refused != 0 {
			t.Fatalf("the export imported back: %+v %v", imp, problems(t, s, imp))
		}
		if cs, _ := s.ClientListingsOf(ctx, who.Agency.UserID); len(cs) != 2 {
			t.Fatalf("%d client listings after the round trip", len(cs))
		}
		// Another account's import is not found.
		if _, err := w.d.Imports.Import(ctx, w.owner(t, "nosy@example.com"), imp.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another account reads the import: %v", err)
		}
	})
}

// safe guards cells as the app's CSV files do (csvexport.Safe).
func safe(row []string) []string {
	out := make([]string, len(row))
	for i, c := range row {
		if c != "" && strings.ContainsRune("=+-@", rune(c[0])) {
			c = "'" + c
		}
		out[i] = c
	}
	return out
}

func TestImportOf10000RowsInTurns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		who := w.agency(t, "big@agency.example")
		imp := w.check(t, who, manyRows(domain.MaxImportRows))
		if imp.State != store.ImportChecked || imp.Created != domain.MaxImportRows {
			t.Fatalf("the check of 10,000 rows: %+v", imp)
		}
		if err := w.d.Imports.Start(ctx, imp); err != nil {
			t.Fatal(err)
		}
		// The job stops after its turn and queues the rest; each run
		// resumes after the rows done.
		w.d = domain.New(domain.Deps{Store: s, Now: func() time.Time { w.now = w.now.Add(time.Second); return w.now }})
		for turn := 0; ; turn++ {
			if err := w.d.Imports.Run(ctx, imp.ID); err != nil {
				t.Fatal(err)
			}
			imp, _ = w.d.Imports.Import(ctx, who, imp.ID)
			if imp.Body = "…"; imp.State == store.ImportDone {
				break
			}
			if turn > 100 || imp.Processed == 0 {
				t.Fatalf("the import does not move on: %+v", imp)
			}
		}
		cs, _ := s.ClientListingsOf(ctx, who.Agency.UserID)
		if imp.Created != domain.MaxImportRows || len(cs) != domain.MaxImportRows {
			t.Fatalf("%+v, %d client listings", imp, len(cs))
		}
	})
}

// manyRows is a file of n valid rows, each with its external id.
func manyRows(n int) string {
	var b strings.Builder
	b.WriteString(importHeader)
	for i := range n {
		b.WriteString(location(fmt.Sprintf("Bakery %05d", i), "Austin", fmt.Sprintf("B%05d", i)))
	}
	return b.String()
}
