package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/lib/pq"
)

// ErrSearchUnavailable wraps the error of a search engine that failed (one
// on another machine that did not answer): as for the database, the
// pages answer 503 and ask to try again.
var ErrSearchUnavailable = errors.New("the search engine did not answer")

// Unavailable reports whether err means the database cannot be reached or
// cannot take work just now (down, restarting, out of connections, busy),
// rather than that a request was wrong: the app answers 503 and asks to
// try again, and recovers by itself when the database returns.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, ErrSearchUnavailable) {
		return true
	}
	var (
		pqErr  *pq.Error
		netErr *net.OpError
	)
	switch {
	case errors.As(err, &pqErr):
		code := string(pqErr.Code)
		// 08: connection exception; 53: insufficient resources (too many
		// connections); 57P01-03: shutting down or starting up.
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "53") ||
			code == "57P01" || code == "57P02" || code == "57P03"
	case errors.As(err, &netErr),
		errors.Is(err, driver.ErrBadConn),
		errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, io.EOF),
		errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, context.DeadlineExceeded):
		return true
	}
	// SQLite answers busy when a writer holds the file longer than the
	// busy timeout.
	msg := err.Error()
	return strings.Contains(msg, "database is locked") || strings.Contains(msg, "SQLITE_BUSY") ||
		strings.Contains(msg, "driver: bad connection") || strings.Contains(msg, "connection refused")
}
