package storage_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"bizprofile/storage"
	"bizprofile/storage/storagetest"
)

func creds(name string) string {
	return map[string]string{"AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "SECRET"}[name]
}

func TestOpenS3URL(t *testing.T) {
	cases := []struct {
		url, wantURL, wantOrigin string
	}{
		{"s3://listing-images?endpoint=127.0.0.1:9000&region=eu-west-1&secure=false",
			"http://127.0.0.1:9000/listing-images/images/ab/x-480.webp", "http://127.0.0.1:9000"},
		{"s3://listing-images?endpoint=s3.eu-central-003.backblazeb2.com&region=eu-central-003",
			"https://s3.eu-central-003.backblazeb2.com/listing-images/images/ab/x-480.webp", "https://s3.eu-central-003.backblazeb2.com"},
		{"s3://listing-images?region=us-east-1",
			"https://s3.amazonaws.com/listing-images/images/ab/x-480.webp", "https://s3.amazonaws.com"},
		{"s3://listing-images?endpoint=minio:9000&public_url=https://cdn.example.com/media/",
			"https://cdn.example.com/media/images/ab/x-480.webp", "https://cdn.example.com"},
	}
	for _, c := range cases {
		st, err := storage.Open(c.url, "/unused", creds)
		if err != nil {
			t.Errorf("%s: %v", c.url, err)
			continue
		}
		if _, ok := st.(*storage.S3); !ok {
			t.Errorf("%s: got %T, want *storage.S3", c.url, st)
		}
		if got := st.URL("images/ab/x-480.webp"); got != c.wantURL {
			t.Errorf("%s: URL %q, want %q", c.url, got, c.wantURL)
		}
		if got := storage.Origin(st); got != c.wantOrigin {
			t.Errorf("%s: Origin %q, want %q", c.url, got, c.wantOrigin)
		}
	}
	d, err := storage.Open("", t.TempDir(), creds)
	if err != nil {
		t.Fatal(err)
	}
	if o := storage.Origin(d); o != "" {
		t.Errorf("disk Origin %q, want empty (same origin)", o)
	}
}

func TestOpenRefusesBadURLs(t *testing.T) {
	cases := []struct{ url, want string }{
		{"ftp://bucket", "unsupported scheme"},
		{"/var/media", "unsupported scheme"},
		{"s3://", "no bucket"},
		{"s3://?endpoint=x", "no bucket"},
		{"s3://Bad_Bucket", "bucket"},
		{"s3://ab", "bucket"},
		{"s3://bucket/images", "path"},
		{"s3://key:secret@bucket", "AWS_ACCESS_KEY_ID"},
		{"s3://bucket?endpoint=http://minio:9000", "without a scheme"},
		{"s3://bucket?endpoint=minio:notaport", "port"},
		{"s3://bucket?endpoint=", "endpoint"},
		{"s3://bucket?secure=maybe", "secure must be true or false"},
		{"s3://bucket?regoin=eu", `unknown parameter "regoin"`},
		{"s3://bucket?region=a&region=b", "2 times"},
		{"s3://bucket?public_url=cdn.example.com", "public_url"},
		{"s3://bucket?public_url=ftp://cdn.example.com", "public_url"},
		{"s3://bucket?public_url=https://cdn.example.com/?v=1", "public_url"},
		{"s3://bucket#frag", "fragment"},
	}
	for _, c := range cases {
		_, err := storage.Open(c.url, "/data", creds)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want one mentioning %q", c.url, err, c.want)
		}
	}
	_, err := storage.Open("s3://bucket?endpoint=minio:9000", "/data", func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "AWS_SECRET_ACCESS_KEY") {
		t.Errorf("without credentials: err %v", err)
	}
	if _, err := storage.Open("", "", creds); err == nil {
		t.Errorf("no DATA_DIR and no STORAGE_URL: no error")
	}
	// A secret pasted in the query is not repeated in the message.
	_, err = storage.Open("s3://bucket?secret=hunter2", "/data", creds)
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("err %v: the query must be left out", err)
	}
}

func TestOpenS3AgainstServer(t *testing.T) {
	srv := storagetest.Start(t)
	srv.NewBucket(t, "present")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	st, err := storage.Open(srv.URL("present"), t.TempDir(), srv.Env)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.(*storage.S3).Check(ctx); err != nil {
		t.Fatalf("check of an existing bucket: %v", err)
	}
	if err := st.Put(ctx, "logos/ab/ab12-160.png", strings.NewReader("png"), 3, "image/png"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Open(ctx, "logos/ab/ab12-160.png"); err != nil {
		t.Fatal(err)
	}

	missing, err := storage.Open(srv.URL("absent"), t.TempDir(), srv.Env)
	if err != nil {
		t.Fatal(err)
	}
	if err := missing.(*storage.S3).Check(ctx); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("check of a missing bucket: %v", err)
	}
	if err := missing.Put(ctx, "logos/ab/ab12-160.png", strings.NewReader("png"), 3, ""); err == nil {
		t.Errorf("put into a missing bucket: no error")
	}
	// (Open in a missing bucket reads as ErrNotFound: for a GET of an object
	// versitygw answers NoSuchKey, not NoSuchBucket; Check is what finds a
	// wrong bucket, at start.)

	wrong := srv.Config("present")
	wrong.SecretKey = "wrong"
	bad, err := storage.NewS3(wrong)
	if err != nil {
		t.Fatal(err)
	}
	if err := bad.Check(ctx); err == nil {
		t.Errorf("check with a wrong secret: no error")
	}
}

func TestDiskHandler(t *testing.T) {
	d, err := storage.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key := "images/ab/abcdef-480.webp"
	body := "RIFF....WEBPVP8 bytes"
	if err := d.Put(context.Background(), key, strings.NewReader(body), int64(len(body)), "image/webp"); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(storage.MediaPrefix, d.Handler())
	srv := httptest.NewServer(mux)
	defer srv.Close()

	do := func(method, path string, hdr map[string]string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, string(b)
	}

	resp, got := do("GET", d.URL(key), nil)
	if resp.StatusCode != 200 || got != body {
		t.Fatalf("GET: %d %q", resp.StatusCode, got)
	}
	h := resp.Header
	if h.Get("Content-Type") != "image/webp" || h.Get("Cache-Control") != storage.CacheControl ||
		h.Get("ETag") == "" || h.Get("Last-Modified") == "" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("GET headers: %v", h)
	}
	if resp, got := do("HEAD", d.URL(key), nil); resp.StatusCode != 200 || got != "" || resp.Header.Get("Content-Length") != "21" {
		t.Errorf("HEAD: %d %q %v", resp.StatusCode, got, resp.Header)
	}
	if resp, _ := do("GET", d.URL(key), map[string]string{"If-None-Match": h.Get("ETag")}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: %d, want 304", resp.StatusCode)
	}
	if resp, _ := do("GET", d.URL(key), map[string]string{"If-Modified-Since": h.Get("Last-Modified")}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since: %d, want 304", resp.StatusCode)
	}
	if resp, got := do("GET", d.URL(key), map[string]string{"Range": "bytes=0-3"}); resp.StatusCode != http.StatusPartialContent || got != "RIFF" {
		t.Errorf("Range: %d %q", resp.StatusCode, got)
	}
	for _, p := range []string{
		"/media/images/ab/missing-480.webp",
		"/media/images/ab",
		"/media/",
		"/media/images/ab/.put-1",
		"/media/%2e%2e/%2e%2e/etc/passwd.png",
		"/media/images/ab/..%2f..%2fsecret.png",
	} {
		resp, _ := do("GET", p, nil)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, resp.StatusCode)
		}
		if cc := resp.Header.Get("Cache-Control"); cc == storage.CacheControl {
			t.Errorf("GET %s: a 404 is cached for a year", p)
		}
	}
	if resp, _ := do("POST", d.URL(key), nil); resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d %v", resp.StatusCode, resp.Header)
	}
}
