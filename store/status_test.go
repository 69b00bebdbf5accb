package store_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Two instances on one database record the same minute: it counts once;
// the next minute counts again, and a failure counts against the part.
func TestStatusChecksCountEachMinuteOnceAcrossInstances(t *testing.T) {
	for _, d := range storetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			stores := storetest.OpenShared(t, d, 2)
			a, b := stores[0], stores[1]
			now := time.Now().UTC()
			minute := now.Truncate(time.Minute)
			// The previous minute of the same day, unless today just began.
			earlier := minute.Add(-time.Minute)
			if earlier.Day() != minute.Day() {
				earlier, minute = minute, minute.Add(time.Minute)
			}
			ok := []store.ComponentCheck{{Component: "database"}, {Component: "email"}}
			failed := []store.ComponentCheck{{Component: "database"}, {Component: "email", Failed: true}}
			must(t, a.RecordStatusChecks(ctx, earlier, ok))
			must(t, b.RecordStatusChecks(ctx, earlier, ok))     // the same minute, from the other instance
			must(t, b.RecordStatusChecks(ctx, minute, failed))  // the next minute
			must(t, a.RecordStatusChecks(ctx, minute, ok))      // counted already
			must(t, a.RecordStatusChecks(ctx, earlier, failed)) // an instance running late changes nothing
			up, err := uptimeOf(ctx, b, minute)
			must(t, err)
			day := time.Date(minute.Year(), minute.Month(), minute.Day(), 0, 0, 0, 0, time.UTC)
			for comp, want := range map[string]store.Uptime{
				"database": {Checks: 2, Failures: 0, First: day},
				"email":    {Checks: 2, Failures: 1, First: day},
			} {
				if got := up[comp]; got != want {
					t.Errorf("%s: %+v, want %+v", comp, got, want)
				}
			}
			if r := up["email"].Ratio(); r != 0.5 {
				t.Errorf("email uptime ratio %v, want 0.5", r)
			}
		})
	}
}

// Uptime covers the last 90 days; pruning drops the days before them.
func TestStatusUptimeCoversNinetyDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC)
		for _, at := range []time.Time{
			now.AddDate(0, 0, -store.StatusDays),       // a day too old
			now.AddDate(0, 0, -(store.StatusDays - 1)), // the first day shown
			now.AddDate(0, 0, -1),
			now,
		} {
			must(t, s.RecordStatusChecks(ctx, at, []store.ComponentCheck{{Component: "jobs", Failed: at.Equal(now)}}))
		}
		up, err := uptimeOf(ctx, s, now)
		must(t, err)
		want := store.Uptime{Checks: 3, Failures: 1, First: time.Date(2026, 2, 20, 0, 0, 0, 0, time.UTC)}
		if up["jobs"] != want {
			t.Errorf("uptime %+v, want %+v", up["jobs"], want)
		}
		if len(up) != 1 {
			t.Errorf("uptime of parts never checked: %+v", up)
		}
		// Read from a day earlier, the day too old is in the window: until
		// it is pruned.
		dayBefore := now.AddDate(0, 0, -1)
		if up, _ := uptimeOf(ctx, s, dayBefore); up["jobs"].Checks != 4 {
			t.Fatalf("before pruning, from a day earlier: %+v", up["jobs"])
		}
		must(t, s.PruneStatusChecks(ctx, now))
		up, err = uptimeOf(ctx, s, dayBefore)
		must(t, err)
		if up["jobs"] != want {
			t.Errorf("a day older than 90 kept after pruning: %+v", up["jobs"])
		}
	})
}

// The uptime bar reads each part's days of the last 90, oldest first:
// a day too old is left out, and a day's failures are its own.
func TestStatusDayCountsGivesEachPartsDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC)
		first := now.AddDate(0, 0, -(store.StatusDays - 1))
		for _, at := range []time.Time{
			now.AddDate(0, 0, -store.StatusDays), // a day too old
			first,
			now.AddDate(0, 0, -3),
			now.AddDate(0, 0, -3).Add(time.Minute),
			now,
		} {
			must(t, s.RecordStatusChecks(ctx, at, []store.ComponentCheck{{Component: "jobs", Failed: at.Equal(now)}, {Component: "email"}}))
		}
		days, err := s.StatusDayCounts(ctx, now)
		must(t, err)
		midnight := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }
		want := []store.StatusDay{
			{Day: midnight(first), Checks: 1},
			{Day: midnight(now.AddDate(0, 0, -3)), Checks: 2},
			{Day: midnight(now), Checks: 1, Failures: 1},
		}
		got := days["jobs"]
		if len(got) != len(want) {
			t.Fatalf("jobs days %+v, want %+v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("jobs day %d: %+v, want %+v", i, got[i], want[i])
			}
		}
		if n := len(days["email"]); n != 3 || days["email"][2].Failures != 0 {
			t.Errorf("email days %+v, want 3 without failures", days["email"])
		}
		if len(days) != 2 {
			t.Errorf("days of parts never checked: %+v", days)
		}
	})
}

// uptimeOf is each part's uptime over the StatusDays days up to now, as
// the status page sums it from the days' counts.
func uptimeOf(ctx context.Context, s *store.Store, now time.Time) (map[string]store.Uptime, error) {
	days, err := s.StatusDayCounts(ctx, now)
	if err != nil {
		return nil, err
	}
	up := make(map[string]store.Uptime, len(days))
	for comp, ds := range days {
		up[comp] = store.UptimeOf(ds)
	}
	return up, nil
}
