package apispec

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The JSON a request body may hold: what encoding/json lets by silently
// (bytes that are not UTF-8, a name twice in an object, which it reads as
// the last one, values after the first) is refused, so the server never
// reads a body otherwise than a client's validator did.
var (
	ErrNotUTF8  = errors.New("apispec: the body is not UTF-8")
	ErrTrailing = errors.New("apispec: more after the JSON value")
	ErrTooDeep  = errors.New("apispec: the JSON value is nested too deeply")
)

// maxDepth bounds the nesting of a body: the deepest the document's bodies
// go is 3.
const maxDepth = 32

// DuplicateError names a field given twice in one object.
type DuplicateError struct{ Field string }

func (e *DuplicateError) Error() string { return "apispec: " + e.Field + " given twice" }

// ParseJSON reads b, one JSON value (numbers as json.Number), refusing what
// encoding/json would let by.
func ParseJSON(b []byte) (any, error) {
	if !utf8.Valid(b) {
		return nil, ErrNotUTF8
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := parseValue(dec, "", 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ErrTrailing
	}
	return v, nil
}

func parseValue(dec *json.Decoder, field string, depth int) (any, error) {
	if depth > maxDepth {
		return nil, ErrTooDeep
	}
	t, err := dec.Token()
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, err
	}
	switch t {
	case json.Delim('{'):
		m := map[string]any{}
		for dec.More() {
			t, err := dec.Token()
			k, isName := t.(string)
			if err != nil || !isName {
				return nil, errors.Join(err, errors.New("apispec: an object's name is not a string"))
			}
			name := strings.TrimPrefix(field+"."+k, ".")
			if _, dup := m[k]; dup {
				return nil, &DuplicateError{name}
			}
			if m[k], err = parseValue(dec, name, depth+1); err != nil {
				return nil, err
			}
		}
		_, err = dec.Token() // }
		return m, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := parseValue(dec, field+"["+strconv.Itoa(len(a))+"]", depth+1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.Token() // ]
		return a, err
	}
	return t, nil
}
