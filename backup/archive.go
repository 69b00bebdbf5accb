package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/minio/minio-go/v7"

	"bizprofile/storage"
)

// ErrNotFound is returned by Archive.Open for a file the archive does not
// hold.
var ErrNotFound = errors.New("backup: not found")

// Archive is where backups are kept: a folder, or a prefix of an S3
// bucket. Names are plain file names ("bizprofile-…-….json").
type Archive interface {
	// Put stores size bytes from r under name; a reader sees the whole
	// file or none of it.
	Put(ctx context.Context, name string, r io.Reader, size int64) error
	// Open reads the file under name, or ErrNotFound.
	Open(ctx context.Context, name string) (io.ReadCloser, error)
	// List is the names of the files the archive holds, sorted.
	List(ctx context.Context) ([]string, error)
	// Delete removes the file under name; a missing one is not an error.
	Delete(ctx context.Context, name string) error
	// String says where the archive is, for messages.
	String() string
}

// OpenArchive is the archive beside the media STORAGE_URL configures: the
// folder backups/ in dataDir when the media are on disk (not the media
// folder itself, which the app serves to anyone), or the prefix backups/
// of the S3 bucket (whose policy must make only images/ public).
func OpenArchive(media storage.Store, dataDir string) (Archive, error) {
	if s3, ok := media.(*storage.S3); ok {
		return &s3Archive{client: s3.Client(), bucket: s3.Bucket(), prefix: "backups/"}, nil
	}
	if dataDir == "" {
		return nil, errors.New("backup: DATA_DIR is empty and the media are not in S3: nowhere to keep backups")
	}
	return NewDir(filepath.Join(dataDir, "backups"))
}

// Dir is an archive in a folder.
type Dir struct{ root string }

// NewDir is the archive in root, made if missing (readable by the app's
// user only: a backup holds every account).
func NewDir(root string) (*Dir, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, fmt.Errorf("backup: folder %s: %w", root, err)
	}
	return &Dir{root: root}, nil
}

func (d *Dir) String() string { return d.root }

func (d *Dir) path(name string) (string, error) {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("backup: %q is not a backup's file name", name)
	}
	return filepath.Join(d.root, name), nil
}

// Put writes a hidden temporary file, syncs it and renames it into place.
func (d *Dir) Put(ctx context.Context, name string, r io.Reader, size int64) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(d.root, ".put-*")
	if err != nil {
		return fmt.Errorf("backup: write %s: %w", name, err)
	}
	defer os.Remove(tmp.Name())
	n, err := io.Copy(tmp, r)
	if err == nil && size >= 0 && n != size {
		err = fmt.Errorf("%d bytes, not %d", n, size)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		return fmt.Errorf("backup: write %s: %w", name, err)
	}
	return nil
}

func (d *Dir) Open(_ context.Context, name string) (io.ReadCloser, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s in %s", ErrNotFound, name, d.root)
	}
	return f, err
}

func (d *Dir) List(context.Context) ([]string, error) {
	entries, err := os.ReadDir(d.root)
	if err != nil {
		return nil, fmt.Errorf("backup: list %s: %w", d.root, err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

func (d *Dir) Delete(_ context.Context, name string) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: delete %s: %w", name, err)
	}
	return nil
}

// s3Archive is an archive under a prefix of an S3 bucket.
type s3Archive struct {
	client         *minio.Client
	bucket, prefix string
}

func (s *s3Archive) String() string { return "s3://" + s.bucket + "/" + s.prefix }

func (s *s3Archive) key(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("backup: %q is not a backup's file name", name)
	}
	return s.prefix + name, nil
}

func (s *s3Archive) Put(ctx context.Context, name string, r io.Reader, size int64) error {
	key, err := s.key(name)
	if err != nil {
		return err
	}
	if _, err := s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{ContentType: "application/octet-stream"}); err != nil {
		return fmt.Errorf("backup: put %s: %w", key, err)
	}
	return nil
}

func (s *s3Archive) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	key, err := s.key(name)
	if err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err == nil {
		_, err = obj.Stat()
	}
	if err != nil {
		if obj != nil {
			obj.Close()
		}
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
			return nil, fmt.Errorf("%w: %s in %s", ErrNotFound, name, s)
		}
		return nil, fmt.Errorf("backup: open %s: %w", key, err)
	}
	return obj, nil
}

func (s *s3Archive) List(ctx context.Context) ([]string, error) {
	var names []string
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix}) {
		if obj.Err != nil {
			return nil, fmt.Errorf("backup: list %s: %w", s, obj.Err)
		}
		if name := strings.TrimPrefix(obj.Key, s.prefix); !strings.Contains(name, "/") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names, nil
}

func (s *s3Archive) Delete(ctx context.Context, name string) error {
	key, err := s.key(name)
	if err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("backup: delete %s: %w", key, err)
	}
	return nil
}
