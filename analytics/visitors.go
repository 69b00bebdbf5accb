package analytics

import (
	"net/http"
	"strings"
)

// botWords are found (lower-case) in the user agents of crawlers, link
// previewers, uptime monitors, HTTP libraries and headless browsers.
var botWords = []string{
	"bot", "crawl", "spider", "slurp", "mediapartners", "facebookexternalhit", "embedly",
	"preview", "whatsapp", "curl", "wget", "python", "go-http-client", "java/", "okhttp",
	"axios", "node-fetch", "undici", "httpclient", "libwww", "headless", "phantomjs",
	"lighthouse", "pagespeed", "gtmetrix", "pingdom", "uptime", "monitor", "scanner",
	"feedfetcher", "archiver",
}

// Human reports whether r looks like a person's browser opening a page,
// the only requests counted: a GET, with the headers every browser sends
// (a Mozilla-compatible user agent, Accept and Accept-Language), from no
// known crawler or tool, and not a prefetch or prerender (which the
// visitor may never look at).
func Human(r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	h := r.Header
	ua := h.Get("User-Agent")
	if !strings.HasPrefix(ua, "Mozilla/") || h.Get("Accept") == "" || h.Get("Accept-Language") == "" {
		return false
	}
	for _, name := range []string{"Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"} {
		if v := strings.ToLower(h.Get(name)); strings.Contains(v, "prefetch") || strings.Contains(v, "prerender") || strings.Contains(v, "preview") {
			return false
		}
	}
	ua = strings.ToLower(ua)
	for _, w := range botWords {
		if strings.Contains(ua, w) {
			return false
		}
	}
	return true
}
