package handlers

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/store"
)

// A long help search is cut to catalog.MaxQueryLen characters, never inside
// one: the search box gives back whole characters.
func TestHelpSearchIsCutBetweenCharacters(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	for _, tc := range []struct{ name, q string }{
		{"two-byte characters, odd start", "a" + strings.Repeat("é", 150)},
		{"three-byte characters", strings.Repeat("€", 150)},
		{"four-byte characters", strings.Repeat("😀", 150)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, body := app.get(t, "/help?q="+url.QueryEscape(tc.q))
			box := labelled(t, parseHTML(t, body), "Search help articles")
			got := valueOf(box)
			want := string([]rune(tc.q)[:catalog.MaxQueryLen])
			if got != want {
				t.Errorf("the search box holds %q (%d characters, valid UTF-8: %v), want the first %d characters",
					got, utf8.RuneCountInString(got), utf8.ValidString(got), catalog.MaxQueryLen)
			}
			if m, _ := box.Attr("maxlength"); m != itoa(catalog.MaxQueryLen) {
				t.Errorf("maxlength %q, want %d", m, catalog.MaxQueryLen)
			}
		})
	}
}
