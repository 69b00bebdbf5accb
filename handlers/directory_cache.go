package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// cacheable reports whether r may be answered from (and fill) the
// directory's kept pages (pagecache): a GET without text to search for
// (the pages crawlers walk and visitors share; a search by text seldom
// comes twice), by a browser that takes gzip, with nothing personal to
// show.
func (h *Handlers) cacheable(r *http.Request) bool {
	return r.Method == http.MethodGet && r.URL.Query().Get("q") == "" && currentUser(r) == nil &&
		strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") &&
		!h.sessions.Exists(r.Context(), toastsKey)
}

// directoryPageKey names a kept page: its theme, its address, and the
// minute, since its cards say whether each listing is open now ("Open
// until 6 pm" is wrong at 6 pm).
func directoryPageKey(r *http.Request) string {
	return themeFromRequest(r) + " " + strconv.FormatInt(time.Now().Unix()/60, 10) + " " + r.URL.RequestURI()
}

// writeGzipped answers with a gzipped page (compression middleware leaves
// an answer that says its encoding alone).
func writeGzipped(w http.ResponseWriter, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Add("Vary", "Accept-Encoding")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(page)
}
