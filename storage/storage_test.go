package storage_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bizprofile/storage"
	"bizprofile/storage/storagetest"

	"github.com/minio/minio-go/v7"
)

// impl is one Store under test, with what differs between them.
type impl struct {
	name    string
	store   storage.Store
	wantURL func(key string) string
	// stored reports whether anything at all is kept (to check that refused
	// writes leave nothing behind, temporary files included).
	stored func(t *testing.T) []string
	// check runs store-specific checks on a freshly put key.
	check func(t *testing.T, key string)
}

func diskImpl(t *testing.T) impl {
	dataDir := t.TempDir()
	st, err := storage.Open("", dataDir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	d := st.(*storage.Disk)
	if d.Root() != filepath.Join(dataDir, "media") {
		t.Fatalf("root %s, want DATA_DIR/media", d.Root())
	}
	return impl{
		name:    "disk",
		store:   d,
		wantURL: func(key string) string { return "/media/" + key },
		stored: func(t *testing.T) []string {
			var files []string
			// Walk DATA_DIR, not the root: nothing may land beside it either.
			filepath.WalkDir(dataDir, func(p string, e os.DirEntry, err error) error {
				if err == nil && !e.IsDir() {
					rel, _ := filepath.Rel(dataDir, p)
					files = append(files, filepath.ToSlash(rel))
				}
				return nil
			})
			return files
		},
		check: func(t *testing.T, key string) {
			st, err := os.Stat(filepath.Join(d.Root(), filepath.FromSlash(key)))
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != 0o644 {
				t.Errorf("file mode %v, want 0644", st.Mode().Perm())
			}
		},
	}
}

func s3Impl(t *testing.T) impl {
	srv := storagetest.Start(t)
	s := srv.NewBucket(t, "listing-images")
	return impl{
		name:    "s3",
		store:   s,
		wantURL: func(key string) string { return "http://" + srv.Endpoint + "/listing-images/" + key },
		stored: func(t *testing.T) []string {
			var keys []string
			for o := range s.Client().ListObjects(context.Background(), s.Bucket(), minio.ListObjectsOptions{Recursive: true}) {
				if o.Err != nil {
					t.Fatal(o.Err)
				}
				keys = append(keys, o.Key)
			}
			// The POSIX root holds the bucket folder and nothing else
			// (versitygw keeps its own state in hidden folders).
			entries, err := os.ReadDir(srv.Dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if e.Name() != "listing-images" && !strings.HasPrefix(e.Name(), ".") {
					keys = append(keys, "<root>/"+e.Name())
				}
			}
			return keys
		},
		check: func(t *testing.T, key string) {
			ctx := context.Background()
			oi, err := s.Client().StatObject(ctx, s.Bucket(), key, minio.StatObjectOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := oi.Metadata.Get("Cache-Control"); got != storage.CacheControl {
				t.Errorf("object's Cache-Control %q, want %q", got, storage.CacheControl)
			}
			// What a browser gets from the bucket (presigned, as the test
			// bucket is private).
			u, err := s.Client().PresignedGetObject(ctx, s.Bucket(), key, time.Minute, url.Values{})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.Get(u.String())
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != storage.CacheControl || resp.Header.Get("Content-Type") != storage.TypeOf(key) {
				t.Errorf("GET from the bucket: %d, Cache-Control %q, Content-Type %q", resp.StatusCode, resp.Header.Get("Cache-Control"), resp.Header.Get("Content-Type"))
			}
		},
	}
}

func read(t *testing.T, s storage.Store, key string) ([]byte, storage.Info) {
	t.Helper()
	rc, info, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b, info
}

var badKeys = []string{
	"",
	"/images/ab/x.webp",
	"../x.webp",
	"images/../../x.webp",
	"images/./x.webp",
	"images//x.webp",
	"images/ab/",
	"images/.hidden.webp",
	".put-123",
	"images/a b.webp",
	`images\..\x.webp`,
	"images/%2e%2e/x.webp",
	"images/é.webp",
	"images/x.webp\x00.png",
	"images/x.svg",
	"images/x.html",
	"images/noext",
	strings.Repeat("a", storage.MaxKeyLen) + ".webp",
}

func TestStores(t *testing.T) {
	for name, mk := range map[string]func(*testing.T) impl{"disk": diskImpl, "s3": s3Impl} {
		t.Run(name, func(t *testing.T) {
			im := mk(t) // inside the subtest: a missing versitygw skips only S3
			s := im.store
			ctx := context.Background()
			key := "images/ab/abcdef0123456789-480.webp"

			t.Run("open missing", func(t *testing.T) {
				_, _, err := s.Open(ctx, "images/00/missing-160.webp")
				if !errors.Is(err, storage.ErrNotFound) {
					t.Fatalf("err %v, want ErrNotFound", err)
				}
			})

			t.Run("put and open", func(t *testing.T) {
				body := []byte("RIFF\x00\x00\x00\x00WEBPVP8 first")
				if err := s.Put(ctx, key, bytes.NewReader(body), int64(len(body)), "image/webp"); err != nil {
					t.Fatal(err)
				}
				got, info := read(t, s, key)
				if !bytes.Equal(got, body) {
					t.Fatalf("read %q, want %q", got, body)
				}
				if info.ContentType != "image/webp" || info.Size != int64(len(body)) || info.ETag == "" || !strings.HasPrefix(info.ETag, `"`) || info.ModTime.IsZero() {
					t.Fatalf("info %+v", info)
				}
				im.check(t, key)
			})

			t.Run("content type from the extension", func(t *testing.T) {
				k := "images/cd/cdef-160.JPG"
				if err := s.Put(ctx, k, strings.NewReader("jpeg"), -1, ""); err != nil {
					t.Fatal(err)
				}
				got, info := read(t, s, k)
				if string(got) != "jpeg" || info.ContentType != "image/jpeg" {
					t.Fatalf("read %q, %+v", got, info)
				}
				if err := s.Put(ctx, k, strings.NewReader("jpeg"), 4, "image/jpeg; charset=binary"); err != nil {
					t.Fatalf("content type with parameters: %v", err)
				}
				if err := s.Delete(ctx, k); err != nil {
					t.Fatal(err)
				}
			})

			t.Run("overwrite", func(t *testing.T) {
				body := []byte("second, longer than the first one")
				if err := s.Put(ctx, key, bytes.NewReader(body), int64(len(body)), "image/webp"); err != nil {
					t.Fatal(err)
				}
				got, info := read(t, s, key)
				if !bytes.Equal(got, body) || info.Size != int64(len(body)) {
					t.Fatalf("read %q (%+v), want %q", got, info, body)
				}
			})

			t.Run("refused puts keep nothing", func(t *testing.T) {
				before := im.stored(t)
				k := "images/ef/ef01-960.png"
				err := s.Put(ctx, k, strings.NewReader("png"), 3, "image/jpeg")
				if !errors.Is(err, storage.ErrContentType) {
					t.Errorf("wrong content type: err %v, want ErrContentType", err)
				}
				if err := s.Put(ctx, k, strings.NewReader("short"), 10, "image/png"); err == nil {
					t.Errorf("a reader shorter than size was accepted")
				}
				if err := s.Put(ctx, k, readerOnly{strings.NewReader("short")}, 10, "image/png"); err == nil {
					t.Errorf("a plain reader shorter than size was accepted")
				}
				if err := s.Put(ctx, k, iotestErrReader{}, -1, "image/png"); err == nil {
					t.Errorf("a failing reader was accepted")
				}
				if _, _, err := s.Open(ctx, k); !errors.Is(err, storage.ErrNotFound) {
					t.Errorf("open after refused puts: %v, want ErrNotFound", err)
				}
				if after := im.stored(t); strings.Join(after, ",") != strings.Join(before, ",") {
					t.Errorf("stored before %v, after %v", before, after)
				}
			})

			t.Run("bad keys refused", func(t *testing.T) {
				before := im.stored(t)
				for _, k := range badKeys {
					if err := s.Put(ctx, k, strings.NewReader("x"), 1, ""); !errors.Is(err, storage.ErrBadKey) {
						t.Errorf("put %q: err %v, want ErrBadKey", k, err)
					}
					if _, _, err := s.Open(ctx, k); !errors.Is(err, storage.ErrBadKey) {
						t.Errorf("open %q: err %v, want ErrBadKey", k, err)
					}
					if err := s.Delete(ctx, k); !errors.Is(err, storage.ErrBadKey) {
						t.Errorf("delete %q: err %v, want ErrBadKey", k, err)
					}
				}
				if after := im.stored(t); strings.Join(after, ",") != strings.Join(before, ",") {
					t.Errorf("stored before %v, after %v", before, after)
				}
			})

			t.Run("url", func(t *testing.T) {
				if got, want := s.URL(key), im.wantURL(key); got != want {
					t.Errorf("URL %q, want %q", got, want)
				}
			})

			t.Run("delete", func(t *testing.T) {
				if err := s.Delete(ctx, key); err != nil {
					t.Fatal(err)
				}
				if _, _, err := s.Open(ctx, key); !errors.Is(err, storage.ErrNotFound) {
					t.Fatalf("open after delete: %v, want ErrNotFound", err)
				}
				if got := im.stored(t); len(got) != 0 {
					t.Fatalf("left after deleting everything: %v", got)
				}
			})

			t.Run("delete missing", func(t *testing.T) {
				if err := s.Delete(ctx, key); err != nil {
					t.Fatalf("delete of a missing key: %v", err)
				}
				if err := s.Delete(ctx, "never/was-here.png"); err != nil {
					t.Fatalf("delete of a key in a missing folder: %v", err)
				}
			})
		})
	}
}

type iotestErrReader struct{}

func (iotestErrReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// readerOnly hides everything but Read (no Seek, no Len).
type readerOnly struct{ r io.Reader }

func (o readerOnly) Read(p []byte) (int, error) { return o.r.Read(p) }
