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

// gazetteer is the tables, read once when first asked.
type gazetteer struct {
	zips    []uint32 // ZIP codes, sorted
	zipAt   []Point  // by zips' index
	cities  []cityRow
	byKey   map[string]int32     // state + "|" + cityKey → cities index (the first listed)
	byName  map[string][]int32   // cityKey → its cities in every state
	grid    map[[2]int16][]int32 // 1° square → its cities
	zipGrid map[[2]int16][]int32 // 1° square → its ZIP codes (zips index)
}

type cityRow struct {
	name, state string
	at          Point
}

var table = sync.OnceValue(load)

func load() *gazetteer {
	g := &gazetteer{byKey: map[string]int32{}, byName: map[string][]int32{}, grid: map[[2]int16][]int32{}, zipGrid: map[[2]int16][]int32{}}
	each(zipsTable, func(f []string) {
		code, err := strconv.Atoi(f[0])
		lat, lng, ok := coords(f[1], f[2])
		if err != nil || !ok || len(f[0]) != 5 {
			return
		}
		g.zips, g.zipAt = append(g.zips, uint32(code)), append(g.zipAt, Point{lat, lng})
		sq := square(Point{lat, lng})
		g.zipGrid[sq] = append(g.zipGrid[sq], int32(len(g.zips)-1))
	})
	each(citiesTable, func(f []string) {
		lat, lng, ok := coords(f[2], f[3])
		if len(f) != 4 || !ok {
			return
		}
		i := int32(len(g.cities))
		c := cityRow{name: f[1], state: f[0], at: Point{lat, lng}}
		g.cities = append(g.cities, c)
		k := cityKey(c.name)
		if _, seen := g.byKey[c.state+"|"+k]; !seen {
			g.byKey[c.state+"|"+k] = i
			g.byName[k] = append(g.byName[k], i)
		}
		sq := square(c.at)
		g.grid[sq] = append(g.grid[sq], i)
	})
	for alias, name := range aliases {
		if i, ok := g.byKey[name]; ok {
			if _, taken := g.byKey[alias]; !taken {
				g.byKey[alias] = i
				k := alias[strings.IndexByte(alias, '|')+1:]
				g.byName[k] = append(g.byName[k], i)
			}
		}
	}
	return g
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

func coords(lat, lng string) (float64, float64, bool) {
	a, err1 := strconv.ParseFloat(lat, 64)
	b, err2 := strconv.ParseFloat(lng, 64)
	return a, b, err1 == nil && err2 == nil
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
	return g.zipAt[i], true
}

// City is the centre of the city of that name in state (a postal code),
// as the gazetteer spells it or close (case, accents, punctuation,
// "Saint"/"St." aside). Where a state has two places of one name, the
// first GeoNames lists.
func City(name, state string) (Point, bool) {
	i, ok := table().byKey[strings.ToUpper(strings.TrimSpace(state))+"|"+cityKey(name)]
	if !ok {
		return Point{}, false
	}
	return table().cities[i].at, true
}

// citiesNamed are the places of that name in every state.
func citiesNamed(name string) []cityRow {
	g := table()
	var out []cityRow
	for _, i := range g.byName[cityKey(name)] {
		out = append(out, g.cities[i])
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
	best := nearest(p, g.grid, func(i int32) Point { return g.cities[i].at })
	if best < 0 {
		return "", "", 0
	}
	c := g.cities[best]
	return c.name, c.state, Distance(p, c.at)
}

// NearestZIP is the ZIP code whose centre is nearest p ("" when none is
// within about 70 miles).
func NearestZIP(p Point) string {
	g := table()
	best := nearest(p, g.zipGrid, func(i int32) Point { return g.zipAt[i] })
	if best < 0 {
		return ""
	}
	return strconv.Itoa(int(g.zips[best]) + 100000)[1:]
}

// nearest is the index of the point of grid nearest p among those in p's
// square and the eight around it, or -1. Degrees of longitude are scaled
// by the cosine of p's latitude: within a few squares that ranks points as
// Distance does, at a hundredth of its cost.
func nearest(p Point, grid map[[2]int16][]int32, at func(int32) Point) int32 {
	if math.IsNaN(p.Lat) || math.IsNaN(p.Lng) || math.Abs(p.Lat) > 90 || math.Abs(p.Lng) > 180 {
		return -1
	}
	scale := math.Cos(p.Lat * math.Pi / 180)
	best, bestD := int32(-1), math.MaxFloat64
	sq := square(p)
	for dl := int16(-1); dl <= 1; dl++ {
		for dg := int16(-1); dg <= 1; dg++ {
			for _, i := range grid[[2]int16{sq[0] + dl, sq[1] + dg}] {
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
