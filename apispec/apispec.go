// Package apispec is the public REST API's contract: its OpenAPI 3.1
// document, which the API serves and checks every request against
// (requests.go, handlers/api), the reference page renders (/api/docs) and
// the tests validate every answer against. Its enums and its fields'
// limits are made from the catalogue (rules.go).
package apispec

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"bizprofile/catalog"
)

// The OpenAPI 3.1 document is written in fragments, one per resource
// (openapi/*.json), beside the handlers they describe; base.json holds the
// info, the security scheme and what the operations share (the Problem
// schema, the common parameters, headers and responses). They are merged
// once, when the package loads; a key defined twice is an error.
//
//go:embed openapi/*.json
var fragments embed.FS

// document is the merged document, servers relative ("/api/v1").
var document = mustMerge()

func mustMerge() map[string]any {
	doc, err := mergeFragments(fragments)
	if err != nil {
		panic(err) // a broken fragment is a programming error every test meets
	}
	return doc
}

// MergeFragments merges the OpenAPI fragments *.json under openapi/ in
// fsys (base.json first, then by name) into one document, and completes
// its operations with what every operation shares (see complete).
func MergeFragments(fsys fs.FS) ([]byte, error) {
	doc, err := mergeFragments(fsys)
	if err != nil {
		return nil, err
	}
	return json.Marshal(doc)
}

func mergeFragments(fsys fs.FS) (map[string]any, error) {
	names, err := fs.Glob(fsys, "openapi/*.json")
	if err != nil {
		return nil, err
	}
	slices.SortFunc(names, func(a, b string) int {
		switch {
		case path.Base(a) == "base.json":
			return -1
		case path.Base(b) == "base.json":
			return 1
		}
		return strings.Compare(a, b)
	})
	if len(names) == 0 || path.Base(names[0]) != "base.json" {
		return nil, fmt.Errorf("apispec: openapi/base.json missing")
	}
	var doc map[string]any
	for i, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var frag map[string]any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber() // 9223372036854775807 stays itself, not a float64's 2^63
		if err := dec.Decode(&frag); err != nil {
			return nil, fmt.Errorf("apispec: %s: %w", name, err)
		}
		if i == 0 {
			doc = frag
			continue
		}
		if err := mergeInto(doc, frag, name); err != nil {
			return nil, err
		}
	}
	if err := fillEnums(doc, "document"); err != nil {
		return nil, err
	}
	complete(doc)
	return doc, nil
}

// catalogEnums are the lists of the catalogue a schema names with
// "x-catalog": its enum is made from the list (null added when the schema
// allows null), so the document never holds a copy that could drift.
var catalogEnums = map[string][]catalog.Option{
	"categories":     catalog.Categories,
	"business_types": catalog.BusinessTypes,
	"sorts":          catalog.SortOptions,
	"min_ratings":    catalog.RatingOptions,
	"lead_statuses":  catalog.LeadStatusOptions,
}

// fillEnums replaces each "x-catalog" under v with the enum of the list it
// names, and writes the limits of each "x-rule" (rules.go).
func fillEnums(v any, where string) error {
	switch v := v.(type) {
	case map[string]any:
		if name, ok := v["x-rule"]; ok {
			if err := fillRule(v, fmt.Sprint(name)); err != nil {
				return fmt.Errorf("apispec: %s: %w", where, err)
			}
		}
		if name, ok := v["x-catalog"]; ok {
			opts, known := catalogEnums[fmt.Sprint(name)]
			if !known {
				return fmt.Errorf("apispec: %s: x-catalog %q is no list of the catalogue", where, name)
			}
			enum := []any{}
			for _, o := range opts {
				enum = append(enum, o.Value)
			}
			if types, _ := v["type"].([]any); slices.Contains(types, any("null")) {
				enum = append(enum, nil)
			}
			v["enum"] = enum
			delete(v, "x-catalog")
		}
		for k, item := range v {
			if err := fillEnums(item, where+"."+k); err != nil {
				return err
			}
		}
	case []any:
		for i, item := range v {
			if err := fillEnums(item, fmt.Sprintf("%s[%d]", where, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// mergeInto adds a fragment's paths, webhooks, tags and components to doc.
func mergeInto(doc, frag map[string]any, name string) error {
	for key, v := range frag {
		switch key {
		case "paths", "webhooks":
			if err := addAll(doc, key, v, name+": "+key); err != nil {
				return err
			}
		case "components":
			comps, _ := v.(map[string]any)
			dc := object(doc, "components")
			for kind, set := range comps {
				if err := addAll(dc, kind, set, name+": components."+kind); err != nil {
					return err
				}
			}
		case "tags":
			tags, _ := v.([]any)
			have, _ := doc["tags"].([]any)
			for _, t := range tags {
				tn, _ := t.(map[string]any)["name"].(string)
				for _, h := range have {
					if h.(map[string]any)["name"] == tn {
						return fmt.Errorf("apispec: %s: tag %q defined twice", name, tn)
					}
				}
				have = append(have, t)
			}
			doc["tags"] = have
		default:
			return fmt.Errorf("apispec: %s: a fragment holds paths, webhooks, tags and components only, not %q", name, key)
		}
	}
	return nil
}

// addAll copies the entries of v into parent[key], refusing a name that is
// already there.
func addAll(parent map[string]any, key string, v any, where string) error {
	src, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("apispec: %s is not an object", where)
	}
	dst := object(parent, key)
	for k, item := range src {
		if _, dup := dst[k]; dup {
			return fmt.Errorf("apispec: %s: %q defined twice", where, k)
		}
		dst[k] = item
	}
	return nil
}

// object is parent[key] as an object, made when missing.
func object(parent map[string]any, key string) map[string]any {
	m, ok := parent[key].(map[string]any)
	if !ok {
		m = map[string]any{}
		parent[key] = m
	}
	return m
}

var methods = []string{"get", "put", "post", "delete", "patch"}

// complete adds to each operation what the framework answers for every
// operation of its kind, so the fragments describe only their own
// answers and the document still lists every status a client may see:
// 406, 500 and 503 everywhere; 401, 403 and 429 and the RateLimit headers
// of success answers where a key is needed; 304, If-None-Match and ETag on
// reads; Idempotency-Key, 409 and Idempotent-Replayed on POSTs; 404 where
// the path names a record; 400, 413 and 415 where there is a body; and
// 422 everywhere (a query parameter the operation does not take).
func complete(doc map[string]any) {
	ref := func(kind, name string) map[string]any {
		return map[string]any{"$ref": "#/components/" + kind + "/" + name}
	}
	for p, item := range object(doc, "paths") {
		pi, _ := item.(map[string]any)
		for _, m := range methods {
			op, ok := pi[m].(map[string]any)
			if !ok {
				continue
			}
			resp := object(op, "responses")
			add := func(status, name string) {
				if _, ok := resp[status]; !ok {
					resp[status] = ref("responses", name)
				}
			}
			headers := func(names ...string) {
				for status, r := range resp {
					rm, ok := r.(map[string]any)
					if !ok || !strings.HasPrefix(status, "2") || rm["$ref"] != nil {
						continue
					}
					hs := object(rm, "headers")
					for _, n := range names {
						if _, ok := hs[n]; !ok {
							hs[n] = ref("headers", n)
						}
					}
				}
			}
			param := func(name string) {
				ps, _ := op["parameters"].([]any)
				op["parameters"] = append(ps, ref("parameters", name))
			}
			add("406", "NotAcceptable")
			add("500", "ServerError")
			add("503", "Unavailable")
			if sec, set := op["security"].([]any); !set || len(sec) > 0 {
				add("401", "Unauthorized")
				add("403", "Forbidden")
				add("429", "RateLimited")
				headers("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy")
			}
			if strings.Contains(p, "{") {
				add("404", "NotFound")
			}
			switch m {
			case "get":
				add("304", "NotModified")
				param("IfNoneMatch")
				if r, ok := resp["200"].(map[string]any); ok && r["$ref"] == nil {
					if _, ok := object(r, "headers")["ETag"]; !ok {
						object(r, "headers")["ETag"] = ref("headers", "ETag")
					}
				}
			case "post":
				param("IdempotencyKey")
				add("409", "Conflict")
				headers("Idempotent-Replayed")
			}
			if _, body := op["requestBody"]; body || m == "post" || m == "patch" || m == "put" {
				add("400", "BadRequest")
				add("413", "TooLarge")
				add("415", "UnsupportedMediaType")
			}
			add("422", "Invalid") // a query parameter the operation does not take, at least
		}
	}
}

// Document is the API's OpenAPI document as JSON, its server relative
// (/api/v1).
func Document() []byte { return DocumentFor("") }

// DocumentFor is the document with the site's address in its server URL
// and its licence's, without the names of the rules (x-rule): their
// limits are written out.
func DocumentFor(baseURL string) []byte {
	doc := served(document).(map[string]any)
	base := strings.TrimSuffix(baseURL, "/")
	doc["servers"] = []any{map[string]any{"url": base + "/api/v1"}}
	object(doc, "info")["license"] = map[string]any{"name": "Proprietary", "url": base + "/terms"}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err) // a decoded JSON value always encodes
	}
	return b
}

// served is a copy of v without x-rule.
func served(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, item := range v {
			if k != "x-rule" {
				out[k] = served(item)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = served(item)
		}
		return out
	}
	return v
}

// Load parses the document (for baseURL) with kin-openapi, references
// resolved: what tests validate against and the docs page renders.
func Load(ctx context.Context, baseURL string) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromData(DocumentFor(baseURL))
	if err != nil {
		return nil, fmt.Errorf("apispec: load OpenAPI document: %w", err)
	}
	return doc, nil
}
