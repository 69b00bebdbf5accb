package handlers

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
	"sync"
)

// directoryPages keeps directory pages as a visitor without a session
// sees them (no account, no toast), gzipped, for as long as the directory
// does not change: a crawler walking the directory's pages, or visitors
// opening its front page, cost one rendering a page and version instead
// of one each.
type directoryPages struct {
	mu      sync.Mutex
	version int64
	pages   map[string][]byte // theme and request URI → gzipped page
	size    int
}

// maxDirectoryPages bounds the bytes of pages kept.
const maxDirectoryPages = 16 << 20

// cacheable reports whether r may be answered from (and fill) the pages:
// a GET without text to search for (the pages crawlers walk and visitors
// share; a search by text seldom comes twice), by a browser that takes
// gzip, with nothing personal to show.
func (h *Handlers) cacheable(r *http.Request) bool {
	return r.Method == http.MethodGet && r.URL.Query().Get("q") == "" && currentUser(r) == nil &&
		strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") &&
		!h.sessions.Exists(r.Context(), toastsKey)
}

func directoryPageKey(r *http.Request) string { return themeFromRequest(r) + " " + r.URL.RequestURI() }

// get is the page for key at version, if kept.
func (c *directoryPages) get(version int64, key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return nil, false
	}
	page, ok := c.pages[key]
	return page, ok
}

// put keeps a page rendered at version, forgetting the pages of older
// versions (and all of them when they fill the bound).
func (c *directoryPages) put(version int64, key string, page []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil || c.version != version || c.size+len(page) > maxDirectoryPages {
		c.version, c.pages, c.size = version, map[string][]byte{}, 0
	}
	if _, ok := c.pages[key]; !ok {
		c.pages[key] = page
		c.size += len(page)
	}
}

// writeGzipped answers with a gzipped page (compression middleware leaves
// an answer that says its encoding alone).
func writeGzipped(w http.ResponseWriter, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Add("Vary", "Accept-Encoding")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(page)
}

// gzipped compresses a rendered page.
func gzipped(page []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed) // as the pages' middleware does
	_, _ = zw.Write(page)
	_ = zw.Close()
	return buf.Bytes()
}
