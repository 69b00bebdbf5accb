package search

// Where listings are and when they are open (issue 38): a grid of where
// each located listing is, so a search near a place looks only at the
// listings of the squares around it, and each listing's hours and time
// zone, so "open now" is a few comparisons a listing.

import (
	"math"
	"time"

	"bizprofile/geo"
	"bizprofile/opening"
)

// cellDegrees is the side of a grid square: half a degree, about 35 miles
// north to south, so a search within 25 miles looks at a few squares and
// one within 100 miles at a few dozen.
const cellDegrees = 0.5

// nearby is what an index keeps of where its listings are and when they
// are open.
type nearby struct {
	// at is where each document is (by document number; zero when not
	// located): apart from docMeta, which every search walks, since only
	// a search near a place reads it.
	at     []geo.Point
	cells  map[int32][]int32 // grid square → its live located documents, in no order
	weeks  []opening.Weekly  // every distinct week of hours; weeks[0] is none given
	weekID map[opening.Weekly]uint32
	zones  []string // IANA time zones; zones[0] is "" (none)
	zoneID map[string]uint8
	locs   []*time.Location // by zone number (nil for none)
}

func newNearby() nearby {
	return nearby{cells: map[int32][]int32{}, weeks: []opening.Weekly{{}}, weekID: map[opening.Weekly]uint32{{}: 0},
		zones: []string{""}, zoneID: map[string]uint8{"": 0}, locs: []*time.Location{nil}}
}

// rowOf and colOf number a point's grid square, from 0 (the south pole,
// 180° west); cell is the square's key.
func rowOf(lat float64) int32   { return int32(math.Floor((lat + 90) / cellDegrees)) }
func colOf(lng float64) int32   { return int32(math.Floor((lng + 180) / cellDegrees)) }
func cell(row, col int32) int32 { return row<<12 | col }

func cellOf(lat, lng float64) int32 { return cell(rowOf(lat), colOf(lng)) }

// where is where document d is (zero when not located).
func (ix *index) where(d int32) geo.Point {
	if ix.meta[d].flags&docLocated == 0 {
		return geo.Point{}
	}
	return ix.at[d]
}

// locate files live document d under its grid square.
func (ix *index) locate(d int32) {
	if ix.meta[d].flags&docLocated != 0 {
		c := cellOf(ix.at[d].Lat, ix.at[d].Lng)
		ix.cells[c] = append(ix.cells[c], d)
	}
}

// unlocate takes document d out of its grid square.
func (ix *index) unlocate(d int32) {
	if ix.meta[d].flags&docLocated != 0 {
		c := cellOf(ix.at[d].Lat, ix.at[d].Lng)
		if list := deleteDoc(ix.cells[c], d); len(list) > 0 {
			ix.cells[c] = list
		} else {
			delete(ix.cells, c)
		}
	}
}

// week numbers a week of hours, kept once however many listings share it.
func (ix *index) week(w opening.Weekly) uint32 {
	if id, ok := ix.weekID[w]; ok {
		return id
	}
	id := uint32(len(ix.weeks))
	ix.weeks = append(ix.weeks, w)
	ix.weekID[w] = id
	return id
}

// zone numbers a time zone; one unknown to this build's time zone data
// counts as none (the listing is never "open now").
func (ix *index) zone(name string) uint8 {
	if id, ok := ix.zoneID[name]; ok {
		return id
	}
	loc, err := time.LoadLocation(name)
	if err != nil || len(ix.zones) > math.MaxUint8 {
		return 0
	}
	id := uint8(len(ix.zones))
	ix.zones, ix.locs = append(ix.zones, name), append(ix.locs, loc)
	ix.zoneID[name] = id
	return id
}

// nearFilter is a search's place and moment resolved against the index.
type nearFilter struct {
	near   bool
	center geo.Point
	radius float64
	box    geo.Box
	open   bool
	minute []int // the moment's minute of the week in each zone, by zone number
	weeks  []opening.Weekly
	at     []geo.Point
}

// resolveNear fills the parts of f a search near a place, or open at a
// moment, needs.
func (ix *index) resolveNear(f *indexFilter, q Query) {
	if q.Near != nil {
		r := q.Radius
		if r <= 0 {
			r = DefaultRadius
		}
		f.near, f.center, f.radius = true, *q.Near, min(r, MaxRadius)
		f.box = geo.BoundingBox(f.center, f.radius)
	}
	if !q.OpenAt.IsZero() {
		f.open = true
		f.minute = make([]int, len(ix.locs))
		for z, loc := range ix.locs {
			if loc != nil {
				f.minute[z] = opening.MinuteOfWeek(q.OpenAt.In(loc))
			}
		}
	}
	f.weeks, f.at = ix.weeks, ix.at
}

// passes reports whether document d (m its meta) passes f's place and
// moment: located within the radius, open at the moment.
func (f *nearFilter) passes(d int32, m *docMeta) bool {
	if f.open && (m.zone == 0 || !f.weeks[m.week].OpenAt(f.minute[m.zone])) {
		return false
	}
	if !f.near {
		return true
	}
	if m.flags&docLocated == 0 {
		return false
	}
	p := f.at[d]
	return f.box.Contains(p) && geo.Distance(f.center, p) <= f.radius
}

// cellLists are the lists of documents in the grid squares f's box
// touches: every listing a search near a place may find.
func (ix *index) cellLists(f *nearFilter) [][]int32 {
	lists := [][]int32{nil} // not nil when no square has a listing
	for row := rowOf(f.box.MinLat); row <= rowOf(f.box.MaxLat); row++ {
		for col := colOf(f.box.MinLng); col <= colOf(f.box.MaxLng); col++ {
			if list := ix.cells[cell(row, col)]; len(list) > 0 {
				lists = append(lists, list)
			}
		}
	}
	return lists
}

// distanceKey is a document's key when nearest comes first: its distance
// from f's center in hundredths of a mile, then its place in the rating
// order.
func (ix *index) distanceKey(f *nearFilter, d int32) uint64 {
	miles := geo.Distance(f.center, ix.where(d))
	return uint64(min(miles*100, math.MaxUint32))<<32 | uint64(ix.rank[orderRating][d])
}
