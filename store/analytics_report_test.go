package store_test

import (
	"context"
	"maps"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// reportListings are two listings of one owner and a third of another
// owner, whose figures must never reach the first owner's report.
func reportListings(t *testing.T, s *store.Store) (bakery, cafe, rival store.Business) {
	t.Helper()
	bakery, _, rival = ownedListing(t, s)
	cafe, err := s.CreateBusiness(context.Background(), store.Business{Name: "Corner Cafe", Category: "food", City: "Portland", State: "OR", OwnerID: bakery.OwnerID, Published: true})
	must(t, err)
	return bakery, cafe, rival
}

// visitorHash is a visitor of b's day, as the counter hashes them.
func visitorHash(b store.Business, day string, n byte) store.VisitorHash {
	return store.VisitorHash{StatKey: store.StatKey{BusinessID: b.ID, Day: day}, Hash: []byte{n, 1, 2, 3}}
}

func TestAnalyticsReportAddsUpCountedDaysZeroFillingTheRest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		bakery, cafe, rival := reportListings(t, s)
		key := func(b store.Business, day string) store.StatKey { return store.StatKey{BusinessID: b.ID, Day: day} }
		must(t, s.AddListingStats(ctx, map[store.StatKey]store.StatCounts{
			key(bakery, "2026-03-01"): {Views: 9, Impressions: 99}, // the day before the range
			key(bakery, "2026-03-02"): {Views: 3, Impressions: 10, WebsiteClicks: 1},
			key(cafe, "2026-03-02"):   {Views: 2, Impressions: 5, ContactClicks: 1},
			key(bakery, "2026-03-04"): {Views: 1, PhoneClicks: 2, EmailClicks: 1},
			key(rival, "2026-03-02"):  {Views: 50, Impressions: 500},
			key(bakery, "2026-03-06"): {Views: 7}, // the day after
		}, []store.VisitorHash{
			visitorHash(bakery, "2026-03-02", 1), visitorHash(bakery, "2026-03-02", 2),
			visitorHash(cafe, "2026-03-02", 1), visitorHash(bakery, "2026-03-04", 1),
		}))
		// A second writer adds to the same days.
		must(t, s.AddListingStats(ctx, map[store.StatKey]store.StatCounts{key(bakery, "2026-03-02"): {Views: 1}},
			[]store.VisitorHash{visitorHash(bakery, "2026-03-02", 2), visitorHash(bakery, "2026-03-02", 3)}))

		rep, err := s.AnalyticsReport(ctx, []int64{bakery.ID, cafe.ID}, "2026-03-02", "2026-03-05")
		must(t, err)
		want := []struct {
			day                   string
			views, visitors, impr int64
			clicks                int64
		}{
			{"2026-03-02", 6, 4, 15, 2},
			{"2026-03-03", 0, 0, 0, 0},
			{"2026-03-04", 1, 1, 0, 3},
			{"2026-03-05", 0, 0, 0, 0},
		}
		if len(rep.Days) != len(want) {
			t.Fatalf("%d days, want %d: %+v", len(rep.Days), len(want), rep.Days)
		}
		for i, w := range want {
			d := rep.Days[i]
			if d.Day != w.day || d.Views != w.views || d.Visitors != w.visitors || d.Impressions != w.impr || d.Clicks() != w.clicks {
				t.Errorf("day %d: %s views %d visitors %d impressions %d clicks %d, want %+v", i, d.Day, d.Views, d.Visitors, d.Impressions, d.Clicks(), w)
			}
		}
		if tot := rep.Totals; tot.Views != 7 || tot.Visitors != 5 || tot.Impressions != 15 || tot.Clicks() != 5 {
			t.Errorf("totals %+v", tot.StatCounts)
		}
		if got := rep.Totals.ClickThrough(); got != 7.0/15 {
			t.Errorf("click-through %v, want 7/15", got)
		}
		b, c := rep.ByListing[bakery.ID], rep.ByListing[cafe.ID]
		if b.Views != 5 || b.Visitors != 4 || b.Clicks() != 4 || c.Views != 2 || c.Visitors != 1 || c.ContactClicks != 1 {
			t.Errorf("per listing: bakery %+v, cafe %+v", b.StatCounts, c.StatCounts)
		}
		if _, ok := rep.ByListing[rival.ID]; ok {
			t.Error("another owner's listing is in the report")
		}

		// No listing: the days, all zero.
		none, err := s.AnalyticsReport(ctx, nil, "2026-03-02", "2026-03-05")
		must(t, err)
		if len(none.Days) != 4 || none.Totals.Views != 0 {
			t.Errorf("a report of no listing: %d days, %d views", len(none.Days), none.Totals.Views)
		}
		if _, err := s.AnalyticsReport(ctx, []int64{bakery.ID}, "2026-03-05", "2026-03-02"); err == nil {
			t.Error("a range that ends before it starts is reported")
		}
	})
}

func TestAnalyticsReportCountsLeadsBySourceAndPublishedReviews(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		bakery, cafe, rival := reportListings(t, s)
		at := func(day string, hour int) time.Time {
			d, err := time.Parse(store.DayFormat, day)
			must(t, err)
			return d.Add(time.Duration(hour) * time.Hour)
		}
		lead := func(b store.Business, source string, when time.Time) {
			_, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Vera", Email: "vera@example.com", Message: "Hello", Source: source, CreatedAt: when})
			must(t, err)
		}
		lead(bakery, store.SourceListing, at("2026-03-01", 23)) // the previous period's last hour
		lead(bakery, store.SourceListing, at("2026-03-02", 0))
		lead(bakery, store.SourceRequest, at("2026-03-02", 15))
		lead(cafe, store.SourceListing, at("2026-03-03", 9))
		lead(rival, store.SourceListing, at("2026-03-03", 9))
		lead(cafe, store.SourceRequest, at("2026-03-04", 24)) // the next day's first moment
		written(t, s, bakery, "ann", 5, store.SentimentPositive, at("2026-03-02", 10))
		written(t, s, cafe, "bob", 2, store.SentimentNegative, at("2026-03-03", 11))
		hidden := written(t, s, bakery, "cid", 1, store.SentimentNegative, at("2026-03-03", 12))
		written(t, s, bakery, "dee", 4, store.SentimentPositive, at("2026-02-28", 12))
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		must(t, err)
		_, err = s.ModerateReview(ctx, hidden.ID, admin, store.ActionHideReview, "Spam.")
		must(t, err)
		must(t, s.AddListingStats(ctx, map[store.StatKey]store.StatCounts{{BusinessID: bakery.ID, Day: "2026-03-02"}: {Views: 8}}, nil))

		ids := []int64{bakery.ID, cafe.ID}
		rep, err := s.AnalyticsReport(ctx, ids, "2026-03-02", "2026-03-04")
		must(t, err)
		tot := rep.Totals
		if tot.Leads != 3 || tot.LeadsBySource[store.SourceListing] != 2 || tot.LeadsBySource[store.SourceRequest] != 1 {
			t.Errorf("leads %d by source %v, want 3: 2 listing, 1 request", tot.Leads, tot.LeadsBySource)
		}
		if tot.Reviews != 2 || tot.AverageRating() != 3.5 {
			t.Errorf("%d reviews averaging %v, want the 2 published ones averaging 3.5", tot.Reviews, tot.AverageRating())
		}
		if got := tot.Conversion(); got != 3.0/8 {
			t.Errorf("conversion %v, want 3 leads per 8 views", got)
		}
		perDay := map[string][2]int64{}
		for _, d := range rep.Days {
			perDay[d.Day] = [2]int64{d.Leads, d.Reviews}
		}
		if want := map[string][2]int64{"2026-03-02": {2, 1}, "2026-03-03": {1, 1}, "2026-03-04": {0, 0}}; !maps.Equal(perDay, want) {
			t.Errorf("leads and reviews per day %v, want %v", perDay, want)
		}
		if b, c := rep.ByListing[bakery.ID], rep.ByListing[cafe.ID]; b.Leads != 2 || b.Reviews != 1 || b.RatingSum != 5 || c.Leads != 1 || c.Reviews != 1 {
			t.Errorf("per listing: bakery %+v, cafe %+v", b, c)
		}

		// The previous period is the report of the range before: its own
		// leads and reviews, none of the current range's.
		prev, err := s.AnalyticsReport(ctx, ids, "2026-02-27", "2026-03-01")
		must(t, err)
		if prev.Totals.Leads != 1 || prev.Totals.Reviews != 1 || prev.Totals.AverageRating() != 4 || prev.Totals.Views != 0 {
			t.Errorf("previous period: %d leads, %d reviews averaging %v, %d views", prev.Totals.Leads, prev.Totals.Reviews, prev.Totals.AverageRating(), prev.Totals.Views)
		}
	})
}

func TestAnalyticsStartedIsTheDayCountingArrived(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		day, err := s.AnalyticsStarted(context.Background())
		must(t, err)
		// The test's database was migrated moments ago (around midnight,
		// maybe yesterday).
		now := time.Now().UTC()
		if day != store.Day(now) && day != store.Day(now.Add(-time.Hour)) {
			t.Errorf("counting started %q, want today (%s)", day, store.Day(now))
		}
	})
}
