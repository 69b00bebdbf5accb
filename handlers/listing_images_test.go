package handlers

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/domain"
	"bizprofile/images"
	"bizprofile/plans"
	"bizprofile/ratelimit"
	"bizprofile/storage"
	"bizprofile/store"
)

// The manage page's "Logo and photos" section (listing_images.go): uploads
// through the real router into the test's Disk store, on both engines.

// imagesFixture is an owner signed in with a listing on plan.
type imagesFixture struct {
	app   *testApp
	owner store.User
	biz   store.Business
}

func newImagesFixture(t *testing.T, app *testApp, plan string) *imagesFixture {
	t.Helper()
	f := &imagesFixture{app: app}
	f.owner = app.account(t, "owner@harbor.test", store.KindBusiness)
	if plan != plans.Starter.ID {
		onPlan(t, app, f.owner.ID, plan)
	}
	var err error
	f.biz, err = app.store.CreateBusiness(context.Background(), store.Business{
		Name: "Harbor Tacos", Category: "food", City: "Austin", State: "TX", Published: true,
		OwnerID: sql.NullInt64{Int64: f.owner.ID, Valid: true},
	})
	must(t, err)
	return f
}

func (f *imagesFixture) path(suffix string) string {
	return "/dashboard/businesses/" + strconv.FormatInt(f.biz.ID, 10) + suffix
}

// imageFixtureFile is a file of images/testdata.
func imageFixtureFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "images", "testdata", name))
	must(t, err)
	return b
}

// postUpload sends a multipart form as a browser does: fields, then the
// file (none when data is nil), with Accept set when given.
func (a *testApp) postUpload(t *testing.T, path string, fields url.Values, filename string, data []byte, accept string) (*http.Response, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, k := range []string{"kind", "pending_id", "alt"} {
		for _, v := range fields[k] {
			must(t, mw.WriteField(k, v))
		}
	}
	if data != nil {
		fw, err := mw.CreateFormFile("file", filename)
		must(t, err)
		_, err = fw.Write(data)
		must(t, err)
	}
	must(t, mw.Close())
	req, _ := http.NewRequest(http.MethodPost, a.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", a.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return a.do(t, req)
}

// upload posts one image of testdata to the listing and expects success.
func (f *imagesFixture) upload(t *testing.T, client *testApp, kind, file, alt string) {
	t.Helper()
	res, body := client.postUpload(t, f.path("/images"), url.Values{"kind": {kind}, "alt": {alt}}, file, imageFixtureFile(t, file), "")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != f.path("#photos") {
		t.Fatalf("upload %s %s: %d %s\n%s", kind, file, res.StatusCode, res.Header.Get("Location"), body)
	}
}

func (f *imagesFixture) images(t *testing.T) []store.ListingImage {
	t.Helper()
	imgs, err := f.app.store.ListingImages(context.Background(), f.biz.ID)
	must(t, err)
	return imgs
}

func (f *imagesFixture) pending(t *testing.T) []store.ListingImage {
	t.Helper()
	imgs, err := f.app.store.PendingImages(context.Background(), f.owner.ID, nil)
	must(t, err)
	return imgs
}

// managePage is the listing's manage page, parsed, and its section.
func (f *imagesFixture) managePage(t *testing.T, client *testApp) (*goquery.Document, *goquery.Selection) {
	t.Helper()
	res, body := client.get(t, f.path(""))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("manage page: %d", res.StatusCode)
	}
	doc := parseHTML(t, body)
	return doc, imagesRegion(t, doc)
}

func imagesRegion(t *testing.T, doc finder) *goquery.Selection {
	t.Helper()
	s := region(doc, "Logo and photos")
	if s.Length() != 1 {
		t.Fatalf("%d Logo and photos sections", s.Length())
	}
	return s
}

// mediaFiles are the files in the test's Disk store.
func mediaFiles(t *testing.T, app *testApp) []string {
	t.Helper()
	var out []string
	root := app.h.media.(*storage.Disk).Root()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	must(t, err)
	return out
}

// stored reports whether every variant of p is in the media store.
func stored(app *testApp, p store.Picture) bool {
	for _, key := range p.Keys() {
		rc, _, err := app.h.media.Open(context.Background(), key)
		if err != nil {
			return false
		}
		rc.Close()
	}
	return len(p.Widths) > 0
}

// gone waits for the deletion job to delete p's files.
func gone(t *testing.T, app *testApp, p store.Picture) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		left := 0
		for _, key := range p.Keys() {
			rc, _, err := app.h.media.Open(context.Background(), key)
			if err == nil {
				rc.Close()
				left++
			}
		}
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d files of %s still stored", left, p.Hash)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestImagesLogoUploadReplaceRemove(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		_, sec := f.managePage(t, app)
		if notes := texts(byTestID(sec, "logo").Find("p.muted")); !anyContains(notes, "initials") {
			t.Errorf("no logo: notes %q, want the initials placeholder named", notes)
		}

		f.upload(t, app, "logo", "photo.webp", "")
		imgs := f.images(t)
		if len(imgs) != 1 || imgs[0].Kind != store.ImageLogo {
			t.Fatalf("images after the logo: %+v", imgs)
		}
		first := imgs[0].Picture
		if !stored(app, first) {
			t.Errorf("logo's files not stored under %v", first.Keys())
		}
		doc, sec := f.managePage(t, app)
		if !hasToast(doc, "Logo saved", "") {
			t.Errorf("toasts %v, want Logo saved", toasts(doc))
		}
		logo := byTestID(sec, "logo").Find("img")
		if logo.Length() != 1 || logo.AttrOr("width", "") == "" || logo.AttrOr("height", "") == "" || !strings.Contains(logo.AttrOr("src", ""), first.Hash) {
			t.Errorf("logo on the manage page: %d images, src %q", logo.Length(), logo.AttrOr("src", ""))
		}
		b, err := app.store.BusinessByID(context.Background(), f.biz.ID)
		must(t, err)
		if b.Logo.Hash != first.Hash {
			t.Errorf("the listing's logo for cards is %q, want %q", b.Logo.Hash, first.Hash)
		}
		// The listing's public page shows it.
		_, page := app.get(t, "/directory/"+f.biz.Slug)
		if parseHTML(t, page).Find(`img[src*="`+first.Hash+`"]`).Length() == 0 {
			t.Error("the listing's page does not show the logo")
		}
		if buttons(sec, "Replace logo").Length() != 1 {
			t.Error("no Replace logo button")
		}

		// Replacing it: one logo, the old files deleted by the job.
		f.upload(t, app, "logo", "transparent.png", "")
		imgs = f.images(t)
		if len(imgs) != 1 || imgs[0].Picture.Hash == first.Hash {
			t.Fatalf("images after the new logo: %+v", imgs)
		}
		second := imgs[0].Picture
		gone(t, app, first)
		if !stored(app, second) {
			t.Error("the new logo's files are missing")
		}

		// Removing it: a confirmation page, then the post.
		_, sec = f.managePage(t, app)
		remove := links(sec, "Remove logo")
		if remove.Length() != 1 {
			t.Fatal("no Remove logo link")
		}
		res, body := app.get(t, remove.AttrOr("href", ""))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("remove page: %d", res.StatusCode)
		}
		form := formOf(parseHTML(t, body), "Yes, remove the logo")
		res, _ = app.post(t, form.AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("remove: %d", res.StatusCode)
		}
		if imgs := f.images(t); len(imgs) != 0 {
			t.Errorf("images after removing the logo: %+v", imgs)
		}
		gone(t, app, second)
		b, err = app.store.BusinessByID(context.Background(), f.biz.ID)
		must(t, err)
		if !b.Logo.IsZero() {
			t.Errorf("the listing still has logo %v", b.Logo)
		}
	})
}

func TestImagesPhotoWithoutAltIsKeptPending(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"  "}}, "shop.jpg", imageFixtureFile(t, "gps-orientation6.jpg"), "")
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("photo without alt: %d", res.StatusCode)
		}
		sec := imagesRegion(t, parseHTML(t, body))
		alt := labelled(t, sec, "Photo description (alt text)")
		if msg := fieldError(alt); msg != domain.AltMissingMessage {
			t.Errorf("alt error %q", msg)
		}
		pending := f.pending(t)
		if len(pending) != 1 || len(f.images(t)) != 0 {
			t.Fatalf("pending %d, images %d; want 1 and 0", len(pending), len(f.images(t)))
		}
		form := alt.Closest("form")
		if got := form.Find(`input[name="pending_id"]`).AttrOr("value", ""); got != strconv.FormatInt(pending[0].ID, 10) {
			t.Errorf("pending_id %q, want %d", got, pending[0].ID)
		}
		if form.Find(`input[type="file"]`).Length() != 0 || form.Find("img").Length() != 1 {
			t.Error("the kept photo should show as a thumbnail instead of a file field")
		}

		// The form sent again with the text only.
		res, body = app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "pending_id": {form.Find(`input[name="pending_id"]`).AttrOr("value", "")}, "alt": {"The counter at noon"}}, "", nil, "")
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("pending photo with alt: %d\n%s", res.StatusCode, body)
		}
		imgs := f.images(t)
		if len(imgs) != 1 || imgs[0].ID != pending[0].ID || imgs[0].Alt != "The counter at noon" || !imgs[0].Cover {
			t.Errorf("images: %+v", imgs)
		}
		if len(f.pending(t)) != 0 {
			t.Error("the upload is still pending")
		}
	})
}

func TestImagesPhotoCapOfThePlan(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		for i := range plans.Starter.Photos {
			f.upload(t, app, "photo", "photo.webp", "Tacos "+strconv.Itoa(i+1))
		}
		files := len(mediaFiles(t, app))
		_, sec := f.managePage(t, app)
		if got := textOf(byTestID(sec, "photo-count")); got != "3 of 3 photos" {
			t.Errorf("count %q", got)
		}
		if cap := byTestID(sec, "photo-cap"); !hasLink(cap, "Compare plans", "/pricing") || !strings.Contains(textOf(cap), plans.Growth.Name) {
			t.Errorf("cap note %q should name %s and link to /pricing", textOf(cap), plans.Growth.Name)
		}
		if controls(sec, "Photo file").Length() != 0 {
			t.Error("the add form shows at the cap")
		}

		res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"One more"}}, "more.png", imageFixtureFile(t, "transparent.png"), "")
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("4th photo: %d", res.StatusCode)
		}
		sec = imagesRegion(t, parseHTML(t, body))
		if msg := fieldError(labelled(t, sec, "Photo file")); !strings.Contains(msg, "up to 3 photos") {
			t.Errorf("file error %q", msg)
		}
		if n := len(f.images(t)); n != 3 || len(f.pending(t)) != 0 || len(mediaFiles(t, app)) != files {
			t.Errorf("after the refusal: %d photos, %d pending, %d files (was %d)", n, len(f.pending(t)), len(mediaFiles(t, app)), files)
		}

		// On Growth the same listing takes more.
		onPlan(t, app, f.owner.ID, plans.Growth.ID)
		f.upload(t, app, "photo", "transparent.png", "One more")
		_, sec = f.managePage(t, app)
		if got := textOf(byTestID(sec, "photo-count")); got != "4 of 10 photos" {
			t.Errorf("count on Growth %q", got)
		}
	})
}

func TestImagesRefusedFiles(t *testing.T) {
	huge := make([]byte, 11<<20)
	copy(huge, imageFixtureFile(t, "transparent.png"))
	cases := []struct {
		name, file string
		data       []byte
		want       *images.Error
	}{
		{"svg", "logo.svg", imageFixtureFile(t, "logo.svg"), images.ErrSVG},
		{"not an image", "not-an-image.jpg", imageFixtureFile(t, "not-an-image.jpg"), images.ErrNotImage},
		{"11 MB", "huge.png", huge, images.ErrTooLarge},
		{"20000x20000 header", "bomb.png", imageFixtureFile(t, "bomb-20000x20000.png"), images.ErrTooBig},
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		for _, c := range cases {
			for _, kind := range []string{"photo", "logo"} {
				res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {kind}, "alt": {"A photo"}}, c.file, c.data, "")
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Errorf("%s as %s: %d", c.name, kind, res.StatusCode)
					continue
				}
				label := map[string]string{"photo": "Photo file", "logo": "Logo file"}[kind]
				sec := imagesRegion(t, parseHTML(t, body))
				if msg := fieldError(labelled(t, sec, label)); msg != c.want.Message {
					t.Errorf("%s as %s: message %q, want %q", c.name, kind, msg, c.want.Message)
				}
				if kind == "photo" && valueOf(labelled(t, sec, "Photo description (alt text)")) != "A photo" && c.want != images.ErrTooLarge {
					t.Errorf("%s: the alt text typed is lost", c.name)
				}
			}
		}
		if n, p, files := len(f.images(t)), len(f.pending(t)), mediaFiles(t, app); n != 0 || p != 0 || len(files) != 0 {
			t.Errorf("after refusals: %d images, %d pending, files %v", n, p, files)
		}
		// A form with no file at all.
		res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"A photo"}}, "", nil, "")
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, imagesRegion(t, parseHTML(t, body)), "Photo file")) != domain.NoFileMessage {
			t.Errorf("no file: %d", res.StatusCode)
		}
	})
}

func TestImagesEditOrderCoverAlt(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Growth.ID)
		f.upload(t, app, "photo", "photo.webp", "First")
		f.upload(t, app, "photo", "transparent.png", "Second")
		f.upload(t, app, "photo", "gps-orientation6.jpg", "Third")
		ids := func() []int64 {
			var out []int64
			for _, img := range f.images(t) {
				out = append(out, img.ID)
			}
			return out
		}
		start := ids()

		// The form as the page shows it, with the third photo moved up.
		doc, sec := f.managePage(t, app)
		_ = doc
		items := sec.Find("li[data-photo-id]")
		if items.Length() != 3 {
			t.Fatalf("%d photos listed", items.Length())
		}
		if !checked(items.First().Find(`input[name="cover"]`)) {
			t.Error("the first photo is not the cover")
		}
		form := formOf(sec, "Save photos")
		edit := url.Values{}
		form.Find("input[name]").Each(func(_ int, in *goquery.Selection) {
			name := in.AttrOr("name", "")
			if in.AttrOr("type", "") == "radio" && !checked(in) {
				return
			}
			edit.Add(name, in.AttrOr("value", ""))
		})
		move := buttons(sec, "Move photo 3 up")
		edit.Set("move", move.AttrOr("value", ""))
		edit.Set("alt_"+strconv.FormatInt(start[0], 10), "First, renamed")
		edit.Set("cover", strconv.FormatInt(start[1], 10))
		res, _ := app.post(t, form.AttrOr("action", ""), edit)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if got, want := ids(), []int64{start[0], start[2], start[1]}; !equalIDs(got, want) {
			t.Errorf("order %v, want %v", got, want)
		}
		imgs := f.images(t)
		if imgs[0].Alt != "First, renamed" || imgs[0].Cover || !imgs[2].Cover {
			t.Errorf("after the edit: %+v", imgs)
		}

		// An emptied description: 422 by the field, every value kept.
		edit.Del("move")
		edit.Set("alt_"+strconv.FormatInt(start[2], 10), "")
		edit.Set("alt_"+strconv.FormatInt(start[0], 10), "Kept text")
		res, body := app.post(t, form.AttrOr("action", ""), edit)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("empty alt: %d", res.StatusCode)
		}
		sec = imagesRegion(t, parseHTML(t, body))
		third := sec.Find(`li[data-photo-id="` + strconv.FormatInt(start[2], 10) + `"] input[type="text"]`)
		if fieldError(third) != domain.AltMissingMessage {
			t.Errorf("error by the emptied field: %q", fieldError(third))
		}
		if v := valueOf(sec.Find(`li[data-photo-id="` + strconv.FormatInt(start[0], 10) + `"] input[type="text"]`)); v != "Kept text" {
			t.Errorf("typed text not kept: %q", v)
		}
		if f.images(t)[0].Alt != "First, renamed" {
			t.Error("a refused form saved")
		}
	})
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestImagesDeletePhoto(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		f.upload(t, app, "photo", "photo.webp", "First")
		f.upload(t, app, "photo", "transparent.png", "Second")
		first := f.images(t)[0]
		_, sec := f.managePage(t, app)
		res, body := app.get(t, links(sec, "Delete photo 1").AttrOr("href", ""))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("delete page: %d", res.StatusCode)
		}
		form := formOf(parseHTML(t, body), "Yes, delete the photo")
		res, _ = app.post(t, form.AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		imgs := f.images(t)
		if len(imgs) != 1 || imgs[0].Alt != "Second" || !imgs[0].Cover {
			t.Errorf("after deleting the cover: %+v", imgs)
		}
		gone(t, app, first.Picture)
		doc, _ := f.managePage(t, app)
		if !hasToast(doc, "Photo deleted", "") {
			t.Errorf("toasts %v", toasts(doc))
		}
	})
}

func TestImagesOfAnotherAccountAreNotFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		f.upload(t, app, "photo", "photo.webp", "Mine")
		mine := f.images(t)[0]
		stranger := app.newClient()
		su := stranger.account(t, "stranger@elsewhere.test", store.KindBusiness)
		theirs, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Elsewhere Grill", Category: "food", Published: true,
			OwnerID: sql.NullInt64{Int64: su.ID, Valid: true}})
		must(t, err)
		other := "/dashboard/businesses/" + strconv.FormatInt(theirs.ID, 10)
		img := "/images/" + strconv.FormatInt(mine.ID, 10) + "/delete"
		for _, c := range []struct {
			name string
			do   func() *http.Response
		}{
			{"upload", func() *http.Response {
				r, _ := stranger.postUpload(t, f.path("/images"), url.Values{"kind": {"logo"}}, "a.png", imageFixtureFile(t, "transparent.png"), "")
				return r
			}},
			{"edit", func() *http.Response {
				r, _ := stranger.post(t, f.path("/images/edit"), url.Values{"cover": {"1"}})
				return r
			}},
			{"delete page", func() *http.Response { r, _ := stranger.get(t, f.path(img)); return r }},
			{"delete", func() *http.Response { r, _ := stranger.post(t, f.path(img), url.Values{}); return r }},
			{"delete page through their listing", func() *http.Response { r, _ := stranger.get(t, other+img); return r }},
		} {
			if res := c.do(); res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %d, want 404", c.name, res.StatusCode)
			}
		}
		// Through their own listing, an image that is not on it is as good
		// as deleted: they are told so, and mine stays.
		res, _ := stranger.post(t, other+img, url.Values{})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != other+"#photos" {
			t.Errorf("delete through their listing: %d to %q, want 303 to their page", res.StatusCode, res.Header.Get("Location"))
		}
		if imgs := f.images(t); len(imgs) != 1 || imgs[0].Alt != "Mine" {
			t.Errorf("images: %+v", imgs)
		}
		if len(mediaFiles(t, app)) != len(mine.Picture.Widths) {
			t.Error("the stranger's upload was stored")
		}
	})
}

func TestImagesMemberMayUpload(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Pro.ID)
		member := app.newClient()
		mu := member.account(t, "member@harbor.test", store.KindBusiness)
		must(t, app.store.AddTeamMember(context.Background(), f.owner.ID, mu.ID, f.owner.ID))
		f.upload(t, member, "logo", "photo.webp", "")
		f.upload(t, member, "photo", "transparent.png", "The patio")
		imgs := f.images(t)
		if len(imgs) != 2 || imgs[1].UploadedBy.Int64 != mu.ID || imgs[1].AccountID != f.owner.ID {
			t.Errorf("images: %+v", imgs)
		}
	})
}

func TestImagesJSONForTheIsland(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		type item struct {
			ID    int64  `json:"id"`
			Alt   string `json:"alt"`
			Cover bool   `json:"cover"`
			Thumb struct {
				Src           string `json:"src"`
				Width, Height int
			} `json:"thumb"`
		}
		var ok struct {
			Image  item              `json:"image"`
			Photos []item            `json:"photos"`
			Count  int               `json:"count"`
			Max    int               `json:"max"`
			Errors map[string]string `json:"errors"`
		}
		decode := func(res *http.Response, body string, want int) {
			t.Helper()
			if res.StatusCode != want || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("status %d (%s), want %d JSON: %s", res.StatusCode, res.Header.Get("Content-Type"), want, body)
			}
			ok.Errors = nil
			must(t, json.Unmarshal([]byte(body), &ok))
		}
		res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"Front door"}}, "d.png", imageFixtureFile(t, "transparent.png"), "application/json")
		decode(res, body, http.StatusOK)
		if ok.Image.ID == 0 || ok.Image.Alt != "Front door" || !ok.Image.Cover || ok.Image.Thumb.Src == "" || ok.Image.Thumb.Width == 0 || ok.Count != 1 || ok.Max != 3 || len(ok.Photos) != 1 {
			t.Errorf("upload answer: %+v", ok)
		}
		first := ok.Image.ID

		res, body = app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"x"}}, "a.svg", imageFixtureFile(t, "logo.svg"), "application/json")
		decode(res, body, http.StatusUnprocessableEntity)
		if ok.Errors["file"] != images.ErrSVG.Message {
			t.Errorf("refusal: %+v", ok.Errors)
		}

		res, body = app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"Second"}}, "b.webp", imageFixtureFile(t, "photo.webp"), "application/json")
		decode(res, body, http.StatusOK)
		second := ok.Image.ID

		req, _ := http.NewRequest(http.MethodPost, app.URL+f.path("/images/edit"), strings.NewReader(url.Values{
			"order": {strconv.FormatInt(second, 10), strconv.FormatInt(first, 10)}, "cover": {strconv.FormatInt(second, 10)},
			"alt_" + strconv.FormatInt(first, 10): {"Front door"}, "alt_" + strconv.FormatInt(second, 10): {"Second"},
		}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Accept", "application/json")
		res, body = app.do(t, req)
		decode(res, body, http.StatusOK)
		if len(ok.Photos) != 2 || ok.Photos[0].ID != second || !ok.Photos[0].Cover {
			t.Errorf("edit answer: %+v", ok.Photos)
		}

		req, _ = http.NewRequest(http.MethodPost, app.URL+f.path("/images/"+strconv.FormatInt(first, 10)+"/delete"), nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Accept", "application/json")
		res, body = app.do(t, req)
		decode(res, body, http.StatusOK)
		if ok.Count != 1 || len(ok.Photos) != 1 || ok.Photos[0].ID != second {
			t.Errorf("delete answer: %+v", ok)
		}
	})
}

func TestImagesStorageFailure(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		// The media folder turns into a file: every write fails, as a full
		// or unmounted disk would.
		root := app.h.media.(*storage.Disk).Root()
		must(t, os.RemoveAll(root))
		must(t, os.WriteFile(root, []byte("not a folder"), 0o600))
		for _, kind := range []string{"photo", "logo"} {
			res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {kind}, "alt": {"The counter"}}, "a.png", imageFixtureFile(t, "transparent.png"), "")
			if res.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("%s with storage down: %d", kind, res.StatusCode)
			}
			doc := parseHTML(t, body)
			label := map[string]string{"photo": "Photo file", "logo": "Logo file"}[kind]
			if msg := fieldError(labelled(t, imagesRegion(t, doc), label)); msg != domain.StorageMessage {
				t.Errorf("%s: message %q", kind, msg)
			}
			if !hasToast(doc, "Your image was not saved", domain.StorageMessage) {
				t.Errorf("%s: toasts %v", kind, toasts(doc))
			}
		}
		if !strings.Contains(app.logs.String(), "image not stored") {
			t.Error("no log line for the storage failure")
		}
		if len(f.images(t)) != 0 || len(f.pending(t)) != 0 {
			t.Error("rows kept for images that were not stored")
		}
	})
}

func TestImagesUploadsPerAccountAreLimited(t *testing.T) {
	limits := func(d *testDeps) {
		d.RateLimits = ratelimit.Limits{UploadPerAccount: ratelimit.Rate{Limit: 2, Window: time.Hour}}
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Growth.ID)
		f.upload(t, app, "logo", "photo.webp", "")
		f.upload(t, app, "photo", "transparent.png", "The patio")
		files := len(mediaFiles(t, app))
		res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {"photo"}, "alt": {"The bar"}}, "bar.jpg", imageFixtureFile(t, "gps-orientation6.jpg"), "")
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("third upload: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
		}
		sec := imagesRegion(t, parseHTML(t, body))
		if msg := fieldError(labelled(t, sec, "Photo file")); !strings.Contains(msg, "please wait") {
			t.Errorf("message %q", msg)
		}
		if valueOf(labelled(t, sec, "Photo description (alt text)")) != "The bar" {
			t.Error("the description typed is lost")
		}
		if len(f.images(t)) != 2 || len(mediaFiles(t, app)) != files {
			t.Error("the refused upload was kept")
		}
	}, limits)
}
