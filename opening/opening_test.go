package opening

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"
)

func office() []Day {
	w := make([]Day, 7)
	for i := range w {
		w[i] = Day{Open: "09:00", Close: "17:00", Closed: i >= 5}
	}
	return w
}

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Open from opening to closing (the closing minute is closed), with the
// words a visitor reads at each moment.
func TestStatusAroundOpeningAndClosing(t *testing.T) {
	chicago := zone(t, "America/Chicago")
	w := office()
	w[2] = Day{Open: "08:30", Close: "17:30"}                                                   // Wednesday
	at := func(day, h, m int) time.Time { return time.Date(2026, 6, day, h, m, 0, 0, chicago) } // 1 June 2026 is a Monday
	for _, c := range []struct {
		now   time.Time
		open  bool
		label string
	}{
		{at(1, 8, 59), false, "Opens at 9 am"},
		{at(1, 9, 0), true, "Open until 5 pm"},
		{at(1, 16, 59), true, "Open until 5 pm"},
		{at(1, 17, 0), false, "Opens tomorrow at 9 am"},
		{at(2, 23, 0), false, "Opens tomorrow at 8:30 am"},
		{at(3, 12, 0), true, "Open until 5:30 pm"},
		{at(5, 18, 0), false, "Opens Monday at 9 am"},
		{at(6, 10, 0), false, "Opens Monday at 9 am"},
		{at(7, 23, 59), false, "Opens tomorrow at 9 am"},
		{at(8, 0, 0), false, "Opens at 9 am"},
	} {
		s := Status(w, chicago, c.now)
		if !s.Known || s.Open != c.open || s.Label != c.label {
			t.Errorf("%s: %+v, want open %v %q", c.now.Format("Mon 15:04"), s, c.open, c.label)
		}
		if s.Open != Compact(w).OpenAt(MinuteOfWeek(c.now.In(chicago))) {
			t.Errorf("%s: Status and Weekly disagree", c.now.Format("Mon 15:04"))
		}
	}
	// "now" may be given in any zone: 15:00 UTC is 10:00 in Chicago.
	if s := Status(w, chicago, time.Date(2026, 6, 1, 15, 0, 0, 0, time.UTC)); !s.Open || s.Label != "Open until 5 pm" {
		t.Errorf("a moment in UTC: %+v", s)
	}
}

// Midnight: a day open to 23:59 and the next open from 00:00 are one
// stretch; a Sunday into Monday too.
func TestStatusAcrossMidnight(t *testing.T) {
	ny := zone(t, "America/New_York")
	w := office()
	w[4] = Day{Open: "18:00", Close: "23:59"} // Friday night
	w[5] = Day{Open: "00:00", Close: "02:00"} // into Saturday
	w[6] = Day{Open: "20:00", Close: "23:59"} // Sunday night
	w[0] = Day{Open: "00:00", Close: "01:00"} // into Monday
	at := func(day, h, m int) time.Time { return time.Date(2026, 6, day, h, m, 0, 0, ny) }
	for _, c := range []struct {
		now   time.Time
		open  bool
		label string
	}{
		{at(5, 22, 0), true, "Open until 2 am tomorrow"},
		{at(6, 0, 0), true, "Open until 2 am"},
		{at(6, 1, 59), true, "Open until 2 am"},
		{at(6, 2, 0), false, "Opens tomorrow at 8 pm"},
		{at(7, 21, 0), true, "Open until 1 am tomorrow"},
		{at(8, 0, 30), true, "Open until 1 am"},
		{at(8, 1, 0), false, "Opens tomorrow at 9 am"},
	} {
		s := Status(w, ny, c.now)
		if s.Open != c.open || s.Label != c.label {
			t.Errorf("%s: %+v, want open %v %q", c.now.Format("Mon 15:04"), s, c.open, c.label)
		}
		if s.Open != Compact(w).OpenAt(MinuteOfWeek(c.now)) {
			t.Errorf("%s: Status and Weekly disagree", c.now.Format("Mon 15:04"))
		}
	}
	// Open until 23:59 and closed the next day: "until midnight".
	late := office()
	late[0] = Day{Open: "12:00", Close: "23:59"}
	if s := Status(late, ny, at(1, 22, 0)); !s.Open || s.Label != "Open until midnight" {
		t.Errorf("open until 23:59: %+v", s)
	}
}

// Both sides of a change of daylight saving time: 09:00 is 09:00 on the
// wall clock, whatever UTC says; the hour that repeats in the autumn is
// inside hours that span it.
func TestStatusAcrossDaylightSaving(t *testing.T) {
	chicago := zone(t, "America/Chicago")
	w := office()
	w[6] = Day{Open: "01:00", Close: "03:00"} // Sunday, the night the clocks change
	for _, c := range []struct {
		now  time.Time
		open bool
	}{
		// Monday 9 March 2026, the day after the clocks went forward
		// (UTC-5): 08:59 and 09:00 local.
		{time.Date(2026, 3, 9, 13, 59, 0, 0, time.UTC), false},
		{time.Date(2026, 3, 9, 14, 0, 0, 0, time.UTC), true},
		// Friday 6 March, before (UTC-6).
		{time.Date(2026, 3, 6, 14, 59, 0, 0, time.UTC), false},
		{time.Date(2026, 3, 6, 15, 0, 0, 0, time.UTC), true},
		// Monday 2 November, the day after the clocks went back (UTC-6).
		{time.Date(2026, 11, 2, 14, 59, 0, 0, time.UTC), false},
		{time.Date(2026, 11, 2, 15, 0, 0, 0, time.UTC), true},
		// Sunday 1 November, 01:30 happens twice (06:30 and 07:30 UTC):
		// open both times; 03:00 local (09:00 UTC) closed.
		{time.Date(2026, 11, 1, 6, 30, 0, 0, time.UTC), true},
		{time.Date(2026, 11, 1, 7, 30, 0, 0, time.UTC), true},
		{time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC), false},
		// Sunday 8 March: 02:00-02:59 does not exist; 01:30 (07:30 UTC)
		// open, 03:00 CDT (08:00 UTC) closed.
		{time.Date(2026, 3, 8, 7, 30, 0, 0, time.UTC), true},
		{time.Date(2026, 3, 8, 8, 0, 0, 0, time.UTC), false},
	} {
		s := Status(w, chicago, c.now)
		if s.Open != c.open {
			t.Errorf("%s (%s local): open %v, want %v", c.now, c.now.In(chicago).Format("Mon 15:04 MST"), s.Open, c.open)
		}
		if s.Open != Compact(w).OpenAt(MinuteOfWeek(c.now.In(chicago))) {
			t.Errorf("%s: Status and Weekly disagree", c.now)
		}
	}
}

// Across a change of daylight saving, the next opening is 09:00 on the
// wall clock of that day, so it is an hour nearer or further in UTC.
func TestStatusNextChangeAcrossDaylightSaving(t *testing.T) {
	chicago := zone(t, "America/Chicago")
	for _, c := range []struct {
		now, change time.Time
		label       string
	}{
		// Friday 6 March 18:00 CST; opens Monday 9 March 09:00 CDT.
		{time.Date(2026, 3, 7, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 9, 14, 0, 0, 0, time.UTC), "Opens Monday at 9 am"},
		// Friday 30 October 18:00 CDT; opens Monday 2 November 09:00 CST.
		{time.Date(2026, 10, 30, 23, 0, 0, 0, time.UTC), time.Date(2026, 11, 2, 15, 0, 0, 0, time.UTC), "Opens Monday at 9 am"},
		// Monday 2 November 10:00 CST: closes 17:00 CST.
		{time.Date(2026, 11, 2, 16, 0, 0, 0, time.UTC), time.Date(2026, 11, 2, 23, 0, 0, 0, time.UTC), "Open until 5 pm"},
	} {
		s := Status(office(), chicago, c.now)
		if !s.Change.Equal(c.change) || s.Label != c.label {
			t.Errorf("%s: %+v, want %s %q", c.now.In(chicago).Format("Mon Jan 2 15:04 MST"), s, c.change, c.label)
		}
	}
	// Hours from 02:30 on the Sunday the clocks go forward: 02:30 does not
	// exist, and it opens as the clocks jump to 03:00 CDT (08:00 UTC).
	w := office()
	w[6] = Day{Open: "02:30", Close: "05:00"}
	for _, c := range []struct {
		now   time.Time
		open  bool
		label string
	}{
		{time.Date(2026, 3, 8, 7, 30, 0, 0, time.UTC), false, "Opens at 3 am"}, // 01:30 CST
		{time.Date(2026, 3, 8, 7, 59, 0, 0, time.UTC), false, "Opens at 3 am"}, // 01:59 CST
		{time.Date(2026, 3, 8, 8, 0, 0, 0, time.UTC), true, "Open until 5 am"}, // 03:00 CDT
	} {
		s := Status(w, chicago, c.now)
		if s.Open != c.open || s.Label != c.label {
			t.Errorf("%s: %+v, want open %v %q", c.now.In(chicago).Format("15:04 MST"), s, c.open, c.label)
		}
		if s.Open != Compact(w).OpenAt(MinuteOfWeek(c.now.In(chicago))) {
			t.Errorf("%s: Status and Weekly disagree", c.now.In(chicago).Format("15:04 MST"))
		}
	}
	if s := Status(w, chicago, time.Date(2026, 3, 8, 7, 0, 0, 0, time.UTC)); !s.Change.Equal(time.Date(2026, 3, 8, 8, 0, 0, 0, time.UTC)) {
		t.Errorf("opens as the clocks jump: %+v", s)
	}
}

// Hours that end inside the hour the clocks repeat are open on both of
// its passes, as the shop's clock reads it.
func TestStatusInTheRepeatedHour(t *testing.T) {
	chicago := zone(t, "America/Chicago")
	w := office()
	w[6] = Day{Open: "01:00", Close: "01:30"} // Sunday 1 November 2026
	for _, c := range []struct {
		now, change time.Time
		open        bool
		label       string
	}{
		{time.Date(2026, 11, 1, 6, 15, 0, 0, time.UTC), time.Date(2026, 11, 1, 6, 30, 0, 0, time.UTC), true, "Open until 1:30 am"}, // 01:15 CDT
		{time.Date(2026, 11, 1, 6, 45, 0, 0, time.UTC), time.Date(2026, 11, 1, 7, 0, 0, 0, time.UTC), false, "Opens at 1 am"},      // 01:45 CDT
		{time.Date(2026, 11, 1, 7, 15, 0, 0, time.UTC), time.Date(2026, 11, 1, 7, 30, 0, 0, time.UTC), true, "Open until 1:30 am"}, // 01:15 CST
		{time.Date(2026, 11, 1, 7, 30, 0, 0, time.UTC), time.Date(2026, 11, 2, 15, 0, 0, 0, time.UTC), false, "Opens tomorrow at 9 am"},
	} {
		s := Status(w, chicago, c.now)
		if s.Open != c.open || !s.Change.Equal(c.change) || s.Label != c.label {
			t.Errorf("%s: %+v, want open %v until %s %q", c.now.In(chicago).Format("15:04 MST"), s, c.open, c.change, c.label)
		}
	}
}

// No hours, or never open.
func TestStatusWithoutHours(t *testing.T) {
	utc := time.UTC
	if s := Status(nil, utc, time.Now()); s.Known || s.Label != "" {
		t.Errorf("no hours: %+v", s)
	}
	closed := make([]Day, 7)
	for i := range closed {
		closed[i].Closed = true
	}
	if s := Status(closed, utc, time.Now()); !s.Known || s.Open || s.Label != "Closed" || !s.Change.IsZero() {
		t.Errorf("always closed: %+v", s)
	}
	always := make([]Day, 7)
	for i := range always {
		always[i] = Day{Open: "00:00", Close: "23:59"}
	}
	if s := Status(always, utc, time.Now()); !s.Open || s.Label != "Open 24 hours" || !Compact(always).OpenAt(MinuteOfWeek(time.Now())) {
		t.Errorf("always open: %+v", s)
	}
	if Compact(closed).Known() || Compact(nil).Known() || !Compact(office()).Known() {
		t.Error("Known")
	}
}

// The engine's compact form agrees with Status for random weeks and
// moments, in zones with and without daylight saving.
func TestWeeklyAgreesWithStatus(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	zones := []string{"America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "Pacific/Honolulu", "America/Los_Angeles"}
	for range 5000 {
		w := make([]Day, 7)
		for i := range w {
			open := r.IntN(24*60 - 1)
			close := open + 1 + r.IntN(24*60-1-open)
			w[i] = Day{Open: hhmm(open), Close: hhmm(close), Closed: r.IntN(4) == 0}
			if r.IntN(3) == 0 { // the small hours, when the clocks change
				open := r.IntN(4 * 60)
				w[i] = Day{Open: hhmm(open), Close: hhmm(open + 1 + r.IntN(4*60))}
			}
			if r.IntN(6) == 0 {
				w[i] = Day{Open: "00:00", Close: "23:59"}
			}
		}
		loc := zone(t, zones[r.IntN(len(zones))])
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.Int64N(int64(365 * 24 * time.Hour))))
		if r.IntN(3) == 0 { // near the changes of 2026
			now = time.Date(2026, []time.Month{3, 11}[r.IntN(2)], []int{1, 8}[r.IntN(2)], r.IntN(24), r.IntN(60), 0, 0, time.UTC)
		}
		s := Status(w, loc, now)
		if ws := Compact(w).Status(loc, now); ws != s {
			t.Fatalf("%v at %s in %s: Weekly.Status %+v, Status %+v", w, now.In(loc).Format("Mon Jan 2 15:04 MST"), loc, ws, s)
		}
		if got := Compact(w).OpenAt(MinuteOfWeek(now.In(loc))); got != s.Open {
			t.Fatalf("%v at %s in %s: Weekly says open %v, Status %+v", w, now.In(loc).Format("Mon Jan 2 15:04 MST"), loc, got, s)
		}
		if s.Change.IsZero() {
			continue
		}
		// The change is later, and the first minute the state differs.
		if !s.Change.After(now) {
			t.Fatalf("%v at %s: next change %s is not later", w, now, s.Change)
		}
		if Compact(w).OpenAt(MinuteOfWeek(s.Change.In(loc))) == s.Open || Compact(w).OpenAt(MinuteOfWeek(s.Change.Add(-time.Minute).In(loc))) != s.Open {
			t.Fatalf("%v at %s in %s: %+v is not when it changes", w, now.In(loc).Format("Mon Jan 2 15:04 MST"), loc, s)
		}
	}
}

func hhmm(m int) string {
	return string([]byte{byte('0' + m/600), byte('0' + m/60%10), ':', byte('0' + m%60/10), byte('0' + m%10)})
}

// schema.org's openingHoursSpecification groups the days with the same
// hours and leaves closed days out.
func TestSpecification(t *testing.T) {
	w := office()
	w[5] = Day{Open: "10:00", Close: "16:00"}
	got, _ := json.Marshal(Specification(w))
	want := `[{"@type":"OpeningHoursSpecification","dayOfWeek":["https://schema.org/Monday","https://schema.org/Tuesday","https://schema.org/Wednesday","https://schema.org/Thursday","https://schema.org/Friday"],"opens":"09:00","closes":"17:00"},` +
		`{"@type":"OpeningHoursSpecification","dayOfWeek":["https://schema.org/Saturday"],"opens":"10:00","closes":"16:00"}]`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Days with the same hours share one entry even when not side by side.
	w = office()
	w[1] = Day{Open: "10:00", Close: "18:00"}
	w[3] = Day{Closed: true}
	w[6] = Day{Open: "17:00", Close: "09:00"} // not hours: left out
	got, _ = json.Marshal(Specification(w))
	want = `[{"@type":"OpeningHoursSpecification","dayOfWeek":["https://schema.org/Monday","https://schema.org/Wednesday","https://schema.org/Friday"],"opens":"09:00","closes":"17:00"},` +
		`{"@type":"OpeningHoursSpecification","dayOfWeek":["https://schema.org/Tuesday"],"opens":"10:00","closes":"18:00"}]`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	closed := make([]Day, 7)
	for i := range closed {
		closed[i].Closed = true
	}
	if Specification(closed) != nil {
		t.Error("never open: want nil")
	}
	if Specification(nil) != nil {
		t.Error("no hours: want nil")
	}
}

// OpenAt is on the search engine's hot path: it must not allocate.
func TestOpenAtAllocatesNothing(t *testing.T) {
	w := Compact(office())
	m := 0
	if n := testing.AllocsPerRun(1000, func() { w.OpenAt(m % minutesPerWeek); m += 37 }); n != 0 {
		t.Errorf("%v allocations per OpenAt", n)
	}
}

func BenchmarkOpenAt(b *testing.B) {
	w := Compact(office())
	n := 0
	for i := 0; b.Loop(); i++ {
		if w.OpenAt(i % minutesPerWeek) {
			n++
		}
	}
	_ = n
}
