package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// SessionStore keeps scs sessions in the app's own database, so any number
// of app instances share them. It implements scs.CtxStore on both engines.
// The table holds a SHA-256 hash of each token, never the token itself:
// whoever reads the database (a backup, a replica, an injected query)
// learns no cookie that signs anybody in.
type SessionStore struct {
	s *Store
}

// Digest is how the store keeps a secret it must recognise but never
// reveal (a session's token, an emailed link's token, a rate limit's
// address or email): the hex SHA-256 of it.
func Digest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Sessions returns the scs store backed by this database.
func (s *Store) Sessions() *SessionStore { return &SessionStore{s: s} }

// FindCtx returns the data of an unexpired session.
func (ss *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var data []byte
	q := ss.s.db.Rebind(`SELECT data FROM sessions WHERE token = ? AND expiry > ?`)
	err := ss.s.db.QueryRowxContext(ctx, q, Digest(token), time.Now().Unix()).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: find session: %w", err)
	}
	return data, true, nil
}

// CommitCtx inserts or replaces a session.
func (ss *SessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	q := ss.s.db.Rebind(`INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry`)
	if _, err := ss.s.db.ExecContext(ctx, q, Digest(token), b, expiry.Unix()); err != nil {
		return fmt.Errorf("store: commit session: %w", err)
	}
	return nil
}

// DeleteCtx removes a session.
func (ss *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	q := ss.s.db.Rebind(`DELETE FROM sessions WHERE token = ?`)
	if _, err := ss.s.db.ExecContext(ctx, q, Digest(token)); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// Find, Commit and Delete satisfy scs.Store; scs prefers the Ctx methods.
func (ss *SessionStore) Find(token string) ([]byte, bool, error) {
	return ss.FindCtx(context.Background(), token)
}

// Commit implements scs.Store.
func (ss *SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return ss.CommitCtx(context.Background(), token, b, expiry)
}

// Delete implements scs.Store.
func (ss *SessionStore) Delete(token string) error {
	return ss.DeleteCtx(context.Background(), token)
}

// DeleteExpired removes sessions past their expiry and reports how many.
func (ss *SessionStore) DeleteExpired(ctx context.Context) (int64, error) {
	q := ss.s.db.Rebind(`DELETE FROM sessions WHERE expiry <= ?`)
	res, err := ss.s.db.ExecContext(ctx, q, time.Now().Unix())
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	return res.RowsAffected()
}
