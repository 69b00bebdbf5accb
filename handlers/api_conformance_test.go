package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"bizprofile/handlers/api"
	"bizprofile/ratelimit"
	"bizprofile/store"
)

// The API against its document, operation by operation, through the real
// router with a signed-up Pro account and its keys: every method a path
// does not allow is a 405 with Allow; every query parameter is refused
// empty (when typed), unknown ones are refused; the schemas' boundary
// values in the path, the query, the Idempotency-Key and the body are
// refused with a documented 4xx naming the field, and values at the bounds
// are taken. apiDo validates every exchange with kin-openapi.

// every is each method a client may send, in the order Allow lists them.
var every = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// known are values the schemas' patterns take, by field or parameter, for
// the values at the bounds; the cursors are fetched.
var known = map[string]string{
	"state": "new york", "city": "Portland", "phone": "(503) 555-0100", "email": "owner@harbor.example",
	"website": "https://harbor.example", "from": "2026-03-01", "to": "2026-03-31", "open": "08:00", "close": "18:00",
}

func TestAPIConformsToItsDocument(t *testing.T) {
	lots := func(d *testDeps) { d.RateLimits.APIPerKey = ratelimit.Rate{Limit: 100000, Window: time.Minute} }
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)
		now := time.Now().UTC()
		lead := apiLead(t, app, f.bakery, "Ada Lovelace", now.Add(-time.Hour))
		apiLead(t, app, f.bakery, "Bea Cole", now)
		review := customerReview(t, app, f.bakery, "Ann", 5, store.SentimentPositive, now.Add(-time.Hour))
		customerReview(t, app, f.bakery, "Bob", 4, store.SentimentPositive, now)
		concrete := strings.NewReplacer("/account/listings/{id}", pathf("/account/listings/%d", f.bakery.ID),
			"/leads/{id}", pathf("/leads/%d", lead.ID), "/reviews/{id}", pathf("/reviews/%d", review.ID), "{slug}", f.bakery.Slug)
		cursors := map[string]string{}
		for _, path := range []string{"/directory", "/leads", "/reviews"} {
			_, body := apiDo(t, app, f.ro, "GET", path+"?limit=1", nil)
			c, _ := apiJSON(t, body)["next_cursor"].(string)
			if c == "" {
				t.Fatalf("%s?limit=1 gave no cursor: %s", path, body)
			}
			cursors[path] = c
		}

		doc := apiDocOf(t, app).doc
		for path, item := range doc.Paths.Map() {
			at := concrete.Replace(path)
			ops := item.Operations()
			var allow []string
			for _, m := range every {
				if ops[m] != nil {
					allow = append(allow, m)
				}
			}
			for _, m := range every {
				if ops[m] == nil {
					checkNotAllowed(t, app, f.rw, m, at, strings.Join(allow, ", "))
				}
			}
			for method, op := range ops {
				c := conformance{t: t, app: app, key: f.rw, method: method, path: at, op: op}
				if method == "GET" {
					c.key = f.ro
				}
				c.query(append(slices.Clone(item.Parameters), op.Parameters...), cursors[path])
				c.pathIDs(path)
				c.idempotencyKey()
				c.body()
			}
		}
	}, lots)
}

// checkNotAllowed sends method path, which the document does not have:
// 405, Allow the path's methods, a problem (no body to HEAD).
func checkNotAllowed(t *testing.T, app *testApp, key, method, path, allow string) {
	t.Helper()
	if method == "HEAD" {
		req, _ := http.NewRequest(method, app.URL+"/api/v1"+path, nil)
		req.Header.Set("Authorization", "Bearer "+key)
		res, _ := app.do(t, req)
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != allow || res.Header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("HEAD %s: %d, Allow %q, %q; want 405, Allow %q, a problem", path, res.StatusCode, res.Header.Get("Allow"), res.Header.Get("Content-Type"), allow)
		}
		return
	}
	res, body := apiDo(t, app, key, method, path, nil)
	if p := apiProblem(t, body); res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != allow || p.Status != 405 {
		t.Errorf("%s %s: %d, Allow %q; want 405 and Allow %q", method, path, res.StatusCode, res.Header.Get("Allow"), allow)
	}
}

// conformance sends one operation its boundary values.
type conformance struct {
	t            *testing.T
	app          *testApp
	key          string
	method, path string
	op           *openapi3.Operation
}

// refused sends the request and expects a documented 4xx naming field
// (when given).
func (c conformance) refused(what, query string, body any, field string, headers ...string) {
	c.t.Helper()
	res, got := apiDo(c.t, c.app, c.key, c.method, c.path+query, body, headers...)
	where := fmt.Sprintf("%s %s%s (%s)", c.method, c.path, query, what)
	if res.StatusCode < 400 || res.StatusCode >= 500 || c.op.Responses.Status(res.StatusCode) == nil {
		c.t.Errorf("%s: %d, want a documented 4xx: %s", where, res.StatusCode, got)
		return
	}
	if p := apiProblem(c.t, got); field != "" && !slices.ContainsFunc(p.Errors, func(e api.FieldError) bool { return e.Field == field && e.Message != "" }) {
		c.t.Errorf("%s: %d %+v, want an error naming %s", where, res.StatusCode, p.Errors, field)
	}
}

// taken sends the request and expects a success.
func (c conformance) taken(what, query string, body any, headers ...string) {
	c.t.Helper()
	res, got := apiDo(c.t, c.app, c.key, c.method, c.path+query, body, headers...)
	if res.StatusCode >= 300 {
		c.t.Errorf("%s %s%s (%s): %d, want it taken: %s", c.method, c.path, query, what, res.StatusCode, got)
	}
}

// query: an unknown parameter, each parameter given empty, twice, out of
// its bounds and at them.
func (c conformance) query(params openapi3.Parameters, cursor string) {
	c.refused("unknown parameter", "?colour=red", c.someBody(), "colour")
	for _, p := range params {
		if p.Value.In != "query" {
			continue
		}
		name, s := p.Value.Name, p.Value.Schema.Value
		with := ""
		switch name {
		case "city":
			with = "&state=OR" // a city is of a state
		case "radius":
			with = "&near=78701" // a radius is around a place
		}
		q := func(v string) string { return "?" + url.Values{name: {v}}.Encode() + with }
		if !s.Type.Is("string") || s.MinLength > 0 || len(s.Enum) > 0 {
			c.refused("empty", q(""), nil, name)
		}
		v := url.QueryEscape(firstIn(s, name, cursor))
		c.refused("twice", "?"+name+"="+v+"&"+name+"="+v+with, nil, name)
		for what, v := range outsiders(s, name) {
			c.refused(what, q(fmt.Sprint(v)), nil, name)
		}
		if name == "near" {
			c.refused("a place nobody knows", q("00000"), nil, name)
			c.refused("a radius without a place", "?radius=5", nil, "radius")
		}
		for _, v := range insiders(s, name, cursor) {
			c.taken("at the bounds", q(fmt.Sprint(v)), nil)
		}
	}
}

// pathIDs: ids no record has (0, 2^63 and others) are not found.
func (c conformance) pathIDs(path string) {
	if !strings.Contains(path, "{id}") {
		return
	}
	for _, id := range []string{"0", "-1", "9223372036854775808", "01", "1.5", "abc"} {
		other := c
		other.path = strings.Replace(c.path, strconv.FormatInt(idIn(c.path), 10), id, 1)
		other.refused("id "+id, "", c.someBody(), "")
	}
}

// idempotencyKey: a key the document refuses is a 400, on a POST.
func (c conformance) idempotencyKey() {
	if c.method != "POST" {
		return
	}
	for _, k := range []string{"", strings.Repeat("k", 256), "clé"} {
		c.refused("Idempotency-Key "+k, "", c.someBody(), "", "Idempotency-Key", k)
	}
	c.taken("the longest Idempotency-Key", "", c.someBody(), "Idempotency-Key", c.path+strings.Repeat("k", 255-len(c.path)))
}

// body: each field out of its bounds, of another type, null, twice; an
// unknown field; each field at its bounds.
func (c conformance) body() {
	if c.op.RequestBody == nil {
		return
	}
	s := c.op.RequestBody.Value.Content.Get("application/json").Schema.Value
	c.refused("unknown field", "", map[string]any{"colour": "red"}, "colour")
	for name := range c.someBody().(map[string]any) {
		v, _ := json.Marshal(c.someBody().(map[string]any)[name])
		c.refused("a field twice", "", fmt.Sprintf(`{%q: %s, %q: %s}`, name, v, name, v), name)
	}
	if s.MinProps > 0 {
		c.refused("no field", "", map[string]any{}, "")
	}
	for name, p := range s.Properties {
		for what, v := range outsiders(p.Value, name) {
			c.refused(what, "", map[string]any{name: v}, name)
		}
		c.refused("null", "", map[string]any{name: nil}, name)
		if name == "hours" {
			bad := week()
			bad[2]["open"] = "9am"
			c.refused("an hour out of its pattern", "", map[string]any{name: bad}, "hours[2].open")
		}
		for _, v := range insiders(p.Value, name, "") {
			c.taken("at the bounds", "", map[string]any{name: v})
		}
	}
}

// someBody is a body the operation takes, when it takes one.
func (c conformance) someBody() any {
	switch {
	case c.op.RequestBody == nil:
		return nil
	case strings.HasSuffix(c.path, "/reply"):
		return map[string]any{"body": "Thank you!"}
	case strings.HasPrefix(c.path, "/leads/"):
		return map[string]any{"status": "contacted"}
	}
	return map[string]any{"tagline": "Fresh every morning"}
}

// outsiders are values schema s refuses, by what they break.
func outsiders(s *openapi3.Schema, name string) map[string]any {
	out := map[string]any{}
	switch {
	case s.Type.Is("integer"):
		out["not a number"], out["a fraction"] = "abc", "1.5"
		if s.Min != nil {
			out["under the minimum"] = strconv.FormatInt(int64(*s.Min)-1, 10)
		}
		if s.Max != nil {
			out["over the maximum"] = strconv.FormatInt(int64(*s.Max)+1, 10)
			if s.Format == "int64" {
				out["over the maximum"] = "9223372036854775808" // 2^63
			}
		}
	case s.Type.Is("boolean"):
		out["not a boolean"], out["1 for true"] = "maybe", "1"
	case s.Type.Is("array"):
		out["not a list"] = "Monday"
		if s.MaxItems != nil {
			out["too many items"] = append(week(), week()...)
		}
	case s.Type.Is("string"):
		if len(s.Enum) > 0 {
			out["not one of the enum"] = "zzz-" + fmt.Sprint(s.Enum[0])
		}
		if s.MinLength > 0 {
			out["under minLength"] = strings.Repeat("a", int(s.MinLength)-1)
		}
		if s.MaxLength != nil {
			out["over maxLength"] = strings.Repeat(string([]rune(firstIn(s, name, "xcursor"))[0]), int(*s.MaxLength)+1)
		}
		if s.Pattern != "" {
			for _, v := range []string{"!", " ", "\u00a0", "?x?", "1", "AB"} {
				if !pattern(s).MatchString(v) {
					out["off the pattern"] = v
					break
				}
			}
		}
		if s.Format == "date" {
			out["no such date"] = "2026-02-30"
		}
	}
	return out
}

// insiders are values at schema s's bounds, which it takes.
func insiders(s *openapi3.Schema, name, cursor string) []any {
	switch {
	case s.Type.Is("integer") && s.Format == "int64":
		return []any{"1", "9223372036854775807"}
	case s.Type.Is("integer"):
		return []any{strconv.FormatInt(int64(*s.Min), 10), strconv.FormatInt(int64(*s.Max), 10)}
	case s.Type.Is("boolean"):
		return []any{true, false}
	case name == "hours":
		return []any{week()}
	case name == "near": // a place the gazetteer knows, however it is given
		return []any{"78701", "Austin, TX", "30.2672,-97.7431", "78701-1234"}
	case s.Type.Is("array"):
		return []any{[]string{"a"}}
	case len(s.Enum) > 0:
		return []any{s.Enum[0], s.Enum[len(s.Enum)-1]}
	}
	out := []any{firstIn(s, name, cursor)}
	if s.MaxLength != nil && s.Format == "" && name != "cursor" {
		longest := strings.Repeat(string([]rune(firstIn(s, name, cursor))[0]), int(*s.MaxLength))
		if s.Pattern == "" || pattern(s).MatchString(longest) {
			out = append(out, longest)
		}
	}
	return out
}

// pattern is schema s's pattern as Go reads it.
func pattern(s *openapi3.Schema) *regexp.Regexp {
	return regexp.MustCompile(regexp.MustCompile(`\\u([0-9A-F]{4})`).ReplaceAllString(s.Pattern, `\x{$1}`))
}

// firstIn is a value schema s takes.
func firstIn(s *openapi3.Schema, name, cursor string) string {
	switch {
	case name == "cursor":
		return cursor
	case known[name] != "":
		return known[name]
	case len(s.Enum) > 0:
		return fmt.Sprint(s.Enum[0])
	case s.Type.Is("integer"):
		return "1"
	case s.Type.Is("boolean"):
		return "true"
	}
	return "a"
}

// week is seven days of opening hours.
func week() []map[string]any {
	out := make([]map[string]any, 7)
	for i := range out {
		out[i] = map[string]any{"open": known["open"], "close": known["close"], "closed": i == 6}
	}
	return out
}

// idIn is the record id in an API path.
func idIn(path string) int64 {
	for _, part := range strings.Split(path, "/") {
		if n, err := strconv.ParseInt(part, 10, 64); err == nil {
			return n
		}
	}
	return 0
}
