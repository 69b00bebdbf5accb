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

func TestPasswordProblem(t *testing.T) {
	for _, tc := range []struct {
		password, email string
		names           []string
		refused         bool
	}{
		{"éééééééé", "x@example.com", nil, true},                             // one character, beyond ASCII
		{"\u00a0\u2003\u00a0\u2003\u00a0\u2003", "x@example.com", nil, true}, // Unicode spaces
		{"ann-likes-tea", "ann+news@example.com", nil, true},                 // the local part without its +tag
		{"my JOSÉ pass", "x@example.com", []string{"José García"}, true},
		{"garcía-2024", "x@example.com", []string{"", "José", "García"}, true},
		{"aaaaab-tide", "x@example.com", nil, false},
		{"bold-lime-71", "bo@example.com", []string{"Bo Li"}, false}, // short names and local parts are ignored
		{"sea  salt  ", "x@example.com", nil, false},
	} {
		if got := PasswordProblem(tc.password, tc.email, tc.names...); (got != "") != tc.refused {
			t.Errorf("PasswordProblem(%q, %q, %q) = %q, want refused %v", tc.password, tc.email, tc.names, got, tc.refused)
		}
	}
}

func TestPasswordHashMatchesOnlyItsPassword(t *testing.T) {
	hash, err := HashPassword("bold-lime-71")
	if err != nil {
		t.Fatal(err)
	}
	if !PasswordMatches(hash, "bold-lime-71") || PasswordMatches(hash, "bold-lime-72") || PasswordMatches("not a hash", "bold-lime-71") {
		t.Error("a hash matches another password, or not its own")
	}
}

func TestSignInDelayDoublesUpToTheWindow(t *testing.T) {
	window := 15 * time.Minute
	for n, want := range map[int]time.Duration{0: time.Second, 1: 2 * time.Second, 5: 32 * time.Second, 9: 512 * time.Second, 10: window, 64: window} {
		if got := SignInDelay(n, window); got != want {
			t.Errorf("SignInDelay(%d) = %v, want %v", n, got, want)
		}
	}
}

// Each account form's input is checked by the form's field names.
func TestAccountInputs(t *testing.T) {
	const pw = "bold-lime-71"
	business := BusinessSignupInput{BusinessName: "Harbor Bakery", OwnerName: "Ana Ruiz", Email: "ana@example.com", Category: "food",
		Location: "Austin, TX", Description: "Bread.", Password: pw, ConfirmPassword: pw}
	individual := IndividualSignupInput{FirstName: "Ana", LastName: "Ruiz", Email: "ana@example.com", Location: "Denver, CO",
		Password: pw, ConfirmPassword: pw}
	owner := store.User{Email: "ana@example.com"}
	owner.PasswordHash, _ = HashPassword(pw)
	for _, c := range []struct {
		name   string
		errs   catalog.FieldErrors
		fields []string
	}{
		{"sign-in", SignInInput{Email: "ana@example.com", Password: "x"}.Check(), nil},
		{"sign-in empty", SignInInput{}.Check(), []string{"email", "password"}},
		{"sign-in bad address", SignInInput{Email: "ana@", Password: "x"}.Check(), []string{"email"}},
		{"sign-up", SignUpInput{FullName: "Ana Ruiz", Email: "ana@example.com", Password: pw}.Check(), nil},
		{"sign-up with the name in the password", SignUpInput{FullName: "Ana Ruiz", Email: "a@example.com", Password: "ruiz-rules-1"}.Check(), []string{"password"}},
		{"sign-up empty", SignUpInput{}.Check(), []string{"email", "full_name", "password"}},
		{"business", business.Check(), nil},
		{"business without a state", func() catalog.FieldErrors { in := business; in.Location = "Austin"; return in.Check() }(), []string{"location"}},
		{"business, unknown category and bad site", func() catalog.FieldErrors {
			in := business
			in.Category, in.Website = "wizards", "example.com"
			return in.Check()
		}(), []string{"category", "website"}},
		{"business, passwords differ", func() catalog.FieldErrors { in := business; in.ConfirmPassword = "other"; return in.Check() }(), []string{"confirm_password"}},
		{"individual", individual.Check(), nil},
		{"individual without names", func() catalog.FieldErrors { in := individual; in.FirstName, in.LastName = "", " "; return in.Check() }(), []string{"first_name", "last_name"}},
		{"individual, bio too long", func() catalog.FieldErrors { in := individual; in.Bio = strings.Repeat("b", 1001); return in.Check() }(), []string{"bio"}},
		{"profile of a business owner", ProfileInput{FullName: "Ana Ruiz", Phone: "(512) 555-0147"}.Check(), nil},
		{"profile without a name, bad phone", ProfileInput{Phone: "call me"}.Check(), []string{"full_name", "phone"}},
		{"individual's profile", ProfileInput{Individual: true, FirstName: "Ana", LastName: "Ruiz", Location: "Denver", Profession: "student"}.Check(), nil},
		{"individual's profile, unknown profession", ProfileInput{Individual: true, FirstName: "Ana", LastName: "Ruiz", Location: "Denver", Profession: "wizard"}.Check(), []string{"profession"}},
		{"reset request", ResetRequest{Email: "ana@example.com"}.Check(), nil},
		{"reset request empty", ResetRequest{}.Check(), []string{"email"}},
		{"email change", EmailChange{NewEmail: "new@example.com"}.Check(owner), nil},
		{"email change to the same address", EmailChange{NewEmail: "ANA@example.com"}.Check(owner), []string{"new_email"}},
		{"claim", ClaimInput{Role: "owner", Message: "I have run the bakery since 2012."}.Check(), nil},
		{"claim too short, unknown role", ClaimInput{Role: "captain", Message: "Mine."}.Check(), []string{"message", "role"}},
		{"verification", VerificationInput{Statement: "Call the shop's listed number and ask for Ana.", Link: "https://example.com/about"}.Check(), nil},
		{"verification too short, bad link", VerificationInput{Statement: "It is mine.", Link: "example.com"}.Check(), []string{"evidence_url", "statement"}},
	} {
		if got := slices.Sorted(maps.Keys(c.errs)); !slices.Equal(got, c.fields) {
			t.Errorf("%s: errors on %v, want %v", c.name, got, c.fields)
		}
	}
	if got := (SignInInput{}).Check()["email"]; got != "Enter your email address." {
		t.Errorf("an empty sign-in email says %q", got)
	}
	if got := (ResetRequest{}).Check()["email"]; got != "Please enter your email address first." {
		t.Errorf("an empty reset request says %q", got)
	}
}

// A rejection of a verification request needs a reason the owner can
// read.
func TestRejectionProblem(t *testing.T) {
	for reason, refused := range map[string]bool{"": true, "The website is another business's.": false, strings.Repeat("r", catalog.VerificationReasonMax+1): true} {
		if got := rejectionProblem(reason); (got != "") != refused {
			t.Errorf("rejectionProblem(%.20q) = %q, want refused %v", reason, got, refused)
		}
	}
}

func TestMaskEmail(t *testing.T) {
	for in, want := range map[string]string{"maria@example.com": "m…@example.com", "@x": "…", "none": "…"} {
		if got := maskEmail(in); got != want {
			t.Errorf("maskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
