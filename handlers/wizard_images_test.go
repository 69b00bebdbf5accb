package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"
)

// testImage is a file of images/testdata.
func testImage(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "images", "testdata", name))
	must(t, err)
	return b
}

// upload is a file sent in a multipart form.
type upload struct {
	Field, Name string
	Data        []byte
}

// postMultipart sends a same-origin multipart form with files, as a
// browser sends a form with enctype="multipart/form-data" (an input left
// empty is a part with no file name).
func (a *testApp) postMultipart(t *testing.T, path string, form url.Values, files ...upload) (*http.Response, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for name, values := range form {
		for _, v := range values {
			must(t, mw.WriteField(name, v))
		}
	}
	for _, f := range files {
		w, err := mw.CreateFormFile(f.Field, f.Name)
		must(t, err)
		_, err = w.Write(f.Data)
		must(t, err)
	}
	must(t, mw.Close())
	req, _ := http.NewRequest(http.MethodPost, a.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", a.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return a.do(t, req)
}

// postMultipartRes is postMultipart's response alone.
func (a *testApp) postMultipartRes(t *testing.T, path string, form url.Values, files ...upload) *http.Response {
	t.Helper()
	res, _ := a.postMultipart(t, path, form, files...)
	return res
}

// createdListing is the listing the wizard just created, from its
// redirect to the directory page.
func createdListing(t *testing.T, app *testApp, res *http.Response) store.Business {
	t.Helper()
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/directory/") {
		t.Fatalf("create: status %d, Location %q", res.StatusCode, loc)
	}
	b, err := app.store.BusinessBySlug(context.Background(), strings.TrimPrefix(loc, "/directory/"))
	must(t, err)
	return b
}

func TestWizardImagesWithoutJavaScript(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		signedInOwner(t, app, "owner@taco.example")

		_, body := app.get(t, "/business/create-profile")
		doc := parseHTML(t, body)
		if enc := formOf(doc, "Create Profile").AttrOr("enctype", ""); enc != "multipart/form-data" {
			t.Fatalf("form enctype %q", enc)
		}
		part := byTestID(doc, "wizard-images")
		for _, label := range []string{"Logo", "Photo 1 file", "Photo 1 alt text", "Photo 3 file", "Photo 3 alt text"} {
			labelled(t, part, label)
		}
		if n := controls(part, "Photo 4 file").Length(); n != 0 {
			t.Errorf("a Starter account gets %d fourth photo input, want none", n)
		}
		if c := labelled(t, part, "Logo"); c.AttrOr("type", "") != "file" || !strings.Contains(c.AttrOr("accept", ""), "image/webp") {
			t.Errorf("logo input: type %q accept %q", c.AttrOr("type", ""), c.AttrOr("accept", ""))
		}
		hint := textOf(byID(part, "f-images-hint"))
		if !strings.Contains(hint, "10 MB") || !strings.Contains(hint, "up to 3 photos") {
			t.Errorf("images hint %q", hint)
		}

		form := listingForm("Casa Taco")
		form.Set("photo_0_alt", "Three tacos on a blue plate")
		form.Set("photo_1_alt", "The counter at lunchtime")
		res, _ := app.postMultipart(t, "/business/create-profile", form,
			upload{"logo", "logo.png", testImage(t, "transparent.png")},
			upload{"photo_0", "tacos.jpg", testImage(t, "gps-orientation6.jpg")},
			upload{"photo_1", "counter.webp", testImage(t, "photo.webp")},
			upload{"photo_2", "", nil})
		b := createdListing(t, app, res)
		imgs, err := app.store.ListingImages(ctx, b.ID)
		must(t, err)
		if len(imgs) != 3 || imgs[0].Kind != store.ImageLogo || imgs[1].Alt != "Three tacos on a blue plate" || !imgs[1].Cover ||
			imgs[2].Alt != "The counter at lunchtime" || imgs[2].Cover {
			t.Fatalf("images %+v", imgs)
		}
		if b.Logo.IsZero() || b.Logo.Hash != imgs[0].Picture.Hash {
			t.Errorf("listing logo %+v, want the uploaded one", b.Logo)
		}
		if left, err := app.store.PendingImages(ctx, b.OwnerID.Int64, nil); err != nil || len(left) != 0 {
			t.Errorf("pending uploads left: %v %v", left, err)
		}

		_, body = app.get(t, "/directory/"+b.Slug)
		alts := []string{}
		byTestID(parseHTML(t, body), "gallery").Find("img").Each(func(_ int, s *goquery.Selection) { alts = append(alts, s.AttrOr("alt", "")) })
		if !slices.Equal(alts, []string{"Three tacos on a blue plate", "The counter at lunchtime"}) {
			t.Errorf("gallery alts %q", alts)
		}
	})
}

func TestWizardImagesKeptThroughFormErrors(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "owner@taco.example")

		form := listingForm("Casa Taco")
		form.Del("name")
		form.Set("photo_0_alt", "Three tacos on a blue plate")
		res, body := app.postMultipart(t, "/business/create-profile", form,
			upload{"logo", "logo.png", testImage(t, "transparent.png")},
			upload{"photo_0", "tacos.jpg", testImage(t, "gps-orientation6.jpg")},
			upload{"photo_1", "counter.webp", testImage(t, "photo.webp")})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		doc := parseHTML(t, body)
		if msg := fieldError(labelled(t, doc, "Business name")); msg == "" {
			t.Error("no message by the name")
		}
		// The second photo has no alt text: said by its field.
		if msg := fieldError(labelled(t, doc, "Photo 2 alt text")); msg != domain.AltMissingMessage {
			t.Errorf("photo 2 alt: %q", msg)
		}
		if v := valueOf(labelled(t, doc, "Photo 1 alt text")); v != "Three tacos on a blue plate" {
			t.Errorf("photo 1 alt kept as %q", v)
		}
		part := byTestID(doc, "wizard-images")
		kept := part.Find("[data-image-id]")
		if kept.Length() != 3 || kept.Find("img[width][height]").Length() != 3 {
			t.Fatalf("%d kept uploads shown (%d thumbnails)", kept.Length(), kept.Find("img").Length())
		}
		pending, err := app.store.PendingImages(ctx, u.ID, nil)
		must(t, err)
		if len(pending) != 3 {
			t.Fatalf("%d pending uploads, want 3", len(pending))
		}

		// Sent again with the ids the page holds, without files.
		again := listingForm("Casa Taco")
		part.Find("input[type=hidden]").Each(func(_ int, s *goquery.Selection) { again.Set(s.AttrOr("name", ""), s.AttrOr("value", "")) })
		again.Set("photo_0_alt", "Three tacos on a blue plate")
		again.Set("photo_1_alt", "The counter at lunchtime")
		res, _ = app.postMultipart(t, "/business/create-profile", again)
		b := createdListing(t, app, res)
		imgs, err := app.store.ListingImages(ctx, b.ID)
		must(t, err)
		if len(imgs) != 3 || imgs[1].Alt != "Three tacos on a blue plate" || !imgs[1].Cover || imgs[2].Alt != "The counter at lunchtime" {
			t.Fatalf("images %+v", imgs)
		}

		// A kept photo may be dropped instead of described.
		res, body = app.postMultipart(t, "/business/create-profile", form,
			upload{"photo_0", "tacos.jpg", testImage(t, "gps-orientation6.jpg")},
			upload{"photo_1", "counter.webp", testImage(t, "photo.webp")})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		part = byTestID(parseHTML(t, body), "wizard-images")
		drop := labelled(t, part, "Remove photo 2")
		again = listingForm("Casa Taco Two")
		part.Find("input[type=hidden]").Each(func(_ int, s *goquery.Selection) { again.Set(s.AttrOr("name", ""), s.AttrOr("value", "")) })
		again.Set("photo_0_alt", "Three tacos")
		again.Set(drop.AttrOr("name", ""), drop.AttrOr("value", ""))
		b = createdListing(t, app, app.postMultipartRes(t, "/business/create-profile", again))
		imgs, err = app.store.ListingImages(ctx, b.ID)
		must(t, err)
		if len(imgs) != 1 || imgs[0].Alt != "Three tacos" {
			t.Fatalf("images %+v", imgs)
		}
	})
}

func TestWizardImagesRefused(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "owner@taco.example")
		cases := []struct {
			name  string
			file  upload
			label string
			want  string
		}{
			{"svg logo", upload{"logo", "logo.svg", testImage(t, "logo.svg")}, "Logo", "SVG images are not accepted: upload a JPEG, PNG or WebP"},
			{"not an image", upload{"photo_0", "photo.jpg", testImage(t, "not-an-image.jpg")}, "Photo 1 file", "This file is not a JPEG, PNG or WebP image"},
			{"over 10 MB", upload{"photo_0", "big.jpg", bytes.Repeat([]byte{0xff}, 11<<20)}, "Photo 1 file", "The file is larger than 10 MB"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				form := listingForm("Casa Taco")
				form.Set("photo_0_alt", "Tacos")
				res, body := app.postMultipart(t, "/business/create-profile", form, c.file)
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Fatalf("status %d, want 422", res.StatusCode)
				}
				doc := parseHTML(t, body)
				if msg := fieldError(labelled(t, doc, c.label)); msg != c.want {
					t.Errorf("message %q, want %q", msg, c.want)
				}
				if v := valueOf(labelled(t, doc, "Business name")); v != "Casa Taco" {
					t.Errorf("name kept as %q", v)
				}
				pending, err := app.store.PendingImages(ctx, u.ID, nil)
				must(t, err)
				if len(pending) != 0 {
					t.Errorf("%d uploads kept for a refused file", len(pending))
				}
			})
		}
	})
}

// uploadJSON posts one file to the wizard island's endpoint.
func (a *testApp) uploadJSON(t *testing.T, kind string, f upload) (int, map[string]any) {
	t.Helper()
	res, body := a.postMultipart(t, "/dashboard/images", url.Values{"kind": {kind}}, f)
	var out map[string]any
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("status %d, body %q: %v", res.StatusCode, body, err)
	}
	return res.StatusCode, out
}

func TestWizardImagesUploadEndpoint(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "owner@taco.example")

		status, out := app.uploadJSON(t, "photo", upload{"file", "tacos.jpg", testImage(t, "gps-orientation6.jpg")})
		thumb, _ := out["thumb"].(map[string]any)
		if status != http.StatusCreated || out["kind"] != "photo" || out["id"] == nil || thumb["src"] == "" || thumb["width"] == nil {
			t.Fatalf("upload: %d %v", status, out)
		}
		status, out = app.uploadJSON(t, "logo", upload{"file", "logo.svg", testImage(t, "logo.svg")})
		errs, _ := out["errors"].(map[string]any)
		if status != http.StatusUnprocessableEntity || errs["file"] != "SVG images are not accepted: upload a JPEG, PNG or WebP" {
			t.Errorf("svg: %d %v", status, out)
		}
		pending, err := app.store.PendingImages(ctx, u.ID, nil)
		must(t, err)
		if len(pending) != 1 || pending[0].Kind != store.ImagePhoto {
			t.Fatalf("pending %+v", pending)
		}

		// The island sends ids: a photo without alt text is refused by its
		// field, and another account's upload is ignored.
		other := app.newClient()
		signedInOwner(t, other, "other@tacos.example")
		_, theirs := other.uploadJSON(t, "photo", upload{"file", "theirs.webp", testImage(t, "photo.webp")})
		mine := strconv.FormatInt(pending[0].ID, 10)
		form := listingForm("Casa Taco")
		form.Set("photo_0_id", mine)
		res, body := app.post(t, "/business/create-profile", form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("no alt: status %d, want 422", res.StatusCode)
		}
		if msg := fieldError(labelled(t, parseHTML(t, body), "Photo 1 alt text")); msg != domain.AltMissingMessage {
			t.Errorf("no alt: %q", msg)
		}
		form.Set("photo_0_alt", "Three tacos")
		form.Set("photo_1_id", strconv.FormatFloat(theirs["id"].(float64), 'f', 0, 64))
		form.Set("photo_1_alt", "Not mine")
		res, _ = app.post(t, "/business/create-profile", form)
		b := createdListing(t, app, res)
		imgs, err := app.store.ListingImages(ctx, b.ID)
		must(t, err)
		if len(imgs) != 1 || imgs[0].ID != pending[0].ID || imgs[0].Alt != "Three tacos" {
			t.Fatalf("images %+v", imgs)
		}
	})
}

func TestWizardImagesPlanCap(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "owner@taco.example")
		form := listingForm("Casa Taco")
		for i := range 4 {
			_, out := app.uploadJSON(t, "photo", upload{"file", "p.webp", testImage(t, "photo.webp")})
			form.Set("photo_"+itoa(i)+"_id", strconv.FormatFloat(out["id"].(float64), 'f', 0, 64))
			form.Set("photo_"+itoa(i)+"_alt", "Photo "+itoa(i))
		}
		res, body := app.post(t, "/business/create-profile", form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		msg := textOf(byID(parseHTML(t, body).Selection, "f-photos-error"))
		if !strings.Contains(msg, "up to 3 photos") {
			t.Errorf("message %q", msg)
		}
	})
}

func TestWizardImagesBodyOverTheLimitIsSaidByTheField(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "owner@taco.example")
		big := bytes.Repeat([]byte{0xff}, 11<<20)
		res, body := app.postMultipart(t, "/business/create-profile", listingForm("Casa Taco"),
			upload{"logo", "a.jpg", big}, upload{"photo_0", "b.jpg", big}, upload{"photo_1", "c.jpg", big}, upload{"photo_2", "d.jpg", big})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		doc := parseHTML(t, body)
		if msg := fieldError(labelled(t, doc, "Photo 1 file")); msg != "The file is larger than 10 MB" {
			t.Errorf("photo 1: %q", msg)
		}
		// The body went over the limit during the last file: it says so,
		// and the fields sent before the files are kept.
		if msg := fieldError(labelled(t, doc, "Photo 3 file")); msg != tooLargeBody {
			t.Errorf("photo 3: %q", msg)
		}
		if v := valueOf(labelled(t, doc, "Business name")); v != "Casa Taco" {
			t.Errorf("name kept as %q", v)
		}
	})
}

func TestWizardImagesKeepToTheAccountsUploadLimit(t *testing.T) {
	limits := func(d *testDeps) {
		d.RateLimits = ratelimit.Limits{UploadPerAccount: ratelimit.Rate{Limit: 2, Window: time.Hour}}
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "owner@taco.example")

		// Without JavaScript: one file an input (a second "logo" part is
		// skipped), and the files past the limit are refused by their field.
		form := listingForm("")
		form.Set("photo_0_alt", "Three tacos")
		res, body := app.postMultipart(t, "/business/create-profile", form,
			upload{"logo", "logo.png", testImage(t, "transparent.png")},
			upload{"logo", "again.png", testImage(t, "transparent.png")},
			upload{"photo_0", "tacos.jpg", testImage(t, "gps-orientation6.jpg")},
			upload{"photo_1", "counter.webp", testImage(t, "photo.webp")})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422 (no name)", res.StatusCode)
		}
		if msg := fieldError(labelled(t, parseHTML(t, body), "Photo 2 file")); !strings.Contains(msg, "please wait") {
			t.Errorf("photo 2 past the limit: %q", msg)
		}
		pending, err := app.store.PendingImages(ctx, u.ID, nil)
		must(t, err)
		if len(pending) != 2 {
			t.Errorf("%d uploads kept, want the logo and the first photo", len(pending))
		}

		// The island's endpoint counts against the same limit.
		status, out := app.uploadJSON(t, "photo", upload{"file", "p.webp", testImage(t, "photo.webp")})
		errs, _ := out["errors"].(map[string]any)
		if msg, _ := errs["file"].(string); status != http.StatusTooManyRequests || !strings.Contains(msg, "please wait") {
			t.Errorf("island upload past the limit: %d %v", status, out)
		}
		if pending, _ := app.store.PendingImages(ctx, u.ID, nil); len(pending) != 2 {
			t.Errorf("%d uploads kept after a refused one", len(pending))
		}
	}, limits)
}
