package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/domain"
	"bizprofile/store"
)

// importCSV is a file of listings as a spreadsheet saves it.
const importCSV = "name,category,description,address,city,state,zip,phone,email,website,hours,tags,external_id\r\n" +
	"Lone Star Plumbing,construction,Repairs and installs across town.,1 Main St,Austin,TX,78701,(512) 555-0100,hello@lonestar.example,https://lonestar.example,Mon-Fri 08:00-17:00,\"plumbing, repairs\",C-1\r\n" +
	"Hill Country Dental,Healthcare,Family dentistry.,,Dripping Springs,texas,,,hello@hcd.example,,,,C-2\r\n"

// uploadImport sends a CSV file from the import page's form and follows
// to the import's page once its job is done with it; it returns the
// page.
func (a *testApp) uploadImport(t *testing.T, body string) (string, *goquery.Document) {
	t.Helper()
	res, _ := a.postMultipart(t, "/dashboard/import", nil, upload{Field: "file", Name: "clients.csv", Data: []byte(body)})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %d", res.StatusCode)
	}
	path := res.Header.Get("Location")
	return path, a.importSettled(t, path)
}

// importSettled is the import's page once no job works on it.
func (a *testApp) importSettled(t *testing.T, path string) *goquery.Document {
	t.Helper()
	var doc *goquery.Document
	waitUntil(t, "the import's job", func() bool {
		res, body := a.get(t, path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		doc = parseHTML(t, body)
		return res.Header.Get("Refresh") == ""
	})
	return doc
}

// importProblems are the report's rows with problems, as "row column".
func importProblems(doc finder) map[string]string {
	out := map[string]string{}
	byTestID(doc, "import-problems").Find("tbody tr").Each(func(_ int, tr *goquery.Selection) {
		out[tr.AttrOr("data-row", "")+" "+tr.AttrOr("data-column", "")] = textOf(tr.Find("td[data-problem]"))
	})
	return out
}

// importCounts are the report's counts by their terms.
func importCounts(doc finder) map[string]string { return terms(byTestID(doc, "import-counts")) }

func TestAnAgencyImportsClientListingsFixingTheFileFirst(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		p := approvedPartner(t, app, "pia@agency.example")
		if res := app.signIn(t, "pia@agency.example", goodPassword); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign in: %d", res.StatusCode)
		}
		res, body := app.get(t, "/dashboard/import")
		doc := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || labelled(t, doc, "CSV file").AttrOr("type", "") != "file" || !hasLink(doc, "Download the template", "/dashboard/import/template.csv") {
			t.Fatalf("the import page: %d", res.StatusCode)
		}
		if doc.Find(`nav[aria-label="Partner area"] a[aria-current="page"]`).AttrOr("href", "") != "/dashboard/import" {
			t.Errorf("the partner area's navigation does not mark Import")
		}

		// A file with mistakes: the report names each row and column.
		bad := strings.Replace(strings.Replace(importCSV, "Healthcare", "Dentists", 1), "(512) 555-0100", "call us", 1)
		path, doc := app.uploadImport(t, bad)
		problems := importProblems(doc)
		if !strings.Contains(problems["2 phone"], "phone number") || !strings.Contains(problems["3 category"], `"Dentists" is not a category`) || len(problems) != 2 {
			t.Fatalf("the report's problems: %v", problems)
		}
		if c := importCounts(doc); c["Created"] != "0" || c["Refused"] != "2" {
			t.Errorf("the report's counts: %v", c)
		}
		if len(buttons(doc, "Import 0 rows").Nodes) > 0 || len(formOf(doc, "Import").Nodes) > 0 {
			t.Errorf("a file with no good row offers to import")
		}

		// Another account cannot see it.
		other := app.newClient()
		other.account(t, "owner@elsewhere.example", store.KindBusiness)
		for _, suffix := range []string{"", "/result.csv"} {
			if res, _ := other.get(t, path+suffix); res.StatusCode != http.StatusNotFound {
				t.Errorf("another account's GET %s: %d, want 404", path+suffix, res.StatusCode)
			}
		}
		if res, _ := other.post(t, path+"/run", url.Values{}); res.StatusCode != http.StatusNotFound {
			t.Errorf("another account runs the import: %d", res.StatusCode)
		}

		// Fixed, checked, imported.
		path, doc = app.uploadImport(t, importCSV)
		if len(importProblems(doc)) != 0 || len(buttons(doc, "Import 2 rows").Nodes) != 1 {
			t.Fatalf("the fixed file: %v", importProblems(doc))
		}
		if res, _ := app.post(t, path+"/run", url.Values{}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("run: %d", res.StatusCode)
		}
		doc = app.importSettled(t, path)
		if c := importCounts(doc); c["Created"] != "2" || textOf(byTestID(doc, "import-state")) != "Imported" {
			t.Fatalf("after the run: %v %q", c, textOf(byTestID(doc, "import-state")))
		}
		cs, err := app.store.ClientListingsOf(ctx, p.UserID)
		must(t, err)
		if len(cs) != 2 || cs[0].Published {
			t.Fatalf("the agency's client listings: %d", len(cs))
		}
		_, result := readCSV(t, app, path+"/result.csv")
		if len(result) != 3 || !hasRow(result, "2", "C-1", "Lone Star Plumbing", "created", testSite.BaseURL+"/partners/clients/"+itoa(int(cs[1].ID)), "") || !strings.HasSuffix(result[1][4], "/partners/clients/"+itoa(int(cs[1].ID))) {
			t.Errorf("the result: %q", result)
		}

		// The export imports back unchanged.
		res, exported := readCSV(t, app, "/dashboard/export.csv")
		if res.Header.Get("Content-Type") != "text/csv; charset=utf-8" || len(exported) != 3 || !hasRow(exported, "C-2", "Hill Country Dental", "healthcare", "Family dentistry.", "", "Dripping Springs", "TX", "", "", "hello@hcd.example", "",
			"Mon 09:00-17:00; Tue 09:00-17:00; Wed 09:00-17:00; Thu 09:00-17:00; Fri 09:00-17:00; Sat 10:00-16:00; Sun closed", "") {
			t.Fatalf("the export: %q", exported)
		}
		var b strings.Builder
		for _, row := range exported {
			b.WriteString(csvLineOf(row))
		}
		_, doc = app.uploadImport(t, b.String())
		if c := importCounts(doc); c["Unchanged"] != "2" || c["Created"] != "0" || c["Updated"] != "0" {
			t.Errorf("the export imported back: %v %v", c, importProblems(doc))
		}
	})
}

// csvLineOf is a CSV line of cells.
func csvLineOf(cells []string) string {
	for i, c := range cells {
		if strings.ContainsAny(c, ",\"\n") {
			cells[i] = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
		}
	}
	return strings.Join(cells, ",") + "\n"
}

func TestAnOwnerImportsLocationsAndUpdatesThemByExternalID(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		owner := app.account(t, "chain@lonestar.example", store.KindBusiness)
		_, body := app.get(t, "/dashboard")
		if !hasLink(parseHTML(t, body), "Import listings from CSV", "/dashboard/import") {
			t.Errorf("the dashboard has no link to the import")
		}
		path, _ := app.uploadImport(t, importCSV)
		app.post(t, path+"/run", url.Values{})
		if c := importCounts(app.importSettled(t, path)); c["Created"] != "2" {
			t.Fatalf("the first import: %v", c)
		}
		mine, err := app.store.BusinessesOwnedBy(context.Background(), owner.ID)
		must(t, err)
		if len(mine) != 2 || !mine[0].Published {
			t.Fatalf("the owner's listings: %+v", mine)
		}
		// The same external ids again: updated, not added.
		path, doc := app.uploadImport(t, strings.Replace(importCSV, "Family dentistry.", "Family and cosmetic dentistry.", 1))
		if c := importCounts(doc); c["Updated"] != "1" || c["Unchanged"] != "1" || c["Created"] != "0" {
			t.Fatalf("the second check: %v", c)
		}
		app.post(t, path+"/run", url.Values{})
		app.importSettled(t, path)
		mine, _ = app.store.BusinessesOwnedBy(context.Background(), owner.ID)
		if len(mine) != 2 || mine[0].Description != "Family and cosmetic dentistry." {
			t.Fatalf("after the update: %d listings, %q", len(mine), mine[0].Description)
		}
	})
}

func TestImportPageRefreshesWhileItsJobWaits(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	owner := app.account(t, "chain@lonestar.example", store.KindBusiness)
	app.stopQueue()
	res, _ := app.postMultipart(t, "/dashboard/import", nil, upload{Field: "file", Name: "clients.csv", Data: []byte(importCSV)})
	res, body := app.get(t, res.Header.Get("Location"))
	doc := parseHTML(t, body)
	if res.Header.Get("Refresh") != "2" || byTestID(doc, "import-progress").Find("progress").Length() != 1 {
		t.Fatalf("a waiting import's page: Refresh %q", res.Header.Get("Refresh"))
	}
	// A file that is not text is answered on the form.
	res, body = app.postMultipart(t, "/dashboard/import", nil, upload{Field: "file", Name: "photo.csv", Data: []byte{0xff, 0xd8, 0, 1}})
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, parseHTML(t, body), "CSV file")), "not text") {
		t.Errorf("a binary file: %d", res.StatusCode)
	}
	// And one too large, before any of it is stored.
	big := []byte(strings.Repeat("x", domain.MaxImportBytes+1))
	res, body = app.postMultipart(t, "/dashboard/import", nil, upload{Field: "file", Name: "huge.csv", Data: big})
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(fieldError(labelled(t, parseHTML(t, body), "CSV file")), "over 20 MB") {
		t.Errorf("a file over the limit: %d", res.StatusCode)
	}
	if recent, _ := app.store.ImportsOf(context.Background(), owner.ID, false, 10); len(recent) != 1 {
		t.Errorf("%d imports stored, want the first alone", len(recent))
	}
}

func TestIndividualsAreToldImportsAreForBusinessAccounts(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.account(t, "ann@example.com", store.KindIndividual)
	res, body := app.get(t, "/dashboard/import")
	if res.StatusCode != http.StatusOK || byTestID(parseHTML(t, body), "import-individual").Length() != 1 {
		t.Errorf("an individual's import page: %d", res.StatusCode)
	}
	if res, _ := app.get(t, "/dashboard/export.csv"); res.StatusCode != http.StatusNotFound {
		t.Errorf("an individual's export: %d", res.StatusCode)
	}
}
