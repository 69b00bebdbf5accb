// Package storage keeps the files listings show (logos and photos, as resized
// variants under content-hash names) behind one small interface, Store. Disk
// keeps them in a folder under DATA_DIR and the app serves them itself; S3
// keeps them in an S3-compatible bucket that serves them from its own URL.
// Open picks one from STORAGE_URL.
//
// Keys are slash-separated relative names such as
// "images/ab/abcdef…-480.webp": ValidKey refuses anything that could leave
// the folder or bucket. A key's extension decides the content type the file
// is served with, so both stores serve the same bytes the same way. Names
// are immutable (a new image gets a new hash), so everything is served with
// CacheControl.
package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// CacheControl is sent with every stored file: a key never changes content,
// so browsers and CDNs may keep it for a year without asking again.
const CacheControl = "public, max-age=31536000, immutable"

// MaxKeyLen bounds a key's length (S3 allows 1,024 bytes; content-hash names
// are far shorter).
const MaxKeyLen = 512

var (
	// ErrNotFound is returned by Open when no file has the key.
	ErrNotFound = errors.New("storage: not found")
	// ErrBadKey is returned (wrapped) for a key ValidKey refuses.
	ErrBadKey = errors.New("storage: invalid key")
	// ErrContentType is returned (wrapped) by Put when the content type does
	// not match the key's extension.
	ErrContentType = errors.New("storage: content type does not match the key's extension")
)

// Info describes a stored file.
type Info struct {
	Size        int64
	ContentType string
	ModTime     time.Time
	ETag        string // quoted, as sent in an ETag header
}

// Store keeps files under keys. Implementations are safe for concurrent use.
type Store interface {
	// Put stores the size bytes read from r under key, replacing any file
	// already there; a reader then sees the old file or the new one, never
	// a mix. size may be -1 when unknown; otherwise a reader that yields a
	// different number of bytes is an error and nothing is stored.
	// contentType may be empty (the key's extension decides it); when given
	// it must match the extension (ErrContentType).
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open returns the file under key and its Info, or ErrNotFound. The
	// caller closes the reader.
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// Delete removes the file under key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// URL is the address a browser fetches the file from: a path on the
	// app ("/media/…") for Disk, an absolute URL for S3.
	URL(key string) string
}

// ValidKey reports whether key is a safe relative name: 1 to MaxKeyLen bytes
// of ASCII letters, digits, '-', '_', '.' and '/'; no leading or trailing
// '/', no empty segment, and no segment that starts with '.' (so no "." or
// "..", and no hidden names, which Disk keeps for its temporary files); and
// an extension TypeOf knows (.webp, .jpg, .jpeg, .png, .avif, .gif).
func ValidKey(key string) error {
	if key == "" || len(key) > MaxKeyLen {
		return fmt.Errorf("%w: %q: length must be 1 to %d bytes", ErrBadKey, key, MaxKeyLen)
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/') {
			return fmt.Errorf("%w: %q: only letters, digits, '-', '_', '.' and '/' are allowed", ErrBadKey, key)
		}
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" {
			return fmt.Errorf("%w: %q: empty segment (leading, trailing or double '/')", ErrBadKey, key)
		}
		if seg[0] == '.' {
			return fmt.Errorf("%w: %q: a segment may not start with '.'", ErrBadKey, key)
		}
	}
	if TypeOf(key) == "" {
		return fmt.Errorf("%w: %q: the extension must be one of .webp, .jpg, .jpeg, .png, .avif or .gif", ErrBadKey, key)
	}
	return nil
}

// types maps the extensions a key may end in to the content type it is
// served with. Only raster images: an SVG or HTML file served from the app's
// own origin could run script.
var types = map[string]string{
	".avif": "image/avif",
	".gif":  "image/gif",
	".jpeg": "image/jpeg",
	".jpg":  "image/jpeg",
	".png":  "image/png",
	".webp": "image/webp",
}

// TypeOf is the content type a key is served with, from its extension, or ""
// when the extension is not one a key may have.
func TypeOf(key string) string {
	return types[strings.ToLower(path.Ext(key))]
}

// checkPut validates a Put's key and content type and returns the content
// type to store.
func checkPut(key, contentType string) (string, error) {
	if err := ValidKey(key); err != nil {
		return "", err
	}
	want := TypeOf(key)
	if contentType != "" {
		got, _, err := mime.ParseMediaType(contentType)
		if err != nil || !strings.EqualFold(got, want) {
			return "", fmt.Errorf("%w: %q for %q (want %s)", ErrContentType, contentType, key, want)
		}
	}
	return want, nil
}

// Origin is the origin ("https://cdn.example.com") files are served from
// when it is not the app's own: the S3 store's public origin, or "" for
// Disk. The CSP adds it to img-src when it is not empty.
func Origin(s Store) string {
	if o, ok := s.(interface{ Origin() string }); ok {
		return o.Origin()
	}
	return ""
}

// Open returns the Store STORAGE_URL names: Disk in dataDir/media when it is
// empty, S3 for "s3://bucket?endpoint=host:port&region=…&secure=false&public_url=https://…"
// with credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and
// AWS_SESSION_TOKEN when set). getenv reads those (os.Getenv in the app).
// Open checks the configuration only; S3.Check asks the server.
func Open(storageURL, dataDir string, getenv func(string) string) (Store, error) {
	storageURL = strings.TrimSpace(storageURL)
	if storageURL == "" {
		if dataDir == "" {
			return nil, errors.New("storage: DATA_DIR is empty and no STORAGE_URL is set")
		}
		return NewDisk(filepath.Join(dataDir, "media"))
	}
	if strings.HasPrefix(strings.ToLower(storageURL), "s3://") {
		cfg, err := ParseS3URL(storageURL, getenv)
		if err != nil {
			return nil, err
		}
		return NewS3(cfg)
	}
	return nil, fmt.Errorf("storage: STORAGE_URL %q: unsupported scheme (want empty for the DATA_DIR folder, or s3://bucket?endpoint=…)", redact(storageURL))
}

// redact drops a URL's query (which could hold a secret someone pasted).
func redact(s string) string {
	if i := strings.IndexByte(s, '?'); i >= 0 {
		return s[:i] + "?…"
	}
	return s
}
