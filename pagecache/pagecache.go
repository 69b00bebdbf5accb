// Package pagecache keeps rendered pages, gzipped, for as long as the data
// they show does not change: the directory's pages as a visitor without a
// session sees them, so that a crawler walking them, or visitors opening
// its front page, cost one rendering a page and version instead of one
// each.
package pagecache

import (
	"bytes"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// MaxBytes bounds the bytes of pages kept.
const MaxBytes = 4 << 20

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

// Gzip compresses a rendered page as the pages' compression middleware
// does: in one go, keeping no tables between writes (klauspost's
// stateless mode), so a page costs no megabyte of compressor.
func Gzip(page []byte) []byte {
	buf := bytes.NewBuffer(make([]byte, 0, len(page)/4))
	zw, _ := gzip.NewWriterLevel(buf, gzip.StatelessCompression)
	_, _ = zw.Write(page)
	_ = zw.Close()
	return buf.Bytes()
}
