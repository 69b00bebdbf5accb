package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"
	"time"

	"bizprofile/apispec"
	"bizprofile/store"
)

// idempotent makes a POST sent with an Idempotency-Key act once: the first
// request with a key claims it (kept 24 hours per API key, with a hash of
// the method, path and body) and its answer is stored; a retry gets that
// answer again, marked Idempotent-Replayed: true, without acting. A retry
// while the first is still running gets 409; the same key on another
// request gets 422. It runs after the key's authentication and scope, and
// an answer that changed nothing (keep) is not stored: the key is
// released so a retry runs again.
func (a *API) idempotent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		vals := r.Header.Values("Idempotency-Key")
		if r.Method != http.MethodPost || len(vals) == 0 {
			next.ServeHTTP(w, r)
			return
		}
		key := vals[0]
		if msg := apispec.CheckIdempotencyKey(key); len(vals) > 1 || msg != "" {
			if msg == "" {
				msg = "Send one Idempotency-Key header."
			}
			a.problem(w, r, errBadRequest.With(msg))
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			a.problem(w, r, errBadRequest.With("The body could not be read."))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.New()
		io.WriteString(sum, r.Method+"\n"+r.URL.RequestURI()+"\n")
		sum.Write(body)
		hash := hex.EncodeToString(sum.Sum(nil))

		ctx := r.Context()
		idem := store.IdempotencyKey{AccountID: accountOf(r), APIKeyID: keyOf(ctx).ID, Key: key}
		rec, claimed, err := a.store.BeginIdempotent(ctx, idem, hash, time.Now())
		if err != nil {
			a.fail(w, r, err)
			return
		}
		if !claimed {
			switch {
			case rec.RequestHash != hash:
				a.problem(w, r, errIdempotency.With("This Idempotency-Key was used for another request on "+rec.CreatedAt.UTC().Format(time.RFC3339)+"; use a new key for a new request."))
			case rec.InProgress():
				w.Header().Set("Retry-After", "1")
				a.problem(w, r, errInProgress.With("Retry in a moment to get its answer."))
			default:
				w.Header().Set("Content-Type", rec.ContentType)
				w.Header().Set("Idempotent-Replayed", "true")
				w.Header().Set("Content-Length", strconv.Itoa(len(rec.Body)))
				w.WriteHeader(rec.Status)
				_, _ = io.WriteString(w, rec.Body)
			}
			return
		}

		c := &capture{w: w}
		next.ServeHTTP(c, r)
		if c.status == 0 {
			c.status = http.StatusOK
		}
		// The request's context may be done (the client left): the answer
		// is kept all the same, for the retry that will follow.
		bg := context.WithoutCancel(ctx)
		if keep(c.status) {
			err = a.store.FinishIdempotent(bg, idem, c.status, w.Header().Get("Content-Type"), c.body.Bytes())
		} else {
			err = a.store.ReleaseIdempotent(bg, idem)
		}
		if err != nil {
			a.log.Error("api: idempotency key not recorded", "account", idem.AccountID, "key", idem.APIKeyID, "error", err)
		}
		c.send()
	})
}

// keep reports whether an answer with status is kept for a retry: not a
// server error, nor a refusal of the caller (401, 403, 429), which changed
// nothing and may be answered otherwise on a retry.
func keep(status int) bool {
	return status < 500 && status != http.StatusUnauthorized && status != http.StatusForbidden && status != http.StatusTooManyRequests
}
