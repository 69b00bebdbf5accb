package domain

import "strings"

// Passwords regular enough to be guessed at once, though in no list of
// common passwords (issue 34): a short unit repeated (ababab, a1a1a1), two
// different characters at most (aaaaab, 000000a), a sequence (abcdef,
// 654321) or a row of the keyboard (poiuyt), each also with one character
// added before or after it (abcdefg!). Guessers try these shapes first,
// whatever their length.

// maxPatternUnit is the longest unit whose repetition is refused whatever
// it is; a longer one is refused when it is a common password itself
// (passwordpassword).
const maxPatternUnit = 4

// keyboardRows are the rows of a US keyboard, unshifted, read left to
// right; a password read along one either way is a row.
var keyboardRows = []string{"`1234567890-=", "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./"}

// tooRegular says how pw follows a pattern quick to guess, whole or with
// one character added before or after it, or "" when it does not.
func tooRegular(pw string) string {
	rs := []rune(strings.ToLower(pw))
	what, added := patternOf(rs), ""
	if what == "" && len(rs) >= PasswordMin {
		for _, core := range [][]rune{rs[1:], rs[:len(rs)-1]} {
			if what = patternOf(core); what != "" {
				added = " with one character added"
				break
			}
		}
	}
	if what == "" {
		return ""
	}
	return "This password " + what + added + ", which is quick to guess. Choose something longer or less regular."
}

// patternOf says which pattern rs (lower case) follows, as the words after
// "This password", or "". Under three characters nothing is a pattern.
func patternOf(rs []rune) string {
	if len(rs) < 3 {
		return ""
	}
	if k := period(rs); k > 0 {
		if unit := string(rs[:k]); k <= maxPatternUnit || isCommonPassword(unit) {
			return "repeats a short pattern (" + repeatShown(rs, k) + ")"
		}
	}
	if step := rs[1] - rs[0]; step == 1 || step == -1 {
		if steady(rs, step) {
			return "is a sequence (" + startShown(rs) + ")"
		}
	}
	s := string(rs)
	for _, row := range keyboardRows {
		if strings.Contains(row, s) || strings.Contains(reversed(row), s) {
			return "is a row of the keyboard (" + startShown(rs) + ")"
		}
	}
	if a, b, ok := twoCharacters(rs); ok {
		return "uses only two different characters (" + string(a) + " and " + string(b) + ")"
	}
	return ""
}

// period is the length of the shortest unit rs repeats at least twice
// (the last time perhaps in part), or 0.
func period(rs []rune) int {
	for k := 1; 2*k <= len(rs); k++ {
		if periodic(rs, k) {
			return k
		}
	}
	return 0
}

func periodic(rs []rune, k int) bool {
	for i := k; i < len(rs); i++ {
		if rs[i] != rs[i-k] {
			return false
		}
	}
	return true
}

// steady reports whether each character of rs is step after the one before.
func steady(rs []rune, step rune) bool {
	for i := 1; i < len(rs); i++ {
		if rs[i]-rs[i-1] != step {
			return false
		}
	}
	return true
}

// twoCharacters reports whether rs holds two different characters at
// most, and which, in order of appearance.
func twoCharacters(rs []rune) (a, b rune, ok bool) {
	a, b = rs[0], rs[0]
	for _, r := range rs {
		switch {
		case r == a || r == b:
		case a == b:
			b = r
		default:
			return a, b, false
		}
	}
	return a, b, true
}

// repeatShown is rs's unit of k characters as the message shows it: up to
// three times, then "…" ("ab ab ab …").
func repeatShown(rs []rune, k int) string {
	unit := string(rs[:k])
	times := min(len(rs)/k, 3)
	shown := strings.TrimSpace(strings.Repeat(unit+" ", times))
	if times*k < len(rs) {
		shown += " …"
	}
	return shown
}

// startShown is the first three characters of rs, spaced, then "…".
func startShown(rs []rune) string {
	return string(rs[0]) + " " + string(rs[1]) + " " + string(rs[2]) + " …"
}

func reversed(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// isCommonPassword reports whether lower, a password in lower case, is
// one of the 10,000 most common passwords.
func isCommonPassword(lower string) bool {
	_, common := commonPasswords[lower]
	return common
}
