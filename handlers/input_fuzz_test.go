package handlers

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"bizprofile/domain"
	"bizprofile/store"
)

// Fuzz tests of what reads a request: the form-value reader and every
// path parameter parser. `go test` runs their seeds; the security notes in
// the README say how to run each for longer.

var textSeeds = []string{
	"", "plain", "Ada\x00Lane", "\xff\xfe", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x1b[31m", "\u0085",
	"\x7f", "tab\tand\r\nlines", "lone\rreturn", "é", "\u202etxt.exe", "\ufffd", strings.Repeat("x\x00", 100), "%00", "=&=&",
}

// FuzzFormValueReader: a form value (or name) is accepted exactly when it
// is valid UTF-8 without control characters other than tab and line
// breaks (a carriage return only before a line feed), nor text-direction
// overrides; a refused form answers 422 with a page that holds no byte we
// refused, and an accepted one goes through.
func FuzzFormValueReader(f *testing.F) {
	for _, s := range textSeeds {
		f.Add(s)
	}
	app := newTestApp(f, store.SQLite)
	f.Fuzz(func(t *testing.T, s string) {
		clean := domain.CleanText(s)
		if !domain.AcceptableText(clean) {
			t.Fatalf("domain.CleanText(%q) = %q is still refused", s, clean)
		}
		if domain.AcceptableText(s) != referenceAcceptable(s) {
			t.Fatalf("domain.AcceptableText(%q) = %v, want %v", s, domain.AcceptableText(s), referenceAcceptable(s))
		}
		if domain.AcceptableText(s) && clean != s {
			t.Fatalf("cleanText changed acceptable text %q to %q", s, clean)
		}
		body := "theme=dark&return=%2F&note=" + url.QueryEscape(s) + "&" + url.QueryEscape("x"+s) + "=1"
		req, err := http.NewRequest(http.MethodPost, app.URL+"/theme", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := app.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		switch {
		case domain.AcceptableText(s) && res.StatusCode != http.StatusSeeOther:
			t.Fatalf("acceptable %q: status %d, want 303", s, res.StatusCode)
		case !domain.AcceptableText(s) && res.StatusCode != http.StatusUnprocessableEntity:
			t.Fatalf("refused %q: status %d, want 422", s, res.StatusCode)
		case !domain.AcceptableText(string(page)):
			t.Fatalf("the answer to %q serves back what was refused", s)
		}
	})
}

// referenceAcceptable is acceptableText written the slow, obvious way.
func referenceAcceptable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		if r == '\t' || r == '\n' || (r == '\r' && strings.HasPrefix(s[i:], "\r\n")) {
			continue
		}
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return false
		}
	}
	return true
}

// FuzzNumberIn: a number is read only from plain decimal digits in range,
// and reads back as the same digits.
func FuzzNumberIn(f *testing.F) {
	for _, s := range []string{"1", "0", "01", "-1", "+1", "9223372036854775807", "9223372036854775808", "1e3", " 1", "١", "100001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := numberIn(s, 1, maxListPage)
		if !ok {
			if n != 0 {
				t.Fatalf("numberIn(%q) refused but returned %d", s, n)
			}
			return
		}
		if n < 1 || n > maxListPage || itoa(int(n)) != s {
			t.Fatalf("numberIn(%q) = %d", s, n)
		}
	})
}

// FuzzLocalPath: an accepted redirect target stays on this site however a
// browser reads it (control characters dropped, backslashes read as
// slashes), and is left as it was sent.
func FuzzLocalPath(f *testing.F) {
	for _, s := range redirectBypasses {
		f.Add(s)
	}
	f.Add("/directory?q=caf%C3%A9")
	f.Add("/dashboard")
	base, _ := url.Parse("https://bizprofile.test/login")
	f.Fuzz(func(t *testing.T, s string) {
		got := localPath(s, "/fallback")
		if got == "/fallback" {
			return
		}
		if got != s {
			t.Fatalf("localPath(%q) = %q: changed", s, got)
		}
		// What a forgiving browser would make of it.
		lenient := strings.Map(func(r rune) rune {
			switch {
			case r == '\\':
				return '/'
			case r < 0x20 || r == 0x7f:
				return -1
			}
			return r
		}, s)
		for _, target := range []string{s, lenient} {
			u, err := base.Parse(target)
			if err != nil {
				t.Fatalf("accepted %q does not parse: %v", s, err)
			}
			if u.Host != "bizprofile.test" || u.Scheme != "https" || u.User != nil {
				t.Fatalf("accepted %q leads to %s", s, u)
			}
		}
		if pathPart, _, _ := strings.Cut(strings.SplitN(lenient, "#", 2)[0], "?"); strings.Contains(pathPart, "//") {
			t.Fatalf("accepted %q holds an empty segment", s)
		}
	})
}

// FuzzPathParameters: whatever a visitor puts in a path parameter, the
// router answers without a server error, and an accepted slug is one
// Slugify could make.
func FuzzPathParameters(f *testing.F) {
	for _, s := range append(textSeeds, "1", "9223372036854775807", "-1", "harbor-street-bakery", "a--b", "-a", "x.xml", "..", "%2F") {
		f.Add(s)
	}
	app := newTestApp(f, store.SQLite)
	slugShape := regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?$`)
	f.Fuzz(func(t *testing.T, s string) {
		if validSlug.MatchString(s) && (!slugShape.MatchString(s) || len(s) > 80) {
			t.Fatalf("slug %q accepted", s)
		}
		p := url.PathEscape(s)
		for _, path := range []string{"/sitemap-" + p + ".xml", "/directory/" + p, "/directory/" + p + "/contact", "/directory/" + p + "/claim"} {
			req, err := http.NewRequest(http.MethodGet, app.URL+path, nil)
			if err != nil {
				return
			}
			res, err := app.client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode >= 500 {
				t.Fatalf("GET %s: status %d", path, res.StatusCode)
			}
		}
	})
}
