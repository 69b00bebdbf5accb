package analytics_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"bizprofile/analytics"
	"bizprofile/internal/synthetic"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func listing(t *testing.T, s *store.Store, name string) store.Business {
	t.Helper()
	b, err := s.CreateBusiness(context.Background(), store.Business{Name: name, Category: "home-services", City: "Portland", State: "OR", Published: true})
	must(t, err)
	return b
}

// dayOf reads one listing's counted day.
func dayOf(t *testing.T, s *store.Store, id int64, day string) store.StatCounts {
	t.Helper()
	days, err := s.ListingDays(context.Background(), []int64{id}, day, day)
	must(t, err)
	if len(days) == 0 {
		return store.StatCounts{}
	}
	return days[0].StatCounts
}

// Two instances on one database count the same listing at once: every
// view adds up, and a visitor seen by both counts once that day.
func TestTwoInstancesAddUp(t *testing.T) {
	for _, d := range storetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			stores := storetest.OpenShared(t, d, 2)
			bakery := listing(t, stores[0], "Harbor Bakery")
			dental := listing(t, stores[0], "Harbor Dental")
			now := time.Date(2026, 11, 20, 14, 0, 0, 0, time.UTC)
			clock := func() time.Time { return now }
			counters := []*analytics.Counter{
				analytics.New(stores[0], quiet, analytics.Options{Now: clock}),
				analytics.New(stores[1], quiet, analytics.Options{Now: clock}),
			}
			var wg sync.WaitGroup
			for i, c := range counters {
				wg.Go(func() {
					// 3 rounds of 40 views from visitors 0-39, flushed
					// after each: 120 views, 40 visitors per instance,
					// the same 40 on both.
					for round := range 3 {
						for v := range 40 {
							c.View(bakery.ID, fmt.Sprintf("10.0.0.%d", v), "Mozilla/5.0")
						}
						c.Count(analytics.Impression, bakery.ID, dental.ID)
						c.Count(analytics.WebsiteClick, bakery.ID)
						if i == 1 {
							c.Count(analytics.ContactClick, dental.ID)
						}
						if err := c.Flush(ctx); err != nil {
							t.Errorf("instance %d, round %d: %v", i, round, err)
						}
					}
				})
			}
			wg.Wait()
			got := dayOf(t, stores[1], bakery.ID, "2026-11-20")
			want := store.StatCounts{Views: 240, Visitors: 40, Impressions: 6, WebsiteClicks: 6}
			if got != want {
				t.Errorf("bakery's day = %+v, want %+v", got, want)
			}
			if got, want := dayOf(t, stores[0], dental.ID, "2026-11-20"), (store.StatCounts{Impressions: 6, ContactClicks: 3}); got != want {
				t.Errorf("dental's day = %+v, want %+v", got, want)
			}
		})
	}
}

// A visitor counts once a day: the next day, with the day's new salt, the
// same visitor is a visitor again; the day over, its hashes and salt are
// discarded.
func TestVisitorsCountOncePerDayAndArePrunedAfter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b := listing(t, s, "Harbor Bakery")
		now := time.Date(2026, 11, 20, 23, 59, 0, 0, time.UTC)
		c := analytics.New(s, quiet, analytics.Options{Now: func() time.Time { return now }})
		c.View(b.ID, "203.0.113.9", "Mozilla/5.0 (X11)")
		c.View(b.ID, "203.0.113.9", "Mozilla/5.0 (X11)")
		c.View(b.ID, "203.0.113.9", "Mozilla/5.0 (Mac)") // another browser: another visitor
		must(t, c.Flush(ctx))
		c.View(b.ID, "203.0.113.9", "Mozilla/5.0 (X11)") // a later flush, the same day
		must(t, c.Flush(ctx))
		now = now.Add(2 * time.Minute) // the next day
		c.View(b.ID, "203.0.113.9", "Mozilla/5.0 (X11)")
		must(t, c.Flush(ctx))

		if got := dayOf(t, s, b.ID, "2026-11-20"); got.Views != 4 || got.Visitors != 2 {
			t.Errorf("first day = %d views, %d visitors; want 4, 2", got.Views, got.Visitors)
		}
		if got := dayOf(t, s, b.ID, "2026-11-21"); got.Views != 1 || got.Visitors != 1 {
			t.Errorf("next day = %d views, %d visitors; want 1, 1", got.Views, got.Visitors)
		}
		salt20, err := s.VisitorSalt(ctx, "2026-11-20")
		must(t, err)
		salt21, err := s.VisitorSalt(ctx, "2026-11-21")
		must(t, err)
		if string(salt20) == string(salt21) || len(salt20) != 32 {
			t.Errorf("salts of two days: %x and %x, want two different 32-byte salts", salt20, salt21)
		}
		must(t, s.PruneVisitors(ctx, "2026-11-21"))
		again, err := s.VisitorSalt(ctx, "2026-11-20")
		must(t, err)
		if string(again) == string(salt20) {
			t.Error("the first day's salt was kept after it was pruned")
		}
		if kept, err := s.VisitorSalt(ctx, "2026-11-21"); err != nil || string(kept) != string(salt21) {
			t.Errorf("the day in progress lost its salt: %x, %v", kept, err)
		}
	})
}

// failingOnce is the database failing for one write, then back.
type failingOnce struct {
	analytics.Store
	failed bool
}

func (f *failingOnce) AddListingStats(ctx context.Context, counts map[store.StatKey]store.StatCounts, visitors []store.VisitorHash) error {
	if !f.failed {
		f.failed = true
		return errors.New("database unreachable")
	}
	return f.Store.AddListingStats(ctx, counts, visitors)
}

// Counts a failed write could not store are kept for the next one, and a
// deleted listing's counts do not block the others'.
func TestFailedFlushKeepsCounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b := listing(t, s, "Harbor Bakery")
		gone := listing(t, s, "Gone Co")
		day := store.Day(time.Now())
		c := analytics.New(&failingOnce{Store: s}, quiet, analytics.Options{})
		c.View(b.ID, "198.51.100.1", "Mozilla/5.0")
		c.Count(analytics.PhoneClick, b.ID, gone.ID)
		if err := c.Flush(ctx); err == nil {
			t.Fatal("the failing write reported no error")
		}
		c.View(b.ID, "198.51.100.2", "Mozilla/5.0")
		must(t, s.DeleteBusiness(ctx, gone.ID))
		must(t, c.Flush(ctx))
		if got, want := dayOf(t, s, b.ID, day), (store.StatCounts{Views: 2, Visitors: 2, PhoneClicks: 1}); got != want {
			t.Errorf("after a failed and a good write: %+v, want %+v", got, want)
		}
	})
}

// Run writes on its own every Every, and once more when it stops.
func TestRunFlushesOnTimeAndAtTheEnd(t *testing.T) {
	s := storetest.Open(t, store.SQLite)
	b := listing(t, s, "Harbor Bakery")
	c := analytics.New(s, quiet, analytics.Options{Every: 20 * time.Millisecond})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	c.Count(analytics.EmailClick, b.ID)
	day := store.Day(time.Now())
	deadline := time.Now().Add(5 * time.Second)
	for dayOf(t, s, b.ID, day).EmailClicks != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the count was not written by the periodic flush")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.Count(analytics.EmailClick, b.ID)
	stop()
	<-done
	if got := dayOf(t, s, b.ID, day).EmailClicks; got != 2 {
		t.Errorf("after stopping: %d email clicks, want 2 (the last count written at shutdown)", got)
	}
}

func TestHumanLeavesOutBotsToolsAndPrefetches(t *testing.T) {
	const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	cases := []struct {
		name    string
		method  string
		headers map[string]string
		want    bool
	}{
		{"a browser", "GET", map[string]string{"User-Agent": chrome}, true},
		{"Googlebot", "GET", map[string]string{"User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"}, false},
		{"Bingbot", "GET", map[string]string{"User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"}, false},
		{"a link preview", "GET", map[string]string{"User-Agent": "facebookexternalhit/1.1"}, false},
		{"headless Chrome", "GET", map[string]string{"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36"}, false},
		{"Lighthouse", "GET", map[string]string{"User-Agent": chrome + " Chrome-Lighthouse"}, false},
		{"curl", "GET", map[string]string{"User-Agent": "curl/8.5.0"}, false},
		{"no user agent", "GET", map[string]string{"User-Agent": ""}, false},
		{"no Accept-Language", "GET", map[string]string{"User-Agent": chrome, "Accept-Language": ""}, false},
		{"no Accept", "GET", map[string]string{"User-Agent": chrome, "Accept": ""}, false},
		{"a prefetch", "GET", map[string]string{"User-Agent": chrome, "Sec-Purpose": "prefetch"}, false},
		{"a prerender", "GET", map[string]string{"User-Agent": chrome, "Sec-Purpose": "prefetch;prerender"}, false},
		{"Firefox's prefetch", "GET", map[string]string{"User-Agent": chrome, "X-Moz": "prefetch"}, false},
		{"a HEAD", "HEAD", map[string]string{"User-Agent": chrome}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "/directory/harbor-bakery", nil)
			r.Header.Set("Accept", "text/html")
			r.Header.Set("Accept-Language", "en-US,en;q=0.9")
			for k, v := range tc.headers {
				if v == "" {
					r.Header.Del(k)
				} else {
					r.Header.Set(k, v)
				}
			}
			if got := analytics.Human(r); got != tc.want {
				t.Errorf("Human = %v, want %v", got, tc.want)
			}
		})
	}
}

// publishedIDs adds n generated listings to s and returns the published
// ones' IDs.
func publishedIDs(t *testing.T, s *store.Store, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	must(t, synthetic.Add(ctx, s, n, 7))
	found, err := s.SearchDirectory(ctx, store.Search{}, 0, n)
	must(t, err)
	ids := make([]int64, len(found.Businesses))
	for i, b := range found.Businesses {
		ids[i] = b.ID
	}
	return ids
}

// failingAt is the database refusing the nth write, and taking the others.
type failingAt struct {
	analytics.Store
	n, calls int
}

func (f *failingAt) AddListingStats(ctx context.Context, counts map[store.StatKey]store.StatCounts, visitors []store.VisitorHash) error {
	f.calls++
	if f.calls == f.n {
		return errors.New("database unreachable")
	}
	return f.Store.AddListingStats(ctx, counts, visitors)
}

// A busy directory's flush holds more listing days than one write takes:
// it writes them in batches, and when the database refuses one part-way,
// the batches written stay written and the next flush writes the rest:
// nothing is lost and nothing counted twice.
func TestFlushInBatchesLosesAndRepeatsNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ids := publishedIDs(t, s, 1200)
		if len(ids) <= 1000 {
			t.Fatalf("%d published listings: too few for three batches", len(ids))
		}
		day := store.Day(time.Now())
		db := &failingAt{Store: s, n: 2}
		c := analytics.New(db, quiet, analytics.Options{})
		c.Count(analytics.Impression, ids...)
		last := ids[len(ids)-1]
		c.View(last, "203.0.113.9", "Mozilla/5.0") // a visitor in the last batch
		if err := c.Flush(ctx); err == nil {
			t.Fatal("a flush whose second batch failed reported no error")
		}
		written, err := s.ListingDays(ctx, ids, day, day)
		must(t, err)
		if len(written) == 0 || len(written) >= len(ids) {
			t.Fatalf("after the second batch failed: %d of %d listing days written, want the first batch's", len(written), len(ids))
		}
		c.Count(analytics.Impression, ids...)
		must(t, c.Flush(ctx))
		days, err := s.ListingDays(ctx, ids, day, day)
		must(t, err)
		if len(days) != len(ids) {
			t.Fatalf("%d listing days written, want %d", len(days), len(ids))
		}
		for _, d := range days {
			want := store.StatCounts{Impressions: 2}
			if d.BusinessID == last {
				want.Views, want.Visitors = 1, 1
			}
			if d.StatCounts != want {
				t.Fatalf("listing %d: %+v, want %+v", d.BusinessID, d.StatCounts, want)
			}
		}
	})
}

// stoppingAfterFirst is the app stopping just after a flush's first
// batch is written.
type stoppingAfterFirst struct {
	analytics.Store
	stop context.CancelFunc
}

func (s *stoppingAfterFirst) AddListingStats(ctx context.Context, counts map[store.StatKey]store.StatCounts, visitors []store.VisitorHash) error {
	defer s.stop()
	return s.Store.AddListingStats(ctx, counts, visitors)
}

// A flush spreads its batches out; when the app stops while it waits for
// the next, what it has not written is kept for the final flush.
func TestStopWhileSpreadingKeepsTheRest(t *testing.T) {
	s := storetest.Open(t, store.SQLite)
	ids := publishedIDs(t, s, 1200)
	day := store.Day(time.Now())
	ctx, stop := context.WithCancel(context.Background())
	c := analytics.New(&stoppingAfterFirst{Store: s, stop: stop}, quiet, analytics.Options{})
	c.Count(analytics.Impression, ids...)
	if err := c.FlushSpread(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Fatalf("a flush stopped while it waited = %v, want it canceled", err)
	}
	written, err := s.ListingDays(context.Background(), ids, day, day)
	must(t, err)
	if len(written) == 0 || len(written) >= len(ids) {
		t.Fatalf("when stopped: %d of %d listing days written, want the first batch's", len(written), len(ids))
	}
	must(t, c.Flush(context.Background()))
	days, err := s.ListingDays(context.Background(), ids, day, day)
	must(t, err)
	if len(days) != len(ids) {
		t.Fatalf("after the final flush: %d listing days written, want %d", len(days), len(ids))
	}
	for _, d := range days {
		if d.Impressions != 1 {
			t.Fatalf("listing %d: %d impressions, want 1", d.BusinessID, d.Impressions)
		}
	}
}
