package catalog

// Lines says whether a field takes one line of text or several: a line
// break in a name, a subject or an address would show as a fake line in
// an email, a CSV row or a page, so only the fields written in a text
// area take them (domain.CheckText).
type Lines int

const (
	// OneLine fields take no line break: names, places, contact
	// details, subjects, tags, the items of a list.
	OneLine Lines = iota
	// Multiline fields take line breaks (LF or CRLF) and tabs:
	// descriptions, messages, review bodies, replies, notes.
	Multiline
)

// multilineFields are the fields, by the name every form and input gives
// them, that are written in a text area; every other field is one line.
var multilineFields = map[string]bool{
	"bio": true, "body": true, "description": true, "detail": true, "emails": true, "message": true,
	"note": true, "reason": true, "reply": true, "services": true, "statement": true,
}

// LinesOf is how many lines the field of that name takes.
func LinesOf(field string) Lines {
	if multilineFields[field] {
		return Multiline
	}
	return OneLine
}
