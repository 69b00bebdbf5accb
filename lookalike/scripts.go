package lookalike

import (
	"slices"
	"sort"
	"strings"
	"unicode"
)

// A name whose letters come from several alphabets ("Hаrbor" with a
// Cyrillic а) is how a look-alike is made even where no listing of that
// name exists yet. Writing systems that are used together are not mixing
// them: by UTS #39's "highly restrictive" level, Latin goes with Han,
// Hiragana and Katakana (Japanese), with Han and Bopomofo (Chinese) and
// with Han and Hangul (Korean). Characters every script uses (digits,
// punctuation: Common) or that take the script of their letter
// (Inherited) are left out.

// usedTogether are the sets of scripts one name may mix.
var usedTogether = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// scriptNames are unicode.Scripts' names, the usual ones first (a letter
// is found in one of them, so the order is only for speed).
var scriptNames = func() []string {
	first := []string{"Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Arabic", "Hebrew", "Hangul"}
	var rest []string
	for name := range unicode.Scripts {
		if !slices.Contains(first, name) && name != "Common" && name != "Inherited" {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	return append(first, rest...)
}()

// scriptOf is the script of letter r, "" for Common, Inherited or none.
func scriptOf(r rune) string {
	for _, name := range scriptNames {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	return ""
}

// MixedScripts are the scripts of name's letters in the order they first
// appear, when the name mixes scripts that are not used together; nil
// otherwise.
func MixedScripts(name string) []string {
	var scripts []string
	for _, r := range name {
		if !unicode.IsLetter(r) {
			continue
		}
		if s := scriptOf(r); s != "" && !slices.Contains(scripts, s) {
			scripts = append(scripts, s)
		}
	}
	if len(scripts) < 2 {
		return nil
	}
	for _, allowed := range usedTogether {
		if subset(scripts, allowed) {
			return nil
		}
	}
	return scripts
}

func subset(scripts, of []string) bool {
	for _, s := range scripts {
		if !slices.Contains(of, s) {
			return false
		}
	}
	return true
}

// ScriptList names scripts as a sentence says them: "Latin and Cyrillic",
// "Latin, Greek and Cyrillic".
func ScriptList(scripts []string) string {
	if len(scripts) < 2 {
		return strings.Join(scripts, "")
	}
	return strings.Join(scripts[:len(scripts)-1], ", ") + " and " + scripts[len(scripts)-1]
}
