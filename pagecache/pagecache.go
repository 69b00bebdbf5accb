// Package pagecache keeps rendered pages, gzipped, for as long as the data
// they show does not change: the directory's pages as a visitor without a
// session sees them, so that a crawler walking them, or visitors opening
// its front page, cost one rendering a page and version instead of one
// each.
package pagecache

import (
	"bytes"
	"compress/gzip"
	"sync"
)

// MaxBytes bounds the bytes of pages kept.
const MaxBytes = 16 << 20

// Cache holds the pages of one version of the data, by key. The zero
// value is ready to use.
type Cache struct {
	mu      sync.Mutex
	version int64
	pages   map[string][]byte
	size    int
}

// Get is the page for key at version, if kept.
func (c *Cache) Get(version int64, key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return nil, false
	}
	page, ok := c.pages[key]
	return page, ok
}

// Put keeps a page rendered at version, forgetting the pages of older
// versions (and all of them when they fill MaxBytes).
func (c *Cache) Put(version int64, key string, page []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil || c.version != version || c.size+len(page) > MaxBytes {
		c.version, c.pages, c.size = version, map[string][]byte{}, 0
	}
	if _, ok := c.pages[key]; !ok {
		c.pages[key] = page
		c.size += len(page)
	}
}

// Len is how many pages are kept.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pages)
}

// Gzip compresses a rendered page, at the speed the pages' compression
// middleware uses.
func Gzip(page []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	_, _ = zw.Write(page)
	_ = zw.Close()
	return buf.Bytes()
}
