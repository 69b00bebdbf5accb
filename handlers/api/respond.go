package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/apispec"
)

// maxBody bounds a request body (the app's own limit applies too).
const maxBody = 64 << 10

// jsonOnly refuses requests that ask for something other than JSON or send
// a body that is not JSON, and marks every answer as the account's own:
// no shared cache may keep it.
func (a *API) jsonOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if acc := r.Header.Get("Accept"); acc != "" && !acceptsJSON(acc) {
			a.problem(w, r, errNotAcceptable.With("The API answers application/json (and application/problem+json for errors)."))
			return
		}
		if r.ContentLength != 0 && (r.Method == http.MethodPost || r.Method == http.MethodPatch || r.Method == http.MethodPut) {
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != "application/json" {
				a.problem(w, r, errMediaType.With("Send the body as application/json."))
				return
			}
		}
		w.Header().Set("Cache-Control", "private, no-cache")
		w.Header().Set("Vary", "Authorization")
		next.ServeHTTP(w, r)
	})
}

// acceptsJSON reports whether an Accept header admits JSON.
func acceptsJSON(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mt {
		case "*/*", "application/*", "application/json", "application/problem+json":
			return true
		}
	}
	return false
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"title":"encoding failed"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

type checksKey struct{}

// conform refuses a request whose query the document does not allow (a
// parameter the operation does not take, given twice, empty or out of its
// schema) and keeps the operation's checks for decode: a route's checks
// are the document's operation of its pattern.
func (a *API) conform(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var c *apispec.Checks // none: an undocumented route (a test walks them) is not checked
		if ps := chi.RouteContext(r.Context()).RoutePatterns; len(ps) > 0 {
			c = apispec.For(r.Method, ps[len(ps)-1])
		}
		q, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil {
			a.problem(w, r, errValidation.With("The query is not URL-encoded: write each parameter as name=value, joined by &."))
			return
		}
		if issues := c.Query(q); len(issues) > 0 {
			a.problem(w, r, invalid(issues...))
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), checksKey{}, c)))
	})
}

// decode reads a JSON body into v: one object of at most maxBody bytes,
// UTF-8, no field twice, that the operation's schema takes (conform), and
// no unknown fields. Its errors are problems to answer with; on a 422, v
// holds what could be read.
func decode(r *http.Request, v any) error {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	switch {
	case err != nil:
		return errBadRequest.With("The body could not be read.")
	case len(raw) > maxBody:
		return errTooLarge.With("Send a body of at most 64 KiB.")
	}
	body, err := apispec.ParseJSON(raw)
	_, object := body.(map[string]any)
	var dup *apispec.DuplicateError
	switch {
	case errors.As(err, &dup):
		return invalid(FieldError{Field: dup.Field, Message: "Give this field once."})
	case errors.Is(err, io.ErrUnexpectedEOF) && len(bytes.TrimSpace(raw)) == 0:
		return errBadRequest.With("The request needs a JSON body.")
	case errors.Is(err, apispec.ErrNotUTF8):
		return errBadRequest.With("Send the body as UTF-8.")
	case errors.Is(err, apispec.ErrTooDeep):
		return errBadRequest.With("Nest the body's values at most 32 deep.")
	case errors.Is(err, apispec.ErrTrailing), err == nil && !object:
		return errBadRequest.With("Send one JSON object.")
	case err != nil:
		return errBadRequest.With("The body is not valid JSON.")
	}
	c, _ := r.Context().Value(checksKey{}).(*apispec.Checks)
	issues := c.Body(body)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err = dec.Decode(v)
	var typ *json.UnmarshalTypeError
	switch {
	case len(issues) > 0:
		return invalid(issues...)
	case errors.As(err, &typ) && typ.Field != "":
		return invalid(FieldError{Field: typ.Field, Message: "Must be " + jsonType(typ.Type.Kind().String()) + "."})
	case err != nil && strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return invalid(FieldError{Field: field, Message: "Unknown field."})
	case err != nil:
		return errBadRequest.With("The body could not be read as JSON.")
	}
	return nil
}

// jsonType names a Go kind as JSON does, with its article.
func jsonType(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "a list"
	case "struct", "map", "ptr":
		return "an object"
	}
	return "a number"
}
