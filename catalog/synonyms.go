package catalog

import (
	_ "embed"
	"fmt"
	"strings"
)

// SynonymGroup is a line of synonyms.txt: words visitors type (Typed) that
// the listings of Category say otherwise (Means, each the start of a word
// the listings use).
type SynonymGroup struct {
	Category string
	Typed    []string
	Means    []string
}

//go:embed synonyms.txt
var synonymsFile string

// Synonyms are the groups of synonyms.txt, the file the directory's search
// reads (see the file for what each line means).
var Synonyms = mustSynonyms(synonymsFile)

func mustSynonyms(text string) []SynonymGroup {
	groups, err := ParseSynonyms(text)
	if err != nil {
		panic("catalog/synonyms.txt: " + err.Error())
	}
	return groups
}

// ParseSynonyms reads synonyms.txt's format: "category: typed, … = means, …"
// a line, with blank lines and # comments. It refuses a category that is
// not one of Categories, an empty side, and anything not lower case.
func ParseSynonyms(text string) ([]SynonymGroup, error) {
	var out []SynonymGroup
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		category, rest, ok1 := strings.Cut(line, ":")
		typed, means, ok2 := strings.Cut(rest, "=")
		g := SynonymGroup{Category: strings.TrimSpace(category), Typed: words(typed), Means: words(means)}
		switch {
		case !ok1 || !ok2:
			return nil, fmt.Errorf("line %d: want \"category: typed, … = means, …\"", n+1)
		case !ValidOption(Categories, g.Category):
			return nil, fmt.Errorf("line %d: %q is not a category", n+1, g.Category)
		case len(g.Typed) == 0 || len(g.Means) == 0:
			return nil, fmt.Errorf("line %d: a side has no words", n+1)
		case line != strings.ToLower(line):
			return nil, fmt.Errorf("line %d: not lower case", n+1)
		case strings.ContainsAny(strings.Join(g.Typed, "")+strings.Join(g.Means, ""), " \t"):
			return nil, fmt.Errorf("line %d: a phrase where a word belongs", n+1)
		}
		out = append(out, g)
	}
	return out, nil
}

// words are the comma-separated words of s, trimmed, empty ones left out.
func words(s string) []string {
	var out []string
	for w := range strings.SplitSeq(s, ",") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}
