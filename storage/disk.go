package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// MediaPrefix is the path under which the app serves Disk's files.
const MediaPrefix = "/media/"

// Disk keeps files in a folder (DATA_DIR/media): a key is a path below it.
type Disk struct {
	root string
}

// NewDisk returns a Disk keeping files under root, creating the folder when
// it does not exist.
func NewDisk(root string) (*Disk, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("storage: disk folder %q: %w", root, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("storage: disk folder: %w", err)
	}
	return &Disk{root: abs}, nil
}

// Root is the folder the files are kept in.
func (d *Disk) Root() string { return d.root }

func (d *Disk) path(key string) string {
	return filepath.Join(d.root, filepath.FromSlash(key))
}

// Put writes to a temporary file in the key's folder and renames it over the
// key, so a reader never sees a partial file.
func (d *Disk) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if _, err := checkPut(key, contentType); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	dst := d.path(key)
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	// Temporary names start with '.', which no valid key's segment does.
	tmp, err := os.CreateTemp(dir, ".put-*")
	if err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	n, err := io.Copy(tmp, ctxReader{ctx, r})
	if err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	if size >= 0 && n != size {
		return fmt.Errorf("storage: put %s: read %d bytes, expected %d", key, n, size)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	done = true
	return nil
}

// ctxReader stops a long copy when the context ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// Open returns the file (an *os.File, so it also seeks) and its Info.
func (d *Disk) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	f, info, err := d.open(key)
	if err != nil {
		return nil, Info{}, err
	}
	return f, info, nil
}

func (d *Disk) open(key string) (*os.File, Info, error) {
	if err := ValidKey(key); err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(d.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	if err != nil {
		return nil, Info{}, fmt.Errorf("storage: open %s: %w", key, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, fmt.Errorf("storage: open %s: %w", key, err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, Info{}, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return f, Info{
		Size:        st.Size(),
		ContentType: TypeOf(key),
		ModTime:     st.ModTime(),
		ETag:        `"` + strconv.FormatInt(st.ModTime().UnixNano(), 36) + "-" + strconv.FormatInt(st.Size(), 36) + `"`,
	}, nil
}

// Delete removes the file; a missing one is not an error. Folders are left
// in place (content-hash names share a few hundred of them).
func (d *Disk) Delete(ctx context.Context, key string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	err := os.Remove(d.path(key))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("storage: delete %s: %w", key, err)
	}
	return nil
}

// URL is MediaPrefix + key: the app serves it with Handler.
func (d *Disk) URL(key string) string { return MediaPrefix + key }

// Handler serves GET and HEAD of MediaPrefix + key from the folder, with
// CacheControl, the key's content type, an ETag and Last-Modified (so
// conditional and range requests work), and 404 for a missing or invalid
// key. Mount it at MediaPrefix without stripping the prefix.
func (d *Disk) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		key, ok := strings.CutPrefix(r.URL.Path, MediaPrefix)
		if !ok {
			http.NotFound(w, r)
			return
		}
		f, info, err := d.open(key)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", info.ContentType)
		h.Set("Cache-Control", CacheControl)
		h.Set("ETag", info.ETag)
		h.Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, "", info.ModTime, f)
	})
}
