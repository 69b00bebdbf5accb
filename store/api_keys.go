package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// MaxAPIKeys is how many keys an account may hold at once (revoked keys do
// not count).
const MaxAPIKeys = 10

// API key scopes: a read key reads; a read-write key also changes the
// account's records.
const (
	ScopeRead      = "read"
	ScopeReadWrite = "read write"
)

// APIKeyPrefix starts every key, so a leaked key is recognisable (secret
// scanners, logs).
const APIKeyPrefix = "bp_"

// ErrAPIKeyLimit is returned when an account already holds MaxAPIKeys keys.
var ErrAPIKeyLimit = errors.New("store: API key limit reached")

// APIKey is a key of the public REST API, without its secret.
type APIKey struct {
	ID         int64         `db:"id"`
	AccountID  int64         `db:"account_id"`
	Name       string        `db:"name"`
	Prefix     string        `db:"prefix"` // the key's first characters, shown to tell keys apart
	Hash       string        `db:"hash"`   // Digest of the key
	Scopes     string        `db:"scopes"` // ScopeRead or ScopeReadWrite
	CreatedBy  sql.NullInt64 `db:"created_by"`
	CreatedAt  time.Time     `db:"created_at"`
	LastUsedAt sql.NullTime  `db:"last_used_at"`
	RevokedAt  sql.NullTime  `db:"revoked_at"`
}

// CanWrite reports whether the key may change records.
func (k APIKey) CanWrite() bool { return k.Scopes == ScopeReadWrite }

// Revoked reports whether the key no longer opens the API.
func (k APIKey) Revoked() bool { return k.RevokedAt.Valid }

// NewAPIKey is a key to create: its account, name, scopes and who made it
// (0: the account's owner).
type NewAPIKey struct {
	AccountID int64
	Name      string
	Scopes    string
	CreatedBy int64
}

const apiKeyColumns = `id, account_id, name, prefix, hash, scopes, created_by, created_at, last_used_at, revoked_at`

// GenerateAPIKey makes a new secret key: APIKeyPrefix and 32 random
// characters (160 bits).
func GenerateAPIKey() string {
	b := make([]byte, 20)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return APIKeyPrefix + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// CreateAPIKey stores a new key for the account and returns it with the
// secret, which is never stored and cannot be shown again. It fails with
// ErrAPIKeyLimit when the account already holds MaxAPIKeys keys.
func (s *Store) CreateAPIKey(ctx context.Context, n NewAPIKey) (APIKey, string, error) {
	if n.Scopes != ScopeRead && n.Scopes != ScopeReadWrite {
		return APIKey{}, "", fmt.Errorf("store: create API key: unknown scopes %q", n.Scopes)
	}
	secret := GenerateAPIKey()
	if n.CreatedBy == 0 {
		n.CreatedBy = n.AccountID
	}
	k := APIKey{AccountID: n.AccountID, Name: n.Name, Prefix: secret[:len(APIKeyPrefix)+6], Hash: Digest(secret),
		Scopes: n.Scopes, CreatedBy: sql.NullInt64{Int64: n.CreatedBy, Valid: true}, CreatedAt: time.Now().UTC()}
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if s.dialect == Postgres {
			// Two creations at once must not both pass the count.
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, fmt.Sprintf("api_keys|%d", n.AccountID)); err != nil {
				return err
			}
		}
		var held int
		if err := tx.GetContext(ctx, &held, tx.Rebind(`SELECT COUNT(*) FROM api_keys WHERE account_id = ? AND revoked_at IS NULL`), n.AccountID); err != nil {
			return err
		}
		if held >= MaxAPIKeys {
			return ErrAPIKeyLimit
		}
		return tx.GetContext(ctx, &k.ID, tx.Rebind(`INSERT INTO api_keys (account_id, name, prefix, hash, scopes, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), k.AccountID, k.Name, k.Prefix, k.Hash, k.Scopes, k.CreatedBy, k.CreatedAt)
	})
	if err != nil {
		if errors.Is(err, ErrAPIKeyLimit) {
			return APIKey{}, "", err
		}
		return APIKey{}, "", fmt.Errorf("store: create API key: %w", err)
	}
	return k, secret, nil
}

// APIKeysOf lists an account's keys, revoked ones included, newest first.
func (s *Store) APIKeysOf(ctx context.Context, accountID int64) ([]APIKey, error) {
	var ks []APIKey
	err := s.db.SelectContext(ctx, &ks, s.db.Rebind(`SELECT `+apiKeyColumns+` FROM api_keys WHERE account_id = ? ORDER BY created_at DESC, id DESC`), accountID)
	if err != nil {
		return nil, fmt.Errorf("store: API keys of account: %w", err)
	}
	return ks, nil
}

// APIKeyByHash finds a key by the Digest of its secret, revoked or not (the
// caller tells a revoked key apart). ErrNotFound when no key has it.
func (s *Store) APIKeyByHash(ctx context.Context, hash string) (APIKey, error) {
	var k APIKey
	err := s.db.GetContext(ctx, &k, s.db.Rebind(`SELECT `+apiKeyColumns+` FROM api_keys WHERE hash = ?`), hash)
	if err != nil {
		return APIKey{}, notFound(err, "API key by hash")
	}
	return k, nil
}

// RevokeAPIKey ends a key of the account at once. ErrNotFound when the
// account has no such key; revoking a revoked key changes nothing.
func (s *Store) RevokeAPIKey(ctx context.Context, accountID, id int64, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND account_id = ?`), now.UTC(), id, accountID)
	if err != nil {
		return fmt.Errorf("store: revoke API key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// TouchAPIKey records that the key was used at now. It writes at most once
// a minute per key, so a busy key costs no write per request.
func (s *Store) TouchAPIKey(ctx context.Context, id int64, now time.Time) error {
	now = now.UTC()
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`),
		now, id, now.Add(-time.Minute))
	if err != nil {
		return fmt.Errorf("store: touch API key: %w", err)
	}
	return nil
}
