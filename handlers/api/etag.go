package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
)

// capture holds an answer back, so a middleware can look at it (hash it,
// store it) before it is sent. Headers go straight to the real writer's.
type capture struct {
	w      http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (c *capture) Header() http.Header { return c.w.Header() }

func (c *capture) WriteHeader(status int) {
	if c.status == 0 {
		c.status = status
	}
}

func (c *capture) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	return c.body.Write(b)
}

// send writes the held answer.
func (c *capture) send() {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	c.w.WriteHeader(c.status)
	_, _ = c.w.Write(c.body.Bytes())
}

// etag gives every successful read a strong ETag (a hash of its body) and
// answers 304 Not Modified, without a body, when the request's
// If-None-Match names it (or is *). Lists are versioned as a whole: any
// change to an item in the page changes the page's tag.
func (a *API) etag(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		c := &capture{w: w}
		next.ServeHTTP(c, r)
		if c.status != http.StatusOK {
			c.send()
			return
		}
		tag := etagOf(c.body.Bytes())
		w.Header().Set("ETag", tag)
		if noneMatch(r.Header.Get("If-None-Match"), tag) {
			h := w.Header()
			h.Del("Content-Type")
			h.Del("Content-Length")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		c.send()
	})
}

// etagOf is the strong entity tag of a body: a quoted, shortened SHA-256.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
}

// noneMatch reports whether an If-None-Match header names tag, comparing
// weakly as RFC 9110 asks for this header (W/"x" matches "x").
func noneMatch(header, tag string) bool {
	if strings.TrimSpace(header) == "*" {
		return true
	}
	for _, t := range strings.Split(header, ",") {
		if strings.TrimPrefix(strings.TrimSpace(t), "W/") == tag {
			return true
		}
	}
	return false
}
