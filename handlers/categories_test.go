package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	"bizprofile/store"
)

// Every page and export that names a listing's category names it with the
// label of catalog.Categories: the admin list, its CSV, a listing's admin
// page and the owner's dashboard once labelled four categories with their
// raw values (automotive, beauty, construction, education).
func TestCategoriesAreLabelledAlikeEverywhere(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := app.newClient()
		u := owner.account(t, "owner@example.com", store.KindBusiness)
		ids := map[string]int64{}   // listing name → id
		want := map[string]string{} // listing name → category label
		for _, c := range catalog.Categories {
			name := "Listing in " + c.Value
			b, err := app.store.CreateBusiness(ctx, store.Business{
				Name: name, Description: "A listing.", Category: c.Value,
				OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}, Published: true,
			})
			must(t, err)
			ids[name], want[name] = b.ID, c.Label
		}
		admin := app.asAdmin(t)
		fetchDoc := func(client *testApp, path string) *goquery.Document {
			t.Helper()
			res, body := client.get(t, path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET %s = %d", path, res.StatusCode)
			}
			return parseHTML(t, body)
		}

		check := func(where string, got map[string]string) {
			t.Helper()
			for name, label := range want {
				if got[name] != label {
					t.Errorf("%s: %q is labelled %q, want %q", where, name, got[name], label)
				}
			}
		}

		_, rows := readCSV(t, admin, "/admin/businesses.csv")
		col := -1
		for i, h := range rows[0] {
			if h == "Category" {
				col = i
			}
		}
		if col < 0 {
			t.Fatalf("no Category column in %q", rows[0])
		}
		got := map[string]string{}
		for _, r := range rows[1:] {
			got[r[1]] = r[col]
		}
		check("admin CSV", got)

		// The list shows the category, then " · " and the location when
		// there is one (these listings have none).
		got = map[string]string{}
		doc := fetchDoc(admin, "/admin/businesses")
		doc.Find("tbody tr").Each(func(_ int, tr *goquery.Selection) {
			cell := tr.Find("td").First()
			got[strings.TrimSpace(cell.Find("a").First().Text())] = strings.TrimSpace(cell.Find(".muted").First().Text())
		})
		check("admin list", got)

		got = map[string]string{}
		for name, id := range ids {
			doc := fetchDoc(admin, "/admin/businesses/"+itoa(int(id)))
			doc.Find("dt").Each(func(_ int, dt *goquery.Selection) {
				if strings.TrimSpace(dt.Text()) == "Category" {
					got[name] = strings.TrimSpace(dt.Next().Text())
				}
			})
		}
		check("admin listing page", got)

		// The dashboard says "Label · added Jan 2, 2006".
		got = map[string]string{}
		doc = fetchDoc(owner, "/dashboard")
		doc.Find(".item-title").Each(func(_ int, title *goquery.Selection) {
			line := strings.TrimSpace(title.Next().Text())
			label, _, _ := strings.Cut(line, "·")
			got[strings.TrimSpace(title.Text())] = strings.TrimSpace(label)
		})
		check("dashboard", got)
	}, withAdmin)
}
