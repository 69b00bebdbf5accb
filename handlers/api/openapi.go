package api

import (
	"net/http"
	"slices"
)

// openapi serves the document. It needs no key: it says nothing about any
// account.
func (a *API) openapi(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Del("Vary")
	_, _ = w.Write(a.doc)
}

// ProblemKind is one kind of problem the API answers with, as /api/docs
// lists it; Problem.Type links to its entry (#problem-<Code>).
type ProblemKind struct {
	Code        string
	Status      int
	Title       string
	Description string
}

// ProblemKinds lists every kind of problem, in the order of their status.
func ProblemKinds() []ProblemKind {
	kinds := []struct {
		p    *Problem
		text string
	}{
		{errBadRequest, "The request cannot be read: the body is not one JSON object (or not UTF-8, or nested more than 32 deep), or the Idempotency-Key header is empty, longer than 255 characters or holds characters that are not printable ASCII."},
		{errUnauthorized, "No Authorization header with a Bearer key, or a key that matches none. The answer carries WWW-Authenticate."},
		{errRevokedKey, "The key was revoked on /dashboard/api. Create a new one there."},
		{errPlan, "The key's account is not on a plan that includes the API (Pro). Its keys work again once it is."},
		{errReadOnlyKey, "A key with the read scope tried to change a record. Writes need a read-and-write key."},
		{errNotFound, "No such route, or no such record among those the key may see: another account's records are not found either."},
		{errMethod, "The route exists but not with this method."},
		{errNotAcceptable, "The Accept header does not admit application/json."},
		{errConflict, "The change conflicts with the record's state."},
		{errInProgress, "An earlier request with the same Idempotency-Key is still being answered. Retry in a moment to get its answer."},
		{errMediaType, "A request with a body must send it as application/json."},
		{errTooLarge, "The body is larger than 64 KiB."},
		{errValidation, "Some body fields or query parameters are invalid: errors lists each one with what to do, in the words of the site's forms where they have the field. The document's schemas state the limits; a field given twice in the body, a query parameter the operation does not take, one given twice or a typed one left empty are refused too."},
		{errIdempotency, "The Idempotency-Key was used in the last 24 hours for a request with another method, path or body."},
		{errRateLimited, "The key sent more requests than its limit in the window. Wait the Retry-After seconds."},
		{errServer, "Something failed on our side and was logged. Retrying later is safe; with an Idempotency-Key, a POST is not stored after such an answer."},
		{errUnavailable, "The service is briefly unavailable (the database is not answering). Retry after the Retry-After seconds."},
	}
	out := make([]ProblemKind, 0, len(kinds))
	for _, k := range kinds {
		out = append(out, ProblemKind{Code: k.p.code, Status: k.p.Status, Title: k.p.Title, Description: k.text})
	}
	slices.SortStableFunc(out, func(a, b ProblemKind) int { return a.Status - b.Status })
	return out
}
