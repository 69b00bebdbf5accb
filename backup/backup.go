// Package backup keeps copies of the database that restore: a consistent
// snapshot taken while the app serves (SQLite's VACUUM INTO, gzipped, or pg_dump in
// its custom format), kept in an Archive under a dated name with its
// checksum and schema version, pruned to the newest few, and restored into
// an empty data folder or database, which the app then migrates forward.
//
// Listing images are not in a backup: they stay in the media storage
// (README: back them up with the snapshot, or turn on bucket versioning).
package backup

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"

	"bizprofile/store"
)

// Manifest describes a backup: the file beside it, how to check it and
// which app can read it. It is written last, so a backup is listed only
// once its file is whole.
type Manifest struct {
	Name          string        `json:"name"`   // "bizprofile-20261129T040000Z-1a2b3c"
	Engine        store.Dialect `json:"engine"` // "sqlite" or "postgres"
	File          string        `json:"file"`   // the snapshot: Name + ".sqlite.gz" or ".pgdump"
	Size          int64         `json:"size"`
	SHA256        string        `json:"sha256"`
	SchemaVersion int64         `json:"schema_version"` // the newest migration the snapshot has
	CreatedAt     time.Time     `json:"created_at"`
	TookMS        int64         `json:"took_ms"`
}

// Took is how long the backup took, snapshot and upload.
func (m Manifest) Took() time.Duration { return time.Duration(m.TookMS) * time.Millisecond }

// namePrefix starts every backup's name; the date after it sorts the
// names by age. A random tail makes a name hard to guess, should a bucket
// ever be public by mistake.
const namePrefix = "bizprofile-"

// Database is what a backup reads of the database besides its file or
// URL: *store.Store.
type Database interface {
	Dialect() store.Dialect
	SchemaVersion(ctx context.Context) (int64, error)
	// CopySQLite writes a consistent copy of a SQLite database to dst.
	CopySQLite(ctx context.Context, dst string) error
}

// Source is the database a backup copies.
type Source struct {
	Store Database
	// DatabaseURL is the PostgreSQL database pg_dump reads; empty for
	// SQLite.
	DatabaseURL string
	// Scratch is a folder for the snapshot before it goes to the
	// archive (the data folder: room for a database's copy).
	Scratch string
}

// ErrNoPgDump is returned when a PostgreSQL backup is asked for on a
// machine without the PostgreSQL client.
var ErrNoPgDump = errors.New("backup: pg_dump is not installed: install the PostgreSQL client (Debian: apt install postgresql-client), of the server's major version or newer")

// Take snapshots the database into the archive and returns the backup's
// manifest.
func Take(ctx context.Context, src Source, a Archive, now time.Time) (Manifest, error) {
	start := time.Now()
	st := src.Store
	m := Manifest{Name: newName(now), Engine: st.Dialect(), CreatedAt: now.UTC().Truncate(time.Second)}
	version, err := st.SchemaVersion(ctx)
	if err != nil {
		return m, err
	}
	m.SchemaVersion = version
	if err := os.MkdirAll(src.Scratch, 0o700); err != nil {
		return m, fmt.Errorf("backup: scratch folder: %w", err)
	}
	dir, err := os.MkdirTemp(src.Scratch, ".backup-*")
	if err != nil {
		return m, fmt.Errorf("backup: scratch folder: %w", err)
	}
	defer os.RemoveAll(dir)
	var snap string
	switch m.Engine {
	case store.SQLite:
		m.File, snap = m.Name+".sqlite.gz", filepath.Join(dir, "snapshot.sqlite.gz")
		raw := filepath.Join(dir, "snapshot.sqlite")
		if err = st.CopySQLite(ctx, raw); err == nil {
			err = gzipFile(raw, snap)
		}
	case store.Postgres:
		m.File, snap = m.Name+".pgdump", filepath.Join(dir, "snapshot.pgdump")
		err = pgDump(ctx, src.DatabaseURL, snap)
	default:
		err = fmt.Errorf("backup: no backups of %s", m.Engine)
	}
	if err != nil {
		return m, err
	}
	f, err := os.Open(snap)
	if err != nil {
		return m, fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return m, fmt.Errorf("backup: %w", err)
	}
	// The checksum is of the bytes as they go to the archive (Put reads
	// them all, or fails), in the same one read of the snapshot.
	m.Size = info.Size()
	h := sha256.New()
	if err := a.Put(ctx, m.File, io.TeeReader(f, h), m.Size); err != nil {
		return m, err
	}
	m.SHA256 = hex.EncodeToString(h.Sum(nil))
	m.TookMS = time.Since(start).Milliseconds()
	manifest, _ := json.MarshalIndent(m, "", "  ")
	if err := a.Put(ctx, m.Name+".json", bytes.NewReader(manifest), int64(len(manifest))); err != nil {
		_ = a.Delete(context.WithoutCancel(ctx), m.File)
		return m, err
	}
	return m, nil
}

func newName(now time.Time) string {
	tail := make([]byte, 3)
	_, _ = rand.Read(tail)
	return namePrefix + now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(tail)
}

// pgDump writes the database at url to file in pg_dump's custom format
// (compressed; pg_restore reads it), without owners or grants so that it
// restores into a database of another role.
func pgDump(ctx context.Context, url, file string) error {
	bin, err := exec.LookPath("pg_dump")
	if err != nil {
		return ErrNoPgDump
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "--format=custom", "--no-owner", "--no-acl", "--file="+file, "--dbname="+url)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("backup: pg_dump: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// List is the archive's backups, newest first. A manifest that cannot be
// read is an error: a listing that skipped it could prune good backups.
func List(ctx context.Context, a Archive) ([]Manifest, error) {
	names, err := a.List(ctx)
	if err != nil {
		return nil, err
	}
	var all []Manifest
	for _, n := range names {
		if !strings.HasPrefix(n, namePrefix) || !strings.HasSuffix(n, ".json") {
			continue
		}
		m, err := readManifest(ctx, a, n)
		if err != nil {
			return nil, err
		}
		all = append(all, m)
	}
	slices.SortFunc(all, func(x, y Manifest) int { return strings.Compare(y.Name, x.Name) })
	return all, nil
}

func readManifest(ctx context.Context, a Archive, file string) (Manifest, error) {
	var m Manifest
	r, err := a.Open(ctx, file)
	if err != nil {
		return m, err
	}
	defer r.Close()
	if err := json.NewDecoder(io.LimitReader(r, 1<<16)).Decode(&m); err != nil {
		return m, fmt.Errorf("backup: manifest %s: %w", file, err)
	}
	if m.Name+".json" != file || m.File == "" || filepath.Base(m.File) != m.File {
		return m, fmt.Errorf("backup: manifest %s does not describe a backup of its own name", file)
	}
	return m, nil
}

// Prune deletes all but the newest keep backups, and returns how many it
// deleted. The manifest goes first: a backup half deleted is never listed.
func Prune(ctx context.Context, a Archive, keep int) (int, error) {
	all, err := List(ctx, a)
	if err != nil || len(all) <= keep {
		return 0, err
	}
	deleted := 0
	for _, m := range all[max(keep, 1):] {
		if err := a.Delete(ctx, m.Name+".json"); err != nil {
			return deleted, err
		}
		if err := a.Delete(ctx, m.File); err != nil {
			return deleted, err
		}
		deleted++
	}
	return deleted, nil
}

// Target is where a backup is restored: the SQLite file of a data folder,
// or a PostgreSQL database.
type Target struct {
	Dialect store.Dialect
	// DataDir holds the SQLite database (SQLitePath) and the search
	// index's snapshot, which a restore discards.
	DataDir, SQLitePath string
	// DatabaseURL is the PostgreSQL database.
	DatabaseURL string
}

// ErrHoldsData is returned when the target of a restore holds accounts
// or listings and the restore was not told to replace them.
var ErrHoldsData = errors.New("backup: the target holds data")

// Restore puts the backup named name (or the newest, for "latest") in
// place of target's database, checking its checksum first; the app
// migrates it forward when it next opens it. It refuses a target that
// holds data unless force, and a backup newer than this app.
func Restore(ctx context.Context, a Archive, name string, t Target, force bool) (Manifest, error) {
	m, err := find(ctx, a, name, t.Dialect)
	if err != nil {
		return m, err
	}
	latest, err := store.LatestSchemaVersion(t.Dialect)
	if err != nil {
		return m, err
	}
	if m.SchemaVersion > latest {
		return m, fmt.Errorf("backup: %s has schema version %d, newer than this app's %d: restore it with the version of BizProfile that made it, or a newer one", m.Name, m.SchemaVersion, latest)
	}
	held, err := holdsData(ctx, t)
	if err != nil {
		return m, err
	}
	if held && !force {
		return m, fmt.Errorf("%w (accounts or listings): restore into an empty data folder or database, or pass --force to replace it", ErrHoldsData)
	}
	if err := os.MkdirAll(t.DataDir, 0o750); err != nil {
		return m, fmt.Errorf("backup: data folder: %w", err)
	}
	dir, err := os.MkdirTemp(t.DataDir, ".restore-*")
	if err != nil {
		return m, fmt.Errorf("backup: scratch folder: %w", err)
	}
	defer os.RemoveAll(dir)
	snap := filepath.Join(dir, m.File)
	if err := fetch(ctx, a, m, snap); err != nil {
		return m, err
	}
	switch t.Dialect {
	case store.SQLite:
		err = placeSQLite(snap, t.SQLitePath)
	case store.Postgres:
		err = pgRestore(ctx, t.DatabaseURL, snap)
	}
	if err != nil {
		return m, err
	}
	// The search index's snapshot describes the database replaced.
	for _, f := range []string{"search-index.snapshot", "search-index.snapshot.json"} {
		if err := os.Remove(filepath.Join(t.DataDir, f)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return m, fmt.Errorf("backup: discard the search index's snapshot: %w", err)
		}
	}
	return m, nil
}

// find is the backup named name, or the newest of engine for "latest".
func find(ctx context.Context, a Archive, name string, engine store.Dialect) (Manifest, error) {
	name = strings.TrimSuffix(strings.TrimSpace(name), ".json")
	if name != "latest" {
		m, err := readManifest(ctx, a, name+".json")
		if err == nil && m.Engine != engine {
			err = fmt.Errorf("backup: %s is a backup of %s; this app is configured for %s", m.Name, m.Engine, engine)
		}
		return m, err
	}
	all, err := List(ctx, a)
	if err != nil {
		return Manifest{}, err
	}
	for _, m := range all {
		if m.Engine == engine {
			return m, nil
		}
	}
	return Manifest{}, fmt.Errorf("%w: no %s backup in %s", ErrNotFound, engine, a)
}

// fetch downloads m's snapshot to path and checks its size and checksum.
func fetch(ctx context.Context, a Archive, m Manifest, path string) error {
	r, err := a.Open(ctx, m.File)
	if err != nil {
		return err
	}
	defer r.Close()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("backup: download %s: %w", m.File, err)
	}
	if sum := hex.EncodeToString(h.Sum(nil)); n != m.Size || sum != m.SHA256 {
		return fmt.Errorf("backup: %s is damaged: %d bytes with SHA-256 %s, but its manifest says %d bytes with %s", m.File, n, sum, m.Size, m.SHA256)
	}
	return nil
}

// holdsData says whether the target has accounts or listings, reading it
// without migrating it.
func holdsData(ctx context.Context, t Target) (bool, error) {
	var db *sql.DB
	var err error
	switch t.Dialect {
	case store.SQLite:
		if _, err := os.Stat(t.SQLitePath); errors.Is(err, os.ErrNotExist) {
			return false, nil
		}
		db, err = sql.Open("sqlite", "file:"+t.SQLitePath+"?mode=ro")
	case store.Postgres:
		db, err = sql.Open("postgres", t.DatabaseURL)
	}
	if err != nil {
		return false, fmt.Errorf("backup: open the target: %w", err)
	}
	defer db.Close()
	for _, table := range []string{"users", "businesses"} {
		var n int
		err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n)
		if err != nil && strings.Contains(err.Error(), "no such table") || err != nil && strings.Contains(err.Error(), "does not exist") {
			continue // never migrated: nothing in it
		}
		if err != nil {
			return false, fmt.Errorf("backup: read the target: %w", err)
		}
		if n > 0 {
			return true, nil
		}
	}
	return false, nil
}

// gzipFile compresses src into dst, at the fastest level: a database's
// pages shrink to about a fifth even so, and a backup under load should
// take as little of the processors as it can.
func gzipFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestSpeed)
	_, err = io.Copy(zw, in)
	err = errors.Join(err, zw.Close(), out.Close())
	if err != nil {
		return fmt.Errorf("backup: compress the snapshot: %w", err)
	}
	return os.Remove(src)
}

// placeSQLite moves the snapshot into place as the database (decompressed
// beside it first when it is gzipped), with the write-ahead log and shared
// memory of the one replaced removed.
func placeSQLite(snap, dst string) error {
	if strings.HasSuffix(snap, ".gz") {
		raw := strings.TrimSuffix(snap, ".gz")
		if err := gunzipFile(snap, raw); err != nil {
			return err
		}
		snap = raw
	}
	for _, f := range []string{dst + "-wal", dst + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("backup: %w", err)
		}
	}
	if err := os.Rename(snap, dst); err != nil {
		return fmt.Errorf("backup: put the database in place: %w", err)
	}
	return nil
}

// gunzipFile decompresses src into dst.
func gunzipFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		return fmt.Errorf("backup: decompress the snapshot: %w", err)
	}
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	_, err = io.Copy(out, zr)
	if err == nil {
		err = out.Sync()
	}
	if err = errors.Join(err, out.Close()); err != nil {
		return fmt.Errorf("backup: decompress the snapshot: %w", err)
	}
	return nil
}

// pgRestore empties the database's public schema and restores the dump
// into it, in one transaction: a restore that fails leaves the schema
// empty, never half restored.
func pgRestore(ctx context.Context, url, file string) error {
	bin, err := exec.LookPath("pg_restore")
	if err != nil {
		return errors.New("backup: pg_restore is not installed: install the PostgreSQL client (Debian: apt install postgresql-client)")
	}
	db, err := sql.Open("postgres", url)
	if err != nil {
		return fmt.Errorf("backup: open the database: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public`); err != nil {
		return fmt.Errorf("backup: empty the database: %w", err)
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", "--dbname="+url, file)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("backup: pg_restore: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}
