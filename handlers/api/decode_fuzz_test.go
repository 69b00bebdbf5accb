package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bizprofile/apispec"
)

// FuzzAPIJSONDecoding sends decode any body a client could, as a listing's
// change (the largest body the API takes, checked against its schema): it
// never panics, answers every refusal as a 400, 413 or 422 problem, and
// takes only what the documentation says it takes: one JSON object of at
// most 64 KiB, in UTF-8, with no field twice at any depth and no field the
// schema does not have. A body it takes is refused with anything after it.
func FuzzAPIJSONDecoding(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"name":"Harbor Bakery","tags":["bread"],"show_phone":false}`,
		`{"hours":[{"open":"08:00","close":"18:00","closed":false},{},{},{},{},{},{"closed":true}]}`,
		`{"name":"a","name":"b"}`, `{"hours":[{"open":"1","open":"2"}]}`, `{"name":"a"} {"name":"b"}`, `{"name":"a"}x`,
		`{"colour":"red"}`, `{"hours":[{"colour":"red"}]}`, `[]`, `"text"`, `null`, ``, ` `, `{"name":`, `{"name":"\xff"}`,
		`{"name":null}`, `{"tags":"bread"}`, `{"name":1e999}`, strings.Repeat(`[`, 100), `{"a":` + strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 41),
		`{"name":"` + strings.Repeat("n", maxBody) + `"}`, `{}` + strings.Repeat(" ", maxBody),
	} {
		f.Add([]byte(seed))
	}
	checks := apispec.For("PATCH", "/account/listings/{id}")
	if checks == nil {
		f.Fatal("the document has no PATCH /account/listings/{id}")
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPatch, "/account/listings/1", bytes.NewReader(body))
		r = r.WithContext(context.WithValue(r.Context(), checksKey{}, checks))
		var p listingPatch
		err := decode(r, &p)
		if err != nil {
			var prob *Problem
			if !errors.As(err, &prob) || (prob.Status != 400 && prob.Status != 413 && prob.Status != 422) || prob.Detail == "" {
				t.Fatalf("%q: refused with %v, want a 400, 413 or 422 problem with a detail", body, err)
			}
			return
		}
		switch {
		case len(body) > maxBody:
			t.Fatalf("took a body of %d bytes, over %d", len(body), maxBody)
		case !json.Valid(body):
			t.Fatalf("took %q, which is not one JSON value", body)
		case bytes.TrimSpace(body)[0] != '{':
			t.Fatalf("took %q, which is not an object", body)
		}
		if field := twice(t, body); field != "" {
			t.Fatalf("took %q, which gives %s twice", body, field)
		}
		if field := unknown(t, body); field != "" {
			t.Fatalf("took %q, whose field %s the schema does not have", body, field)
		}
		for _, more := range []string{"x", "{}", "1", `"a"`, "]"} {
			r := httptest.NewRequest(http.MethodPatch, "/account/listings/1", bytes.NewReader(append(bytes.Clone(body), more...)))
			if decode(r, &listingPatch{}) == nil {
				t.Fatalf("took %q followed by %q", body, more)
			}
		}
	})
}

// twice names a field given twice in one object of body (valid JSON), or "".
func twice(t *testing.T, body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		object bool
		names  map[string]bool
		key    bool // the next string is a name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return ""
		}
		if err != nil {
			t.Fatalf("a body json.Valid takes: %v", err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, isString := tok.(string); isString && top != nil && top.object && top.key {
			if top.names[s] {
				return s
			}
			top.names[s], top.key = true, false
			continue
		}
		if top != nil && top.object {
			top.key = true // a value ends; a name or the end follows
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, names: map[string]bool{}, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].key = true
			}
		}
	}
}

// unknown names a field of body (a listing's change) that the schema does
// not have, or "".
func unknown(t *testing.T, body []byte) string {
	var v struct {
		Fields map[string]json.RawMessage
	}
	if err := json.Unmarshal(body, &v.Fields); err != nil {
		t.Fatalf("a body decode took: %v", err)
	}
	known := map[string]bool{"name": true, "tagline": true, "description": true, "category": true, "sub_category": true, "tags": true,
		"business_type": true, "email": true, "phone": true, "website": true, "address": true, "city": true, "state": true, "zip_code": true,
		"services": true, "hours": true, "show_email": true, "show_phone": true, "show_address": true, "show_pricing": true, "show_hours": true}
	for name := range v.Fields {
		if !known[name] {
			return name
		}
	}
	var days []map[string]json.RawMessage
	if raw, ok := v.Fields["hours"]; ok && json.Unmarshal(raw, &days) == nil {
		for _, d := range days {
			for name := range d {
				if name != "day" && name != "open" && name != "close" && name != "closed" {
					return "hours[]." + name
				}
			}
		}
	}
	return ""
}
