package store

import (
	"database/sql/driver"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A listing image's files, as the database names them (issue 22): the
// variants images.Variants made of one upload, in storage under its content
// hash.

// Picture is a stored image: its content hash, the extension of its
// variants, its size as displayed, and the widths of its variants
// (narrowest first). It is kept in the database as one line,
// "<hash>.<ext> <w>x<h> <w1>,<w2>,…" (String); the zero Picture is "", no
// image.
type Picture struct {
	Hash          string
	Ext           string // "jpg" or "png"
	Width, Height int
	Widths        []int
}

var pictureLine = regexp.MustCompile(`^([0-9a-f]{32})\.(jpg|png|webp) ([1-9][0-9]{0,5})x([1-9][0-9]{0,5}) ([1-9][0-9]{0,5}(?:,[1-9][0-9]{0,5})*)$`)

// ParsePicture reads a Picture's String; "" is the zero Picture.
func ParsePicture(s string) (Picture, error) {
	if s == "" {
		return Picture{}, nil
	}
	m := pictureLine.FindStringSubmatch(s)
	if m == nil {
		return Picture{}, fmt.Errorf("store: picture %q is not <hash>.<ext> <w>x<h> <widths>", s)
	}
	p := Picture{Hash: m[1], Ext: m[2]}
	p.Width, _ = strconv.Atoi(m[3])
	p.Height, _ = strconv.Atoi(m[4])
	for w := range strings.SplitSeq(m[5], ",") {
		n, _ := strconv.Atoi(w)
		p.Widths = append(p.Widths, n)
	}
	if !slices.IsSorted(p.Widths) {
		return Picture{}, fmt.Errorf("store: picture %q: widths out of order", s)
	}
	return p, nil
}

// String is the Picture's line as kept in the database; "" for none.
func (p Picture) String() string {
	if p.IsZero() {
		return ""
	}
	ws := make([]string, len(p.Widths))
	for i, w := range p.Widths {
		ws[i] = strconv.Itoa(w)
	}
	return fmt.Sprintf("%s.%s %dx%d %s", p.Hash, p.Ext, p.Width, p.Height, strings.Join(ws, ","))
}

// IsZero reports whether p is no image.
func (p Picture) IsZero() bool { return p.Hash == "" }

// Key is the storage key of the variant width pixels wide:
// "images/<first two of hash>/<hash>-<width>.<ext>".
func (p Picture) Key(width int) string {
	return "images/" + p.Hash[:2] + "/" + p.Hash + "-" + strconv.Itoa(width) + "." + p.Ext
}

// Keys are the storage keys of every variant.
func (p Picture) Keys() []string {
	out := make([]string, len(p.Widths))
	for i, w := range p.Widths {
		out[i] = p.Key(w)
	}
	return out
}

// HeightAt is the height of the variant width pixels wide (as
// images.Variants rounds it).
func (p Picture) HeightAt(width int) int {
	if p.Width == 0 {
		return 0
	}
	return max(1, (p.Height*width+p.Width/2)/p.Width)
}

// Fit is the width of the narrowest variant at least px wide, or the widest
// when none is.
func (p Picture) Fit(px int) int {
	for _, w := range p.Widths {
		if w >= px {
			return w
		}
	}
	if len(p.Widths) == 0 {
		return 0
	}
	return p.Widths[len(p.Widths)-1]
}

// Scan reads a Picture's line.
func (p *Picture) Scan(src any) error {
	s, err := scannedText(src, "picture")
	if err != nil {
		return err
	}
	got, err := ParsePicture(s)
	if err != nil {
		return err
	}
	*p = got
	return nil
}

// Value writes a Picture's line.
func (p Picture) Value() (driver.Value, error) { return p.String(), nil }
