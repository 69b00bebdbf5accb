package main

import (
	"bufio"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The layering of the house (README, Architecture), checked on the source
// so that it holds as the code grows: handlers parse requests and render
// answers, the rules live in domain, the vocabulary in catalog, tools
// outside production packages.

// goFiles are the non-test, non-generated Go files under dir.
func goFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") && !strings.HasSuffix(path, "_templ.go") {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// importsOf are the import paths of the Go files of one package directory.
func importsOf(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// grepFiles are the lines of files matching re, as "file:line: text".
func grepFiles(t *testing.T, files []string, re *regexp.Regexp) []string {
	t.Helper()
	var hits []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for n := 1; sc.Scan(); n++ {
			if re.MatchString(sc.Text()) {
				hits = append(hits, f+":"+strconv.Itoa(n)+": "+strings.TrimSpace(sc.Text()))
			}
		}
		fh.Close()
	}
	return hits
}

func TestTheRulesLiveInTheDomain(t *testing.T) {
	handlers := goFiles(t, "handlers")
	for _, c := range []struct {
		what string
		re   *regexp.Regexp
	}{
		{"a request built by hand (a rule reached through a fake request belongs in the domain)", regexp.MustCompile(`http\.Request\{`)},
		{"a database null type (the domain hands plain Go values to the pages)", regexp.MustCompile(`sql\.Null`)},
		{"a job registered on the queue (workers register them, from main.go)", regexp.MustCompile(`\.Handle\(jobs\.Kind|\.Handle\(webhooks\.Kind`)},
	} {
		if hits := grepFiles(t, handlers, c.re); len(hits) > 0 {
			t.Errorf("handlers/ holds %s:\n%s", c.what, strings.Join(hits, "\n"))
		}
	}
	lines := 0
	for _, f := range handlers {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(b), "\n")
	}
	if lines > 13000 {
		t.Errorf("handlers/ is %d lines of non-test, non-generated Go, over 13,000: what is not reading requests or rendering answers belongs elsewhere", lines)
	}
	for _, pkg := range []string{"domain", "catalog"} {
		for _, im := range importsOf(t, pkg) {
			if im == "net/http" || im == "bizprofile/views" || strings.HasPrefix(im, "bizprofile/handlers") {
				t.Errorf("package %s imports %s: the rules know nothing of HTTP or pages", pkg, im)
			}
		}
	}
	// The records as the pages show them are made from what the handlers
	// loaded: package present neither reads requests nor queries.
	for _, im := range importsOf(t, "present") {
		if im == "net/http" || strings.HasPrefix(im, "bizprofile/handlers") {
			t.Errorf("package present imports %s: it turns records into view models, the handlers read requests", im)
		}
	}
	if hits := grepFiles(t, goFiles(t, "present"), regexp.MustCompile(`\*store\.Store\b`)); len(hits) > 0 {
		t.Errorf("present/ holds the store (it is given the records, it does not load them):\n%s", strings.Join(hits, "\n"))
	}
	for _, im := range importsOf(t, "catalog") {
		if strings.HasPrefix(im, "bizprofile/") && im != "bizprofile/places" {
			t.Errorf("package catalog imports %s: the vocabulary depends on nothing of the product", im)
		}
	}
	if hits := grepFiles(t, goFiles(t, "views"), regexp.MustCompile(`\{"(technology|healthcare|food)",`)); len(hits) > 0 {
		t.Errorf("views/ holds a category list (the catalogue's alone):\n%s", strings.Join(hits, "\n"))
	}
}

// The search engine, seed data, synthetic data and the load mix are not
// in the store or in package main.
func TestToolsAndTheSearchEngineHaveTheirOwnPackages(t *testing.T) {
	for _, f := range []string{"store/search_index.go", "store/search_text.go", "store/search_query.go", "store/seed.go", "store/synthetic.go", "seed_images.go"} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s is still there: the search engine, seed and synthetic data have packages of their own", f)
		}
	}
	if _, err := os.Stat("loadmix"); err == nil {
		t.Error("loadmix/ is a production package: the load mix is a tool (internal/)")
	}
}
