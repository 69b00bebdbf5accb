package apispec

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"bizprofile/catalog"
)

// The document's enums of the catalogue's lists are the catalogue's
// values: a category, a business type, a sort or a lead status added or
// renamed there reaches the document, and a name of no list is refused.
func TestDocumentEnumsAreTheCatalogues(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(DocumentFor("https://example.com"), &doc); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(DocumentFor("https://example.com")), "x-catalog") {
		t.Error("the served document still names x-catalog")
	}
	params := func(path string) map[string][]any {
		out := map[string][]any{}
		op := doc["paths"].(map[string]any)[path].(map[string]any)["get"].(map[string]any)
		for _, p := range op["parameters"].([]any) {
			p, _ := p.(map[string]any)
			if schema, ok := p["schema"].(map[string]any); ok {
				if enum, ok := schema["enum"].([]any); ok {
					out[p["name"].(string)] = enum
				}
			}
		}
		return out
	}
	schema := func(name, prop string) []any {
		s := doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
		enum, _ := s["properties"].(map[string]any)[prop].(map[string]any)["enum"].([]any)
		return enum
	}
	values := func(opts []catalog.Option, null bool) []any {
		var out []any
		for _, o := range opts {
			out = append(out, o.Value)
		}
		if null {
			out = append(out, nil)
		}
		return out
	}
	dir, leads := params("/directory"), params("/leads")
	for _, c := range []struct {
		where string
		got   []any
		want  []any
	}{
		{"/directory category", dir["category"], values(catalog.Categories, false)},
		{"/directory type", dir["type"], values(catalog.BusinessTypes, false)},
		{"/directory sort", dir["sort"], values(catalog.SortOptions, false)},
		{"/directory min_rating", dir["min_rating"], values(catalog.RatingOptions, false)},
		{"/leads status", leads["status"], values(catalog.LeadStatusOptions, false)},
		{"ListingSummary.category", schema("ListingSummary", "category"), values(catalog.Categories, false)},
		{"PublicListing.business_type", schema("PublicListing", "business_type"), values(catalog.BusinessTypes, true)},
		{"AccountListing.category", schema("AccountListing", "category"), values(catalog.Categories, false)},
		{"Lead.status", schema("Lead", "status"), values(catalog.LeadStatusOptions, false)},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: enum %v, want the catalogue's %v", c.where, c.got, c.want)
		}
	}

	bad := fstest.MapFS{
		"openapi/base.json":  {Data: []byte(`{"openapi": "3.1.0", "paths": {}}`)},
		"openapi/other.json": {Data: []byte(`{"components": {"schemas": {"X": {"type": "string", "x-catalog": "colours"}}}}`)},
	}
	if _, err := MergeFragments(bad); err == nil || !strings.Contains(err.Error(), "colours") {
		t.Errorf("a fragment naming no list of the catalogue: %v, want an error naming it", err)
	}
}

// The document states the limits the server checks, so a client that
// validates against it is not refused for what it could not know: the
// business types, the reply's length, a lead change that changes
// something, the forms of a phone number, a city, a state, a cursor and an
// Idempotency-Key, ids as int64 from 1, and the API's licence.
func TestDocumentStatesTheServersLimits(t *testing.T) {
	raw := DocumentFor("https://example.com")
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	at := func(path ...string) map[string]any {
		var v any = doc
		for _, k := range path {
			switch c := v.(type) {
			case map[string]any:
				v = c[k]
			case []any:
				for _, item := range c {
					if m, _ := item.(map[string]any); m["name"] == k {
						v = item
					}
				}
			}
			if m, ok := v.(map[string]any); ok && m["$ref"] != nil {
				v = doc
				for _, rk := range strings.Split(strings.TrimPrefix(m["$ref"].(string), "#/"), "/") {
					v = v.(map[string]any)[rk]
				}
			}
		}
		m, _ := v.(map[string]any)
		if m == nil {
			t.Fatalf("nothing at %v", path)
		}
		return m
	}
	schemas := []string{"components", "schemas"}
	change := append(schemas, "AccountListingChange", "properties")
	types := []any{}
	for _, o := range catalog.BusinessTypes {
		types = append(types, o.Value)
	}
	for _, where := range [][]string{append(change, "business_type"), append(schemas, "AccountListing", "properties", "business_type")} {
		if got, _ := at(where...)["enum"].([]any); !slices.Equal(got, types) {
			t.Errorf("%v: enum %v, want the catalogue's business types %v", where, got, types)
		}
	}
	reply := at("paths", "/reviews/{id}/reply", "post", "requestBody", "content", "application/json", "schema", "properties", "body")
	if reply["minLength"] != 1.0 || reply["maxLength"] != float64(catalog.ReplyMax) {
		t.Errorf("reply body: minLength %v, maxLength %v, want 1 and %d", reply["minLength"], reply["maxLength"], catalog.ReplyMax)
	}
	if lead := at("paths", "/leads/{id}", "patch", "requestBody", "content", "application/json", "schema"); lead["minProperties"] != 1.0 {
		t.Errorf("a lead's change: minProperties %v, want 1", lead["minProperties"])
	}

	for _, c := range []struct {
		name   string
		schema map[string]any
		good   []string
		bad    []string
	}{
		{"listing phone", at(append(change, "phone")...), []string{"", "(512) 555-0147", "+1 512 555 0147", "+ 5125550"}, []string{"call me", "      1", " 5125550147", "5125550147 ", "12345"}},
		{"listing city", at(append(change, "city")...), []string{"St. Paul", "Coeur d'Alene", "Española"}, []string{"", " Austin", "Austin 78701", "-Austin"}},
		{"listing state", at(append(change, "state")...), []string{"TX", "tx", "Texas", " new  york ", "U.S. Virgin Islands"}, []string{"", "Ontario", "T X", "Tex"}},
		{"directory state", at("paths", "/directory", "get", "parameters", "state", "schema"), []string{"TX", "texas"}, []string{"Ontario"}},
		{"directory city", at("paths", "/directory", "get", "parameters", "city", "schema"), []string{"Austin"}, []string{"4ustin!", strings.Repeat("a", 61)}},
		{"cursor", at("components", "parameters", "Cursor", "schema"), []string{"eyJvIjoyMCwicSI6ImFiYyJ9", "MTcwMDAwMDAwMC4x"}, []string{"", "not a cursor", "a+b/c=", strings.Repeat("a", 65)}},
		{"Idempotency-Key", at("components", "parameters", "IdempotencyKey", "schema"), []string{"k", "a UUID: 0b0e1f9c-5d0c-4b8e-9f3a-2d5e7c1a9b40", strings.Repeat("k", 255)}, []string{"", "tab\there", "é", strings.Repeat("k", 256)}},
	} {
		pattern, _ := c.schema["pattern"].(string)
		re, err := regexp.Compile(goRegexp(pattern))
		if pattern == "" || err != nil {
			t.Errorf("%s: pattern %q (%v)", c.name, pattern, err)
			continue
		}
		fits := func(s string) bool {
			n := float64(utf8.RuneCountInString(s))
			min, _ := c.schema["minLength"].(float64)
			max, hasMax := c.schema["maxLength"].(float64)
			return re.MatchString(s) && n >= min && (!hasMax || n <= max)
		}
		for _, s := range c.good {
			if !fits(s) {
				t.Errorf("%s: the document refuses %q, which the server takes", c.name, s)
			}
		}
		for _, s := range c.bad {
			if fits(s) {
				t.Errorf("%s: the document takes %q, which the server refuses", c.name, s)
			}
		}
	}

	ids := [][]string{
		{"components", "parameters", "ListingID", "schema"},
		{"paths", "/leads/{id}", "parameters", "id", "schema"},
		{"paths", "/reviews/{id}/reply", "parameters", "id", "schema"},
		{"paths", "/leads", "get", "parameters", "listing", "schema"},
		{"paths", "/reviews", "get", "parameters", "listing", "schema"},
		append(schemas, "ListingRef", "properties", "id"),
		append(schemas, "Lead", "properties", "id"),
		append(schemas, "Review", "properties", "id"),
		append(schemas, "AccountListing", "properties", "id"),
	}
	for _, where := range ids {
		if s := at(where...); s["type"] != "integer" || s["format"] != "int64" || s["minimum"] != 1.0 || s["maximum"] != float64(1<<63-1) {
			t.Errorf("%v: %v, want an int64 from 1", where, s)
		}
	}
	if !strings.Contains(string(raw), `"maximum": 9223372036854775807`) {
		t.Error("the ids' maximum is not written 9223372036854775807 (a float64's 2^63 is one more)")
	}
	if l := at("info", "license"); l["name"] != "Proprietary" || l["url"] != "https://example.com/terms" {
		t.Errorf("info.license %v, want Proprietary with the site's terms", l)
	}
}

// The checks read the document: an operation's own query parameters,
// each once, a typed one never empty, values by their schemas; a body by
// its schema, with the catalogue's messages where a rule names them.
func TestChecksFollowTheDocument(t *testing.T) {
	leads := For("GET", "/leads")
	for _, c := range []struct {
		query  string
		fields []string
	}{
		{"", nil},
		{"status=won&listing=9223372036854775807&limit=100&from=2026-02-28&q=", nil},
		{"listing=", []string{"listing"}},
		{"listing=0&limit=101", []string{"listing", "limit"}},
		{"listing=9223372036854775808", []string{"listing"}},
		{"limit=1.0", []string{"limit"}},
		{"status=maybe", []string{"status"}},
		{"from=2026-02-29", []string{"from"}},
		{"cursor=a+b", []string{"cursor"}},
		{"limit=1&limit=2", []string{"limit"}},
		{"sort=newest&page=2", []string{"page", "sort"}},
	} {
		q, _ := url.ParseQuery(c.query)
		var fields []string
		for _, is := range leads.Query(q) {
			fields = append(fields, is.Field)
			if is.Message == "" {
				t.Errorf("?%s: %s without a message", c.query, is.Field)
			}
		}
		if !slices.Equal(fields, c.fields) {
			t.Errorf("?%s: issues with %v, want %v", c.query, fields, c.fields)
		}
	}
	if is := leads.Query(url.Values{"status": {"maybe"}}); len(is) != 1 || is[0].Message != catalog.LeadStatusRule.Invalid {
		t.Errorf("a status of no list: %+v, want the catalogue's message", is)
	}

	listing := For("PATCH", "/account/listings/{id}")
	for _, c := range []struct {
		body   string
		issues []Issue
	}{
		{`{"name":"Harbor Bakery","phone":"","hours":[{},{},{},{},{},{},{"closed":true}]}`, nil},
		{`{"name":" "}`, []Issue{{"name", catalog.ListingRules["name"].Required}}},
		{`{"NAME":"x"}`, []Issue{{"NAME", "Unknown field."}}},
		{`{"name":null,"tags":"bread"}`, []Issue{{"name", "Must be a string."}, {"tags", "Must be a list."}}},
		{`{"tagline":"` + strings.Repeat("t", 161) + `"}`, []Issue{{"tagline", catalog.TooLong(160)}}},
		{`{"hours":[{"open":"9am"}]}`, []Issue{{"hours", "Give 7 items."}}},
		{`{"hours":[{"open":"9am"},{},{},{},{},{},{}]}`, []Issue{{"hours[0].open", "Give a time as HH:MM (24-hour), or leave it empty on a closed day."}}},
	} {
		v, err := ParseJSON([]byte(c.body))
		if err != nil {
			t.Fatal(err)
		}
		if got := listing.Body(v); !slices.Equal(got, c.issues) {
			t.Errorf("%s: %+v, want %+v", c.body, got, c.issues)
		}
	}

	for _, c := range []struct {
		body string
		want error
	}{
		{`{"a":[1,{"a":1}],"b":{"a":2}}`, nil},
		{`{"a":{"b":1,"b":2}}`, &DuplicateError{"a.b"}},
		{`{"a":1} {"a":2}`, ErrTrailing},
		{"{\"a\":\"\xff\"}", ErrNotUTF8},
		{strings.Repeat("[", 40) + strings.Repeat("]", 40), ErrTooDeep},
	} {
		if _, err := ParseJSON([]byte(c.body)); fmt.Sprint(err) != fmt.Sprint(c.want) {
			t.Errorf("ParseJSON(%.40s): %v, want %v", c.body, err, c.want)
		}
	}

	// A request schema the checks would read less strictly than the
	// document says is refused when the document is made.
	for _, schema := range []string{`{"oneOf": [{"type": "string"}]}`, `{"type": "object", "additionalProperties": {"type": "string"}}`} {
		doc, err := mergeFragments(fstest.MapFS{"openapi/base.json": {Data: []byte(`{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"name": "x", "in": "query", "schema": ` + schema + `}]}}}}`)}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := checksOf(doc); err == nil {
			t.Errorf("a query parameter of schema %s: no error", schema)
		}
	}
}

// The document's phone pattern is the catalogue's for a number the server
// keeps as sent: the same numbers, none with a space at either end.
func TestPhonePatternIsTheCataloguesTrimmed(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 10))
	alphabet := []rune("+ 0().-9a\t")
	for range 200000 {
		s := make([]rune, rng.IntN(29))
		for i := range s {
			s[i] = alphabet[rng.IntN(len(alphabet))]
		}
		v := string(s)
		want := catalog.PhoneRule.Pattern.MatchString(v) && v == strings.TrimSpace(v)
		if got := phonePattern.MatchString(v); got != want {
			t.Fatalf("%q: the document's pattern says %v, the catalogue's (trimmed) %v", v, got, want)
		}
	}
}
