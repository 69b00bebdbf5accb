package store_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestAPIKeysAreStoredAsHashesAndRevokedWithinTheirAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("keys@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other-keys@example.com"))
		must(t, err)

		k, secret, err := s.CreateAPIKey(ctx, store.NewAPIKey{AccountID: owner.ID, Name: "CRM", Scopes: store.ScopeRead, CreatedBy: owner.ID})
		must(t, err)
		if !strings.HasPrefix(secret, store.APIKeyPrefix) || !strings.HasPrefix(secret, k.Prefix) || k.Hash != store.Digest(secret) {
			t.Errorf("key %+v for secret %q: the prefix starts the secret, the hash is its digest", k, secret)
		}
		found, err := s.APIKeyByHash(ctx, store.Digest(secret))
		must(t, err)
		if found.ID != k.ID || found.Name != "CRM" || found.CanWrite() || found.Revoked() || found.LastUsedAt.Valid {
			t.Errorf("found by hash = %+v", found)
		}
		ks, err := s.APIKeysOf(ctx, owner.ID)
		must(t, err)
		for _, listed := range ks {
			if strings.Contains(listed.Hash, secret) || listed.Prefix == secret {
				t.Errorf("the secret is stored in the clear: %+v", listed)
			}
		}

		now := time.Now()
		must(t, s.TouchAPIKey(ctx, k.ID, now))
		must(t, s.TouchAPIKey(ctx, k.ID, now.Add(30*time.Second)))
		found, err = s.APIKeyByHash(ctx, k.Hash)
		must(t, err)
		if !found.LastUsedAt.Valid || found.LastUsedAt.Time.Sub(now.UTC()).Abs() > time.Second {
			t.Errorf("last used %v, want the first touch (%v): a touch within the minute writes nothing", found.LastUsedAt, now)
		}

		if err := s.RevokeAPIKey(ctx, other.ID, k.ID, now); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("revoked by another account: %v, want ErrNotFound", err)
		}
		must(t, s.RevokeAPIKey(ctx, owner.ID, k.ID, now))
		found, err = s.APIKeyByHash(ctx, k.Hash)
		must(t, err)
		if !found.Revoked() {
			t.Error("the key is not revoked")
		}
	})
}

func TestAPIKeysAreLimitedToActiveOnes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, err := s.CreateAccount(ctx, newAccount("ten-keys@example.com"))
		must(t, err)
		var first store.APIKey
		for i := range store.MaxAPIKeys {
			k, _, err := s.CreateAPIKey(ctx, store.NewAPIKey{AccountID: owner.ID, Name: "key " + strconv.Itoa(i), Scopes: store.ScopeReadWrite, CreatedBy: owner.ID})
			must(t, err)
			if i == 0 {
				first = k
			}
		}
		if _, _, err := s.CreateAPIKey(ctx, store.NewAPIKey{AccountID: owner.ID, Name: "eleventh", Scopes: store.ScopeRead}); !errors.Is(err, store.ErrAPIKeyLimit) {
			t.Fatalf("key past the limit: %v, want ErrAPIKeyLimit", err)
		}
		must(t, s.RevokeAPIKey(ctx, owner.ID, first.ID, time.Now()))
		if _, _, err := s.CreateAPIKey(ctx, store.NewAPIKey{AccountID: owner.ID, Name: "after a revocation", Scopes: store.ScopeRead}); err != nil {
			t.Errorf("key after a revocation: %v", err)
		}
		ks, err := s.APIKeysOf(ctx, owner.ID)
		must(t, err)
		if len(ks) != store.MaxAPIKeys+1 || ks[0].Name != "after a revocation" {
			t.Errorf("%d keys listed, newest %q: revoked keys stay listed, newest first", len(ks), ks[0].Name)
		}
	})
}
