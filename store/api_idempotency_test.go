package store_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestIdempotencyKeysAreClaimedOnceAndKeptADay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, newAccount("idem@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("idem2@example.com"))
		must(t, err)
		now := time.Now()
		// key is the Idempotency-Key name sent with a's first API key.
		key := func(a store.User, name string) store.IdempotencyKey {
			return store.IdempotencyKey{AccountID: a.ID, APIKeyID: a.ID * 10, Key: name}
		}

		_, claimed, err := s.BeginIdempotent(ctx, key(u, "k"), "h1", now)
		must(t, err)
		if !claimed {
			t.Fatal("a new key is not claimed")
		}
		rec, claimed, err := s.BeginIdempotent(ctx, key(u, "k"), "h1", now)
		must(t, err)
		if claimed || !rec.InProgress() || rec.RequestHash != "h1" {
			t.Errorf("second claim: %v %+v, want the first's record, in progress", claimed, rec)
		}
		if _, claimed, _ := s.BeginIdempotent(ctx, key(other, "k"), "h9", now); !claimed {
			t.Error("another account's key of the same name is not its own")
		}
		if _, claimed, _ := s.BeginIdempotent(ctx, store.IdempotencyKey{AccountID: u.ID, APIKeyID: u.ID*10 + 1, Key: "k"}, "h1", now); !claimed {
			t.Error("another API key of the account sending the same name does not get its own")
		}
		must(t, s.FinishIdempotent(ctx, key(u, "k"), 201, "application/json", []byte(`{"ok":true}`)))
		rec, claimed, err = s.BeginIdempotent(ctx, key(u, "k"), "h1", now.Add(time.Hour))
		must(t, err)
		if claimed || rec.Status != 201 || rec.ContentType != "application/json" || rec.Body != `{"ok":true}` {
			t.Errorf("after the answer: %v %+v", claimed, rec)
		}

		// Released (a server error): the key is free again.
		_, _, err = s.BeginIdempotent(ctx, key(u, "r"), "h2", now)
		must(t, err)
		must(t, s.ReleaseIdempotent(ctx, key(u, "r")))
		if _, claimed, _ := s.BeginIdempotent(ctx, key(u, "r"), "h3", now); !claimed {
			t.Error("a released key is not free")
		}
		// An answered key is not released.
		must(t, s.ReleaseIdempotent(ctx, key(u, "k")))
		if _, claimed, _ := s.BeginIdempotent(ctx, key(u, "k"), "h1", now); claimed {
			t.Error("releasing deleted an answered key")
		}

		// Past a day, a key starts afresh; pruning deletes the old ones.
		if _, claimed, _ := s.BeginIdempotent(ctx, key(u, "k"), "h4", now.Add(store.IdempotencyTTL+time.Minute)); !claimed {
			t.Error("a key older than a day is not claimed afresh")
		}
		n, err := s.PruneIdempotency(ctx, now.Add(store.IdempotencyTTL+time.Hour))
		must(t, err)
		if n != 3 { // other's k, the second API key's k and r (claimed at now); k was claimed again later
			t.Errorf("pruned %d, want 3", n)
		}
		if _, claimed, _ := s.BeginIdempotent(ctx, key(u, "k"), "h5", now.Add(store.IdempotencyTTL+2*time.Minute)); claimed {
			t.Error("pruning deleted a recent key")
		}
	})
}
