package present

import (
	"fmt"
	"time"

	"bizprofile/domain"
	"bizprofile/jobs"
	"bizprofile/views"
)

// Backups is /admin/status's account of the backups as read at s.Now.
func Backups(s domain.BackupStatus, keep int) views.BackupsView {
	now := s.Now
	v := views.BackupsView{Configured: s.Configured, Where: s.Where, Count: s.Count, Keep: keep, Stale: s.Stale}
	if s.Interval > 0 {
		v.Every = views.WaitText(s.Interval)
		v.Next = jobs.NextBackup(now, s.Interval).Format("2 Jan 2006, 15:04 UTC")
	}
	if s.Err != nil {
		v.Problem = s.Err.Error()
	}
	if m := s.Latest; m != nil {
		v.Last = &views.BackupFacts{
			Name: m.Name, At: m.CreatedAt.Format("2 Jan 2006, 15:04 UTC"), Age: views.WaitText(now.Sub(m.CreatedAt)),
			Size: Bytes(m.Size), SchemaVersion: m.SchemaVersion, Took: views.WaitText(m.Took()),
		}
		if m.Took() < time.Minute {
			v.Last.Took = fmt.Sprintf("%.1f s", m.Took().Seconds())
		}
	}
	return v
}

// Bytes is n bytes in the unit that reads best: "728 KB", "1.4 GB".
func Bytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
