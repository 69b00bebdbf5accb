package domain

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
)

// The text rule. Every value a person sends is text we store and show
// again: in pages, in emails, in CSV exports and in PostgreSQL, which
// refuses a NUL byte outright. Wherever it comes in (a form, the JSON API,
// an import), each input's Check refuses, by field, a value that is not
// valid UTF-8 or holds a control character (C0 but tab and line breaks,
// DEL, C1), or a character that overrides the direction of the text
// around it (U+202A–U+202E, U+2066–U+2069: "‮gpj.exe" shows as
// "exe.jpg"); a one-line field (catalog.LinesOf) refuses line breaks too,
// which would show as fake lines (an email's "Bcc:" header, a CSV row).

// The messages of the text rule.
const (
	notUTF8Message   = "This text has bytes that aren't valid UTF-8 (often pasted from another program): type it again."
	lineBreakMessage = "Remove the line break: this is a one-line field."
)

// controlMessage is the message for the control character r.
func controlMessage(r rune) string {
	return fmt.Sprintf("Remove the control character (U+%04X) from this field.", r)
}

// directionMessage is the message for the text-direction character r.
func directionMessage(r rune) string {
	return fmt.Sprintf("Remove the invisible text-direction character (U+%04X) from this field: it makes text read differently from what it says.", r)
}

// controlRune reports whether r is a control character no field takes:
// C0 but tab, line feed and carriage return; DEL; C1.
func controlRune(r rune) bool {
	return (r < ' ' && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r <= 0x9f)
}

// directionRune reports whether r overrides or isolates the direction of
// the text around it (the marks U+200E, U+200F that right-to-left
// writing needs are not).
func directionRune(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// lineBreak reports whether r ends a line (U+0085 is a control too).
func lineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

// TextProblem is the message for what the text rule refuses in value, a
// field that takes lines; "" when it takes it. A multi-line field takes
// a carriage return only before a line feed (CRLF, as browsers send).
func TextProblem(value string, lines catalog.Lines) string {
	for i, r := range value {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(value[i:], "\uFFFD"):
			return notUTF8Message
		case lines == catalog.OneLine && lineBreak(r):
			return lineBreakMessage
		case r == '\r' && !strings.HasPrefix(value[i+1:], "\n"):
			return controlMessage(r)
		case controlRune(r):
			return controlMessage(r)
		case directionRune(r):
			return directionMessage(r)
		}
	}
	return ""
}

// CheckText applies the text rule to value, under field, unless the field
// has a message already.
func CheckText(errs catalog.FieldErrors, field, value string, lines catalog.Lines) {
	if errs.Has(field) {
		return
	}
	if msg := TextProblem(value, lines); msg != "" {
		errs[field] = msg
	}
}

// CheckItems applies the text rule to the items of a list sent as a list
// (the API's services), under field: each item is one line, since the
// list is stored one item a line.
func CheckItems(errs catalog.FieldErrors, field string, items []string) {
	for _, item := range items {
		CheckText(errs, field, item, catalog.OneLine)
	}
}

// AcceptableText reports whether s holds nothing the text rule refuses
// in every field (what a multi-line field takes): what a form or a URL's
// query may carry at all, before any input checks its fields (handlers
// refuse the rest at once).
func AcceptableText(s string) bool { return TextProblem(s, catalog.Multiline) == "" }

// CleanText is s without what the text rule refuses in a multi-line field.
func CleanText(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if controlRune(r) || directionRune(r) {
			return -1
		}
		return r
	}, s)
	// A carriage return stays only before a line feed.
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\r' && (i+1 == len(s) || s[i+1] != '\n') {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
