package handlers

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Password rules: the spec's minimum of 6, a maximum that keeps hashing
// cheap enough, and none of the 10,000 most common passwords.
const (
	passwordMin = 6
	passwordMax = 128
)

// argon2id parameters recommended by OWASP (19 MiB, 2 passes, 1 lane).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

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

// passwordProblem explains what is wrong with a new password, or returns ""
// when it is acceptable.
func passwordProblem(pw string) string {
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		return "Enter a password."
	case n < passwordMin:
		return fmt.Sprintf("Use at least %d characters.", passwordMin)
	case n > passwordMax:
		return fmt.Sprintf("Use at most %d characters.", passwordMax)
	}
	if _, common := commonPasswords[strings.ToLower(pw)]; common {
		return "This password is one of the most common and easy to guess. Choose another."
	}
	return ""
}

// hashPassword returns an argon2id hash in the usual PHC string form.
func hashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// checkPassword reports whether pw matches hash, in constant time.
func checkPassword(hash, pw string) bool {
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
	if err1 != nil || err2 != nil || len(pw) > 4*passwordMax {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when an email is unknown, so that answering
// "wrong email" takes as long as answering "wrong password".
var dummyHash = func() string {
	h, err := hashPassword("not-a-real-password-for-timing")
	if err != nil {
		panic(err)
	}
	return h
}()
