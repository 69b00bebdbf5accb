package api

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
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

// decode reads a JSON body into v: one object, no unknown fields, at most
// maxBody bytes. Its errors are problems to answer with.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody+1))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.EOF):
			return errBadRequest.With("The request needs a JSON body.")
		case errors.As(err, &typ) && typ.Field != "":
			return invalid(FieldError{Field: typ.Field, Message: "Must be a " + jsonType(typ.Type.Kind().String()) + "."})
		case errors.As(err, &syn):
			return errBadRequest.With("The body is not valid JSON.")
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return invalid(FieldError{Field: field, Message: "Unknown field."})
		}
		return errBadRequest.With("The body could not be read as JSON.")
	}
	if dec.More() {
		return errBadRequest.With("Send one JSON object.")
	}
	return nil
}

// jsonType names a Go kind as JSON does.
func jsonType(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "struct", "map", "ptr":
		return "object"
	}
	return "number"
}
