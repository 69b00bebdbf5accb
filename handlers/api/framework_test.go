package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/go-chi/chi/v5"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

// The middleware on their own, on a tiny route: what the app's routes get.

// withKey authenticates every request as key would.
func withKey(key store.APIKey) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyCtx{}, caller{key: key})))
		})
	}
}

func send(t *testing.T, h http.Handler, method, path, body string, headers ...string) (*httptest.ResponseRecorder, Problem) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var p Problem
	if rec.Code >= 400 {
		if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
			t.Fatalf("%s %s: %d as %q", method, path, rec.Code, ct)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return rec, p
}

func testAPI(s *store.Store) *API {
	return New(Deps{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Store: s, BaseURL: "http://bizprofile.test"})
}

func TestRequireWriteRefusesAReadOnlyKey(t *testing.T) {
	a := testAPI(nil)
	for _, c := range []struct {
		scopes string
		status int
	}{{store.ScopeRead, http.StatusForbidden}, {store.ScopeReadWrite, http.StatusNoContent}} {
		r := chi.NewRouter()
		r.With(withKey(store.APIKey{ID: 1, AccountID: 1, Scopes: c.scopes}), a.requireWrite).Post("/thing", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNoContent)
		})
		rec, p := send(t, r, "POST", "/thing", "")
		if rec.Code != c.status || (c.status == 403 && p.Type != "http://bizprofile.test/api/docs#problem-read-only-key") {
			t.Errorf("%q key: %d %+v, want %d", c.scopes, rec.Code, p, c.status)
		}
	}
}

func TestDecodeAnswersProblemsByField(t *testing.T) {
	a := testAPI(nil)
	r := chi.NewRouter()
	r.Use(a.jsonOnly)
	r.Post("/thing", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Name  string `json:"name"`
			Count int    `json:"count"`
		}
		if err := decode(r, &in); err != nil {
			a.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, in)
	})
	for _, c := range []struct {
		body   string
		status int
		kind   string
		field  string
	}{
		{`{"name":"x","count":2}`, 200, "", ""},
		{`{"name":`, 400, "bad-request", ""},
		{`not json`, 400, "bad-request", ""},
		{`{"name":"x"} {"name":"y"}`, 400, "bad-request", ""},
		{`{"name":"x","colour":"red"}`, 422, "validation", "colour"},
		{`{"count":"two"}`, 422, "validation", "count"},
	} {
		rec, p := send(t, r, "POST", "/thing", c.body)
		if rec.Code != c.status || (c.kind != "" && !strings.HasSuffix(p.Type, "#problem-"+c.kind)) {
			t.Errorf("%s: %d %+v, want %d %s", c.body, rec.Code, p, c.status, c.kind)
		}
		if c.field != "" && (len(p.Errors) != 1 || p.Errors[0].Field != c.field || p.Errors[0].Message == "") {
			t.Errorf("%s: errors %+v, want one about %s", c.body, p.Errors, c.field)
		}
	}
}

func TestIdempotencyKeyActsOnceAndReplays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "idem@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		if err != nil {
			t.Fatal(err)
		}
		other, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "idem-other@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		if err != nil {
			t.Fatal(err)
		}
		a := testAPI(s)
		var acts atomic.Int64
		var fail atomic.Bool
		release, entered := make(chan struct{}), make(chan struct{}, 1)
		var hold atomic.Bool
		router := func(account int64) http.Handler {
			r := chi.NewRouter()
			r.Use(a.jsonOnly)
			r.With(withKey(store.APIKey{ID: account, AccountID: account, Scopes: store.ScopeReadWrite}), a.idempotent).Post("/things", func(w http.ResponseWriter, r *http.Request) {
				if hold.Load() {
					entered <- struct{}{}
					<-release
				}
				if fail.Load() {
					a.fail(w, r, errors.New("the handler broke"))
					return
				}
				n := acts.Add(1)
				body, _ := io.ReadAll(r.Body)
				writeJSON(w, http.StatusCreated, map[string]any{"n": n, "got": string(body)})
			})
			return r
		}
		mine := router(u.ID)

		first, _ := send(t, mine, "POST", "/things", `{"a":1}`, "Idempotency-Key", "k-1")
		again, _ := send(t, mine, "POST", "/things", `{"a":1}`, "Idempotency-Key", "k-1")
		if first.Code != 201 || again.Code != 201 || again.Body.String() != first.Body.String() || again.Header().Get("Idempotent-Replayed") != "true" || first.Header().Get("Idempotent-Replayed") != "" {
			t.Errorf("first %d %s, replay %d %s (replayed %q)", first.Code, first.Body, again.Code, again.Body, again.Header().Get("Idempotent-Replayed"))
		}
		if acts.Load() != 1 {
			t.Errorf("acted %d times, want once", acts.Load())
		}
		if rec, p := send(t, mine, "POST", "/things", `{"a":2}`, "Idempotency-Key", "k-1"); rec.Code != 422 || !strings.HasSuffix(p.Type, "#problem-idempotency-key-reused") {
			t.Errorf("same key, another body: %d %+v", rec.Code, p)
		}
		// Without a key, every request acts; another account's key is its own.
		send(t, mine, "POST", "/things", `{"a":1}`)
		if rec, _ := send(t, router(other.ID), "POST", "/things", `{"a":1}`, "Idempotency-Key", "k-1"); rec.Code != 201 || rec.Header().Get("Idempotent-Replayed") != "" || acts.Load() != 3 {
			t.Errorf("another account's k-1: %d, acted %d times", rec.Code, acts.Load())
		}

		for key, ok := range map[string]bool{strings.Repeat("k", 255): true, strings.Repeat("k", 256): false, "tab\there": false, "é": false, "": false} {
			rec, p := send(t, mine, "POST", "/things", `{}`, "Idempotency-Key", key)
			if ok != (rec.Code == 201) || (!ok && (rec.Code != 400 || p.Detail == "")) {
				t.Errorf("key %q: %d %+v", key, rec.Code, p)
			}
		}

		// A server error is not kept: the retry runs.
		fail.Store(true)
		if rec, _ := send(t, mine, "POST", "/things", `{}`, "Idempotency-Key", "k-fails"); rec.Code != 500 {
			t.Errorf("failing: %d", rec.Code)
		}
		fail.Store(false)
		if rec, _ := send(t, mine, "POST", "/things", `{}`, "Idempotency-Key", "k-fails"); rec.Code != 201 || rec.Header().Get("Idempotent-Replayed") != "" {
			t.Errorf("retry after a server error: %d replayed %q", rec.Code, rec.Header().Get("Idempotent-Replayed"))
		}

		// A retry while the first is still running: 409, and the first's
		// answer once it is done.
		hold.Store(true)
		var wg sync.WaitGroup
		wg.Add(1)
		var slow *httptest.ResponseRecorder
		go func() {
			defer wg.Done()
			slow, _ = send(t, mine, "POST", "/things", `{"slow":true}`, "Idempotency-Key", "k-slow")
		}()
		<-entered
		if rec, p := send(t, mine, "POST", "/things", `{"slow":true}`, "Idempotency-Key", "k-slow"); rec.Code != 409 || !strings.HasSuffix(p.Type, "#problem-idempotency-key-in-progress") || rec.Header().Get("Retry-After") == "" {
			t.Errorf("while the first runs: %d %+v", rec.Code, p)
		}
		hold.Store(false)
		close(release)
		wg.Wait()
		if rec, _ := send(t, mine, "POST", "/things", `{"slow":true}`, "Idempotency-Key", "k-slow"); rec.Body.String() != slow.Body.String() || rec.Header().Get("Idempotent-Replayed") != "true" {
			t.Errorf("after the slow one: %d %s, want its answer %s", rec.Code, rec.Body, slow.Body)
		}
	})
}

// A refusal of the caller (401, 403, 429) changed nothing: it is not kept,
// and the same Idempotency-Key acts once the caller may.
func TestIdempotencyKeepsNoRefusalOfTheCaller(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		u, _, err := s.CreateAccount(context.Background(), store.NewAccount{Email: "refused@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		if err != nil {
			t.Fatal(err)
		}
		a := testAPI(s)
		var answer atomic.Int64
		r := chi.NewRouter()
		r.With(withKey(store.APIKey{ID: 7, AccountID: u.ID, Scopes: store.ScopeReadWrite}), a.idempotent).Post("/things", func(w http.ResponseWriter, r *http.Request) {
			if status := int(answer.Load()); status >= 400 {
				a.problem(w, r, newProblem("test", status, "Refused").With("As the test asks."))
			} else {
				writeJSON(w, status, map[string]any{"status": status})
			}
		})
		for _, status := range []int{401, 403, 429, 500, 503, 201} {
			answer.Store(int64(status))
			if rec, _ := send(t, r, "POST", "/things", `{}`, "Idempotency-Key", "k"); rec.Code != status || rec.Header().Get("Idempotent-Replayed") != "" {
				t.Errorf("after the refusals, %d: %d, replayed %q", status, rec.Code, rec.Header().Get("Idempotent-Replayed"))
			}
		}
		answer.Store(409)
		if rec, _ := send(t, r, "POST", "/things", `{}`, "Idempotency-Key", "k"); rec.Code != 201 || rec.Header().Get("Idempotent-Replayed") != "true" {
			t.Errorf("the 201 is kept: %d, replayed %q", rec.Code, rec.Header().Get("Idempotent-Replayed"))
		}
	})
}
