package domain

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"bizprofile/status"
)

// An incident, and an update to one, are checked by the form's fields;
// the parts it affects must be among those the app checks.
func TestIncidentInputs(t *testing.T) {
	checked := []status.Component{status.DatabaseComponent, status.EmailComponent}
	valid := IncidentInput{Title: "Emails are delayed", Impact: "minor", Status: "investigating", Message: "We are looking into it.",
		Components: []string{status.EmailComponent.Key}}
	for _, c := range []struct {
		name   string
		edit   func(*IncidentInput)
		fields []string
	}{
		{"complete", func(*IncidentInput) {}, nil},
		{"no title", func(in *IncidentInput) { in.Title = "" }, []string{"title"}},
		{"title too long", func(in *IncidentInput) { in.Title = strings.Repeat("a", 121) }, []string{"title"}},
		{"unknown impact", func(in *IncidentInput) { in.Impact = "apocalyptic" }, []string{"impact"}},
		{"a part the app does not check", func(in *IncidentInput) { in.Components = append(in.Components, status.StripeComponent.Key) }, []string{"components"}},
		{"no status, no message", func(in *IncidentInput) { in.Status, in.Message = "", "" }, []string{"message", "status"}},
		{"message too long", func(in *IncidentInput) { in.Message = strings.Repeat("a", 2001) }, []string{"message"}},
	} {
		in := valid
		c.edit(&in)
		if got := slices.Sorted(maps.Keys(in.Check(checked))); !slices.Equal(got, c.fields) {
			t.Errorf("%s: errors on %v, want %v", c.name, got, c.fields)
		}
	}
	if msg := (IncidentInput{}).Check(checked)["message"]; msg != "Write what is happening." {
		t.Errorf("a new incident without a message says %q", msg)
	}

	for _, c := range []struct {
		in     IncidentUpdate
		fields []string
	}{
		{IncidentUpdate{Status: "resolved", Message: "Fixed."}, nil},
		{IncidentUpdate{Status: "fixed", Message: "Fixed."}, []string{"status"}},
		{IncidentUpdate{Status: "monitoring"}, []string{"message"}},
	} {
		if got := slices.Sorted(maps.Keys(c.in.Check())); !slices.Equal(got, c.fields) {
			t.Errorf("%+v: errors on %v, want %v", c.in, got, c.fields)
		}
	}
	if msg := (IncidentUpdate{Status: "monitoring"}).Check()["message"]; msg != "Write what changed." {
		t.Errorf("an update without a message says %q", msg)
	}
}
