package handlers

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"io"
	"net/http"
	"testing"
)

// Answers are the same compressed or not: a kept directory page
// (pagecache), the directory's pages and JSON (compressed in their turn)
// and the other pages, each decoded, are what a client that takes no
// compression gets.
func TestCompressedAnswersDecodeToThePlainOnes(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		visitor := app.newClient()
		fetch := func(path, encoding string) string {
			t.Helper()
			req, _ := http.NewRequest(http.MethodGet, visitor.URL+path, nil)
			req.Header.Set("Accept-Encoding", encoding)
			res, body := visitor.do(t, req)
			want := encoding
			if encoding == "identity" {
				want = ""
			}
			if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != want {
				t.Fatalf("%s (%s): %d, encoding %q", path, encoding, res.StatusCode, res.Header.Get("Content-Encoding"))
			}
			var r io.Reader = bytes.NewReader([]byte(body))
			switch encoding {
			case "gzip":
				zr, err := gzip.NewReader(r)
				if err != nil {
					t.Fatalf("%s: not gzip: %v", path, err)
				}
				r = zr
			case "deflate":
				r = flate.NewReader(r)
			}
			b, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("%s (%s): %v", path, encoding, err)
			}
			return string(b)
		}
		for _, path := range []string{"/directory?sort=name", "/directory?q=coffee", "/directory.json?sort=name", "/directory/category/food", "/", "/pricing"} {
			plain := fetch(path, "identity")
			if len(plain) < 1000 {
				t.Fatalf("%s: %d bytes, a page of listings expected", path, len(plain))
			}
			for _, encoding := range []string{"gzip", "gzip", "deflate"} { // the second gzip from the kept page
				if got := fetch(path, encoding); got != plain {
					t.Errorf("%s: %s decodes to %d bytes, not the %d plain ones", path, encoding, len(got), len(plain))
				}
			}
		}
	})
}
