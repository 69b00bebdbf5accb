package apispec

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

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
