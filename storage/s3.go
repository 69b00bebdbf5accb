package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/s3utils"
)

// S3Config is where an S3 store keeps its files, parsed from STORAGE_URL by
// ParseS3URL.
type S3Config struct {
	Bucket       string
	Endpoint     string // host or host:port, without scheme
	Region       string // empty: the client asks the server
	Secure       bool   // https to the endpoint
	PublicURL    string // base URL files are served from; empty: the endpoint's path-style URL
	AccessKey    string
	SecretKey    string
	SessionToken string
}

// DefaultS3Endpoint is used when STORAGE_URL names no endpoint.
const DefaultS3Endpoint = "s3.amazonaws.com"

// ParseS3URL reads "s3://bucket?endpoint=host:port&region=…&secure=false&public_url=https://…"
// and the credentials from getenv (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// optional AWS_SESSION_TOKEN). endpoint defaults to s3.amazonaws.com and
// secure to true; an unknown parameter is an error (a typo would otherwise
// go unnoticed).
func ParseS3URL(storageURL string, getenv func(string) string) (S3Config, error) {
	fail := func(format string, a ...any) (S3Config, error) {
		return S3Config{}, fmt.Errorf("storage: STORAGE_URL %q: "+format, append([]any{redact(storageURL)}, a...)...)
	}
	u, err := url.Parse(storageURL)
	if err != nil {
		return fail("not a URL (want s3://bucket?endpoint=host:port&region=…)")
	}
	if !strings.EqualFold(u.Scheme, "s3") {
		return fail("the scheme must be s3")
	}
	if u.User != nil {
		return fail("put the credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL")
	}
	if u.Path != "" && u.Path != "/" {
		return fail("a path after the bucket is not supported")
	}
	if u.Fragment != "" {
		return fail("a fragment (#…) is not supported")
	}
	cfg := S3Config{Bucket: u.Host, Endpoint: DefaultS3Endpoint, Secure: true}
	if cfg.Bucket == "" {
		return fail("no bucket (want s3://bucket?…)")
	}
	if err := s3utils.CheckValidBucketNameStrict(cfg.Bucket); err != nil {
		return fail("bucket %q: %v", cfg.Bucket, err)
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return fail("bad query: %v", err)
	}
	for name, vals := range q {
		if len(vals) != 1 {
			return fail("%s is given %d times", name, len(vals))
		}
		v := strings.TrimSpace(vals[0])
		switch name {
		case "endpoint":
			if v == "" || strings.Contains(v, "://") || strings.ContainsAny(v, "/?#@") {
				return fail("endpoint must be host or host:port, without a scheme (use secure=false for http)")
			}
			if _, port, err := net.SplitHostPort(v); err == nil {
				if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
					return fail("endpoint port %q is not a port number", port)
				}
			} else if strings.Contains(v, ":") && !strings.HasPrefix(v, "[") {
				return fail("endpoint %q: %v", v, err)
			}
			cfg.Endpoint = v
		case "region":
			cfg.Region = v
		case "secure":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fail("secure must be true or false, not %q", v)
			}
			cfg.Secure = b
		case "public_url":
			p, err := url.Parse(v)
			if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || p.User != nil || p.RawQuery != "" || p.Fragment != "" {
				return fail("public_url must be an absolute http(s) URL without credentials, query or fragment")
			}
			cfg.PublicURL = strings.TrimRight(v, "/")
		default:
			return fail("unknown parameter %q (known: endpoint, region, secure, public_url)", name)
		}
	}
	cfg.AccessKey = getenv("AWS_ACCESS_KEY_ID")
	cfg.SecretKey = getenv("AWS_SECRET_ACCESS_KEY")
	cfg.SessionToken = getenv("AWS_SESSION_TOKEN")
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return fail("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
	}
	return cfg, nil
}

// S3 keeps files as objects of one bucket on an S3-compatible server, each
// uploaded with its content type and CacheControl so the bucket (or a CDN in
// front of it) serves it directly.
type S3 struct {
	client *minio.Client
	bucket string
	base   string // URL prefix for URL(key), ending in "/"
	origin string
}

// NewS3 returns an S3 store for cfg. It does not contact the server (see
// Check).
func NewS3(cfg S3Config) (*S3, error) {
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, cfg.SessionToken),
		Secure:       cfg.Secure,
		Region:       cfg.Region,
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: s3 endpoint %q: %w", cfg.Endpoint, err)
	}
	var base string
	if cfg.PublicURL != "" {
		base = cfg.PublicURL + "/"
	} else {
		e := client.EndpointURL()
		base = e.Scheme + "://" + e.Host + "/" + cfg.Bucket + "/"
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("storage: s3 public URL %q: %w", base, err)
	}
	return &S3{client: client, bucket: cfg.Bucket, base: base, origin: b.Scheme + "://" + b.Host}, nil
}

// Bucket is the bucket's name.
func (s *S3) Bucket() string { return s.bucket }

// Origin is the origin URL(key) points at ("https://cdn.example.com"), for
// the CSP's img-src.
func (s *S3) Origin() string { return s.origin }

// Client is the underlying minio client, for tests and tools.
func (s *S3) Client() *minio.Client { return s.client }

// Check asks the server whether the bucket exists and the credentials work,
// so a bad configuration is found at start rather than at the first upload.
func (s *S3) Check(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("storage: s3 bucket %s: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("storage: s3 bucket %s does not exist", s.bucket)
	}
	return nil
}

// Put uploads the object with its content type and CacheControl.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	ct, err := checkPut(key, contentType)
	if err != nil {
		return err
	}
	if size >= 0 {
		// A reader that ends early is the caller's error: say so at once
		// rather than after the client's retries of what looks like a
		// network failure. A seekable reader keeps its type, so the client
		// can still rewind it to retry after a real network failure.
		if sk, ok := r.(io.Seeker); ok {
			cur, err1 := sk.Seek(0, io.SeekCurrent)
			end, err2 := sk.Seek(0, io.SeekEnd)
			_, err3 := sk.Seek(cur, io.SeekStart)
			if err := errors.Join(err1, err2, err3); err != nil {
				return fmt.Errorf("storage: put %s: %w", key, err)
			}
			if end-cur != size {
				return fmt.Errorf("storage: put %s: the reader holds %d bytes, not the size given (%d)", key, end-cur, size)
			}
		} else {
			r = &exactReader{r: r, left: size}
		}
	}
	_, err = s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{
		ContentType:  ct,
		CacheControl: CacheControl,
	})
	if err != nil {
		return fmt.Errorf("storage: put %s: %w", key, err)
	}
	return nil
}

// Open downloads the object; the first request is made here, so a missing
// key is ErrNotFound at once.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	if err := ValidKey(key); err != nil {
		return nil, Info{}, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, s.err("open", key, err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, Info{}, s.err("open", key, err)
	}
	etag := st.ETag
	if etag != "" && !strings.HasPrefix(etag, `"`) {
		etag = `"` + etag + `"`
	}
	return obj, Info{Size: st.Size, ContentType: st.ContentType, ModTime: st.LastModified, ETag: etag}, nil
}

// Delete removes the object; a missing one is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
	if err != nil && !errors.Is(s.err("delete", key, err), ErrNotFound) {
		return s.err("delete", key, err)
	}
	return nil
}

// URL is public_url + "/" + key, or the endpoint's path-style URL
// (scheme://endpoint/bucket/key). Valid keys need no escaping.
func (s *S3) URL(key string) string { return s.base + key }

func (s *S3) err(op, key string, err error) error {
	resp := minio.ToErrorResponse(err)
	if resp.Code == minio.NoSuchKey || resp.StatusCode == http.StatusNotFound && resp.Code != minio.NoSuchBucket {
		return fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return fmt.Errorf("storage: %s %s: %w", op, key, err)
}

// exactReader fails with io.ErrUnexpectedEOF when r ends before left bytes.
type exactReader struct {
	r    io.Reader
	left int64
}

func (e *exactReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	e.left -= int64(n)
	if err == io.EOF && e.left > 0 {
		return n, fmt.Errorf("read %d bytes fewer than the size given: %w", e.left, io.ErrUnexpectedEOF)
	}
	return n, err
}
