package mail

import (
	"errors"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

func TestMarkdownHTMLIsSafe(t *testing.T) {
	src := "# June news\n\nWe **shipped** [reviews](https://bizprofile.test/features).\n\n" +
		"<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n" +
		"[click me](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=)\n"
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(MarkdownHTML(src))))
	if err != nil {
		t.Fatal(err)
	}
	if h := doc.Find("h1").Text(); h != "June news" {
		t.Errorf("heading %q", h)
	}
	if s := doc.Find("strong").Text(); s != "shipped" {
		t.Errorf("bold %q", s)
	}
	if n := doc.Find("script, img, [onerror]").Length(); n != 0 {
		t.Errorf("%d raw HTML elements passed through", n)
	}
	doc.Find("a").Each(func(_ int, a *goquery.Selection) {
		href, _ := a.Attr("href")
		if a.Text() == "reviews" && href != "https://bizprofile.test/features" {
			t.Errorf("the safe link lost its address: %q", href)
		}
		if a.Text() != "reviews" && href != "" {
			t.Errorf("link %q kept the unsafe address %q", a.Text(), href)
		}
	})
}

func TestBroadcastEmail(t *testing.T) {
	const unsubscribe = "https://bizprofile.test/unsubscribe?token=t1"
	m := BroadcastEmail(testSite, "ann@example.com", "June news", "Hello **readers**\n\n- one\n- two", "the newsletter", unsubscribe)
	if m.To != "ann@example.com" || m.Subject != "June news" || m.Unsubscribe != unsubscribe {
		t.Fatalf("message %+v", m)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(m.HTML))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Find("strong").Text() != "readers" || doc.Find("li").Length() != 2 {
		t.Errorf("the Markdown body is not in the HTML part: %s", m.HTML)
	}
	if doc.Find(`a[href="`+unsubscribe+`"]`).Length() != 1 {
		t.Error("no unsubscribe link in the HTML part")
	}
	if !strings.Contains(m.Text, "Hello readers\n\n- one\n- two") || !strings.Contains(m.Text, unsubscribe) {
		t.Errorf("text part %q lacks the body or the unsubscribe link", m.Text)
	}
}

func TestConfirmSubscription(t *testing.T) {
	const link = "https://bizprofile.test/subscribe/confirm?token=t1"
	m := ConfirmSubscription(testSite, "ann@example.com", "the newsletter", "You will get an email when we publish a newsletter.", link)
	if m.Subject != "Confirm your subscription to the newsletter of BizProfile" || m.Unsubscribe != "" {
		t.Errorf("message %+v", m)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(m.HTML))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Find(`a[href="`+link+`"]`).First().Text() != "Confirm my subscription" || !strings.Contains(m.Text, link) {
		t.Error("the confirmation link is missing from a part")
	}
}

func TestAddressRefused(t *testing.T) {
	if !AddressRefused(errors.New("anything"), "not an address") {
		t.Error("an invalid address is not its own failure")
	}
	if AddressRefused(errors.New("dial tcp: connection refused"), "ann@example.com") {
		t.Error("a connection failure was taken for the address's")
	}
	if AddressRefused(nil, "ann@example.com") {
		t.Error("no error is a refusal")
	}
}
