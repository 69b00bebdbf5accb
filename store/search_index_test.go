package store

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The index's fast paths (words looked up in the vocabulary, a
// category's or a place's listings instead of a walk, kept matches, a
// bounded heap) find the same pages as checking every listing does.
func TestSearchIndexAgreesWithACheckOfEveryListing(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, "", filepath.Join(t.TempDir(), "index.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SeedSynthetic(ctx, 3000, 7); err != nil {
		t.Fatal(err)
	}
	ix, err := s.searchIndex(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v := SynthVocabulary()
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(opts ...string) string { return opts[r.IntN(len(opts))] }
	texts := []string{"", "", "coffee", "ca", "e", "web design", "roofing", "garcia & sons", "a-b", "-", "zzqx", "st. ", "bakery & cafe"}
	check := func(label string) {
		for i := range 300 {
			city := v.Cities[r.IntN(len(v.Cities))]
			q := Search{
				Query:    pick(texts...),
				Category: pick("", "", v.Categories[r.IntN(len(v.Categories))], "nope"),
				Location: pick("", "", city[0], city[1], city[0]+", "+city[1], "port", "lake c"),
				Sort:     pick(SortRelevance, SortRating, SortReviews, SortName),
			}
			q.Page = []int{1, 1, 2, 5, 40}[r.IntN(5)]
			if r.IntN(4) == 0 {
				q.MinRating = 4
			}
			if r.IntN(4) == 0 {
				q.VerifiedOnly = true
			}
			if r.IntN(5) == 0 {
				q.State, q.City = city[1], pick("", city[0])
			}
			offset := (q.Page - 1) * PageSize
			for round := range 2 { // the second time, from kept matches
				got, gotTotal := ix.search(q, offset, PageSize)
				want, wantTotal := everyListing(ix, q, offset, PageSize)
				if !slices.Equal(got, want) || gotTotal != wantTotal {
					t.Fatalf("%s: search %d (round %d) %+v:\n got %v (total %d)\nwant %v (total %d)", label, i, round, q, got, gotTotal, want, wantTotal)
				}
			}
		}
	}
	check("built")
	// Changes applied one by one to the built index: ratings, names,
	// places, categories, unpublished, deleted and new listings.
	for i := range 40 {
		id := int64(1 + r.IntN(3000))
		stmts := []string{
			fmt.Sprintf(`UPDATE businesses SET rating = %d.5, review_count = %d WHERE id = %d`, r.IntN(5), r.IntN(900), id),
			fmt.Sprintf(`UPDATE businesses SET name = 'Cafe Garcia %d', featured = NOT featured WHERE id = %d`, i, id),
			fmt.Sprintf(`UPDATE businesses SET city = 'Portland', state = 'ME', category = 'food' WHERE id = %d`, id),
			fmt.Sprintf(`UPDATE businesses SET published = NOT published WHERE id = %d`, id),
			fmt.Sprintf(`DELETE FROM businesses WHERE id = %d`, id),
		}
		if _, err := s.pool.ExecContext(ctx, stmts[r.IntN(len(stmts))]); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateBusiness(ctx, Business{Name: fmt.Sprintf("Roofing Coffee %d", i), Category: "food", City: "Austin", State: "TX", Rating: float64(r.IntN(5)), Published: true}); err != nil {
			t.Fatal(err)
		}
		if err := s.refreshDirectory(ctx); err != nil {
			t.Fatal(err)
		}
		if s.dir.index.Load() != ix {
			t.Fatal("the index was rebuilt rather than changed")
		}
	}
	check("changed")
}

// everyListing is a search done the slow way: every live document checked
// and all the matches sorted.
func everyListing(ix *searchIndex, q Search, offset, limit int) ([]int32, int) {
	f := ix.filter(q)
	if f.none {
		return nil, 0
	}
	text := fold(strings.Join(strings.Fields(q.Query), " "))
	by := map[string]int{SortRating: orderRating, SortReviews: orderReviews, SortName: orderName}[q.Sort]
	type match struct {
		d   int32
		key [3]int
	}
	var all []match
	for d := range ix.meta {
		m := &ix.meta[d]
		if !f.pass(m) {
			continue
		}
		class := uint8(0)
		if text != "" {
			if class = classOf(ix.text[d].fields(), text); class == checked {
				continue
			}
		}
		key := [3]int{0, 0, int(ix.rank[by][d])}
		if by == orderRelevance {
			key[2] = int(ix.rank[orderRating][d])
			if m.flags&docFeatured == 0 {
				key[0] = 1
			}
			key[1] = int(class)
		}
		all = append(all, match{int32(d), key})
	}
	slices.SortFunc(all, func(a, b match) int { return slices.Compare(a.key[:], b.key[:]) })
	var page []int32
	for _, m := range all[min(offset, len(all)):min(offset+limit, len(all))] {
		page = append(page, m.d)
	}
	return page, len(all)
}
