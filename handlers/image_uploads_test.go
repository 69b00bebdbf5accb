package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/images"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// The bounds of the multipart reader (readMultipart) that both forms
// taking files share: one file per input, a bounded number of parts and
// of text. They are the reader's, not the database's: SQLite is enough.

func TestImageFormsTakeOneFilePerInput(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	f := newImagesFixture(t, app, plans.Starter.ID)
	png, svg := imageFixtureFile(t, "transparent.png"), imageFixtureFile(t, "logo.svg")

	// The manage page: the second file is skipped unread (an SVG, which
	// would be refused).
	res, _ := app.postMultipart(t, f.path("/images"), url.Values{"kind": {"logo"}},
		upload{"file", "a.png", png}, upload{"file", "b.svg", svg})
	if res.StatusCode != http.StatusSeeOther || len(f.images(t)) != 1 {
		t.Fatalf("two files for one input: status %d, %d images, want 303 and the first kept", res.StatusCode, len(f.images(t)))
	}

	// The wizard: the same for its logo input.
	signedInOwner(t, app, "owner@taco.example")
	res = app.postMultipartRes(t, "/business/create-profile", listingForm("Casa Taco"),
		upload{"logo", "a.png", png}, upload{"logo", "b.svg", svg})
	b := createdListing(t, app, res)
	imgs, err := app.store.ListingImages(context.Background(), b.ID)
	must(t, err)
	if len(imgs) != 1 || imgs[0].Kind != store.ImageLogo {
		t.Errorf("two files for the logo input: %+v, want the first as the logo", imgs)
	}
}

func TestImageFormsBoundTheirParts(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	f := newImagesFixture(t, app, plans.Starter.ID)
	fields := func(n int) url.Values {
		v := url.Values{}
		for i := range n {
			v.Set("x"+strconv.Itoa(i), "1")
		}
		return v
	}

	// The manage page's forms have a few fields, each short.
	if res := app.postMultipartRes(t, f.path("/images"), fields(maxUploadFields+1)); res.StatusCode != http.StatusBadRequest {
		t.Errorf("%d parts: status %d, want 400", maxUploadFields+1, res.StatusCode)
	}
	long := url.Values{"kind": {"photo"}, "alt": {strings.Repeat("a", maxUploadFieldBytes+1)}}
	if res := app.postMultipartRes(t, f.path("/images"), long); res.StatusCode != http.StatusBadRequest {
		t.Errorf("a field over %d bytes: status %d, want 400", maxUploadFieldBytes, res.StatusCode)
	}

	// The wizard's form: at most maxWizardParts parts, and its text bounded
	// as a whole.
	signedInOwner(t, app, "owner@taco.example")
	many := listingForm("Casa Taco")
	for k, v := range fields(maxWizardParts) {
		many[k] = v
	}
	if res := app.postMultipartRes(t, "/business/create-profile", many); res.StatusCode != http.StatusBadRequest {
		t.Errorf("more than %d parts: status %d, want 400", maxWizardParts, res.StatusCode)
	}
	big := listingForm("Casa Taco")
	big.Set("description", strings.Repeat("a", maxBodyBytes))
	if res := app.postMultipartRes(t, "/business/create-profile", big); res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("text over %d bytes: status %d, want 413", maxBodyBytes, res.StatusCode)
	}
}

// Both pages that take images say the server's rules from one value
// (imageRules): the hints by their fields and their islands' props.
func TestImageFormsSayTheSameRules(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	f := newImagesFixture(t, app, plans.Starter.ID)
	doc, sec := f.managePage(t, app)
	signedInOwner(t, app, "owner@taco.example")
	_, body := app.get(t, "/business/create-profile")
	wizard := parseHTML(t, body)

	// hint is the text of the hint a control points to.
	hint := func(c *goquery.Selection) string {
		for _, id := range strings.Fields(c.AttrOr("aria-describedby", "")) {
			if strings.HasSuffix(id, "-hint") {
				return textOf(byID(doc.Selection, id).AddSelection(byID(wizard.Selection, id)))
			}
		}
		return ""
	}
	mb := strconv.Itoa(images.MaxBytes>>20) + " MB"
	if h := hint(labelled(t, sec, "Photo file")); !strings.Contains(h, mb) {
		t.Errorf("the manage page's file hint %q does not say %s", h, mb)
	}
	manageAlt, wizardAlt := hint(labelled(t, sec, "Photo description (alt text)")), hint(labelled(t, wizard, "Photo 1 alt text"))
	if manageAlt != imageRules.WhyAlt || wizardAlt != imageRules.WhyAlt {
		t.Errorf("alt hints: manage %q, wizard %q, want both %q", manageAlt, wizardAlt, imageRules.WhyAlt)
	}

	// props is the JSON of the island's props (the script after it).
	props := func(d *goquery.Document, island string, v any) {
		t.Helper()
		must(t, json.Unmarshal([]byte(d.Find(`[data-island="`+island+`"]`).Next().Text()), v))
	}
	var manage struct{ Rules views.ImageRules }
	props(doc, "images", &manage)
	var wiz struct {
		Form struct {
			Images struct{ Rules views.WizardRules }
		}
	}
	props(wizard, "wizard", &wiz)
	if !reflect.DeepEqual(manage.Rules, imageRules) || !reflect.DeepEqual(wiz.Form.Images.Rules.ImageRules, imageRules) {
		t.Errorf("islands' rules: manage %+v, wizard %+v, want %+v", manage.Rules, wiz.Form.Images.Rules.ImageRules, imageRules)
	}
}
