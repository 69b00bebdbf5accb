package store

import (
	"context"
	"fmt"
	"strconv"
	"time"
)

// IdempotencyTTL is how long the API keeps the answer to a POST sent with
// an Idempotency-Key: a retry within it gets the same answer.
const IdempotencyTTL = 24 * time.Hour

// idempotencyAbandoned is how long a request may stay "in progress" before
// its key is taken to be abandoned (the instance answering it died): far
// longer than any request may run.
const idempotencyAbandoned = 5 * time.Minute

// IdempotentRequest is what the API keeps of a POST sent with an
// Idempotency-Key: a hash of the request, and the answer once there is one
// (Status 0 while the request is still being answered).
type IdempotentRequest struct {
	RequestHash string    `db:"request_hash"`
	Status      int       `db:"status"`
	ContentType string    `db:"content_type"`
	Body        string    `db:"body"`
	CreatedAt   time.Time `db:"created_at"`
}

// InProgress reports whether the request is still being answered.
func (r IdempotentRequest) InProgress() bool { return r.Status == 0 }

// IdempotencyKey is an Idempotency-Key as the API keeps it: the account's
// (its records go with the account) and the API key's that sent it, so
// that no other key of the account, whatever its scope, ever gets the
// answer stored for it.
type IdempotencyKey struct {
	AccountID, APIKeyID int64
	Key                 string
}

// stored is the key as idem_key holds it: the API key's id, a space, the
// client's key (printable ASCII, so the first space ends the id).
func (k IdempotencyKey) stored() string { return strconv.FormatInt(k.APIKeyID, 10) + " " + k.Key }

// BeginIdempotent claims an Idempotency-Key of an API key for a request
// (requestHash tells requests apart). When the key is new (or its record
// has expired, or was abandoned in progress) it records the request as in
// progress and returns claimed = true; otherwise it returns the record the
// key already has, for the caller to replay or refuse. One of two requests
// racing with the same key claims it: the primary key decides.
func (s *Store) BeginIdempotent(ctx context.Context, k IdempotencyKey, requestHash string, now time.Time) (rec IdempotentRequest, claimed bool, err error) {
	now = now.UTC()
	accountID, key := k.AccountID, k.stored()
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM api_idempotency WHERE account_id = ? AND idem_key = ?
		AND (created_at < ? OR (status = 0 AND created_at < ?))`),
		accountID, key, now.Add(-IdempotencyTTL), now.Add(-idempotencyAbandoned)); err != nil {
		return IdempotentRequest{}, false, fmt.Errorf("store: begin idempotent request: %w", err)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO api_idempotency (account_id, idem_key, request_hash, status, created_at)
		VALUES (?, ?, ?, 0, ?) ON CONFLICT (account_id, idem_key) DO NOTHING`), accountID, key, requestHash, now)
	if err != nil {
		return IdempotentRequest{}, false, fmt.Errorf("store: begin idempotent request: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return IdempotentRequest{RequestHash: requestHash, CreatedAt: now}, true, nil
	}
	err = s.db.GetContext(ctx, &rec, s.db.Rebind(`SELECT request_hash, status, content_type, body, created_at
		FROM api_idempotency WHERE account_id = ? AND idem_key = ?`), accountID, key)
	if err != nil {
		return IdempotentRequest{}, false, notFound(err, "idempotent request")
	}
	return rec, false, nil
}

// FinishIdempotent stores the answer to a claimed request, for replays.
func (s *Store) FinishIdempotent(ctx context.Context, k IdempotencyKey, status int, contentType string, body []byte) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE api_idempotency SET status = ?, content_type = ?, body = ?
		WHERE account_id = ? AND idem_key = ?`), status, contentType, string(body), k.AccountID, k.stored())
	if err != nil {
		return fmt.Errorf("store: finish idempotent request: %w", err)
	}
	return nil
}

// ReleaseIdempotent forgets a claimed request that got no answer worth
// keeping (one that changed nothing and may change on a retry), so a retry
// with the same key runs again.
func (s *Store) ReleaseIdempotent(ctx context.Context, k IdempotencyKey) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM api_idempotency WHERE account_id = ? AND idem_key = ? AND status = 0`), k.AccountID, k.stored())
	if err != nil {
		return fmt.Errorf("store: release idempotent request: %w", err)
	}
	return nil
}

// PruneIdempotency deletes the records older than IdempotencyTTL at now:
// their keys may be used afresh.
func (s *Store) PruneIdempotency(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM api_idempotency WHERE created_at < ?`), now.UTC().Add(-IdempotencyTTL))
	if err != nil {
		return 0, fmt.Errorf("store: prune idempotency keys: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
