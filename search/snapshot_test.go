package search

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// An index read from its snapshot answers every search as the index it
// was written from, and goes on taking changes as it would.
func TestSnapshotRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	all := testListings(r, 2000)
	all[7].Logo = "0123456789abcdef0123456789abcdef.jpg 640x480 160,320,640"
	orig := NewIndex()
	orig.Build(ctx, 3, all)
	orig.Apply(ctx, 4, []int64{1, 2, 3}, []Listing{all[1], {ID: 9001, Slug: "new", Name: "Zanzibar Évora Roofing", Category: "construction", City: "Austin", State: "TX"}})
	var buf bytes.Buffer
	if err := orig.Save(&buf); err != nil {
		t.Fatal(err)
	}
	loaded := NewIndex()
	v, err := loaded.Load(bytes.NewReader(buf.Bytes()))
	if err != nil || v != 4 || loaded.Version() != 4 {
		t.Fatalf("load: version %d, %v", v, err)
	}
	agree := func(label string) {
		t.Helper()
		for _, q := range []Query{{}, {Text: "coffee"}, {Text: "évora"}, {Text: "web design"}, {Text: "ca", Sort: SortName},
			{Location: "portland"}, {Location: "Austin, TX", Sort: SortReviews}, {State: "OR"}, {Category: "food", MinRating: 3},
			{VerifiedOnly: true, Sort: SortRating}, {Type: "online"}} {
			for _, offset := range []int{0, 20, 400} {
				got, want := find(loaded, q, offset, 20), find(orig, q, offset, 20)
				if !slices.Equal(got.Listings, want.Listings) || got.Total != want.Total {
					t.Fatalf("%s: %+v at %d: loaded index found %d (%v), the original %d (%v)", label, q, offset, got.Total, ids(got.Listings), want.Total, ids(want.Listings))
				}
			}
		}
		if got, want := summary(loaded), summary(orig); !slices.Equal(got.Places, want.Places) || len(got.Categories) != len(want.Categories) {
			t.Fatalf("%s: summaries differ", label)
		}
	}
	agree("loaded")
	if got := find(loaded, Query{Text: "zanzibar évora"}, 0, 1); got.Total != 1 || got.Listings[0].ID != 9001 {
		t.Fatalf("the listing added before the snapshot: %+v", got)
	}
	for _, e := range []*Index{orig, loaded} {
		e.Apply(ctx, 5, []int64{9001, 10, 11}, []Listing{{ID: 11, Slug: "eleven", Name: "Harbor Coffee", Category: "food", City: "Portland", State: "ME", Rating: 5}})
	}
	agree("changed after")
}

// A snapshot that is damaged or cut short is refused, never half read.
func TestSnapshotDamaged(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	all := testListings(r, 300)
	e := NewIndex()
	e.Build(ctx, 1, all)
	var buf bytes.Buffer
	if err := e.Save(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	for name, b := range map[string][]byte{
		"empty":       nil,
		"cut short":   good[:len(good)/2],
		"no checksum": good[:len(good)-4],
		"a byte off":  func() []byte { b := slices.Clone(good); b[len(b)/3] ^= 0x40; return b }(),
		"other magic": append([]byte("BZPIDX\x00\x02"), good[8:]...),
	} {
		fresh := NewIndex()
		if _, err := fresh.Load(bytes.NewReader(b)); !errors.Is(err, ErrSnapshot) {
			t.Errorf("%s: %v", name, err)
		}
		if fresh.Version() != -1 {
			t.Errorf("%s: the index took a damaged snapshot", name)
		}
	}
}

func ids(ls []Listing) []int64 {
	out := make([]int64, len(ls))
	for i, l := range ls {
		out[i] = l.ID
	}
	return out
}
