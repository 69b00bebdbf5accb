package apispec

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
)

// The server checks every request's query and JSON body against the
// document before it acts (handlers/api), so a value the document refuses
// is refused (422, by field) and a client that validates against the
// document meets no other refusal of its form. The checks read the
// document itself: an operation's query parameters are the ones it
// declares, no others, each once, and a typed one is never empty.

// Issue is one thing wrong with a request: the query parameter or the body
// field ("name", "hours[2].open"; "" for the body as a whole) and what to
// do about it. The API answers it as it is, in a problem's errors.
type Issue struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Checks are what the document asks of one operation's requests.
type Checks struct {
	query []param        // the query parameters, in the document's order
	body  map[string]any // the JSON body's schema; nil for none
}

type param struct {
	name   string
	schema map[string]any
}

// contract is the checks of every operation, by "GET /leads/{id}".
var contract = func() map[string]*Checks {
	c, err := checksOf(document)
	if err != nil {
		panic(err) // a schema the checks cannot read is a programming error every test meets
	}
	return c
}()

// For is the checks of the operation method path (a path of the document:
// "/leads/{id}"); nil when the document has none.
func For(method, path string) *Checks { return contract[strings.ToUpper(method)+" "+path] }

func checksOf(doc map[string]any) (map[string]*Checks, error) {
	out := map[string]*Checks{}
	for path, item := range object(doc, "paths") {
		pi, _ := item.(map[string]any)
		for _, m := range methods {
			op, ok := pi[m].(map[string]any)
			if !ok {
				continue
			}
			c := &Checks{}
			ps, _ := pi["parameters"].([]any)
			ops, _ := op["parameters"].([]any)
			for _, p := range append(slices.Clone(ps), ops...) {
				p := deref(doc, p)
				if p["in"] == "query" {
					c.query = append(c.query, param{name: fmt.Sprint(p["name"]), schema: deref(doc, p["schema"])})
				}
			}
			if rb := deref(doc, op["requestBody"]); rb != nil {
				mt, _ := object(rb, "content")["application/json"].(map[string]any)
				c.body = deref(doc, mt["schema"])
			}
			where := strings.ToUpper(m) + " " + path
			for _, p := range c.query {
				if err := supported(doc, p.schema, where+" ?"+p.name); err != nil {
					return nil, err
				}
			}
			if err := supported(doc, c.body, where+" body"); err != nil {
				return nil, err
			}
			out[where] = c
		}
	}
	return out, nil
}

// deref is v as a schema, parameter or body, its $ref followed.
func deref(doc map[string]any, v any) map[string]any {
	m, _ := v.(map[string]any)
	for m != nil && m["$ref"] != nil {
		ref, _ := m["$ref"].(string)
		m = doc
		for _, key := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			m, _ = m[key].(map[string]any)
		}
	}
	return m
}

// keywords are those the checks understand; a request schema with another
// would be checked less than the document says, so it is refused.
var keywords = []string{"$ref", "type", "enum", "format", "minLength", "maxLength", "pattern", "minimum", "maximum",
	"items", "minItems", "maxItems", "properties", "required", "additionalProperties", "minProperties",
	"description", "default", "x-rule"}

func supported(doc, s map[string]any, where string) error {
	for k, v := range s {
		switch {
		case !slices.Contains(keywords, k):
			return fmt.Errorf("apispec: %s: the request checks do not know %q", where, k)
		case k == "additionalProperties" && v != false && v != true:
			return fmt.Errorf("apispec: %s: the request checks take additionalProperties true or false only", where)
		case k == "pattern":
			re, err := regexp.Compile(goRegexp(fmt.Sprint(v)))
			if err != nil {
				return fmt.Errorf("apispec: %s: %w", where, err)
			}
			patterns[fmt.Sprint(v)] = re
		case k == "items":
			if err := supported(doc, deref(doc, v), where+"[]"); err != nil {
				return err
			}
		case k == "properties":
			for name, p := range v.(map[string]any) {
				if err := supported(doc, deref(doc, p), where+"."+name); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Query checks a request's query: each parameter documented, given once,
// with a value its schema takes (an empty value only where a string may be
// empty). The issues follow the document's order, unknown names last.
func (c *Checks) Query(q url.Values) []Issue {
	if c == nil {
		return nil
	}
	var out []Issue
	names := make([]string, 0, len(c.query))
	for _, p := range c.query {
		names = append(names, p.name)
		vals, ok := q[p.name]
		switch {
		case !ok:
		case len(vals) > 1:
			out = append(out, Issue{p.name, "Give this parameter once."})
		case vals[0] == "" && !types(p.schema, "string"):
			out = append(out, Issue{p.name, "Give a value, or leave " + p.name + " out."})
		default:
			out = append(out, check(p.schema, queryValue(p.schema, vals[0]), p.name)...)
		}
	}
	var unknown []string
	for name := range q {
		if !slices.Contains(names, name) {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	for _, name := range unknown {
		msg := "Unknown parameter: this takes no query parameters."
		if len(names) > 0 {
			msg = "Unknown parameter: this takes " + list(names, "and") + "."
		}
		out = append(out, Issue{name, msg})
	}
	return out
}

// queryValue is a query value as the JSON value its schema's type reads it
// as; a value that is none stays text, for check to refuse.
func queryValue(s map[string]any, v string) any {
	switch {
	case types(s, "integer"), types(s, "number"):
		if _, err := strconv.ParseFloat(v, 64); err == nil && strings.Trim(v, "+-0123456789.eE") == "" {
			return json.Number(v)
		}
	case types(s, "boolean") && (v == "true" || v == "false"):
		return v == "true"
	}
	return v
}

// Body checks a JSON body (decoded with UseNumber) against the schema of
// the operation's body.
func (c *Checks) Body(v any) []Issue {
	if c == nil || c.body == nil {
		return nil
	}
	return check(c.body, v, "")
}

// types reports whether schema s allows JSON type t.
func types(s map[string]any, t string) bool {
	switch ts := s["type"].(type) {
	case string:
		return ts == t
	case []any:
		return slices.Contains(ts, any(t))
	}
	return true // no type: any
}

// check is what is wrong with v against schema s, at field.
func check(s map[string]any, v any, field string) []Issue {
	rule := rules[fmt.Sprint(s["x-rule"])]
	issue := func(msg string) []Issue { return []Issue{{field, msg}} }
	if kind := jsonKind(v); !types(s, kind) && !(kind == "integer" && types(s, "number")) {
		for _, t := range []string{"string", "integer", "number", "boolean", "array", "object"} {
			if types(s, t) {
				return issue("Must be " + typeWords[t] + ".")
			}
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, v) {
		return issue(or(rule.Invalid, "Choose one of: "+list(enum, "or")+"."))
	}
	switch v := v.(type) {
	case string:
		return checkText(s, rule, v, field)
	case json.Number:
		return checkNumber(s, v, field)
	case []any:
		min, hasMin := bound(s, "minItems")
		max, hasMax := bound(s, "maxItems")
		switch {
		case hasMin && hasMax && min == max && len(v) != min:
			return issue("Give " + strconv.Itoa(min) + " items.")
		case hasMin && len(v) < min:
			return issue("Give at least " + strconv.Itoa(min) + " items.")
		case hasMax && len(v) > max:
			return issue("Give at most " + strconv.Itoa(max) + " items.")
		}
		var out []Issue
		for i, item := range v {
			out = append(out, check(deref(document, s["items"]), item, field+"["+strconv.Itoa(i)+"]")...)
		}
		return out
	case map[string]any:
		return checkObject(s, v, field)
	}
	return nil
}

var typeWords = map[string]string{"string": "a string", "integer": "a whole number", "number": "a number",
	"boolean": "true or false", "array": "a list", "object": "an object"}

// jsonKind is the JSON type of v (decoded with UseNumber); a number
// written without a fraction or an exponent is an integer.
func jsonKind(v any) string {
	switch v := v.(type) {
	case string:
		return "string"
	case json.Number:
		if strings.ContainsAny(string(v), ".eE") {
			return "number"
		}
		return "integer"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

func checkText(s map[string]any, rule catalog.FieldRule, v, field string) []Issue {
	issue := func(msg string) []Issue { return []Issue{{field, msg}} }
	n := utf8.RuneCountInString(v)
	pattern, _ := s["pattern"].(string)
	min, _ := bound(s, "minLength")
	switch {
	case !utf8.ValidString(v):
		return issue("Must be UTF-8 text.")
	case n < min || (pattern == visible && !compiled(pattern).MatchString(v)):
		return issue(or(rule.Required, "Must not be empty."))
	case pattern != "" && !compiled(pattern).MatchString(v):
		return issue(or(rule.Invalid, "Does not have the form the document's pattern gives."))
	}
	if max, ok := bound(s, "maxLength"); ok && n > max {
		return issue(catalog.TooLong(max))
	}
	if _, err := time.Parse(time.DateOnly, v); s["format"] == "date" && err != nil {
		return issue("Give a date as YYYY-MM-DD.")
	}
	return nil
}

// checkNumber checks a number against its bounds. A whole number out of
// int64's range is refused by the bounds of an int64.
func checkNumber(s map[string]any, v json.Number, field string) []Issue {
	words, ok := "a number", true
	if !types(s, "number") {
		_, err := strconv.ParseInt(string(v), 10, 64)
		words, ok = "a whole number", err == nil
	}
	f, err := v.Float64()
	min, max := s["minimum"], s["maximum"]
	if ok && err == nil && (min == nil || f >= float(min)) && (max == nil || f <= float(max)) {
		return nil
	}
	switch {
	case min != nil && max != nil:
		words += fmt.Sprintf(" from %v to %v", min, max)
	case min != nil:
		words += fmt.Sprintf(" of at least %v", min)
	case max != nil:
		words += fmt.Sprintf(" of at most %v", max)
	}
	return []Issue{{field, "Use " + words + "."}}
}

func checkObject(s, v map[string]any, field string) []Issue {
	var out []Issue
	props, _ := s["properties"].(map[string]any)
	at := func(name string) string { return strings.TrimPrefix(field+"."+name, ".") }
	for _, name := range sortedKeys(v) {
		p, ok := props[name]
		switch {
		case ok:
			out = append(out, check(deref(document, p), v[name], at(name))...)
		case s["additionalProperties"] == false:
			out = append(out, Issue{at(name), "Unknown field."})
		}
	}
	required, _ := s["required"].([]any)
	for _, name := range required {
		if _, ok := v[name.(string)]; !ok {
			rule := rules[fmt.Sprint(deref(document, props[name.(string)])["x-rule"])]
			out = append(out, Issue{at(name.(string)), or(rule.Required, "Give this field.")})
		}
	}
	if min, ok := bound(s, "minProperties"); ok && len(v) < min {
		out = append(out, Issue{field, "Send at least one of: " + list(sortedKeys(props), "or") + "."})
	}
	return out
}

// bound is the whole number s[key], if s has one.
func bound(s map[string]any, key string) (int, bool) {
	if s[key] == nil {
		return 0, false
	}
	return int(float(s[key])), true
}

// float is a number of the document: decoded with UseNumber, or written
// by fillRule.
func float(v any) float64 {
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		return f
	case int:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

// patterns are the document's patterns, compiled when the checks are made.
var patterns = map[string]*regexp.Regexp{}

func compiled(p string) *regexp.Regexp {
	if re, ok := patterns[p]; ok {
		return re
	}
	return regexp.MustCompile(goRegexp(p))
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// list is "a, b or c" (with "and" or "or").
func list[T any](items []T, conj string) string {
	s := make([]string, len(items))
	for i, it := range items {
		s[i] = fmt.Sprint(it)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " " + conj + " " + s[len(s)-1]
}

// or is s, or otherwise when s is empty.
func or(s, otherwise string) string {
	if s != "" {
		return s
	}
	return otherwise
}
