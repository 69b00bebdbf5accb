// Package assets serves the embedded stylesheets, images and island bundles
// under fingerprinted URLs, so browsers may cache them for a year and still
// fetch a new copy the moment a file changes.
package assets

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
)

//go:embed all:static
var embedded embed.FS

// Prefix is the URL path under which assets are served.
const Prefix = "/assets/"

type file struct {
	body    []byte
	gzipped []byte // nil when compression does not pay
	hash    string // first 10 hex digits of the SHA-256 of body
	ctype   string
}

var (
	loadOnce sync.Once
	files    map[string]*file // by path under static/, e.g. "css/app.css"
)

func load() {
	files = map[string]*file{}
	static, _ := fs.Sub(embedded, "static")
	_ = fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		body, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		f := &file{body: body, hash: hex.EncodeToString(sum[:])[:10], ctype: mime.TypeByExtension(path.Ext(p))}
		if f.ctype == "" {
			f.ctype = "application/octet-stream"
		}
		if compressible(f.ctype) && len(body) > 512 {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			zw.Write(body)
			zw.Close()
			if buf.Len() < len(body) {
				f.gzipped = buf.Bytes()
			}
		}
		files[p] = f
		return nil
	})
}

func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") ||
		strings.Contains(ctype, "json") || strings.Contains(ctype, "svg")
}

// Path returns the fingerprinted URL of the asset at name (a path under
// static/, such as "css/app.css"): "/assets/css/app.3f2a9c0d1e.css". An
// unknown name yields the plain URL so a typo shows up as a 404 in the
// browser rather than a panic.
func Path(name string) string {
	loadOnce.Do(load)
	f, ok := files[name]
	if !ok {
		return Prefix + name
	}
	ext := path.Ext(name)
	return Prefix + strings.TrimSuffix(name, ext) + "." + f.hash + ext
}

// Exists reports whether name is an embedded asset.
func Exists(name string) bool {
	loadOnce.Do(load)
	_, ok := files[name]
	return ok
}

// GzipSize returns the number of bytes name takes on the wire when gzipped.
func GzipSize(name string) int {
	loadOnce.Do(load)
	f, ok := files[name]
	if !ok {
		return 0
	}
	if f.gzipped != nil {
		return len(f.gzipped)
	}
	return len(f.body)
}

// Handler serves assets. A request whose URL carries the current fingerprint,
// or a bundle chunk (whose name esbuild already hashes), is cached for a
// year; any other request must revalidate.
func Handler() http.Handler {
	loadOnce.Do(load)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, Prefix)
		f, immutable := lookup(name)
		if f == nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.ctype)
		h.Set("Vary", "Accept-Encoding")
		h.Set("X-Content-Type-Options", "nosniff")
		if immutable {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			h.Set("Cache-Control", "no-cache")
			h.Set("ETag", `"`+f.hash+`"`)
			if r.Header.Get("If-None-Match") == `"`+f.hash+`"` {
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
		body := f.body
		if f.gzipped != nil && acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			body = f.gzipped
		}
		if r.Method == http.MethodHead {
			return
		}
		w.Write(body)
	})
}

// lookup finds the file for a request path, with or without fingerprint.
func lookup(name string) (*file, bool) {
	if f, ok := files[name]; ok {
		return f, strings.HasPrefix(name, "dist/chunks/")
	}
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	dot := strings.LastIndexByte(stem, '.')
	if dot < 0 {
		return nil, false
	}
	f, ok := files[stem[:dot]+ext]
	if !ok {
		return nil, false
	}
	return f, stem[dot+1:] == f.hash
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		if strings.TrimSpace(strings.SplitN(part, ";", 2)[0]) == "gzip" {
			return true
		}
	}
	return false
}
