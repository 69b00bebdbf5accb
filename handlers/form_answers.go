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
// (422, or 429: refused); any other error is a server error. It reports whether the
// operation succeeded (nothing was answered).
func (h *Handlers) done(w http.ResponseWriter, r *http.Request, err error, page func(catalog.FieldErrors) templ.Component) bool {
	var bad domain.Invalid
	switch {
	case err == nil:
		return true
	case errors.As(err, &bad):
		h.render(w, r, formStatus(w, err), page(bad.Fields()))
	default:
		h.serverError(w, r, err)
	}
	return false
}

// formStatus is 429 (Retry-After) for a form held back (domain.PasswordHeld), or 422.
func formStatus(w http.ResponseWriter, err error) int {
	if held := (domain.PasswordHeld{}); errors.As(err, &held) {
		setRetryAfter(w, held.Retry)
		return http.StatusTooManyRequests
	}
	return http.StatusUnprocessableEntity
}
