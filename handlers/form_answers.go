package handlers

import (
	"errors"
	"net/http"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/domain"
)

// done answers a form whose domain operation returned err: when err is
// domain.Invalid, page shows the form again with its fields' messages
// (422); any other error is a server error. It reports whether the
// operation succeeded (nothing was answered).
func (h *Handlers) done(w http.ResponseWriter, r *http.Request, err error, page func(catalog.FieldErrors) templ.Component) bool {
	var bad domain.Invalid
	switch {
	case err == nil:
		return true
	case errors.As(err, &bad):
		h.render(w, r, http.StatusUnprocessableEntity, page(bad.Fields()))
	default:
		h.serverError(w, r, err)
	}
	return false
}
