package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// Custom branding (Growth and Pro): the accent colour of a listing's page
// and its cover photo as the banner.

// brandingForm is the manage page's branding form with the colour typed
// into its text field (the picker left as shown).
func brandingForm(t *testing.T, doc *goquery.Document, colour string) url.Values {
	t.Helper()
	section := region(doc, "Branding")
	picker := controls(section, "Accent colour")
	if picker.AttrOr("type", "") != "color" {
		t.Fatalf("no colour picker labelled Accent colour")
	}
	return url.Values{
		"accent_current": {section.Find(`input[name="accent_current"]`).AttrOr("value", "")},
		"accent_picker":  {picker.AttrOr("value", "")},
		"accent":         {colour},
	}
}

// brandStylesheets are the page's stylesheets from /brand/.
func brandStylesheets(doc *goquery.Document) []string {
	var out []string
	doc.Find(`head link[rel="stylesheet"]`).Each(func(_ int, l *goquery.Selection) {
		if h := l.AttrOr("href", ""); strings.HasPrefix(h, "/brand/") {
			out = append(out, h)
		}
	})
	return out
}

func TestGrowthBrandsItsListingPageWithAReadableAccentAndTheCover(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "brand@example.com")
		b := listingIn(t, app, "Lantern Bakery", "food", u.ID)
		addImage(t, app, b, store.ImagePhoto, "photo.webp", "The wood oven")
		onPlan(t, app, u.ID, "growth")
		manage := manageURL(b.ID)

		_, body := app.get(t, manage)
		doc := parseHTML(t, body)
		if text := textOf(byTestID(region(doc, "Branding"), "branding-banner")); !strings.Contains(text, "cover photo") {
			t.Errorf("the section does not say where the banner comes from: %q", text)
		}
		// Unreadable behind white text: refused, the value kept, why said.
		res, body := app.post(t, manage+"/branding", brandingForm(t, doc, "#FFCC00"))
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("a light colour: %d, want 422", res.StatusCode)
		}
		field := controls(region(parseHTML(t, body), "Branding"), "Accent colour code")
		if msg := fieldError(field); !strings.Contains(msg, "contrast of 1.") || !strings.Contains(msg, "4.5:1") || !strings.Contains(msg, "darker") || valueOf(field) != "#FFCC00" {
			t.Errorf("light colour: message %q, value %q", msg, valueOf(field))
		}
		res, body = app.post(t, manage+"/branding", brandingForm(t, doc, "blue"))
		if field := controls(region(parseHTML(t, body), "Branding"), "Accent colour code"); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(field), "six hexadecimal digits") {
			t.Errorf("not a colour: %d %q", res.StatusCode, fieldError(field))
		}
		if got, _ := app.store.BusinessByID(ctx, b.ID); got.AccentColor != "" {
			t.Fatalf("a refused colour was stored: %q", got.AccentColor)
		}

		// Readable: saved (as typed in the text field), on the page.
		if res, _ := app.post(t, manage+"/branding", brandingForm(t, doc, "#1D4ED8")); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("a dark colour: %d, want 303", res.StatusCode)
		}
		_, body = app.get(t, "/directory/"+b.Slug)
		page := parseHTML(t, body)
		if css := brandStylesheets(page); len(css) != 1 || css[0] != "/brand/1d4ed8.css" || page.Find("main .branded").Length() != 1 {
			t.Fatalf("branded page: stylesheets %q, .branded %d", css, page.Find("main .branded").Length())
		}
		banner := byTestID(page.Selection, "banner").Find("img")
		if banner.Length() != 1 || !sized(banner) || banner.AttrOr("alt", "x") != "" || len(srcsetURLs(banner)) == 0 {
			t.Errorf("banner %d images", banner.Length())
		}
		res, css := app.get(t, "/brand/1d4ed8.css")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/css; charset=utf-8" ||
			!strings.Contains(res.Header.Get("Cache-Control"), "max-age=31536000") || !strings.Contains(css, "--accent: #1d4ed8;") {
			t.Errorf("brand stylesheet: %d %q %q %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), css)
		}

		// The picker counts when only it was changed.
		_, body = app.get(t, manage)
		form := brandingForm(t, parseHTML(t, body), "#1d4ed8")
		form.Set("accent_picker", "#0f766e")
		app.post(t, manage+"/branding", form)
		if got, _ := app.store.BusinessByID(ctx, b.ID); got.AccentColor != "#0f766e" {
			t.Errorf("after picking #0f766e: %q", got.AccentColor)
		}

		// Downgraded: the colour is kept, the page no longer shows it.
		offPlan(t, app, u.ID, "growth")
		_, body = app.get(t, "/directory/"+b.Slug)
		page = parseHTML(t, body)
		if css := brandStylesheets(page); len(css) != 0 || page.Find("main .branded").Length() != 0 || byTestID(page.Selection, "banner").Length() != 0 {
			t.Errorf("a downgraded listing's page is branded: %q", css)
		}
		if got, _ := app.store.BusinessByID(ctx, b.ID); got.AccentColor != "#0f766e" {
			t.Errorf("the downgrade lost the colour: %q", got.AccentColor)
		}
		_, body = app.get(t, manage)
		if text := textOf(region(parseHTML(t, body), "Branding")); !strings.Contains(text, "#0f766e") || !strings.Contains(text, "is kept") {
			t.Errorf("the downgraded section: %q", text)
		}

		// Back on Growth, Remove drops it.
		onPlan(t, app, u.ID, "pro")
		if res, _ := app.post(t, manage+"/branding", url.Values{"action": {"remove"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("remove: %d", res.StatusCode)
		}
		if got, _ := app.store.BusinessByID(ctx, b.ID); got.AccentColor != "" {
			t.Errorf("after Remove: %q", got.AccentColor)
		}
	})
}

func TestStarterCannotBrandAndOthersCannotTouchTheBranding(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "starter@example.com")
		b := listingIn(t, app, "Plain Pantry", "food", u.ID)
		manage := manageURL(b.ID)

		_, body := app.get(t, manage)
		section := region(parseHTML(t, body), "Branding")
		if !strings.Contains(textOf(byTestID(section, "branding-upgrade")), "comes with the Growth plan") || !hasLink(section, "Compare plans", "/pricing") {
			t.Errorf("the Starter section: %q", textOf(section))
		}
		if section.Find("form").Length() != 0 {
			t.Error("Starter is offered the branding form")
		}
		res, body := app.post(t, manage+"/branding", url.Values{"accent": {"#1d4ed8"}})
		if res.StatusCode != http.StatusForbidden || !strings.Contains(textOf(region(parseHTML(t, body), "Branding")), "comes with the Growth plan") {
			t.Errorf("Starter's post: %d", res.StatusCode)
		}
		if got, _ := app.store.BusinessByID(ctx, b.ID); got.AccentColor != "" {
			t.Errorf("Starter's colour was stored: %q", got.AccentColor)
		}

		// Another account's listing is not found.
		other := app.newClient()
		v := signedInOwner(t, other, "other@example.com")
		onPlan(t, app, v.ID, "growth")
		if res, _ := other.post(t, manage+"/branding", url.Values{"accent": {"#1d4ed8"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("another account's post: %d, want 404", res.StatusCode)
		}
	})
}

func TestTheBrandStylesheetServesReadableColoursOnly(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for path, want := range map[string]int{
		"/brand/1d4ed8.css":    http.StatusOK,
		"/brand/1D4ED8.css":    http.StatusNotFound, // one address per colour
		"/brand/ffcc00.css":    http.StatusNotFound, // white text unreadable on it
		"/brand/12345.css":     http.StatusNotFound,
		"/brand/zzzzzz.css":    http.StatusNotFound,
		"/brand/%231d4ed8.css": http.StatusNotFound,
		"/brand/1d4ed8.js":     http.StatusNotFound,
	} {
		if res, _ := app.get(t, path); res.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, res.StatusCode, want)
		}
	}
}
