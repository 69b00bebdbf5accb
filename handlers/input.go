package handlers

import (
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"bizprofile/domain"
	"bizprofile/views"
)

// Every value a visitor sends, in a form or in a URL's query, must be
// acceptable text (domain.AcceptableText): one that is not is refused where
// it is read, before any handler sees it, with a 422 page that gives the
// visitor their text back to correct.

// refusedText is the message by a field that held such a character.
const refusedText = "This contained a character we can't accept (a control character such as a NUL byte, an invisible text-direction character, or text that isn't valid UTF-8). " +
	"We removed it: check the text, then send it again."

// parseForm reads a posted form, answering 413 for a body over the size
// limit, 400 for one that cannot be parsed and 422 for one holding text we
// cannot accept. It reports whether the handler may go on.
func (h *Handlers) parseForm(w http.ResponseWriter, r *http.Request) bool {
	err := r.ParseForm()
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
		return false
	case err != nil:
		http.Error(w, "The form could not be read.", http.StatusBadRequest)
		return false
	}
	if bad := domain.RefusedFields(r.Form); len(bad) > 0 {
		h.refuseText(w, r, r.PostForm, bad)
		return false
	}
	return true
}

// checkQuery refuses a request whose URL query holds text we cannot
// accept, the same way parseForm refuses a form.
func (h *Handlers) checkQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			q := r.URL.Query()
			if bad := domain.RefusedFields(q); len(bad) > 0 {
				h.refuseText(w, r, q, bad)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// refuseText answers 422 with the sent values back in a form to send
// again: the refused fields cleaned and editable with a message by each,
// the others carried along unchanged, passwords to type again.
func (h *Handlers) refuseText(w http.ResponseWriter, r *http.Request, sent url.Values, bad []string) {
	h.log.Info("input refused", "reason", "unacceptable text", "method", r.Method, "path", r.URL.Path,
		"fields", bad, "request_id", requestID(r.Context()))
	f := views.RefusedForm{Action: r.URL.EscapedPath(), Method: "post"}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		f.Method = "get"
	} else if r.URL.RawQuery != "" {
		f.Action += "?" + r.URL.RawQuery // checkQuery let it through: it is acceptable
	}
	id := func() string { return "refused-" + itoa(len(f.Fields)+1) }
	for _, name := range slices.Sorted(maps.Keys(sent)) {
		clean := domain.CleanText(name)
		if clean == "" {
			continue
		}
		refused := slices.Contains(bad, name)
		for _, v := range sent[name] {
			switch {
			case passwordField(clean):
				fl := views.Field{ID: id(), Name: clean, Label: views.FieldLabel(clean), Type: "password", Required: true,
					Hint: "For your safety, passwords are not sent back: type it again."}
				if refused {
					fl.Error = "This contained a character we can't accept (a control character or text that isn't valid UTF-8). Type it again."
				}
				f.Fields = append(f.Fields, fl)
			case refused:
				fl := views.Field{ID: id(), Name: clean, Label: views.FieldLabel(clean), Type: "text", Value: domain.CleanText(v), Error: refusedText}
				if strings.ContainsAny(v, "\n\r") || len(v) > 120 {
					fl.Type = "textarea"
				}
				f.Fields = append(f.Fields, fl)
			default:
				f.Kept = append(f.Kept, views.SentValue{Name: clean, Value: v})
			}
		}
	}
	page := views.RefusedPage(h.chrome(r), f)
	if isHTMX(r) {
		page = views.RefusedFragment(f)
	}
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, http.StatusUnprocessableEntity, page)
}

// passwordField reports whether the form field name holds a password,
// which is never sent back to the browser.
func passwordField(name string) bool {
	return strings.Contains(strings.ToLower(name), "password")
}
