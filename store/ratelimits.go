package store

import (
	"context"
	"database/sql"
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
	t, err := s.TakeEvent(ctx, scope, key, limit, window)
	return t.OK, t.Retry, err
}

// RateTake is the answer of TakeEvent: whether the event was within the
// limit, how many remain in the window after it, and when the oldest
// counted event leaves the window (the wait before the next is allowed,
// when none remain).
type RateTake struct {
	OK        bool
	Remaining int
	Retry     time.Duration // until the next event is allowed; 0 while some remain
	Reset     time.Duration // until the oldest counted event leaves the window
}

// TakeEvent is AllowEvent with the counts a client is told (the API's
// RateLimit headers). PostgreSQL only.
func (s *Store) TakeEvent(ctx context.Context, scope, key string, limit int, window time.Duration) (take RateTake, err error) {
	if s.dialect != Postgres {
		return RateTake{}, errors.New("store: shared rate limits need PostgreSQL")
	}
	hashed := Digest(key)
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// One writer per key at a time, so two instances cannot both
		// take the last free event.
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, scope+"|"+hashed); err != nil {
			return err
		}
		// The time is read once the lock is held: read before, a writer
		// that waited could record an event older than those written
		// while it waited, and tell a retry longer than the window.
		now := time.Now().UTC()
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
			reset := recent.Oldest.Time.Add(window).Sub(now)
			take = RateTake{OK: false, Remaining: 0, Retry: reset, Reset: reset}
			return nil
		}
		take = RateTake{OK: true, Remaining: limit - recent.N - 1, Reset: window}
		if recent.N > 0 {
			take.Reset = recent.Oldest.Time.Add(window).Sub(now)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO rate_events (scope, key, at) VALUES ($1, $2, $3)`, scope, hashed, now)
		return err
	})
	if err != nil {
		return RateTake{}, fmt.Errorf("store: rate limit: %w", err)
	}
	return take, nil
}

// RateEvents are a key's recent events of one scope.
type RateEvents struct {
	N              int       // how many
	Oldest, Newest time.Time // zero when N is 0
}

// RecentEvents counts key's events of scope in the last window, across
// every app instance, without recording one (sign-in failures are
// recorded only once the password was checked). PostgreSQL only.
func (s *Store) RecentEvents(ctx context.Context, scope, key string, window time.Duration) (RateEvents, error) {
	if s.dialect != Postgres {
		return RateEvents{}, errors.New("store: shared rate limits need PostgreSQL")
	}
	var recent struct {
		N      int          `db:"n"`
		Oldest sql.NullTime `db:"oldest"`
		Newest sql.NullTime `db:"newest"`
	}
	err := s.db.GetContext(ctx, &recent, `
		SELECT COUNT(*) AS n, MIN(at) AS oldest, MAX(at) AS newest FROM rate_events
		WHERE scope = $1 AND key = $2 AND at > $3`, scope, Digest(key), time.Now().UTC().Add(-window))
	if err != nil {
		return RateEvents{}, fmt.Errorf("store: recent rate events: %w", err)
	}
	return RateEvents{N: recent.N, Oldest: recent.Oldest.Time, Newest: recent.Newest.Time}, nil
}

// RecordEvent records an event of scope for key, whatever the count, and
// forgets the key's events older than window. PostgreSQL only.
func (s *Store) RecordEvent(ctx context.Context, scope, key string, window time.Duration) error {
	if s.dialect != Postgres {
		return errors.New("store: shared rate limits need PostgreSQL")
	}
	hashed, now := Digest(key), time.Now().UTC()
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM rate_events WHERE scope = $1 AND key = $2 AND at <= $3`, scope, hashed, now.Add(-window)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO rate_events (scope, key, at) VALUES ($1, $2, $3)`, scope, hashed, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: record rate event: %w", err)
	}
	return nil
}

// ForgetEvents forgets every event of scope for key (a right password
// clears that address's failures). PostgreSQL only.
func (s *Store) ForgetEvents(ctx context.Context, scope, key string) error {
	if s.dialect != Postgres {
		return errors.New("store: shared rate limits need PostgreSQL")
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM rate_events WHERE scope = $1 AND key = $2`, scope, Digest(key)); err != nil {
		return fmt.Errorf("store: forget rate events: %w", err)
	}
	return nil
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
