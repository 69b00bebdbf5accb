package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bizprofile/store"
)

func TestAnAdministratorRemovesAnImageWithAReason(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner := app.account(t, "owner@example.com", store.KindBusiness)
		b, imgs := listingWithImages(t, app, owner.ID, "Harbour Bakery")
		page := "/admin/businesses/" + strconv.FormatInt(b.ID, 10)
		photo := imgs[1]
		remove := page + "/images/" + strconv.FormatInt(photo.ID, 10) + "/remove"

		// Not an administrator: 404, and nothing removed.
		for _, res := range []*http.Response{first(app.get(t, remove)), first(app.post(t, remove, url.Values{"reason": {"Mine now."}}))} {
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("the owner reached the removal: %d", res.StatusCode)
			}
		}

		admin := app.asAdmin(t)
		_, body := admin.get(t, page)
		section := region(parseHTML(t, body), "Logo and photos")
		if n := section.Find("img").Length(); n != 3 {
			t.Fatalf("the administration page shows %d images, want 3", n)
		}
		if alt := section.Find(`[data-image-id="`+strconv.FormatInt(photo.ID, 10)+`"] img`).AttrOr("alt", ""); alt != "The shop front" {
			t.Errorf("the photo's thumbnail has alt %q", alt)
		}
		for _, img := range section.Find("img").EachIter() {
			if img.AttrOr("width", "") == "" || img.AttrOr("height", "") == "" || !strings.HasPrefix(img.AttrOr("src", ""), "/media/") {
				t.Errorf("a thumbnail without its size or stored source: %v", img.Nodes[0].Attr)
			}
		}
		if got := linksTo(section, remove); got.Length() != 1 || !strings.HasPrefix(nameOf(got), "Remove image…") {
			t.Fatalf("no link to remove the photo: %q", nameOf(got))
		}

		res, body := admin.get(t, remove)
		form := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || controls(form, "Reason").Length() != 1 || buttons(form, "Remove image").Length() != 1 {
			t.Fatalf("the removal page: %d, no reason field or button", res.StatusCode)
		}

		long := strings.Repeat("x", 501)
		for _, tc := range []struct{ name, reason string }{{"no reason", "  "}, {"a reason too long", long}} {
			res, body := admin.post(t, remove, url.Values{"reason": {tc.reason}})
			field := controls(parseHTML(t, body), "Reason")
			if res.StatusCode != http.StatusUnprocessableEntity || fieldError(field) == "" {
				t.Errorf("%s: %d, error %q", tc.name, res.StatusCode, fieldError(field))
			}
			if tc.reason == long && valueOf(field) != long {
				t.Errorf("%s: the reason was not kept", tc.name)
			}
		}
		if left, _ := app.store.ListingImages(ctx, b.ID); len(left) != 3 {
			t.Fatalf("a refused removal removed an image: %d left", len(left))
		}

		const reason = "It shows a customer who did not agree to be photographed."
		res, _ = admin.post(t, remove, url.Values{"reason": {reason}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != page {
			t.Fatalf("remove: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = admin.get(t, page)
		doc := parseHTML(t, body)
		if !hasToast(doc, "Image removed", "Cover photo removed from Harbour Bakery. owner@example.com will be told by email why.") {
			t.Errorf("no toast saying the image went and the owner is told: %+v", toasts(doc))
		}
		if n := region(doc, "Logo and photos").Find("img").Length(); n != 2 {
			t.Errorf("%d images shown after the removal, want 2", n)
		}
		history := tableRows(region(doc, "Moderation history"))
		if len(history) != 1 || history[0][1] != adminEmail || !strings.Contains(history[0][2], "Removed an image") || !strings.Contains(history[0][2], reason) {
			t.Errorf("moderation history: %q", history)
		}
		left, _ := app.store.ListingImages(ctx, b.ID)
		if len(left) != 2 || left[1].ID != imgs[2].ID || !left[1].Cover {
			t.Errorf("after removing the cover, the images are %+v (the other photo should be the cover)", left)
		}

		m := app.inbox.waitForSubject(t, "owner@example.com", "An image was removed")
		for _, s := range []string{"Harbour Bakery", "“The shop front”", reason, testSite.BaseURL + manageURL(b.ID)} {
			if !strings.Contains(m.Text, s) {
				t.Errorf("the owner's email lacks %q:\n%s", s, m.Text)
			}
		}
		waitFilesGone(t, app.h.media, photo.Picture)

		// Sent again (a second tab): the image is gone, nothing breaks.
		res, _ = admin.post(t, remove, url.Values{"reason": {reason}})
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("removing a removed image: %d", res.StatusCode)
		}
	}, withAdmin)
}

// first is the response of a get or post, without its body.
func first(res *http.Response, _ string) *http.Response { return res }
