package domain

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"bizprofile/catalog"
	"bizprofile/store"
)

// A listing's input is checked by the catalogue's rules, by the form's
// field names, after cleaning: the wizard, the edit page and the API all
// get these messages.
func TestListingInputCheck(t *testing.T) {
	valid := NewListingInput("owner@example.com")
	valid.Name, valid.Description, valid.Category, valid.City, valid.State = "Harbor Street Bakery", "Bread and pastries.", "food", "Portland", "OR"
	if errs := valid.Check(); len(errs) > 0 {
		t.Fatalf("a complete listing: %v", errs)
	}
	for _, c := range []struct {
		name   string
		edit   func(*ListingInput)
		fields []string
	}{
		{"no name", func(in *ListingInput) { in.Name = "  " }, []string{"name"}},
		{"name too long", func(in *ListingInput) { in.Name = strings.Repeat("a", 121) }, []string{"name"}},
		{"unknown category", func(in *ListingInput) { in.Category = "wizards" }, []string{"category"}},
		{"bad email and website", func(in *ListingInput) { in.Email, in.Website = "not-an-address", "example.com" }, []string{"email", "website"}},
		{"city with digits", func(in *ListingInput) { in.City = "Portland 2" }, []string{"city"}},
		{"state by name", func(in *ListingInput) { in.State = "oregon" }, nil},
		{"unknown state", func(in *ListingInput) { in.State = "Atlantis" }, []string{"state"}},
		{"Thursday closes before it opens", func(in *ListingInput) { in.Hours[3] = Day{Open: "17:00", Close: "09:00"} }, []string{"hours_3"}},
		{"Sunday closed without times", func(in *ListingInput) { in.Hours[6] = Day{Closed: true} }, nil},
		{"Monday without times", func(in *ListingInput) { in.Hours[0] = Day{} }, []string{"hours_0"}},
	} {
		in := valid
		c.edit(&in)
		if got := slices.Sorted(maps.Keys(in.Check())); !slices.Equal(got, c.fields) {
			t.Errorf("%s: errors on %v, want %v", c.name, got, c.fields)
		}
	}
	in := valid
	in.State, in.City, in.Tags = "oregon", "  Portland   Heights ", "bread, Bread, cakes,,"
	b := in.Listing()
	if b.State != "OR" || b.City != "Portland Heights" || !slices.Equal([]string(b.Tags), []string{"bread", "cakes"}) {
		t.Errorf("stored as state %q, city %q, tags %v; want OR, Portland Heights, [bread cakes]", b.State, b.City, b.Tags)
	}
	if msg := (ListingInput{}).Check()["name"]; msg != catalog.ListingRules["name"].Required {
		t.Errorf("an empty name says %q, want the catalogue's %q", msg, catalog.ListingRules["name"].Required)
	}
	round := ListingInputOf(b)
	if round.Check().Has("state") || round.Listing().State != "OR" {
		t.Errorf("a stored listing edited as it is: %v", round.Check())
	}
}

// A lead, and an owner's change of one, are checked by field.
func TestLeadInputs(t *testing.T) {
	for _, c := range []struct {
		name   string
		errs   catalog.FieldErrors
		fields []string
	}{
		{"complete", LeadInput{Name: "Ana", Email: "ana@example.com", Message: "Two loaves, please."}.Check(), nil},
		{"empty", LeadInput{}.Check(), []string{"email", "message", "name"}},
		{"bad phone", LeadInput{Name: "Ana", Email: "ana@example.com", Phone: "call me", Message: "Hi"}.Check(), []string{"phone"}},
		{"message too long", LeadInput{Name: "Ana", Email: "ana@example.com", Message: strings.Repeat("a", catalog.LeadMessageMax+1)}.Check(), []string{"message"}},
		{"status", LeadUpdate{SetStatus: true, Status: store.LeadWon}.Check(), nil},
		{"unknown status", LeadUpdate{SetStatus: true, Status: "pending"}.Check(), []string{"status"}},
		{"empty note", LeadUpdate{AddNote: true, Note: "  "}.Check(), []string{"note"}},
		{"both wrong", LeadUpdate{SetStatus: true, Status: "", AddNote: true, Note: strings.Repeat("n", catalog.LeadNoteMax+1)}.Check(), []string{"note", "status"}},
	} {
		if got := slices.Sorted(maps.Keys(c.errs)); !slices.Equal(got, c.fields) {
			t.Errorf("%s: errors on %v, want %v", c.name, got, c.fields)
		}
	}
}
