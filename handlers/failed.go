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
