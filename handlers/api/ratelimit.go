package api

import (
	"math"
	"net/http"
	"strconv"
	"time"
)

// rateLimit counts the request against its key's limit and tells the
// client where it stands (the IETF RateLimit header fields: RateLimit-Limit,
// RateLimit-Remaining, RateLimit-Reset in seconds, and RateLimit-Policy);
// past the limit it answers 429 with Retry-After. Keys count separately, so
// one busy integration does not stall another of the same account.
func (a *API) rateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := a.take(r.Context(), strconv.FormatInt(keyOf(r.Context()).ID, 10))
		h := w.Header()
		h.Set("RateLimit-Limit", strconv.Itoa(a.limit))
		h.Set("RateLimit-Remaining", strconv.Itoa(t.Remaining))
		h.Set("RateLimit-Reset", seconds(t.Reset))
		h.Set("RateLimit-Policy", strconv.Itoa(a.limit)+";w="+seconds(a.window))
		if !t.OK {
			h.Set("Retry-After", seconds(t.Retry))
			a.problem(w, r, errRateLimited.With("This key may send "+strconv.Itoa(a.limit)+" requests every "+seconds(a.window)+" seconds; retry after "+seconds(t.Retry)+" seconds."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// seconds is d in whole seconds, rounded up, at least 1.
func seconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}
