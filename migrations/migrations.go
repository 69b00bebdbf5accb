// Package migrations holds the schema, one numbered, append-only set of SQL
// files per database dialect, embedded in the binary and applied at start-up.
package migrations

import "embed"

// FS holds sqlite/*.sql and postgres/*.sql.
//
//go:embed sqlite/*.sql postgres/*.sql
var FS embed.FS
