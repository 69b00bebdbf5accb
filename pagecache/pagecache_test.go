package pagecache

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"
)

// A kept page is valid gzip that a browser decodes to the page rendered,
// whatever its size, one page after another (the writers are reused).
func TestGzipDecodesToThePage(t *testing.T) {
	var big strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&big, `<article class="card"><h2><a href="/directory/listing-%d">Listing %d</a></h2><p>Food · Austin, TX</p></article>`, i, i)
	}
	pages := []string{"", "<!doctype html><title>Directory</title>", big.String(), "<p>after a big one</p>"}
	for _, page := range append(pages, pages...) {
		zr, err := gzip.NewReader(bytes.NewReader(Gzip([]byte(page))))
		if err != nil {
			t.Fatalf("page of %d bytes: not gzip: %v", len(page), err)
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("page of %d bytes: %v", len(page), err)
		}
		if string(got) != page {
			t.Errorf("page of %d bytes decodes to %d other bytes", len(page), len(got))
		}
	}
}
