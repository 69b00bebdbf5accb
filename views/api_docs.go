package views

import "bizprofile/apispec"

// APIDocsView is the API reference (/api/docs), drawn on the server from
// the OpenAPI document and the limits in force.
type APIDocsView struct {
	Server      string // the API's base URL: https://…/api/v1
	Version     string
	Summary     string
	Tags        []APIDocsTag
	Problems    []APIDocsProblem
	RateLimit   int    // requests per key per window
	RateWindow  string // "minute", "60 seconds"
	MaxKeys     int
	IdemHours   int
	MaxPageSize int
	Events      []APIDocsEvent
	MaxHooks    int
}

// APIDocsTag is the API's tag as its reference shows it.
type APIDocsTag = apispec.Tag

// APIDocsOperation is the API's operation as its reference shows it.
type APIDocsOperation = apispec.Operation

// APIDocsField is the API's field as its reference shows it.
type APIDocsField = apispec.Field

// APIDocsResponse is the API's response as its reference shows it.
type APIDocsResponse = apispec.Response

// APIDocsProblem is one kind of problem+json answer.
type APIDocsProblem struct {
	Code, Title, Description string
	Status                   int
}

// APIDocsEvent is the API's event as its reference shows it.
type APIDocsEvent = apispec.Event

// WebhookVerifyGo verifies a webhook delivery in Go. A test runs it
// against signatures the sender makes: keep it a complete, compilable
// function of package main.
const WebhookVerifyGo = `package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// verify checks a delivery's BizProfile-Signature header against its raw
// body (exactly as received) with your endpoint's secret (whsec_…).
func verify(secret, header string, body []byte, now time.Time) error {
	var ts string
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("no timestamp")
	}
	if d := now.Sub(time.Unix(sec, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return errors.New("timestamp outside 5 minutes")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := mac.Sum(nil)
	for _, s := range sigs {
		if got, err := hex.DecodeString(s); err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return errors.New("signature does not match")
}
`

// WebhookVerifyNode verifies a webhook delivery in Node.js (a test runs it).
const WebhookVerifyNode = `const crypto = require("node:crypto");

// verify checks a delivery's BizProfile-Signature header against its raw
// body (a Buffer, exactly as received) with your endpoint's secret.
function verify(secret, header, rawBody, nowSeconds = Math.floor(Date.now() / 1000)) {
  let t = null;
  const sigs = [];
  for (const part of header.split(",")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === "t") t = v;
    else if (k === "v1") sigs.push(v);
  }
  if (!/^\d+$/.test(t || "") || Math.abs(nowSeconds - Number(t)) > 300) return false;
  const want = crypto.createHmac("sha256", secret).update(t + ".").update(rawBody).digest();
  return sigs.some((s) => {
    const got = Buffer.from(s, "hex");
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  });
}
`

// WebhookVerifyPython verifies a webhook delivery in Python 3 (a test runs
// it).
const WebhookVerifyPython = `import hashlib
import hmac
import time


def verify(secret: str, header: str, raw_body: bytes, now: float | None = None) -> bool:
    """Check a delivery's BizProfile-Signature header against its raw body
    (bytes, exactly as received) with your endpoint's secret."""
    t, sigs = None, []
    for part in header.split(","):
        k, _, v = part.strip().partition("=")
        if k == "t":
            t = v
        elif k == "v1":
            sigs.append(v)
    if t is None or not t.isdigit():
        return False
    if abs((time.time() if now is None else now) - int(t)) > 300:
        return False
    want = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(want, s) for s in sigs)
`

// WebhookExampleBody is an example delivery's body.
const WebhookExampleBody = `{
  "id": "evt_5f2b9c1d7a3e4b6f8a0c2d4e",
  "type": "lead.created",
  "created": 1767225600,
  "data": {
    "object": { "object": "lead", "id": 42, "status": "new", "…": "the lead as GET /api/v1/leads/42 shows it" }
  }
}`
