package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// AllowEvent records an event of scope for key (an address, an email) and
// reports whether it is within limit events per window, counted across
// every app instance; when it is not, retry says how long until the next
// is allowed. Keys are kept only as hashes. PostgreSQL only: SQLite serves
// one instance, whose memory counts its events.
func (s *Store) AllowEvent(ctx context.Context, scope, key string, limit int, window time.Duration) (ok bool, retry time.Duration, err error) {
	if s.dialect != Postgres {
		return false, 0, errors.New("store: shared rate limits need PostgreSQL")
	}
	sum := sha256.Sum256([]byte(key))
	hashed := hex.EncodeToString(sum[:])
	now := time.Now().UTC()
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// One writer per key at a time, so two instances cannot both
		// take the last free event.
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, scope+"|"+hashed); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM rate_events WHERE scope = $1 AND key = $2 AND at <= $3`, scope, hashed, now.Add(-window)); err != nil {
			return err
		}
		var recent struct {
			N      int          `db:"n"`
			Oldest sql.NullTime `db:"oldest"`
		}
		if err := tx.GetContext(ctx, &recent, `SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_events WHERE scope = $1 AND key = $2`, scope, hashed); err != nil {
			return err
		}
		if recent.N >= limit {
			ok, retry = false, recent.Oldest.Time.Add(window).Sub(now)
			return nil
		}
		ok = true
		_, err := tx.ExecContext(ctx, `INSERT INTO rate_events (scope, key, at) VALUES ($1, $2, $3)`, scope, hashed, now)
		return err
	})
	if err != nil {
		return false, 0, fmt.Errorf("store: rate limit: %w", err)
	}
	return ok, retry, nil
}

// PruneRateEvents forgets events older than before, of keys that went
// quiet (a key's own old events go at its next event).
func (s *Store) PruneRateEvents(ctx context.Context, before time.Time) error {
	if s.dialect != Postgres {
		return nil
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM rate_events WHERE at < $1`, before.UTC()); err != nil {
		return fmt.Errorf("store: prune rate events: %w", err)
	}
	return nil
}
