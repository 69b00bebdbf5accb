package handlers

import (
	"log/slog"
	"maps"
	"net/http"
	"slices"

	"bizprofile/views"
)

// retryAfterUnavailable is how soon a visitor may try again while the
// database is down, in seconds.
const retryAfterUnavailable = "5"

// unavailable answers while the database cannot be reached: 503 with
// Retry-After and the styled page, never a 500. A form that was sent comes
// back with what was typed, to send again, so nothing is lost. It uses no
// session: the sessions live in the database too.
func (h *Handlers) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	h.log.Warn("database unavailable", slog.Any("error", err), "method", r.Method, "path", r.URL.Path, "request_id", requestID(r.Context()))
	var f *views.Resubmit
	if r.Method == http.MethodPost {
		f = resubmitOf(r)
	}
	page := views.UnavailablePage(h.bareChrome(r), f)
	if isHTMX(r) {
		page = views.UnavailableFragment(f)
	}
	w.Header().Set("Retry-After", retryAfterUnavailable)
	renderFailure(w, r, http.StatusServiceUnavailable, page, "The service is briefly unavailable. Please try again in a moment.")
}

// resubmitOf is the form r sent, without its passwords, to send again.
func resubmitOf(r *http.Request) *views.Resubmit {
	if r.ParseForm() != nil || len(r.PostForm) == 0 {
		return nil
	}
	f := &views.Resubmit{Action: r.URL.RequestURI()}
	for _, name := range slices.Sorted(maps.Keys(r.PostForm)) {
		if passwordField(name) {
			f.Dropped = true
			continue
		}
		for _, v := range r.PostForm[name] {
			f.Fields = append(f.Fields, views.SentValue{Name: name, Value: v})
		}
	}
	return f
}
