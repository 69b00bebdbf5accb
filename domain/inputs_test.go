package domain

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

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

// A review is checked by field: the stars, a title, a body long enough,
// a date of visit between 2000 and today, and a name to show.
func TestReviewInputCheck(t *testing.T) {
	today := ReviewToday(time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)) // 2026-11-29
	valid := ReviewInput{Rating: "4", Title: "Great bread", Body: "The sourdough was excellent and fresh.", VisitedOn: "2026-11-20", Name: "Dana K."}
	for _, c := range []struct {
		name   string
		edit   func(*ReviewInput)
		fields []string
	}{
		{"complete", func(*ReviewInput) {}, nil},
		{"no stars", func(in *ReviewInput) { in.Rating = "" }, []string{"rating"}},
		{"six stars", func(in *ReviewInput) { in.Rating = "6" }, []string{"rating"}},
		{"a padded number", func(in *ReviewInput) { in.Rating = "04" }, []string{"rating"}},
		{"short body", func(in *ReviewInput) { in.Body = "Nice." }, []string{"body"}},
		{"visit tomorrow in UTC is today somewhere", func(in *ReviewInput) { in.VisitedOn = "2026-11-29" }, nil},
		{"visit in the future", func(in *ReviewInput) { in.VisitedOn = "2026-11-30" }, []string{"visited_on"}},
		{"visit before 2000", func(in *ReviewInput) { in.VisitedOn = "1999-12-31" }, []string{"visited_on"}},
		{"not a date", func(in *ReviewInput) { in.VisitedOn = "last week" }, []string{"visited_on"}},
		{"no name", func(in *ReviewInput) { in.Name = " " }, []string{"author_name"}},
	} {
		in := valid
		c.edit(&in)
		errs, stars := in.Check(today)
		if got := slices.Sorted(maps.Keys(errs)); !slices.Equal(got, c.fields) {
			t.Errorf("%s: errors on %v, want %v", c.name, got, c.fields)
		}
		if len(c.fields) == 0 && stars != 4 {
			t.Errorf("%s: %d stars, want 4", c.name, stars)
		}
	}
}
