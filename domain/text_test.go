package domain

import (
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/store"
)

func TestTextRule(t *testing.T) {
	const (
		ok      = ""
		control = "Remove the control character"
		lines   = "Remove the line break"
		dir     = "Remove the invisible text-direction character"
		utf     = "This text has bytes that aren't valid UTF-8"
	)
	for _, tc := range []struct {
		value    string
		one, all string // the message's start for a one-line and a multi-line field
	}{
		{"Harbor Street Bakery", ok, ok},
		{"Café Ωmega — 東京 🍞", ok, ok},
		{"שלום\u200f", ok, ok}, // a right-to-left mark is writing, not an override
		{"Tab\tseparated", ok, ok},
		{"Replacement \uFFFD character", ok, ok},
		{"Two\nlines", lines, ok},
		{"Two\r\nlines", lines, ok},
		{"Evil\r\nBcc: x@example.com", lines, ok},
		{"Lone\rreturn", lines, control + " (U+000D)"},
		{"Line\u2028separator", lines, ok},
		{"NUL\x00", control + " (U+0000)", control + " (U+0000)"},
		{"\x1b[31mred", control + " (U+001B)", control + " (U+001B)"},
		{"DEL\x7f", control + " (U+007F)", control + " (U+007F)"},
		{"C1\u0085next", control + " (U+0085)", control + " (U+0085)"},
		{"C1\u009b", control + " (U+009B)", control + " (U+009B)"},
		{"invoice\u202egpj.exe", dir + " (U+202E)", dir + " (U+202E)"},
		{"\u202aembedded", dir + " (U+202A)", dir + " (U+202A)"},
		{"\u2066isolate\u2069", dir + " (U+2066)", dir + " (U+2066)"},
		{"bad \xff byte", utf, utf},
		{"cut \xe2\x82", utf, utf},
	} {
		for _, c := range []struct {
			lines catalog.Lines
			want  string
		}{{catalog.OneLine, tc.one}, {catalog.Multiline, tc.all}} {
			got := TextProblem(tc.value, c.lines)
			if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
				t.Errorf("TextProblem(%q, %v) = %q, want %q…", tc.value, c.lines, got, c.want)
			}
		}
	}
	if catalog.LinesOf("name") != catalog.OneLine || catalog.LinesOf("description") != catalog.Multiline {
		t.Error("a name is one line and a description several")
	}
}

// Every input a person fills in refuses, by field, a control character in
// any of its text fields, and a line break in its one-line ones: the
// forms, the API and an import get the same answer from Check.
func TestEveryInputAppliesTheTextRule(t *testing.T) {
	today := ReviewToday(time.Now())
	const pw = "bold-lime-71"
	valid := NewListingInput("owner@example.com")
	valid.Name, valid.Description, valid.Category, valid.City, valid.State = "Harbor Street Bakery", "Bread and pastries.", "food", "Portland", "OR"
	inputs := []any{
		valid,
		LeadInput{Name: "Ana", Email: "ana@example.com", Phone: "(512) 555-0147", Message: "Two loaves, please."},
		LeadUpdate{SetStatus: true, Status: store.LeadWon, AddNote: true, Note: "Called back."},
		QuoteRequestInput{Category: "food", Description: "A cake for forty people, chocolate, on Saturday.", City: "Austin", State: "TX",
			Timing: store.Timings[0].Value, Budget: store.Budgets[0].Value, Name: "Ana", Email: "ana@example.com", Phone: "(512) 555-0147"},
		ReviewInput{Rating: "4", Title: "Great bread", Body: "The sourdough was excellent and fresh.", VisitedOn: "2026-01-20", Name: "Dana K."},
		ReportInput{Reason: catalog.ReportReasons[0].Value, Detail: "Not a customer."},
		ReviewDecision{Action: store.ActionHideReview, Reason: "Not a customer."},
		Decision{Reason: "Another bakery's name."},
		ImageRemoval{Reason: "Not the business."},
		IncidentUpdate{Status: catalog.IncidentStatuses[0].Value, Message: "Looking into it."},
		ContactInput{FirstName: "Ana", LastName: "Ruiz", Email: "ana@example.com", Company: "Harbor", Subject: catalog.ContactSubjects[0].Value, Message: "Hello there."},
		SuggestionInput{Name: "Ana", Email: "ana@example.com", Title: "Dark mode", Description: "A dark theme, please."},
		PartnerSignUpInput{PartnerApplication: PartnerApplication{Name: "Ana", Company: "Harbor", Website: "https://example.com", Kind: catalog.PartnerTiers[0].Value,
			Plan: "partner", Message: "Let's talk.", AcceptTerms: true}, Email: "ana@example.com", Password: pw, ConfirmPassword: pw},
		VerificationInput{Statement: "Call the shop's listed number and ask for Ana.", Phone: "(512) 555-0147", Link: "https://example.com/about"},
		ClaimInput{Role: "owner", Message: "I have run the bakery since 2012."},
		RequestInput{Emails: "ann@example.com\nbob@example.com", Note: "Thank you!"},
		SignInInput{Email: "ana@example.com", Password: "x"},
		SignUpInput{FullName: "Ana Ruiz", Email: "ana@example.com", Password: pw},
		BusinessSignupInput{BusinessName: "Harbor Bakery", OwnerName: "Ana Ruiz", Email: "ana@example.com", Phone: "(512) 555-0147", Category: "food",
			Location: "Austin, TX", Website: "https://example.com", Description: "Bread.", Password: pw, ConfirmPassword: pw},
		IndividualSignupInput{FirstName: "Ana", LastName: "Ruiz", Email: "ana@example.com", Location: "Denver, CO",
			Interests: "bread", Bio: "Baker.", Password: pw, ConfirmPassword: pw},
		ProfileInput{FullName: "Ana Ruiz", Phone: "(512) 555-0147"},
		ProfileInput{Individual: true, Phone: "(512) 555-0147", FirstName: "Ana", LastName: "Ruiz", Location: "Denver", Profession: "student", Interests: "bread", Bio: "Baker."},
		ResetRequest{Email: "ana@example.com"},
	}
	check := func(in any) catalog.FieldErrors {
		switch in := in.(type) {
		case ReviewInput:
			errs, _ := in.Check(today)
			return errs
		case interface{ Check() catalog.FieldErrors }:
			return in.Check()
		}
		t.Fatalf("%T has no Check", in)
		return nil
	}
	// Fields that are no text a person writes to be shown: a password is
	// only ever hashed, an address is the server's, a decision's action is
	// the button an administrator pressed, a referral is the cookie's value
	// (ParseReferralCookie refuses anything but a code and a time).
	notText := map[string]bool{"Password": true, "ConfirmPassword": true, "IP": true, "Action": true, "Referral": true}
	// A profile keeps the fields of its kind only (ProfileInput.Name).
	unused := func(in any, field string) bool {
		p, ok := in.(ProfileInput)
		return ok && (field == "FullName") == p.Individual && field != "Phone"
	}
	for _, in := range inputs {
		if errs := check(in); len(errs) > 0 {
			t.Fatalf("%T: the valid input has errors %v", in, errs)
		}
		v := reflect.ValueOf(in)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type.Kind() != reflect.String || notText[f.Name] || unused(in, f.Name) {
				continue
			}
			for _, bad := range []string{"\x00", "\x1b", "\u009b", "\u202e"} {
				edited := reflect.New(v.Type()).Elem()
				edited.Set(v)
				was := v.Field(i).String()
				n := min(1, len(was))
				edited.Field(i).SetString(was[:n] + bad + was[n:])
				if errs := check(edited.Interface()); len(errs) == 0 {
					t.Errorf("%T.%s takes %q", in, f.Name, bad)
				}
			}
		}
	}
}

// The one-line fields of what visitors and owners send refuse a line
// break inside (an email header, a CSV row), by the field's name.
func TestOneLineFieldsRefuseLineBreaks(t *testing.T) {
	for _, tc := range []struct {
		errs  catalog.FieldErrors
		field string
	}{
		{LeadInput{Name: "Evil\r\nBcc: x@example.com", Email: "ana@example.com", Message: "Hi"}.Check(), "name"},
		{QuoteRequestInput{Name: "Evil\nBcc: x", Category: "food", Description: "A cake for forty people, chocolate, on Saturday.", City: "Austin", State: "TX", Timing: store.Timings[0].Value, Email: "ana@example.com"}.Check(), "name"},
		{ContactInput{FirstName: "Ana", LastName: "Ruiz\nBcc: x", Email: "ana@example.com", Subject: catalog.ContactSubjects[0].Value, Message: "Hi"}.Check(), "last_name"},
		{func() catalog.FieldErrors {
			in := NewListingInput("owner@example.com")
			in.Name, in.Description, in.Category, in.City, in.State, in.Tags = "Harbor\nBakery", "Bread.", "food", "Portland", "OR", "a\r\nb"
			return in.Check()
		}(), "name"},
	} {
		if !strings.HasPrefix(tc.errs[tc.field], "Remove the line break") {
			t.Errorf("%s: %v", tc.field, tc.errs)
		}
	}
	// A multi-line field keeps its lines.
	if errs := (LeadInput{Name: "Ana", Email: "ana@example.com", Message: "Two loaves,\r\nplease.\n\nThanks"}).Check(); len(errs) > 0 {
		t.Errorf("a message of several lines: %v", errs)
	}
}

// FuzzTextRule: the rule never takes a value holding a character it
// refuses, whatever the field; what CleanText leaves is always taken by a
// multi-line field and by AcceptableText; nothing panics.
func FuzzTextRule(f *testing.F) {
	for _, s := range []string{"Harbor Street Bakery", "Evil\r\nBcc: x", "\x00\x1b\u0085\u009b\u202e\u2066", "a\rb", "\xff\xfe", "\uFFFD", "日本語\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		refused := func(lines catalog.Lines) bool {
			if !utf8.ValidString(s) {
				return true
			}
			for i, r := range s {
				switch {
				case r == '\t' || r == '\n' && lines == catalog.Multiline:
				case r == '\r' && lines == catalog.Multiline && strings.HasPrefix(s[i:], "\r\n"):
				case unicode.IsControl(r), (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
					return true
				case lines == catalog.OneLine && (r == 0x2028 || r == 0x2029):
					return true
				}
			}
			return false
		}
		for _, lines := range []catalog.Lines{catalog.OneLine, catalog.Multiline} {
			if got, want := TextProblem(s, lines) != "", refused(lines); got != want {
				t.Fatalf("TextProblem(%q, %v) refuses: %v, want %v", s, lines, got, want)
			}
		}
		if AcceptableText(s) != (TextProblem(s, catalog.Multiline) == "") {
			t.Fatalf("AcceptableText(%q) = %v, but a multi-line field's rule says %q", s, AcceptableText(s), TextProblem(s, catalog.Multiline))
		}
		clean := CleanText(s)
		if msg := TextProblem(clean, catalog.Multiline); msg != "" || !AcceptableText(clean) {
			t.Fatalf("CleanText(%q) = %q, refused: %s", s, clean, msg)
		}
	})
}
