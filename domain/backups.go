package domain

import (
	"context"
	"fmt"
	"time"

	"bizprofile/backup"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
)

// BackupSettings are the scheduled backups' (issue 39): where they go,
// how often, how many are kept.
type BackupSettings struct {
	// Archive keeps them; nil: no backups (tools that need none).
	Archive backup.Archive
	// DatabaseURL is the PostgreSQL database pg_dump reads; empty for
	// SQLite.
	DatabaseURL string
	// Scratch is a folder for a snapshot on its way to the archive.
	Scratch string
	// Interval between scheduled backups (BACKUP_INTERVAL); Keep is how
	// many are kept (BACKUP_KEEP).
	Interval time.Duration
	Keep     int
}

// Backups copy the database to the archive on a schedule: one backup
// waits in the job queue for its time (main.go leaves one at start-up,
// on whichever instance comes first) and each leaves the next. A failed
// backup is a failed job, and the administrators are emailed.
type Backups struct {
	*env
	set BackupSettings
}

// Settings are the backups' settings.
func (b *Backups) Settings() BackupSettings { return b.set }

// Schedule leaves the next backup waiting in the queue, unless one
// already is.
func (b *Backups) Schedule(ctx context.Context) error {
	if b.set.Archive == nil || b.set.Interval <= 0 {
		return nil
	}
	at := jobs.NextBackup(b.now(), b.set.Interval)
	queued, err := b.store.EnqueueUnlessWaiting(ctx, jobs.Backup(at))
	if queued {
		b.log.Info("backup scheduled", "at", at, "archive", b.set.Archive.String())
	}
	return err
}

// Run is a scheduled backup (whenever it was due, of the database as it
// is now): it schedules the next first (a backup that fails does not stop
// the ones after it), takes this one and prunes the archive to the newest
// Keep.
func (b *Backups) Run(ctx context.Context, _ time.Time) error {
	if err := b.Schedule(ctx); err != nil {
		return err
	}
	if _, err := b.Take(ctx); err != nil {
		next := "whenever one is scheduled again (BACKUP_INTERVAL is off)"
		if b.set.Interval > 0 {
			next = jobs.NextBackup(b.now(), b.set.Interval).Format("2 Jan 2006 at 15:04 UTC")
		}
		if nerr := b.notifyAdmins(context.WithoutCancel(ctx), b.store, func(to string) bizmail.Message {
			return bizmail.BackupFailed(b.site, to, err.Error(), next, b.link("/admin/jobs"))
		}); nerr != nil {
			b.log.Error("administrators not told of a failed backup", "error", nerr)
		}
		return err
	}
	return nil
}

// Take backs the database up now and prunes the archive to the newest
// Keep backups. A failed prune is logged, not an error: the backup is
// good.
func (b *Backups) Take(ctx context.Context) (backup.Manifest, error) {
	if b.set.Archive == nil {
		return backup.Manifest{}, fmt.Errorf("backup: no archive configured")
	}
	m, err := backup.Take(ctx, backup.Source{Store: b.store, DatabaseURL: b.set.DatabaseURL, Scratch: b.set.Scratch}, b.set.Archive, b.now())
	if err != nil {
		b.log.Error("backup failed", "error", err, "archive", b.set.Archive.String())
		return m, err
	}
	b.log.Info("backup taken", "name", m.Name, "bytes", m.Size, "schema_version", m.SchemaVersion, "took", m.Took(), "archive", b.set.Archive.String())
	if b.set.Keep > 0 {
		if n, err := backup.Prune(ctx, b.set.Archive, b.set.Keep); err != nil {
			b.log.Error("old backups not pruned", "error", err, "archive", b.set.Archive.String())
		} else if n > 0 {
			b.log.Info("old backups deleted", "count", n, "kept", b.set.Keep)
		}
	}
	return m, nil
}

// Last is the newest backup's time and size, for the metrics; ok false
// when there is none.
func (b *Backups) Last(ctx context.Context) (at time.Time, size int64, ok bool, err error) {
	all, err := backup.List(ctx, b.set.Archive)
	if err != nil || len(all) == 0 {
		return time.Time{}, 0, false, err
	}
	return all[0].CreatedAt, all[0].Size, true, nil
}

// BackupStatus is what /admin/status shows of the backups.
type BackupStatus struct {
	Configured bool
	Where      string
	Latest     *backup.Manifest // nil: none yet
	Count      int
	Interval   time.Duration
	// Stale: the newest backup (or, with none, the app's start) is older
	// than two intervals.
	Stale bool
	Err   error     // the archive could not be read
	Now   time.Time // when it was read, by the domain's clock
}

// Status reads the archive for /admin/status; since is when the app
// started, from which a first backup is awaited.
func (b *Backups) Status(ctx context.Context, since time.Time) BackupStatus {
	st := BackupStatus{Configured: b.set.Archive != nil && b.set.Interval > 0, Interval: b.set.Interval, Now: b.now()}
	if b.set.Archive == nil {
		return st
	}
	st.Where = b.set.Archive.String()
	all, err := backup.List(ctx, b.set.Archive)
	if err != nil {
		st.Err = err
		return st
	}
	st.Count = len(all)
	last := since
	if len(all) > 0 {
		st.Latest = &all[0]
		last = all[0].CreatedAt
	}
	st.Stale = st.Configured && st.Now.Sub(last) > 2*b.set.Interval
	return st
}
