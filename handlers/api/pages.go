package api

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/store"
)

// Pages of the API's lists. Every list takes ?limit= with the same bounds
// and an opaque ?cursor= from the previous page's next_cursor. The
// account's lists (leads, reviews) page by position, newest first, so a
// record added meanwhile moves no one; the directory pages by offset, as
// its search does, and its cursor is tied to the search it came from.

// defaultLimit and MaxPageSize bound a page of a list (?limit=).
const (
	defaultLimit = 20
	MaxPageSize  = 100
)

// pageLimit reads ?limit= (1 to MaxPageSize, as the document's Limit
// says and conform checked; defaultLimit when absent).
func pageLimit(q url.Values) int {
	if n, err := strconv.Atoi(q.Get("limit")); err == nil && n >= 1 && n <= MaxPageSize {
		return n
	}
	return defaultLimit
}

// positionOf reads ?cursor= (a position in a newest-first list, as
// cursorAt writes it) into errs.
func positionOf(q url.Values, errs *[]FieldError) store.Position {
	s := q.Get("cursor")
	if s == "" {
		return store.Position{}
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	at, id, ok := strings.Cut(string(b), ".")
	nanos, err1 := strconv.ParseInt(at, 10, 64)
	n, err2 := strconv.ParseInt(id, 10, 64)
	if err != nil || !ok || err1 != nil || err2 != nil || n < 1 {
		*errs = append(*errs, FieldError{Field: "cursor", Message: "Not a cursor of this list: send the next_cursor of the previous page, or none for the first."})
		return store.Position{}
	}
	return store.Position{At: time.Unix(0, nanos).UTC(), ID: n}
}

// cursorAt is the opaque cursor of the page after a record created at at
// with id.
func cursorAt(at time.Time, id int64) *string {
	s := base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(at.UnixNano(), 10) + "." + strconv.FormatInt(id, 10)))
	return &s
}

// searchCursor is a position in a directory search's results. The store
// pages the search by offset, so the cursor holds the offset and a
// fingerprint of the search, and is refused with any other search.
type searchCursor struct {
	Offset int    `json:"o"`
	Query  string `json:"q"`
}

// maxOffset bounds a cursor's position, as the directory bounds its pages.
const maxOffset = catalog.MaxDirectoryPage * store.PageSize

func (c searchCursor) String() string {
	b, _ := json.Marshal(c) // a struct of an int and a string always encodes
	return base64.RawURLEncoding.EncodeToString(b)
}

// parseSearchCursor reads a cursor that searchCursor.String wrote; ok is
// false for anything else.
func parseSearchCursor(s string) (c searchCursor, ok bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return searchCursor{}, false
	}
	if err := json.Unmarshal(b, &c); err != nil || c.Offset < 0 || c.Offset > maxOffset || c.Query == "" {
		return searchCursor{}, false
	}
	return c, true
}
