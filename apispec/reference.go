package apispec

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The reference (/api/docs) is drawn from the document itself, so the
// page and the API cannot drift.

// Tag is a group of operations, as the reference lists them.
type Tag struct {
	Name, ID, Description string
	Operations            []Operation
}

// Operation is one method on one path.
type Operation struct {
	ID, Method, Path, Summary, Description string
	Access                                 string // who may call it: no key, any key, a read-and-write key
	Params                                 []Field
	Body                                   []Field
	Responses                              []Response
	Curl                                   string
}

// Field is a parameter or a body field.
type Field struct {
	Name, In, Type, Description string
	Required                    bool
}

// Response is one status an operation answers with.
type Response struct {
	Status, Description string
}

// Event is one webhook event type.
type Event struct {
	Type, Description string
}

// Reference is doc as its reader needs it: the operations by tag (each
// with its access, parameters, body fields, answers and a curl example
// against server), and the webhook events among eventTypes that doc
// describes, in that order.
func Reference(doc *openapi3.T, server string, eventTypes []string) (tags []Tag, events []Event) {
	for _, e := range eventTypes {
		if item := doc.Webhooks[e]; item != nil && item.Post != nil {
			events = append(events, Event{Type: e, Description: item.Post.Description})
		}
	}
	tagIndex := map[string]int{}
	for _, t := range doc.Tags {
		tagIndex[t.Name] = len(tags)
		tags = append(tags, Tag{Name: t.Name, ID: "tag-" + strings.ToLower(strings.ReplaceAll(t.Name, " ", "-")), Description: t.Description})
	}
	paths := doc.Paths.InMatchingOrder()
	slices.Sort(paths)
	for _, path := range paths {
		item := doc.Paths.Value(path)
		for _, method := range []string{"GET", "POST", "PATCH", "PUT", "DELETE"} {
			op := item.GetOperation(method)
			if op == nil {
				continue
			}
			tag := "Other"
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			i, ok := tagIndex[tag]
			if !ok {
				i = len(tags)
				tagIndex[tag] = i
				tags = append(tags, Tag{Name: tag, ID: "tag-" + strings.ToLower(tag)})
			}
			tags[i].Operations = append(tags[i].Operations, operation(server, method, path, item, op))
		}
	}
	return tags, events
}

// operation is one operation as the reference shows it: access,
// parameters, body fields, answers and a curl example.
func operation(server, method, path string, item *openapi3.PathItem, op *openapi3.Operation) Operation {
	o := Operation{
		ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Description: op.Description,
	}
	if o.ID == "" {
		o.ID = strings.ToLower(method) + strings.NewReplacer("/", "-", "{", "", "}", "").Replace(path)
	}
	switch {
	case op.Security != nil && len(*op.Security) == 0:
		o.Access = "no key needed."
	case method == "GET":
		o.Access = "any key of the account (read, or read and write)."
	default:
		o.Access = "a read-and-write key."
	}
	for _, p := range append(slices.Clone(item.Parameters), op.Parameters...) {
		if p.Value == nil {
			continue
		}
		o.Params = append(o.Params, Field{Name: p.Value.Name, In: p.Value.In, Type: schemaType(p.Value.Schema), Description: p.Value.Description, Required: p.Value.Required})
	}
	var example map[string]any
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil && mt.Schema.Value != nil {
			s := mt.Schema.Value
			names := make([]string, 0, len(s.Properties))
			for n := range s.Properties {
				names = append(names, n)
			}
			slices.Sort(names)
			example = map[string]any{}
			for _, n := range names {
				p := s.Properties[n]
				desc := ""
				if p.Value != nil {
					desc = p.Value.Description
				}
				o.Body = append(o.Body, Field{Name: n, Type: schemaType(p), Description: desc, Required: slices.Contains(s.Required, n)})
				if len(example) == 0 || slices.Contains(s.Required, n) {
					example[n] = exampleValue(p)
				}
			}
		}
	}
	statuses := make([]string, 0, op.Responses.Len())
	for status := range op.Responses.Map() {
		statuses = append(statuses, status)
	}
	slices.Sort(statuses)
	for _, status := range statuses {
		desc := ""
		if r := op.Responses.Value(status); r != nil && r.Value != nil && r.Value.Description != nil {
			desc = *r.Value.Description
		}
		o.Responses = append(o.Responses, Response{Status: status, Description: desc})
	}
	o.Curl = curlExample(server, method, path, o.Access != "no key needed.", example)
	return o
}

// curlExample is a curl command for the operation.
func curlExample(server, method, path string, keyed bool, body map[string]any) string {
	var b strings.Builder
	b.WriteString("curl")
	if method != "GET" {
		b.WriteString(" -X " + method)
	}
	if keyed {
		b.WriteString(` -H "Authorization: Bearer $API_KEY"`)
	}
	if method == "POST" {
		b.WriteString(` -H "Idempotency-Key: $(uuidgen)"`)
	}
	if body != nil {
		j, _ := json.Marshal(body) // strings, numbers and booleans always encode
		b.WriteString(` -H "Content-Type: application/json" -d '` + string(j) + `'`)
	}
	b.WriteString(` \` + "\n  \"" + server + path + `"`)
	return b.String()
}

// schemaType names a schema's type for a reader: "string", "integer
// (1 to 100)", "one of: a, b", "array of string", "string or null".
func schemaType(ref *openapi3.SchemaRef) string {
	if ref == nil || ref.Value == nil {
		return ""
	}
	s := ref.Value
	var types []string
	if s.Type != nil {
		types = s.Type.Slice()
	}
	name := strings.Join(types, " or ")
	if s.Items != nil && slices.Contains(types, "array") {
		name = strings.Replace(name, "array", "array of "+schemaType(s.Items), 1)
	}
	if len(s.Enum) > 0 {
		vals := make([]string, 0, len(s.Enum))
		for _, e := range s.Enum {
			if e != nil {
				vals = append(vals, fmt.Sprint(e))
			}
		}
		name = "one of: " + strings.Join(vals, ", ")
	}
	switch {
	case s.Min != nil && s.Max != nil && *s.Max >= 1<<53:
		// An id's bound is int64's, which no reader needs spelled out.
		name += fmt.Sprintf(" (%g or more)", *s.Min)
	case s.Min != nil && s.Max != nil:
		name += fmt.Sprintf(" (%g to %g)", *s.Min, *s.Max)
	}
	if s.MaxLength != nil {
		name += fmt.Sprintf(" (at most %d characters)", *s.MaxLength)
	}
	return name
}

// exampleValue is a placeholder of a schema's type for the curl example.
func exampleValue(ref *openapi3.SchemaRef) any {
	if ref == nil || ref.Value == nil {
		return "…"
	}
	s := ref.Value
	if len(s.Enum) > 0 && s.Enum[0] != nil {
		return s.Enum[0]
	}
	switch {
	case s.Type == nil:
		return "…"
	case s.Type.Includes("boolean"):
		return true
	case s.Type.Includes("integer"), s.Type.Includes("number"):
		return 1
	case s.Type.Includes("array"):
		return []any{}
	}
	return "…"
}
