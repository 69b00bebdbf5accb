package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// A process's search index is written to a snapshot file when it is
// built and when the process stops, and read back at the next start: a
// million listings' index loads in about a second, where building it
// from the database takes many. A snapshot is used only for the database
// it was made of (the directory's epoch, migration 00027) and only when
// the changes since its version are still recorded; the changes are then
// applied as any process applies them. Anything else — no file, another
// database, a damaged or older-format file — builds the index from the
// listings, as without a snapshot.

// snapshotter is an engine that can write itself out and read itself
// back (search.Index): another engine simply has no snapshot.
type snapshotter interface {
	Save(io.Writer) error
	Load(io.Reader) (int64, error)
}

// snapshotInfo is what a snapshot file's companion records: the database
// it was made of and when.
type snapshotInfo struct {
	Epoch   string    `json:"epoch"`
	Version int64     `json:"version"`
	Saved   time.Time `json:"saved"`
}

// KeepSearchSnapshot makes the store keep its search index's snapshot at
// path (and path + ".json"): read at the first search or WarmDirectory,
// written after each build and by SaveSearchSnapshot.
func (s *Store) KeepSearchSnapshot(path string, log *slog.Logger) {
	s.dir.snapshot, s.dir.log = path, log
}

// SaveSearchSnapshot writes the search index's snapshot, if the store
// keeps one and the index is built: main calls it as the process stops.
func (s *Store) SaveSearchSnapshot(ctx context.Context) error {
	s.dir.saving.Wait() // a snapshot after a build, being written
	e, ok := s.dir.engine.(snapshotter)
	if s.dir.snapshot == "" || !ok || s.dir.engine.Version() < 0 {
		return nil
	}
	return s.saveSnapshot(ctx, e)
}

// saveSnapshot writes e's snapshot, marked with this database's epoch.
func (s *Store) saveSnapshot(ctx context.Context, e snapshotter) error {
	epoch, err := s.directoryEpoch(ctx)
	if err != nil {
		return err
	}
	return writeSnapshot(s.dir.snapshot, epoch, s.dir.engine.Version, e)
}

// writeSnapshot writes e to path through a temporary file, so that a
// process stopped half-way leaves the last whole snapshot, then its
// companion.
func writeSnapshot(path, epoch string, version func() int64, e snapshotter) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("store: search snapshot: %w", err)
	}
	defer os.Remove(tmp.Name()) // once renamed, there is nothing to remove
	// The version is read before the index is written: a change applied
	// in between is applied again after the next start, which does no harm.
	info := snapshotInfo{Epoch: epoch, Version: version(), Saved: time.Now().UTC()}
	if err := e.Save(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("store: search snapshot: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("store: search snapshot: %w", err)
	}
	// The companion first: a snapshot without a companion, or with one
	// that does not match, is not used.
	meta, _ := json.Marshal(info)
	os.Remove(path)
	if err := os.WriteFile(path+".json", meta, 0o600); err != nil {
		return fmt.Errorf("store: search snapshot: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("store: search snapshot: %w", err)
	}
	return nil
}

// loadSnapshot reads the index from the store's snapshot, if there is a
// usable one, and says whether it did. The caller holds dir.sync.
func (s *Store) loadSnapshot(ctx context.Context) bool {
	e, ok := s.dir.engine.(snapshotter)
	if s.dir.snapshot == "" || !ok {
		return false
	}
	why, err := s.readSnapshot(ctx, e)
	if err != nil {
		s.dir.log.Warn("search index snapshot not used: the index is built from the listings", "path", s.dir.snapshot, slog.Any("error", err))
		return false
	}
	if why != "" {
		s.dir.log.Info("search index snapshot not used: the index is built from the listings", "path", s.dir.snapshot, "reason", why)
		return false
	}
	return true
}

// readSnapshot loads the snapshot into e when it is this database's and
// recent enough; otherwise it says why not (or fails).
func (s *Store) readSnapshot(ctx context.Context, e snapshotter) (why string, err error) {
	meta, err := os.ReadFile(s.dir.snapshot + ".json")
	if errors.Is(err, os.ErrNotExist) {
		return "none yet", nil
	}
	if err != nil {
		return "", err
	}
	var info snapshotInfo
	if err := json.Unmarshal(meta, &info); err != nil {
		return "", fmt.Errorf("store: search snapshot %s.json: %w", s.dir.snapshot, err)
	}
	epoch, err := s.directoryEpoch(ctx)
	if err != nil {
		return "", err
	}
	var st struct {
		Version int64 `db:"version"`
		Pruned  int64 `db:"pruned_through"`
	}
	if err := s.pool.GetContext(ctx, &st, `SELECT version, pruned_through FROM directory_state`); err != nil {
		return "", fmt.Errorf("store: directory version: %w", err)
	}
	switch {
	case info.Epoch != epoch:
		return "made of another database", nil
	case info.Version > st.Version:
		return "newer than the database (restored from a backup?)", nil
	case info.Version < st.Pruned:
		return "older than the changes the database still records", nil
	}
	f, err := os.Open(s.dir.snapshot)
	if errors.Is(err, os.ErrNotExist) {
		return "none yet", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	start := time.Now()
	v, err := e.Load(f)
	if err != nil {
		return "", err
	}
	if v != info.Version {
		return "", fmt.Errorf("store: search snapshot at version %d, its companion says %d", v, info.Version)
	}
	s.dir.log.Info("search index read from its snapshot", "version", v, "saved", info.Saved, "took", time.Since(start).Round(time.Millisecond))
	return "", nil
}

// saveAfterBuild writes the snapshot of an index just built, in the
// background: changes wait while it is written, searches do not.
func (s *Store) saveAfterBuild() {
	e, ok := s.dir.engine.(snapshotter)
	if s.dir.snapshot == "" || !ok {
		return
	}
	s.dir.saving.Add(1)
	go func() {
		defer s.dir.saving.Done()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		start := time.Now()
		if err := s.saveSnapshot(ctx, e); err != nil {
			s.dir.log.Warn("search index snapshot not written: the next start builds the index", "path", s.dir.snapshot, slog.Any("error", err))
			return
		}
		s.dir.log.Info("search index snapshot written", "path", s.dir.snapshot, "took", time.Since(start).Round(time.Millisecond))
	}()
}

// directoryEpoch is the identity of this database's directory, set on
// first use.
func (s *Store) directoryEpoch(ctx context.Context) (string, error) {
	var epoch string
	if err := s.pool.GetContext(ctx, &epoch, `SELECT epoch FROM directory_state`); err != nil {
		return "", fmt.Errorf("store: directory epoch: %w", err)
	}
	if epoch != "" {
		return epoch, nil
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	if _, err := s.pool.ExecContext(ctx, s.pool.Rebind(`UPDATE directory_state SET epoch = ? WHERE epoch = ''`), hex.EncodeToString(b)); err != nil {
		return "", fmt.Errorf("store: directory epoch: %w", err)
	}
	if err := s.pool.GetContext(ctx, &epoch, `SELECT epoch FROM directory_state`); err != nil {
		return "", fmt.Errorf("store: directory epoch: %w", err)
	}
	return epoch, nil
}
