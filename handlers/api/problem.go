package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"

	"bizprofile/apispec"
	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/store"
)

// Problem is an error answer, as RFC 9457 describes: a type (a link to
// the documentation of this kind of error), a title that names the kind,
// the status, a detail about this occurrence and, for invalid input, the
// errors by field, in the words the forms use.
type Problem struct {
	Type   string       `json:"type"`
	Title  string       `json:"title"`
	Status int          `json:"status"`
	Detail string       `json:"detail,omitempty"`
	Errors []FieldError `json:"errors,omitempty"`

	code string // the kind, for Type: /api/docs#problem-<code>
}

// FieldError is one invalid field of a request body or query ("" for the
// body as a whole), as the document's checks name it.
type FieldError = apispec.Issue

// Error lets a Problem travel as an error.
func (p *Problem) Error() string { return p.Title + ": " + p.Detail }

// With returns a copy of the problem with a detail about this occurrence.
func (p *Problem) With(detail string) *Problem {
	q := *p
	q.Detail = detail
	return &q
}

func newProblem(code string, status int, title string) *Problem {
	return &Problem{code: code, Status: status, Title: title}
}

// The kinds of problem the API answers with; /api/docs lists them.
var (
	errBadRequest    = newProblem("bad-request", http.StatusBadRequest, "Bad request")
	errUnauthorized  = newProblem("unauthorized", http.StatusUnauthorized, "Missing or invalid API key")
	errRevokedKey    = newProblem("revoked-key", http.StatusUnauthorized, "API key revoked")
	errPlan          = newProblem("plan", http.StatusForbidden, "The account's plan does not include the API")
	errReadOnlyKey   = newProblem("read-only-key", http.StatusForbidden, "Read-only API key")
	errNotFound      = newProblem("not-found", http.StatusNotFound, "Not found")
	errMethod        = newProblem("method-not-allowed", http.StatusMethodNotAllowed, "Method not allowed")
	errNotAcceptable = newProblem("not-acceptable", http.StatusNotAcceptable, "JSON only")
	errMediaType     = newProblem("unsupported-media-type", http.StatusUnsupportedMediaType, "Send JSON")
	errTooLarge      = newProblem("too-large", http.StatusRequestEntityTooLarge, "Body too large")
	errConflict      = newProblem("conflict", http.StatusConflict, "Conflict")
	errValidation    = newProblem("validation", http.StatusUnprocessableEntity, "Invalid input")
	errRateLimited   = newProblem("rate-limited", http.StatusTooManyRequests, "Too many requests")
	errIdempotency   = newProblem("idempotency-key-reused", http.StatusUnprocessableEntity, "Idempotency-Key reused for another request")
	errInProgress    = newProblem("idempotency-key-in-progress", http.StatusConflict, "A request with this Idempotency-Key is in progress")
	errServer        = newProblem("server-error", http.StatusInternalServerError, "Something went wrong on our side")
	errUnavailable   = newProblem("unavailable", http.StatusServiceUnavailable, "Temporarily unavailable")
)

// invalid is the 422 problem of a request whose fields are wrong.
func invalid(errs ...FieldError) *Problem {
	p := errValidation.With("Some fields are not valid: see errors.")
	p.Errors = errs
	return p
}

// alongside is err with, when it is a 422 naming fields, the messages of
// errs (the domain's) for the fields it does not name: a client learns
// every wrong field at once.
func alongside(err error, errs catalog.FieldErrors) error {
	var p *Problem
	if !errors.As(err, &p) || p.Status != http.StatusUnprocessableEntity || len(p.Errors) == 0 {
		return err
	}
	out := *p
	for _, e := range fieldErrors(errs) {
		if !slices.ContainsFunc(p.Errors, func(f FieldError) bool { return f.Field == e.Field }) {
			out.Errors = append(out.Errors, e)
		}
	}
	return &out
}

// problem writes p as application/problem+json.
func (a *API) problem(w http.ResponseWriter, r *http.Request, p *Problem) {
	out := *p
	out.Type = a.base + "/api/docs#problem-" + p.code
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(out)
}

// fail answers with err: a *Problem as it is; anything else is logged and
// answered as a server error (503 when the database is unreachable), never
// with its text. A client that went away is sent nothing, and logged at
// INFO (clientgone), as the site's pages do.
func (a *API) fail(w http.ResponseWriter, r *http.Request, err error) {
	var p *Problem
	if errors.As(err, &p) {
		a.problem(w, r, p)
		return
	}
	if clientgone.Handled(a.log, w, r, err) {
		return
	}
	a.log.Error("api: request failed", "method", r.Method, "path", r.URL.Path, slog.Any("error", err))
	if store.Unavailable(err) {
		w.Header().Set("Retry-After", "30")
		a.problem(w, r, errUnavailable.With("The database is not answering; try again in a moment."))
		return
	}
	a.problem(w, r, errServer.With("The error was logged; try again in a moment."))
}
