package handlers

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"bizprofile/catalog"
)

// FuzzParseDirectoryQuery: whatever a URL holds, the parsed query is valid,
// and the link it makes reads back as the same query.
func FuzzParseDirectoryQuery(f *testing.F) {
	for _, seed := range []string{
		"", "q=coffee&category=food&sort=rating", "q=%FF%FE&page=99999999999", "location=Austin,%20TX&view=list&verified=on",
		"min_rating=4.5&type=online&page=2", "q=" + strings.Repeat("é", 300), "sort=name&sort=rating", "q=%00%27%22;--",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, s := parseDirectoryQuery(v)
		for _, text := range []string{q.Q, q.Location} {
			if !utf8.ValidString(text) || utf8.RuneCountInString(text) > maxQueryLen || text != strings.TrimSpace(text) {
				t.Fatalf("bad text control %q", text)
			}
		}
		if !catalog.ValidOption(catalog.SortOptions, q.Sort) || (q.View != "grid" && q.View != "list") || q.Page < 1 || q.Page > 10000 {
			t.Fatalf("bad controls %+v", q)
		}
		if q.Category != "" && !catalog.ValidOption(catalog.Categories, q.Category) {
			t.Fatalf("bad category %q", q.Category)
		}
		if s.Query != q.Q || s.Page != q.Page || s.Sort != q.Sort {
			t.Fatalf("search %+v does not match query %+v", s, q)
		}
		link, err := url.Parse(q.URL(0))
		if err != nil {
			t.Fatalf("bad link %q: %v", q.URL(0), err)
		}
		again, _ := parseDirectoryQuery(link.Query())
		if again != q {
			t.Fatalf("link %q reads back as %+v, not %+v", q.URL(0), again, q)
		}
	})
}
