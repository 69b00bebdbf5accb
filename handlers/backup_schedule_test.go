package handlers

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	bizmail "bizprofile/mail"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/backup"
	"bizprofile/domain"
	"bizprofile/internal/samples"
	"bizprofile/jobs"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// clock is a settable time for the domain.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

// withBackups gives the app scheduled backups into dir, daily, keeping
// two, on the clock.
func withBackups(dir string, c *clock) func(*testDeps) {
	return func(d *testDeps) {
		archive, err := backup.NewDir(dir)
		if err != nil {
			panic(err)
		}
		d.AdminEmails = []string{adminEmail}
		d.Domain = domain.New(domain.Deps{
			Log: d.Log, Store: d.Store, AdminEmails: d.AdminEmails, Media: d.Media, Now: c.Now,
			Site:    bizmail.Site{Name: d.Site.Name, BaseURL: d.Site.BaseURL, SupportEmail: d.Site.SupportEmail},
			Backups: domain.BackupSettings{Archive: archive, Scratch: filepath.Join(dir, "..", "scratch"), Interval: 24 * time.Hour, Keep: 2},
		})
	}
}

// TestScheduledBackups: one backup waits in the queue however many
// instances schedule it; each run takes a backup, leaves the next and
// keeps the newest BACKUP_KEEP; /admin/status shows the last, and warns
// once it is older than two intervals.
func TestScheduledBackups(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		if st.Dialect() == store.Postgres {
			t.Skip("backups of PostgreSQL (pg_dump, by URL) are drilled in TestBackupRestoreDrill")
		}
		ctx := context.Background()
		c := &clock{now: time.Date(2026, 11, 29, 10, 30, 0, 0, time.UTC)}
		dir := filepath.Join(t.TempDir(), "backups")
		app := newTestAppOn(t, st, withBackups(dir, c), withMetricsToken)
		_, err := samples.Add(ctx, st)
		must(t, err)
		admin := app.asAdmin(t)
		backups := app.h.domain.Backups

		// Before any backup: none yet, and the schedule.
		facts := backupFacts(t, admin)
		if facts["Last backup"] != "None yet" || !strings.HasPrefix(facts["Schedule"], "Every 1 day, next due 30 Nov 2026, 00:00 UTC") {
			t.Errorf("before any backup, /admin/status shows %v", facts)
		}

		// Two instances starting: one backup waits.
		second := domain.New(domain.Deps{Store: st, Now: c.Now, Backups: backups.Settings()})
		must(t, backups.Schedule(ctx))
		must(t, second.Backups.Schedule(ctx))
		if due := waitingBackups(t, st); len(due) != 1 || !due[0].Equal(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)) {
			t.Fatalf("backups waiting after two instances scheduled: %v, want one, at midnight", due)
		}

		// Three runs, a day apart: three backups taken, two kept.
		for day := range 3 {
			c.Set(time.Date(2026, 11, 30+day, 0, 0, 5, 0, time.UTC))
			must(t, backups.Run(ctx, c.Now().Truncate(24*time.Hour)))
		}
		kept, err := backup.List(ctx, backups.Settings().Archive)
		must(t, err)
		if len(kept) != 2 || kept[0].CreatedAt.Day() != 2 || kept[1].CreatedAt.Day() != 1 {
			t.Fatalf("kept %+v, want the backups of 2 and 1 December", kept)
		}
		// (The queue runs each job it claims; the test ran them itself,
		// so those of 30 Nov to 2 Dec wait still.)
		if due := waitingBackups(t, st); len(due) != 4 || !due[0].Equal(time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("backups waiting after three runs: %v, want the next, 3 Dec, among them", due)
		}

		// The monitoring sees the same: the last backup's time and size,
		// and the queue.
		_, scrape := app.getMetrics(t, metricsToken)
		if v, _ := metricValue(scrape, "bizprofile_backup_last_timestamp_seconds"); int64(v) != kept[0].CreatedAt.Unix() {
			t.Errorf("/metrics: the last backup at %v, want %d", v, kept[0].CreatedAt.Unix())
		}
		if v, _ := metricValue(scrape, "bizprofile_backup_last_size_bytes"); int64(v) != kept[0].Size {
			t.Errorf("/metrics: the last backup of %v bytes, want %d", v, kept[0].Size)
		}
		if v, ok := metricValue(scrape, `bizprofile_jobs{status="queued"}`); !ok || v < 4 {
			t.Errorf("/metrics: %v jobs queued (%v), want the 4 backups waiting at least", v, ok)
		}
		if v, ok := metricValue(scrape, `bizprofile_jobs{status="failed"}`); !ok || v != 0 {
			t.Errorf("/metrics: %v jobs failed (%v), want 0", v, ok)
		}

		c.Set(time.Date(2026, 12, 2, 6, 0, 5, 0, time.UTC))
		facts = backupFacts(t, admin)
		if facts["Last backup"] != "2 Dec 2026, 00:00 UTC (6 h ago)" || !strings.Contains(facts["Schedule"], "the newest 2 are kept (2 now)") ||
			facts["Name"] != kept[0].Name || !regexp.MustCompile(`^\d+ KB, taken in [\d.]+ s$`).MatchString(facts["Size"]) {
			t.Errorf("after the backups, /admin/status shows %v", facts)
		}
		if _, body := admin.get(t, "/admin/status"); parseHTML(t, body).Find(`[data-testid="backups"] [role="alert"]`).Length() != 0 {
			t.Error("a warning shows while the last backup is 6 hours old")
		}

		// Three days later, nothing new: the warning.
		c.Set(time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC))
		_, body := admin.get(t, "/admin/status")
		warning := strings.Join(strings.Fields(parseHTML(t, body).Find(`[data-testid="backups"] [role="alert"]`).Text()), " ")
		if !strings.Contains(warning, "The last backup is 3 days old, more than two intervals of 1 day") {
			t.Errorf("three days after the last backup, the warning reads %q", warning)
		}
	})
}

// TestFailedBackupEmailsTheAdministrators: a backup that cannot be
// written fails its job with the reason, and every administrator is
// emailed; the next backup is still scheduled.
func TestFailedBackupEmailsTheAdministrators(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 29, 10, 30, 0, 0, time.UTC)}
	dir := filepath.Join(t.TempDir(), "backups")
	app := newTestApp(t, store.SQLite, withBackups(dir, c), withMetricsToken)
	app.asAdmin(t)
	// The archive's folder is gone, and a file stands in its place.
	must(t, os.RemoveAll(dir))
	must(t, os.WriteFile(dir, []byte("not a folder"), 0o600))

	must(t, app.store.Enqueue(ctx, jobs.Backup(time.Now().Add(-time.Minute))))
	m := app.inbox.waitForSubject(t, adminEmail, "A backup of BizProfile failed")
	if !strings.Contains(m.Text, "backup: write bizprofile-") {
		t.Errorf("the email does not say why:\n%s", m.Text)
	}
	failed, _, err := app.store.Jobs(ctx, store.JobFailed, store.Page{Limit: 10})
	must(t, err)
	if len(failed) != 1 || failed[0].Kind != jobs.KindBackup || !strings.Contains(failed[0].LastError.String, "backup: write") {
		t.Errorf("failed jobs: %+v, want the backup with its error", failed)
	}
	if due := waitingBackups(t, app.store); len(due) != 1 || !due[0].Equal(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("backups waiting after the failure: %v, want the next one", due)
	}
	_, scrape := app.getMetrics(t, metricsToken)
	if v, _ := metricValue(scrape, `bizprofile_jobs{status="failed"}`); v != 1 {
		t.Errorf("/metrics: %v jobs failed, want the backup", v)
	}
	if v, ok := metricValue(scrape, "bizprofile_backup_archive_up"); !ok || v != 0 {
		t.Errorf("/metrics: the archive, which cannot be read, is up = %v (%v), want 0", v, ok)
	}
}

// backupFacts are the facts /admin/status lists of the backups, by term.
func backupFacts(t *testing.T, admin *testApp) map[string]string {
	t.Helper()
	_, body := admin.get(t, "/admin/status")
	facts := map[string]string{}
	parseHTML(t, body).Find(`[data-testid="backups"] dl > div`).Each(func(_ int, s *goquery.Selection) {
		facts[strings.TrimSpace(s.Find("dt").Text())] = strings.Join(strings.Fields(s.Find("dd").Text()), " ")
	})
	return facts
}

// waitingBackups are the times of the backups queued, latest first.
func waitingBackups(t *testing.T, st *store.Store) []time.Time {
	t.Helper()
	queued, _, err := st.Jobs(context.Background(), store.JobQueued, store.Page{Limit: 100})
	must(t, err)
	var due []time.Time
	for _, j := range queued {
		var p struct{ At time.Time }
		if j.Kind == jobs.KindBackup && json.Unmarshal([]byte(j.Payload), &p) == nil {
			due = append(due, p.At)
		}
	}
	slices.SortFunc(due, func(a, b time.Time) int { return b.Compare(a) })
	return due
}
