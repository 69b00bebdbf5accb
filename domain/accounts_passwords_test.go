package domain

import (
	"strings"
	"testing"
)

// Finding 5 of issue 34: passwords regular enough to be guessed at once
// are refused, with a message that says why.
func TestPasswordProblemRefusesRegularPasswords(t *testing.T) {
	for _, tc := range []struct {
		password string
		says     string // part of the message; "" for a password accepted
	}{
		// A short unit repeated.
		{"ababab", "repeats a short pattern (ab ab ab)"},
		{"abcabc", "repeats a short pattern (abc abc)"},
		{"a1a1a1", "repeats a short pattern (a1 a1 a1)"},
		{"AbAbAbAb", "repeats a short pattern (ab ab ab …)"},
		{"xyzwxyzwxy", "repeats a short pattern (xyzw xyzw …)"},
		{"passwordpassword", "repeats a short pattern"},
		// Two characters at most.
		{"aaaaab", "only two different characters"},
		{"000000a", "only two different characters"},
		{"1001011010", "only two different characters"},
		// Sequences, either way, and rows of the keyboard.
		{"123456", "sequence"},
		{"abcdef", "sequence"},
		{"987654321", "sequence"},
		{"FEDCBA", "sequence"},
		{"qwertyuiop", "row of the keyboard"},
		{"poiuytre", "row of the keyboard"},
		{"asdfghjkl", "row of the keyboard"},
		{"zxcvbnm,", "row of the keyboard"},
		// One character added before or after any of these.
		{"abcdefg!", "sequence"},
		{"!ababab", "repeats a short pattern"},
		{"2345678x", "sequence"},
		// Accepted: long enough or irregular enough.
		{"aaaaab-tide", ""},
		{"abcde!", "sequence (a b c …) with one character added"},
		{"abcabd-river", ""},
		{"correct-horse-7", ""},
		{"Tr0ub4dor&3", ""},
		{"abcdefgh-lantern", ""},
		{"plum-harbor-42", ""},
		{"qwe-lantern-9", ""},
		{"a1b2c3-ferry", ""},
	} {
		got := PasswordProblem(tc.password, "x@example.com")
		switch {
		case tc.says == "" && got != "":
			t.Errorf("%q refused: %q", tc.password, got)
		case tc.says != "" && !strings.Contains(got, tc.says):
			t.Errorf("%q: %q, want it to say %q", tc.password, got, tc.says)
		}
	}
}

// The message never ends without telling what to do.
func TestPasswordPatternMessagesSayWhatToDo(t *testing.T) {
	for _, pw := range []string{"ababab", "aaaaab", "abcdef", "qwerty"} {
		if got := PasswordProblem(pw, "x@example.com"); !strings.Contains(got, "Choose") {
			t.Errorf("%q: %q says nothing to do", pw, got)
		}
	}
}

// Whatever is typed, the rule answers without failing, and a password it
// refuses for a pattern is refused in capitals too.
func FuzzPasswordProblem(f *testing.F) {
	for _, seed := range []string{"ababab", "abcdef!", "aaaaab", "zxcvbnm,", "plum-harbor-42", "İİİİİİa", "\xff\xfeabc"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, pw string) {
		got := PasswordProblem(pw, "x@example.com")
		upper := strings.ToUpper(pw)
		if strings.Contains(got, "quick to guess") && strings.EqualFold(upper, pw) && PasswordProblem(upper, "x@example.com") == "" {
			t.Errorf("%q is refused for a pattern, but not in capitals", pw)
		}
	})
}
