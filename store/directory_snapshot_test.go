package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"bizprofile/internal/synthetic"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// snapshotQueries are searches of every kind the directory sends, to
// compare two instances' answers.
var snapshotQueries = []store.Search{
	{}, {Query: "bakery"}, {Query: "ba", Sort: store.SortName}, {Query: "web design"}, {Category: "food", Page: 2},
	{Location: "TX"}, {Location: "Austin, TX", Sort: store.SortReviews}, {MinRating: 4, VerifiedOnly: true}, {Query: "zzqx"},
}

// sameAnswers fails unless got answers every query as want does.
func sameAnswers(t *testing.T, label string, got, want *store.Store) {
	t.Helper()
	ctx := context.Background()
	for _, q := range snapshotQueries {
		g, err := got.SearchBusinesses(ctx, q)
		if err != nil {
			t.Fatalf("%s: %+v: %v", label, q, err)
		}
		w, err := want.SearchBusinesses(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(names(g.Businesses), names(w.Businesses)) || g.Total != w.Total || g.Version != w.Version {
			t.Fatalf("%s: %+v: found %d %q at version %d, the database holds %d %q at version %d",
				label, q, g.Total, names(g.Businesses), g.Version, w.Total, names(w.Businesses), w.Version)
		}
	}
}

// logged is a logger whose records a test reads back.
type logged struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logged) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logged) logger() *slog.Logger { return slog.New(slog.NewJSONHandler(l, nil)) }

// messages are the messages logged, with their reasons.
func (l *logged) messages() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for line := range bytes.Lines(l.buf.Bytes()) {
		var rec struct{ Msg, Reason string }
		if json.Unmarshal(line, &rec) == nil {
			out = append(out, rec.Msg+": "+rec.Reason)
		}
	}
	return out
}

// A new instance reads the index from the snapshot the last one left, then
// applies the changes made since: its answers are the database's. A
// snapshot of another database, or a damaged one, is not used: the index
// is built from the listings instead, and answers the same.
func TestSearchIndexSnapshot(t *testing.T) {
	for _, d := range storetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			stores := storetest.OpenShared(t, d, 4)
			first, second, damaged, plain := stores[0], stores[1], stores[2], stores[3]
			path := filepath.Join(t.TempDir(), "search-index.snapshot")
			var log1 logged
			first.KeepSearchSnapshot(path, log1.logger())
			if err := synthetic.Add(ctx, first, 400, 3); err != nil {
				t.Fatal(err)
			}
			if err := first.WarmDirectory(ctx); err != nil {
				t.Fatal(err)
			}
			if err := first.SaveSearchSnapshot(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(path); err != nil {
				t.Fatalf("no snapshot written: %v", err)
			}
			// Changes after the snapshot: an edit, an unpublished listing,
			// a new one.
			res, _ := first.SearchBusinesses(ctx, store.Search{Query: "bakery"})
			if len(res.Businesses) < 2 {
				t.Fatalf("the synthetic listings have %d bakeries", len(res.Businesses))
			}
			renameBusiness(t, first, res.Businesses[0].ID, "Zanzibar Bakery")
			setUnpublished(t, first, res.Businesses[1].ID)
			if _, err := first.CreateBusiness(ctx, store.Business{Name: "Quokka Web Design", Category: "technology", City: "Austin", State: "TX", Published: true}); err != nil {
				t.Fatal(err)
			}

			var log2 logged
			second.KeepSearchSnapshot(path, log2.logger())
			if err := second.WarmDirectory(ctx); err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(log2.messages(), func(m string) bool { return m == "search index read from its snapshot: " }) {
				t.Fatalf("the snapshot was not read: %q", log2.messages())
			}
			sameAnswers(t, "read from the snapshot", second, plain)
			if res, _ := second.SearchBusinesses(ctx, store.Search{Query: "zanzibar"}); res.Total != 1 {
				t.Errorf("an edit after the snapshot: %d found", res.Total)
			}

			// The same snapshot, damaged: refused, and the index built.
			b, _ := os.ReadFile(path)
			b[len(b)/2] ^= 0xff
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			var log3 logged
			damaged.KeepSearchSnapshot(path, log3.logger())
			sameAnswers(t, "a damaged snapshot", damaged, plain)
			if !slices.ContainsFunc(log3.messages(), func(m string) bool {
				return m == "search index snapshot not used: the index is built from the listings: "
			}) {
				t.Errorf("a damaged snapshot: %q", log3.messages())
			}

			// Another database with the same snapshot path: refused.
			other := storetest.Open(t, d)
			if _, err := other.CreateBusiness(ctx, store.Business{Name: "Lone Bakery", Category: "food", City: "Omaha", State: "NE", Published: true}); err != nil {
				t.Fatal(err)
			}
			var log4 logged
			other.KeepSearchSnapshot(path, log4.logger())
			if err := first.SaveSearchSnapshot(ctx); err != nil {
				t.Fatal(err)
			}
			if res, err := other.SearchBusinesses(ctx, store.Search{}); err != nil || res.Total != 1 {
				t.Errorf("another database's snapshot: %d found, %v", res.Total, err)
			}
			if !slices.Contains(log4.messages(), "search index snapshot not used: the index is built from the listings: made of another database") {
				t.Errorf("another database's snapshot: %q", log4.messages())
			}
		})
	}
}

// Searches that arrive while the index is first built, or rebuilt after
// changes it cannot follow one by one, wait for it and answer as the
// database is: none is answered from a half-built index or an old one.
func TestSearchDuringTheIndexBuild(t *testing.T) {
	for _, d := range storetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			stores := storetest.OpenShared(t, d, 3)
			writer, searched, reference := stores[0], stores[1], stores[2]
			if err := synthetic.Add(ctx, writer, 3000, 5); err != nil {
				t.Fatal(err)
			}
			race := func(label string) {
				t.Helper()
				want := map[int]store.SearchResult{}
				var wg sync.WaitGroup
				errs := make(chan error, 64)
				got := make([]store.SearchResult, 32)
				for i := range got {
					wg.Go(func() {
						res, err := searched.SearchBusinesses(ctx, snapshotQueries[i%len(snapshotQueries)])
						if err != nil {
							errs <- err
						}
						got[i] = res
					})
				}
				wg.Wait()
				close(errs)
				for err := range errs {
					t.Fatalf("%s: %v", label, err)
				}
				for i, res := range got {
					q := snapshotQueries[i%len(snapshotQueries)]
					w, ok := want[i%len(snapshotQueries)]
					if !ok {
						w, _ = reference.SearchBusinesses(ctx, q)
						want[i%len(snapshotQueries)] = w
					}
					if !slices.Equal(names(res.Businesses), names(w.Businesses)) || res.Total != w.Total {
						t.Fatalf("%s: %+v: found %d %q, the database holds %d %q", label, q, res.Total, names(res.Businesses), w.Total, names(w.Businesses))
					}
				}
			}
			race("first build")
			// An edit whose change record is pruned at once: the instance
			// cannot follow it and rebuilds, while the searches wait.
			res, _ := reference.SearchBusinesses(ctx, store.Search{Query: "bakery"})
			renameBusiness(t, writer, res.Businesses[0].ID, "Quokka Roastery")
			setUnpublished(t, writer, res.Businesses[1].ID)
			if err := writer.PruneDirectoryChanges(ctx, 0); err != nil {
				t.Fatal(err)
			}
			race("rebuild")
			if res, _ := searched.SearchBusinesses(ctx, store.Search{Query: "quokka"}); res.Total != 1 {
				t.Errorf("the edit after the rebuild: %d found", res.Total)
			}
		})
	}
}
