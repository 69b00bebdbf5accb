package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bizprofile/internal/samples"
	"bizprofile/store"
)

// TestBackupAndRestoreCommands: `bizprofile backup` snapshots the data
// folder's database into DATA_DIR/backups, `backup list` lists it, and
// `bizprofile restore latest` puts it in a fresh data folder, migrated;
// a folder that holds data is refused unless --force.
func TestBackupAndRestoreCommands(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	db, err := store.Open(ctx, "", filepath.Join(src, "bizprofile.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	added, err := samples.Add(ctx, db)
	db.Close()
	if err != nil || added == 0 {
		t.Fatalf("samples: %d, %v", added, err)
	}

	var out bytes.Buffer
	if err := backupCommand(ctx, nil, env(map[string]string{"DATA_DIR": src}), &out); err != nil {
		t.Fatalf("backup: %v", err)
	}
	name := regexp.MustCompile(`bizprofile-\d{8}T\d{6}Z-[0-9a-f]{6}`).FindString(out.String())
	if name == "" || !strings.Contains(out.String(), "schema version") {
		t.Fatalf("backup said %q, want the backup's name and schema version", out.String())
	}
	out.Reset()
	if err := backupCommand(ctx, []string{"list"}, env(map[string]string{"DATA_DIR": src}), &out); err != nil || !strings.Contains(out.String(), name) {
		t.Fatalf("backup list: %q, %v; want %s listed", out.String(), err, name)
	}

	// A fresh data folder, with the backups copied to it (as from
	// another machine).
	dst := t.TempDir()
	if err := os.CopyFS(filepath.Join(dst, "backups"), os.DirFS(filepath.Join(src, "backups"))); err != nil {
		t.Fatal(err)
	}
	getenv := env(map[string]string{"DATA_DIR": dst})
	out.Reset()
	if err := restoreCommand(ctx, []string{"latest"}, getenv, &out); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if !strings.Contains(out.String(), "Restored "+name) || !strings.Contains(out.String(), "listings") {
		t.Errorf("restore said %q", out.String())
	}
	restored, err := store.Open(ctx, "", filepath.Join(dst, "bizprofile.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	totals, err := restored.Totals(ctx)
	restored.Close()
	if err != nil || totals["businesses"] != added {
		t.Fatalf("restored %v (%v), want the %d sample listings", totals, err, added)
	}

	if err := restoreCommand(ctx, []string{"latest"}, getenv, io.Discard); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("restore over a folder with data: %v, want a refusal naming --force", err)
	}
	if err := restoreCommand(ctx, []string{name, "--force"}, getenv, io.Discard); err != nil {
		t.Errorf("restore --force: %v", err)
	}
	for _, args := range [][]string{nil, {"a", "b"}, {"--force"}} {
		if err := restoreCommand(ctx, args, getenv, io.Discard); err == nil || !strings.Contains(err.Error(), "usage") {
			t.Errorf("restore %q: %v, want the usage", args, err)
		}
	}
	if err := restoreCommand(ctx, []string{"bizprofile-20200101T000000Z-000000"}, getenv, io.Discard); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("restore of a backup that is not there: %v", err)
	}
}
