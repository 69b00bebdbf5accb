package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/images"
	"bizprofile/store"
)

// Listings' logos and photos on the public pages (issue 22): cards,
// landing pages, the listing's page, its link previews and JSON-LD.

// keptPicture is a testdata image as an upload keeps it: checked, its
// variants in the app's storage.
func keptPicture(t *testing.T, app *testApp, file string) store.Picture {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "images", "testdata", file))
	must(t, err)
	defer f.Close()
	u, err := images.Check(f)
	must(t, err)
	p, err := domain.KeepImage(context.Background(), app.h.media, u)
	must(t, err)
	return p
}

// addImage adds a logo or photo to b as the manage page does.
func addImage(t *testing.T, app *testApp, b store.Business, kind store.ImageKind, file, alt string) store.ListingImage {
	t.Helper()
	img, _, err := app.store.AddListingImage(context.Background(), b.ID, store.ListingImage{
		AccountID: b.OwnerID.Int64, Kind: kind, Picture: keptPicture(t, app, file), Alt: alt,
	}, 10)
	must(t, err)
	return img
}

// listingIn is a published listing of category in Austin, owned by owner
// (0: nobody).
func listingIn(t *testing.T, app *testApp, name, category string, owner int64) store.Business {
	t.Helper()
	b, err := app.store.CreateBusiness(context.Background(), store.Business{
		Name: name, Category: category, City: "Austin", State: "TX", Description: "A place in Austin.", Published: true,
		OwnerID: sql.NullInt64{Int64: owner, Valid: owner != 0},
	})
	must(t, err)
	return b
}

// cardLogo is the logo image of the result card of the listing named name.
func cardLogo(t *testing.T, doc *goquery.Document, name string) *goquery.Selection {
	t.Helper()
	img := directoryCard(t, doc, name).Find(".business-card-head img")
	if img.Length() != 1 {
		t.Fatalf("%s: %d logo images on its card, want 1", name, img.Length())
	}
	return img
}

// sized reports whether img has positive width and height attributes.
func sized(img *goquery.Selection) bool {
	w, _ := strconv.Atoi(img.AttrOr("width", ""))
	h, _ := strconv.Atoi(img.AttrOr("height", ""))
	return w > 0 && h > 0
}

// srcsetURLs are the URLs of an image's srcset.
func srcsetURLs(img *goquery.Selection) []string {
	var out []string
	for part := range strings.SplitSeq(img.AttrOr("srcset", ""), ",") {
		if f := strings.Fields(part); len(f) == 2 {
			out = append(out, f[0])
		}
	}
	return out
}

func TestCardsShowTheLogoOrTheInitialsPlaceholder(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		logoed := listingIn(t, app, "Lantern Bakery", "food", 0)
		addImage(t, app, logoed, store.ImageLogo, "transparent.png", "")
		listingIn(t, app, "plain pantry co", "food", 0)

		for _, path := range []string{"/directory?q=austin", "/directory/category/food"} {
			_, body := app.get(t, path)
			doc := parseHTML(t, body)
			logo := cardLogo(t, doc, "Lantern Bakery")
			src := logo.AttrOr("src", "")
			if !strings.HasPrefix(src, "/media/images/") || len(srcsetURLs(logo)) < 1 || !slices.Contains(srcsetURLs(logo), src) || logo.AttrOr("sizes", "") != "64px" || !sized(logo) {
				t.Errorf("%s: the logo's image src=%q srcset=%q sizes=%q %sx%s", path, src, logo.AttrOr("srcset", ""), logo.AttrOr("sizes", ""), logo.AttrOr("width", ""), logo.AttrOr("height", ""))
			}
			// Decorative: the name stands by it (no second announcement).
			if alt, ok := logo.Attr("alt"); !ok || alt != "" || logo.AttrOr("decoding", "") != "async" {
				t.Errorf("%s: logo alt %q (present %v), decoding %q", path, alt, ok, logo.AttrOr("decoding", ""))
			}
			if res, _ := app.get(t, src); res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
				t.Errorf("%s: the logo %s answers %d %s", path, src, res.StatusCode, res.Header.Get("Content-Type"))
			}
			placeholder := cardLogo(t, doc, "plain pantry co")
			if got := placeholder.AttrOr("src", ""); got != "/placeholders/food/PP.svg" || placeholder.AttrOr("width", "") != "64" || placeholder.AttrOr("height", "") != "64" {
				t.Errorf("%s: placeholder src %q, %sx%s", path, got, placeholder.AttrOr("width", ""), placeholder.AttrOr("height", ""))
			}
		}

		// The island's JSON carries the same images.
		_, js := app.get(t, "/directory.json?q=austin")
		var res struct {
			Cards []struct {
				Name string `json:"name"`
				Logo struct {
					Src    string `json:"src"`
					Srcset string `json:"srcset"`
					Width  int    `json:"width"`
					Height int    `json:"height"`
				} `json:"logo"`
			} `json:"cards"`
		}
		must(t, json.Unmarshal([]byte(js), &res))
		for _, c := range res.Cards {
			want := map[string]string{"Lantern Bakery": "/media/images/", "plain pantry co": "/placeholders/food/PP.svg"}[c.Name]
			if !strings.HasPrefix(c.Logo.Src, want) || c.Logo.Width == 0 || c.Logo.Height == 0 {
				t.Errorf("JSON card %s: logo %+v", c.Name, c.Logo)
			}
		}
		if len(res.Cards) != 2 {
			t.Errorf("%d JSON cards, want 2", len(res.Cards))
		}
	})
}

func TestThePlaceholderIsAnSVGOfTheInitials(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	res, body := app.get(t, "/placeholders/food/PP.svg")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" ||
		!strings.Contains(res.Header.Get("Cache-Control"), "max-age=31536000") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("placeholder: %d %q %q %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), res.Header.Get("X-Content-Type-Options"))
	}
	var svg struct {
		XMLName xml.Name
		Title   string `xml:"title"`
		Rect    struct {
			Fill string `xml:"fill,attr"`
		} `xml:"rect"`
		Text string `xml:"text"`
	}
	must(t, xml.Unmarshal([]byte(body), &svg))
	if svg.XMLName.Local != "svg" || svg.Title != "PP" || svg.Text != "PP" || svg.Rect.Fill != "#b91c1c" {
		t.Errorf("placeholder SVG %+v", svg)
	}
	for _, path := range []string{"/placeholders/nowhere/PP.svg", "/placeholders/food/pp.svg", "/placeholders/food/ABC.svg", "/placeholders/food/A%3C.svg", "/placeholders/food/.svg", "/placeholders/food/PP.png"} {
		if res, _ := app.get(t, path); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, res.StatusCode)
		}
	}
}

func TestCardsBelowTheFirstScreenLoadTheirLogosLazily(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for _, n := range []string{"A", "B", "C", "D", "E", "F"} {
		listingIn(t, app, "Shop "+n, "retail", 0)
	}
	_, body := app.get(t, "/directory/category/retail")
	var loading []string
	parseHTML(t, body).Find("main .business-card-head img").Each(func(_ int, img *goquery.Selection) {
		loading = append(loading, img.AttrOr("loading", "eager"))
	})
	if want := []string{"eager", "eager", "eager", "eager", "lazy", "lazy"}; !slices.Equal(loading, want) {
		t.Errorf("logos' loading %q, want %q", loading, want)
	}
}

// galleryOf is the listing page's photos: their alt texts, and the images.
func galleryOf(doc *goquery.Document) (alts []string, imgs *goquery.Selection) {
	imgs = byTestID(doc.Selection, "gallery").Find("img")
	imgs.Each(func(_ int, img *goquery.Selection) { alts = append(alts, img.AttrOr("alt", "")) })
	return alts, imgs
}

func TestTheListingPageShowsItsDescribedPhotosCoverFirstAndTellsSearchEngines(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := ownedListing(t, app, "owner@lantern.example", "Setup")
		b := listingIn(t, app, "Lantern Bakery", "food", owner.OwnerID.Int64)
		addImage(t, app, b, store.ImageLogo, "transparent.png", "")
		addImage(t, app, b, store.ImagePhoto, "gps-orientation6.jpg", "Our counter at dawn")
		addImage(t, app, b, store.ImagePhoto, "photo.webp", "") // not described: not shown
		oven := addImage(t, app, b, store.ImagePhoto, "photo.webp", "The wood oven")
		must(t, app.store.EditListingImages(ctx, b.ID, nil, oven.ID))

		_, body := app.get(t, "/directory/"+b.Slug)
		doc := parseHTML(t, body)
		alts, imgs := galleryOf(doc)
		if want := []string{"The wood oven", "Our counter at dawn"}; !slices.Equal(alts, want) {
			t.Fatalf("gallery %q, want %q (cover first, the undescribed photo left out)", alts, want)
		}
		imgs.Each(func(i int, img *goquery.Selection) {
			if len(srcsetURLs(img)) == 0 || img.AttrOr("sizes", "") == "" || !sized(img) {
				t.Errorf("photo %d: srcset %q sizes %q %sx%s", i, img.AttrOr("srcset", ""), img.AttrOr("sizes", ""), img.AttrOr("width", ""), img.AttrOr("height", ""))
			}
			if lazy := img.AttrOr("loading", "") == "lazy"; lazy != (i > 0) {
				t.Errorf("photo %d: loading=%q", i, img.AttrOr("loading", ""))
			}
		})
		logo := doc.Find("main h1").PrevFiltered("img")
		if logo.Length() != 1 || len(srcsetURLs(logo)) == 0 || !sized(logo) {
			t.Fatalf("no logo by the name")
		}
		// Starter: no banner, no accent.
		if byTestID(doc.Selection, "banner").Length() != 0 || doc.Find(".branded").Length() != 0 {
			t.Error("a Starter listing's page is branded")
		}

		// Link previews and JSON-LD: absolute URLs of what the page shows.
		abs := func(u string) bool { return strings.HasPrefix(u, testSite.BaseURL+"/media/images/") }
		og := doc.Find(`head meta[property="og:image"]`).AttrOr("content", "")
		ld := jsonLD(t, doc)
		ldImages, _ := ld["image"].([]any)
		if len(ldImages) != len(alts) {
			t.Fatalf("JSON-LD image %v, the page shows %d photos", ld["image"], len(alts))
		}
		for i, u := range ldImages {
			u, _ := u.(string)
			if !abs(u) || !slices.Contains(srcsetURLs(imgs.Eq(i)), strings.TrimPrefix(u, testSite.BaseURL)) {
				t.Errorf("JSON-LD image %d %q is not photo %d (%q) as an absolute URL", i, u, i, imgs.Eq(i).AttrOr("srcset", ""))
			}
		}
		if og != ldImages[0] {
			t.Errorf("og:image %q, want the cover %q", og, ldImages[0])
		}
		// The variant's own size (the test photo is small: its widest).
		w := doc.Find(`head meta[property="og:image:width"]`).AttrOr("content", "")
		h, _ := strconv.Atoi(doc.Find(`head meta[property="og:image:height"]`).AttrOr("content", ""))
		if !strings.HasSuffix(og, "-"+w+".jpg") && !strings.HasSuffix(og, "-"+w+".png") || h <= 0 {
			t.Errorf("og:image %q is %sx%d", og, w, h)
		}
		ldLogo, _ := ld["logo"].(string)
		if !abs(ldLogo) || !slices.Contains(srcsetURLs(logo), strings.TrimPrefix(ldLogo, testSite.BaseURL)) {
			t.Errorf("JSON-LD logo %q, the page's logo %q", ldLogo, logo.AttrOr("srcset", ""))
		}
		for _, u := range append([]any{og, ldLogo}, ldImages...) {
			if res, _ := app.get(t, strings.TrimPrefix(u.(string), testSite.BaseURL)); res.StatusCode != http.StatusOK {
				t.Errorf("%s: %d", u, res.StatusCode)
			}
		}

		// Without photos the logo is the preview; without either, the
		// site's image, and no image in the JSON-LD.
		bare := listingIn(t, app, "Bare Shop", "retail", 0)
		_, body = app.get(t, "/directory/"+bare.Slug)
		doc = parseHTML(t, body)
		if _, imgs := galleryOf(doc); imgs.Length() != 0 || doc.Find(`head meta[property="og:image:width"]`).Length() != 0 {
			t.Error("a listing without photos shows some")
		}
		if ld := jsonLD(t, doc); ld["image"] != nil || ld["logo"] != nil {
			t.Errorf("JSON-LD of a listing without images: image %v logo %v", ld["image"], ld["logo"])
		}
		if src := doc.Find("main h1").PrevFiltered("img").AttrOr("src", ""); src != "/placeholders/retail/BS.svg" {
			t.Errorf("the page's placeholder %q", src)
		}
		logoOnly := listingIn(t, app, "Logo Only", "retail", 0)
		addImage(t, app, logoOnly, store.ImageLogo, "transparent.png", "")
		_, body = app.get(t, "/directory/"+logoOnly.Slug)
		doc = parseHTML(t, body)
		if og, ld := doc.Find(`head meta[property="og:image"]`).AttrOr("content", ""), jsonLD(t, doc); og != ld["logo"] || !abs(og) {
			t.Errorf("og:image %q, want the logo %q", og, ld["logo"])
		}
	})
}

func TestEveryCategoryColourIsReadableUnderWhiteInitials(t *testing.T) {
	for _, c := range catalog.Categories {
		colour := catalog.CategoryColour(c.Value)
		if ratio, ok := images.Contrast(colour, "#ffffff"); !ok || ratio < 4.5 {
			t.Errorf("%s: %s has a contrast of %.2f:1 with white initials", c.Value, colour, ratio)
		}
		// The placeholder writes white initials on it.
		var svg struct {
			Text struct {
				Fill string `xml:"fill,attr"`
			} `xml:"text"`
		}
		must(t, xml.Unmarshal(images.Placeholder("AB", colour), &svg))
		if svg.Text.Fill != "#ffffff" {
			t.Errorf("%s: initials in %s", c.Value, svg.Text.Fill)
		}
	}
}

func TestAListingShowsAsManyPhotosAsItsOwnersPlan(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		account := signedInOwner(t, app, "owner@kiln.example").ID
		onPlan(t, app, account, "growth")
		b := listingIn(t, app, "Kiln Studio", "retail", account)
		var alts []string
		for i := range 5 {
			alt := "Bowl number " + strconv.Itoa(i+1)
			addImage(t, app, b, store.ImagePhoto, "photo.webp", alt)
			alts = append(alts, alt)
		}
		last, err := app.store.ListingImages(ctx, b.ID)
		must(t, err)
		must(t, app.store.EditListingImages(ctx, b.ID, nil, last[len(last)-1].ID))
		cover := append([]string{alts[4]}, alts[:4]...)

		_, body := app.get(t, "/directory/"+b.Slug)
		if got, _ := galleryOf(parseHTML(t, body)); !slices.Equal(got, cover) {
			t.Fatalf("on Growth: gallery %q, want %q", got, cover)
		}
		// Back on Starter: the photos are kept, the page shows the plan's
		// number, the cover first.
		offPlan(t, app, account, "growth")
		_, body = app.get(t, "/directory/"+b.Slug)
		if got, _ := galleryOf(parseHTML(t, body)); !slices.Equal(got, cover[:3]) {
			t.Errorf("on Starter: gallery %q, want %q", got, cover[:3])
		}
		if n, _ := app.store.CountPhotos(ctx, b.ID); n != 5 {
			t.Errorf("%d photos kept, want 5", n)
		}
		// The manage page says which show.
		_, body = app.get(t, manageURL(b.ID))
		note := textOf(byTestID(region(parseHTML(t, body), "Logo and photos"), "photo-cap"))
		if !strings.Contains(note, "3 in all") || !strings.Contains(note, "keeps the other 2 unshown") {
			t.Errorf("the manage page's note: %q", note)
		}
	})
}
