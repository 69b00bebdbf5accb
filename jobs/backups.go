package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"bizprofile/store"
)

// KindBackup is a scheduled backup of the database (issue 39): one waits
// in the queue for its time, and each run leaves the next.
const KindBackup = "backup"

// backupPayload is a backup's time. Every instance computes the same
// times from the interval, so the store tells a backup already waiting
// from a new one by its payload (EnqueueUnlessWaiting).
type backupPayload struct {
	At time.Time `json:"at"`
}

// Backup is the backup due at at. It is tried once: a failed backup is a
// failed job the administrators are told of, and the next runs on time.
func Backup(at time.Time) store.NewJob {
	return store.NewJob{Kind: KindBackup, Payload: mustJSON(backupPayload{At: at.UTC()}), RunAt: at, MaxAttempts: 1}
}

// NextBackup is the first time after now on the grid of interval (from
// the Unix epoch, so every instance agrees).
func NextBackup(now time.Time, interval time.Duration) time.Time {
	return now.UTC().Truncate(interval).Add(interval)
}

// ForBackup is the handler of backups: it reads the time the backup was
// due and has do take it.
func ForBackup(do func(ctx context.Context, at time.Time) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p backupPayload
		if err := json.Unmarshal(payload, &p); err != nil || p.At.IsZero() {
			return fmt.Errorf("backup job: payload %q: %v", payload, err)
		}
		return do(ctx, p.At)
	}
}

// describeBackupJob says what a backup is for, for /admin/jobs.
func describeBackupJob(kind string, payload []byte) (string, bool) {
	if kind != KindBackup {
		return "", false
	}
	var p backupPayload
	if json.Unmarshal(payload, &p) != nil {
		return "", false
	}
	return "Back up the database (due " + p.At.Format("2 Jan 2006 15:04 UTC") + ")", true
}
