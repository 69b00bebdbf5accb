package handlers

import (
	"errors"
	"net/http"

	"bizprofile/store"
)

// failed answers err from loading or changing a record: 404 when the
// record is not there (or no longer: deleted meanwhile), the 500 page for
// any other error. It reports whether it answered; false: err is nil and
// the handler goes on.
func (h *Handlers) failed(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
	case err != nil:
		h.serverError(w, r, err)
	default:
		return false
	}
	return true
}

// broken answers err, if any, with the 500 page (a client gone or the
// database down as serverError tells them); it reports whether it
// answered, and the handler stops.
func (h *Handlers) broken(w http.ResponseWriter, r *http.Request, err error) bool {
	if err == nil {
		return false
	}
	h.serverError(w, r, err)
	return true
}
