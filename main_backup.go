package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"bizprofile/backup"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/storage"
	"bizprofile/store"
)

// backupSettings are the scheduled backups' settings from the
// configuration: the archive beside the media (DATA_DIR/backups, or the
// bucket's backups/), BACKUP_INTERVAL and BACKUP_KEEP.
func backupSettings(cfg config, media storage.Store) (domain.BackupSettings, error) {
	archive, err := backup.OpenArchive(media, cfg.DataDir)
	if err != nil {
		return domain.BackupSettings{}, err
	}
	return domain.BackupSettings{Archive: archive, DatabaseURL: cfg.DatabaseURL, Scratch: cfg.DataDir,
		Interval: cfg.BackupInterval, Keep: cfg.BackupKeep}, nil
}

// configuredBackups reads the configuration and the backups' settings,
// for the commands.
func configuredBackups(getenv func(string) string) (config, domain.BackupSettings, error) {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return cfg, domain.BackupSettings{}, fmt.Errorf("configuration:\n%w", err)
	}
	media, err := storage.Open(cfg.StorageURL, cfg.DataDir, getenv)
	if err != nil {
		return cfg, domain.BackupSettings{}, err
	}
	set, err := backupSettings(cfg, media)
	return cfg, set, err
}

// backupCommand is `bizprofile backup`: a backup now, while the app may be
// serving, pruned to BACKUP_KEEP; `bizprofile backup list` lists them.
func backupCommand(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) > 1 || len(args) == 1 && args[0] != "list" {
		return errors.New("usage: bizprofile backup [list]")
	}
	cfg, set, err := configuredBackups(getenv)
	if err != nil {
		return err
	}
	if len(args) == 1 {
		all, err := backup.List(ctx, set.Archive)
		if err != nil {
			return err
		}
		if len(all) == 0 {
			fmt.Fprintf(stdout, "No backups in %s yet: take one with `bizprofile backup`.\n", set.Archive)
			return nil
		}
		fmt.Fprintf(stdout, "%d backups in %s, newest first:\n", len(all), set.Archive)
		for _, m := range all {
			fmt.Fprintf(stdout, "  %s  %-8s  %9s  schema %d  %s\n", m.Name, m.Engine, present.Bytes(m.Size), m.SchemaVersion, m.CreatedAt.Format(time.RFC3339))
		}
		return nil
	}
	log := newLogger(cfg, io.Discard)
	db, err := store.Open(ctx, cfg.DatabaseURL, filepath.Join(cfg.DataDir, "bizprofile.db"), log)
	if err != nil {
		return err
	}
	defer db.Close()
	rules := domain.New(domain.Deps{Log: log, Store: db, Backups: set})
	m, err := rules.Backups.Take(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backed up to %s: %s (%s, schema version %d, SHA-256 %s) in %s.\n",
		set.Archive, m.File, present.Bytes(m.Size), m.SchemaVersion, m.SHA256, m.Took().Round(time.Millisecond))
	return nil
}

// restoreCommand is `bizprofile restore NAME|latest [--force]`: the backup
// put in place of the database (which must hold no accounts or listings,
// unless --force), then migrated forward to this app's schema.
func restoreCommand(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	force := slices.Contains(args, "--force")
	args = slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--force" })
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		return errors.New("usage: bizprofile restore NAME|latest [--force]\n(stop the app first; `bizprofile backup list` lists the backups)")
	}
	cfg, set, err := configuredBackups(getenv)
	if err != nil {
		return err
	}
	t := backup.Target{Dialect: store.SQLite, DataDir: cfg.DataDir, SQLitePath: filepath.Join(cfg.DataDir, "bizprofile.db"), DatabaseURL: cfg.DatabaseURL}
	if cfg.DatabaseURL != "" {
		t.Dialect = store.Postgres
	}
	m, err := backup.Restore(ctx, set.Archive, args[0], t, force)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Restored %s (taken %s, schema version %d; checksum verified).\n", m.Name, m.CreatedAt.Format(time.RFC3339), m.SchemaVersion)
	// Opening the store migrates it forward.
	db, err := store.Open(ctx, cfg.DatabaseURL, t.SQLitePath, newLogger(cfg, io.Discard))
	if err != nil {
		return fmt.Errorf("restored, but not migrated: %w", err)
	}
	defer db.Close()
	version, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	totals, err := db.Totals(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Migrated to schema version %d. It holds %d accounts, %d listings, %d reviews and %d leads. Listing images are not in a backup: they stay in %s.\n",
		version, totals["users"], totals["businesses"], totals["reviews"], totals["leads"], mediaWhere(cfg))
	return nil
}

func mediaWhere(cfg config) string {
	if cfg.StorageURL != "" {
		return "the bucket of STORAGE_URL"
	}
	return filepath.Join(cfg.DataDir, "media")
}
