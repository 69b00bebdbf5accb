package geo

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The tables internal/gazetteer writes (see the package comment).
var (
	//go:embed zips.tsv.gz
	zipsTable []byte
	//go:embed cities.tsv.gz
	citiesTable []byte
)

// gazetteer is the tables, read once when first asked, held compactly
// (about 2 MB): coordinates as whole hundred-thousandths of a degree (the
// tables' precision), city names back to back in one string, and each
// grid as one array of indexes sorted by square.
type gazetteer struct {
	zips    []uint32 // ZIP codes, sorted
	zipAt   []coord  // by zips' index
	zipGrid grid     // of zips' indexes
	names   string   // every city's name, back to back
	cities  []city
	byName  map[string]int32 // cityKey → its first city; next chains the rest
	next    []int32          // by cities' index: the next city of that key, or -1
	grid    grid             // of cities' indexes
}

// coord is a Point in hundred-thousandths of a degree.
type coord struct{ lat, lng int32 }

func (c coord) point() Point { return Point{float64(c.lat) / 1e5, float64(c.lng) / 1e5} }

type city struct {
	start, end uint32 // of its name in names
	state      [2]byte
	at         coord
}

// cityRow is a city as the package's functions pass it around.
type cityRow struct {
	name, state string
	at          Point
}

func (g *gazetteer) row(i int32) cityRow {
	c := g.cities[i]
	return cityRow{name: g.names[c.start:c.end], state: string(c.state[:]), at: c.at.point()}
}

// grid is indexes of points by the 1° square they are in: cells holds
// each square's range of idx.
type grid struct {
	idx   []int32
	cells map[[2]int16][2]int32
}

func makeGrid(n int, at func(int32) coord) grid {
	g := grid{idx: make([]int32, n), cells: map[[2]int16][2]int32{}}
	for i := range g.idx {
		g.idx[i] = int32(i)
	}
	sq := func(i int32) [2]int16 { return square(at(i).point()) }
	slices.SortStableFunc(g.idx, func(a, b int32) int {
		p, q := sq(a), sq(b)
		if p[0] != q[0] {
			return int(p[0]) - int(q[0])
		}
		return int(p[1]) - int(q[1])
	})
	for k := 0; k < n; {
		s, j := sq(g.idx[k]), k
		for j < n && sq(g.idx[j]) == s {
			j++
		}
		g.cells[s] = [2]int32{int32(k), int32(j)}
		k = j
	}
	return g
}

// in is the indexes in the square.
func (g grid) in(square [2]int16) []int32 {
	r, ok := g.cells[square]
	if !ok {
		return nil
	}
	return g.idx[r[0]:r[1]]
}

var table = sync.OnceValue(load)

func load() *gazetteer {
	g := &gazetteer{byName: map[string]int32{}}
	each(zipsTable, func(f []string) {
		code, err := strconv.Atoi(f[0])
		at, ok := parseCoord(f[1], f[2])
		if err != nil || !ok || len(f[0]) != 5 {
			return
		}
		g.zips, g.zipAt = append(g.zips, uint32(code)), append(g.zipAt, at)
	})
	var names strings.Builder
	seen := map[string]bool{} // state + "|" + cityKey
	each(citiesTable, func(f []string) {
		if len(f) != 4 || len(f[0]) != 2 {
			return
		}
		at, ok := parseCoord(f[2], f[3])
		if !ok {
			return
		}
		start := uint32(names.Len())
		names.WriteString(f[1])
		g.cities = append(g.cities, city{start: start, end: uint32(names.Len()), state: [2]byte{f[0][0], f[0][1]}, at: at})
		g.next = append(g.next, -1)
		// Every place is on the grid (NearestCity), but a name finds the
		// first of its name in a state only.
		if k := cityKey(f[1]); !seen[f[0]+"|"+k] {
			seen[f[0]+"|"+k] = true
			g.link(k, int32(len(g.cities)-1))
		}
	})
	g.names = names.String()
	for alias, name := range aliases {
		state, k, _ := strings.Cut(alias, "|")
		if i, ok := g.find(cityKey(name[3:]), name[:2]); ok {
			if _, taken := g.find(k, state); !taken {
				// The alias points at the city it names: a copy of its
				// row, so the chains stay one a city.
				g.cities = append(g.cities, g.cities[i])
				g.next = append(g.next, -1)
				g.link(k, int32(len(g.cities)-1))
			}
		}
	}
	g.zipGrid = makeGrid(len(g.zips), func(i int32) coord { return g.zipAt[i] })
	g.grid = makeGrid(len(g.cities), func(i int32) coord { return g.cities[i].at })
	return g
}

// link chains city i to the others of key k.
func (g *gazetteer) link(k string, i int32) {
	if head, ok := g.byName[k]; ok {
		for g.next[head] >= 0 {
			head = g.next[head]
		}
		g.next[head] = i
		return
	}
	g.byName[k] = i
}

// find is the city of key k in state.
func (g *gazetteer) find(k, state string) (int32, bool) {
	if len(state) != 2 {
		return 0, false
	}
	i, ok := g.byName[k]
	for ok && i >= 0 {
		if c := g.cities[i]; c.state[0] == state[0] && c.state[1] == state[1] {
			return i, true
		}
		i = g.next[i]
	}
	return 0, false
}

// aliases are the names people give places GeoNames calls otherwise, by
// state and cityKey.
var aliases = map[string]string{
	"NY|new york": "NY|new york city",
	"NY|bronx":    "NY|the bronx",
}

// each calls fn with the tab-separated fields of every line of a gzipped
// table.
func each(gz []byte, fn func(fields []string)) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		panic("geo: the embedded gazetteer is damaged: " + err.Error())
	}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fn(strings.Split(sc.Text(), "\t"))
	}
}

// parseCoord reads a latitude and a longitude to a hundred-thousandth of
// a degree.
func parseCoord(lat, lng string) (coord, bool) {
	a, err1 := strconv.ParseFloat(lat, 64)
	b, err2 := strconv.ParseFloat(lng, 64)
	return coord{int32(math.Round(a * 1e5)), int32(math.Round(b * 1e5))}, err1 == nil && err2 == nil
}

// square is the 1° square of the grid p is in.
func square(p Point) [2]int16 {
	return [2]int16{int16(math.Floor(p.Lat)), int16(math.Floor(p.Lng))}
}

// ZIP is the centre of the 5-digit ZIP code (a ZIP+4 counts as its first
// five digits).
func ZIP(code string) (Point, bool) {
	code = strings.TrimSpace(code)
	if len(code) == 10 && code[5] == '-' {
		code = code[:5]
	}
	n, err := strconv.Atoi(code)
	if len(code) != 5 || err != nil {
		return Point{}, false
	}
	g := table()
	i, ok := slices.BinarySearch(g.zips, uint32(n))
	if !ok {
		return Point{}, false
	}
	return g.zipAt[i].point(), true
}

// City is the centre of the city of that name in state (a postal code),
// as the gazetteer spells it or close (case, accents, punctuation,
// "Saint"/"St." aside). Where a state has two places of one name, the
// first GeoNames lists.
func City(name, state string) (Point, bool) {
	g := table()
	i, ok := g.find(cityKey(name), strings.ToUpper(strings.TrimSpace(state)))
	if !ok {
		return Point{}, false
	}
	return g.cities[i].at.point(), true
}

// citiesNamed are the places of that name in every state.
func citiesNamed(name string) []cityRow {
	g := table()
	var out []cityRow
	i, ok := g.byName[cityKey(name)]
	for ok && i >= 0 {
		out = append(out, g.row(i))
		i = g.next[i]
	}
	return out
}

// NearestCity is the gazetteer's city nearest p, its state and how far it
// is ("" when none is within about 70 miles). It looks only in p's square
// of the grid and the eight around it, and ranks them by a flat-earth
// measure (the same order as Distance at these ranges), so it takes a few
// microseconds.
func NearestCity(p Point) (city, state string, miles float64) {
	g := table()
	best := nearest(p, g.grid, func(i int32) Point { return g.cities[i].at.point() })
	if best < 0 {
		return "", "", 0
	}
	c := g.row(best)
	return c.name, c.state, Distance(p, c.at)
}

// NearestZIP is the ZIP code whose centre is nearest p ("" when none is
// within about 70 miles).
func NearestZIP(p Point) string {
	g := table()
	best := nearest(p, g.zipGrid, func(i int32) Point { return g.zipAt[i].point() })
	if best < 0 {
		return ""
	}
	return strconv.Itoa(int(g.zips[best]) + 100000)[1:]
}

// nearest is the index of the point of grid nearest p among those in p's
// square and the eight around it, or -1. Degrees of longitude are scaled
// by the cosine of p's latitude: within a few squares that ranks points as
// Distance does, at a hundredth of its cost.
func nearest(p Point, grid grid, at func(int32) Point) int32 {
	if math.IsNaN(p.Lat) || math.IsNaN(p.Lng) || math.Abs(p.Lat) > 90 || math.Abs(p.Lng) > 180 {
		return -1
	}
	scale := math.Cos(p.Lat * math.Pi / 180)
	best, bestD := int32(-1), math.MaxFloat64
	sq := square(p)
	for dl := int16(-1); dl <= 1; dl++ {
		for dg := int16(-1); dg <= 1; dg++ {
			for _, i := range grid.in([2]int16{sq[0] + dl, sq[1] + dg}) {
				q := at(i)
				dy, dx := q.Lat-p.Lat, (q.Lng-p.Lng)*scale
				if d := dy*dy + dx*dx; d < bestD {
					best, bestD = i, d
				}
			}
		}
	}
	return best
}
