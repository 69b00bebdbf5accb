package views

import "strconv"

// How pages write numbers, and the words and lists that follow them, in
// sentences.

// formatInt writes n with thousands separators: 12345 → "12,345".
func formatInt(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// plural is one for a single thing, many otherwise: plural(n, "listing",
// "listings"), plural(n, "has", "have").
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// andList lists names as a sentence does: "A", "A and B", "A, B and C".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := names[0]
	for _, n := range names[1 : len(names)-1] {
		out += ", " + n
	}
	return out + " and " + names[len(names)-1]
}
