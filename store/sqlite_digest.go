package store

import (
	"database/sql/driver"
	"fmt"

	"modernc.org/sqlite"
)

// digest(text) is Digest in SQLite's SQL, which has no SHA-256 of its own
// (PostgreSQL's sha256() serves the other dialect): migration 00024 turns
// the subscriber tokens kept as they were into their digests with it.
// Registered for every connection the driver opens, migrations' included.
func init() {
	sqlite.MustRegisterDeterministicScalarFunction("digest", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch v := args[0].(type) {
		case nil:
			return nil, nil
		case string:
			return Digest(v), nil
		case []byte:
			return Digest(string(v)), nil
		}
		return nil, fmt.Errorf("digest: a %T is not text", args[0])
	})
}
