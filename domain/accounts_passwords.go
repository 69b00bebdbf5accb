package domain

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"bizprofile/catalog"
)

// Password rules: the spec's minimum of 6, a maximum that keeps hashing
// cheap enough, none of the 10,000 most common passwords, nothing made of
// one character or of spaces only, nothing as regular as a repeated unit,
// two characters or a sequence (accounts_password_patterns.go), and
// nothing that holds the account's email or the person's name (see
// PasswordProblem).
const (
	PasswordMin = 6
	PasswordMax = 128
)

// argon2id parameters recommended by OWASP (19 MiB, 2 passes, 1 lane).
const (
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// argonWork is the cost of new hashes: OWASP's 19 MiB and 2 passes.
var argonWork = struct{ memory, time uint32 }{19 * 1024, 2}

// LightPasswordWork makes new hashes cheap (64 KiB, one pass), for test
// binaries that sign up and sign in thousands of times: at OWASP's cost a
// hash takes 25 ms, a fifth of the handler tests' time. Checking is as
// strict as before, since a hash records its own cost. Call it before any
// account is made (TestMain); the app never calls it.
func LightPasswordWork() {
	argonWork.memory, argonWork.time = 64, 1
	dummyHash = mustHash("not-a-real-password-for-timing")
}

//go:embed common-passwords.txt
var commonPasswordList string

var commonPasswords = func() map[string]struct{} {
	m := make(map[string]struct{}, 10000)
	sc := bufio.NewScanner(strings.NewReader(commonPasswordList))
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			m[line] = struct{}{}
		}
	}
	return m
}()

// minPersonalLen is the length from which an email's local part or a name
// may not appear in a password: shorter ones (al@…, Bo, Li) would refuse
// nearly every password.
const minPersonalLen = 3

// PasswordProblem explains what is wrong with pw as the new password of the
// account of email, held by the person called names (a full name, first and
// last names), or returns "" when it is acceptable.
func PasswordProblem(pw, email string, names ...string) string {
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		return "Enter a password."
	case n < PasswordMin:
		return fmt.Sprintf("Use at least %d characters.", PasswordMin)
	case n > PasswordMax:
		return fmt.Sprintf("Use at most %d characters.", PasswordMax)
	case strings.TrimSpace(pw) == "":
		return "Use letters, digits or symbols, not only spaces."
	case strings.Count(pw, string([]rune(pw)[:1])) == n:
		return "Use more than one repeated character."
	}
	if msg := tooRegular(pw); msg != "" {
		return msg
	}
	lower := strings.ToLower(pw)
	if isCommonPassword(lower) {
		return "This password is one of the most common and easy to guess. Choose another."
	}
	if local := emailLocalPart(email); utf8.RuneCountInString(local) >= minPersonalLen && strings.Contains(lower, local) {
		return "Choose a password that does not contain your email address."
	}
	for _, name := range names {
		for _, word := range strings.FieldsFunc(strings.ToLower(name), notLetterOrDigit) {
			if utf8.RuneCountInString(word) >= minPersonalLen && strings.Contains(lower, word) {
				return "Choose a password that does not contain your name."
			}
		}
	}
	return ""
}

// emailLocalPart is the lower-case part of email before the @, without a
// +tag.
func emailLocalPart(email string) string {
	local, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(email)), "@")
	local, _, _ = strings.Cut(local, "+")
	return local
}

func notLetterOrDigit(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// checkPasswords checks a new password and its confirmation on a form
// that sets the password of the account of email, held by names (see
// PasswordProblem).
func checkPasswords(errs catalog.FieldErrors, password, confirm, email string, names ...string) {
	if msg := PasswordProblem(password, email, names...); msg != "" {
		errs["password"] = msg
		return
	}
	if confirm == "" {
		errs["confirm_password"] = "Confirm your password."
	} else if confirm != password {
		errs["confirm_password"] = "The passwords do not match."
	}
}

// HashPassword returns an argon2id hash in the usual PHC string form.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonWork.time, argonWork.memory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonWork.memory, argonWork.time, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// PasswordMatches reports whether pw matches hash, in constant time.
func PasswordMatches(hash, pw string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var memory uint32
	var passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(pw) > 4*PasswordMax {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when an email is unknown, so that answering
// "wrong email" takes as long as answering "wrong password".
var dummyHash = mustHash("not-a-real-password-for-timing")

// mustHash is HashPassword of pw; it panics only when the system's random
// source fails.
func mustHash(pw string) string {
	h, err := HashPassword(pw)
	if err != nil {
		panic(err)
	}
	return h
}
