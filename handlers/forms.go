package handlers

import (
	"net/url"
	"strings"
)

// field reads a trimmed form value.
func field(form url.Values, name string) string { return strings.TrimSpace(form.Get(name)) }
