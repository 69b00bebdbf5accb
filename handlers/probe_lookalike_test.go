package handlers

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// Security issue 34, finding 1: a listing could go live under another
// business's name by writing it in look-alike letters (another alphabet,
// fullwidth forms, accents) or in a city spelled in look-alike letters.
// Such listings are held for an administrator, as the same name is.

// createListingIn creates a listing named name in city, OR, through the
// wizard, and returns it with whether the owner was sent to its manage
// page (held) rather than its public page.
func createListingIn(t *testing.T, app *testApp, name, city string) (store.Business, bool) {
	t.Helper()
	form := listingForm(name)
	form.Set("city", city)
	form.Set("state", "OR")
	res, _ := app.post(t, "/business/create-profile", form)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("create %s in %s: %d", name, city, res.StatusCode)
	}
	id, held := strings.CutPrefix(loc, "/dashboard/businesses/")
	if !held {
		slug := strings.TrimPrefix(loc, "/directory/")
		return mustBusiness(t, app, slug), false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		t.Fatalf("sent to %q", loc)
	}
	b, err := app.store.BusinessByID(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	return b, true
}

func TestLookAlikeNamesAndCitiesAreHeld(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app) // Harbor Street Bakery, Portland, OR
		signedInOwner(t, app, "mimic@example.com")
		for _, tc := range []struct{ name, city string }{
			{"Наrbоr Strееt Bаkеry", "Portland"}, // Cyrillic Н, а, о, е
			{"Ｈａｒｂｏｒ Street Bakery", "Portland"}, // fullwidth
			{"Hārbōr Strēēt Bākēry", "Portland"}, // macrons
			{"Harbor Street Bakery", "Роrtland"}, // Cyrillic Р and о in the city
			{"Ｈａｒｂｏｒ Ｓｔｒｅｅｔ Ｂａｋｅｒｙ", "ＰＯＲＴＬＡＮＤ"}, // fullwidth city too
		} {
			b, held := createListingIn(t, app, tc.name, tc.city)
			if !held || b.Published || !b.Held {
				t.Errorf("%s in %s: held %v, published %v", tc.name, tc.city, held, b.Published)
				continue
			}
			if res, _ := app.newClient().get(t, "/directory/"+b.Slug); res.StatusCode != http.StatusNotFound {
				t.Errorf("%s in %s has a public page: %d", tc.name, tc.city, res.StatusCode)
			}
			if slices.Contains(directoryJSONSlugs(t, app.newClient(), "/directory.json?q=bakery"), b.Slug) {
				t.Errorf("%s in %s is in /directory.json", tc.name, tc.city)
			}
		}
		// The administrators see each beside the listing it resembles.
		_, body := app.asAdmin(t).get(t, "/admin/held")
		page := parseHTML(t, body)
		items := page.Find("li.claim-item")
		if items.Length() != 5 {
			t.Fatalf("%d held listings in the queue, want 5", items.Length())
		}
		items.Each(func(_ int, item *goquery.Selection) {
			if !slices.Contains(texts(item.Find("h4")), "Harbor Street Bakery") {
				t.Errorf("%s is not shown beside Harbor Street Bakery: %q", textOf(item.Find("h2")), texts(item.Find("h4")))
			}
		})
	}, withAdmin)
}

// A name that mixes alphabets is held even where no listing resembles it
// (a look-alike prepared ahead): the administrator is told why.
func TestMixedAlphabetNamesAreHeldWithTheReason(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "mimic@example.com")
		b, held := createListingIn(t, app, "Cafe Ωmega", "Salem")
		if !held || b.Published {
			t.Fatalf("a Latin and Greek name: held %v, published %v", held, b.Published)
		}
		_, body := app.get(t, "/dashboard/businesses/"+itoa(int(b.ID)))
		if page := parseHTML(t, body); !hasToast(page, "Held for review", "") || !anyContains(notices(page, "note"), "waits for an administrator's review") {
			t.Errorf("the owner is not told the listing is held: %+v %q", toasts(page), notices(page, "note"))
		}
		if _, held := createListingIn(t, app, "すし処 カネ", "Salem"); held {
			t.Error("a Japanese name (Hiragana, Han and Katakana) was held")
		}
		if _, held := createListingIn(t, app, "Пекарня Ромашка", "Salem"); held {
			t.Error("a Cyrillic name was held")
		}

		admin := app.asAdmin(t)
		_, body = admin.get(t, "/admin/held")
		item := headings(parseHTML(t, body), 2, "Cafe Ωmega").Closest("li")
		if item.Length() != 1 {
			t.Fatal("the held listing is not in the queue")
		}
		grounds := texts(byTestID(item, "hold-grounds").Find("li"))
		if len(grounds) != 1 || !strings.Contains(grounds[0], "The name mixes letters from different alphabets (Latin and Greek)") {
			t.Errorf("the queue gives the grounds %q", grounds)
		}
		if headings(item, 3, "Published listing it resembles").Length() != 0 {
			t.Error("the queue shows a resembled listing for a hold that has none")
		}
		if _, rows := readCSV(t, admin, "/admin/held.csv"); len(rows) != 2 || !strings.Contains(rows[1][len(rows[1])-1], "Latin and Greek") {
			t.Errorf("the export: %q", rows)
		}
		res, _ := admin.post(t, nameStarts(item.Find("button"), "Approve").Closest("form").AttrOr("action", ""), nil)
		if got := mustBusiness(t, app, b.Slug); res.StatusCode != http.StatusSeeOther || !got.Published {
			t.Errorf("approved: %d, published %v", res.StatusCode, got.Published)
		}
	}, withAdmin)
}
