// Package opening answers whether a business is open: now, at any
// moment, in its own time zone, across the changes of daylight saving
// time; and says so in words ("Open until 6 pm", "Opens Monday at 9 am").
// It also gives the compact form the directory's search engine filters
// "open now" with, and the hours as schema.org describes them.
//
// A week is seven days, Monday first, each open from one time to a later
// one on the same day ("09:00"–"17:00", on the 24-hour clock) or closed;
// an empty week is hours not given. A day that closes at 23:59 and a next
// day that opens at 00:00 are one stretch: open past midnight.
package opening

import (
	"strconv"
	"strings"
	"time"
)

// Day is one day's hours: Open and Close "HH:MM", or Closed.
type Day struct {
	Open, Close string
	Closed      bool
}

// State is whether a business is open at a moment and what changes next.
type State struct {
	Known bool // its hours are given
	Open  bool // open at the moment
	// Change is when it next closes (Open) or opens; zero when never
	// (always closed, or open every minute of the week).
	Change time.Time
	// Label says it in words: "Open until 6 pm", "Open until 5:30 pm
	// tomorrow", "Open until 2 am Saturday", "Open until midnight",
	// "Opens at 9 am", "Opens tomorrow at 9 am", "Opens Monday at 9 am",
	// "Open 24 hours" (every day 00:00–23:59), "Closed" (never opens);
	// "" when not Known.
	Label string
}

// minutesPerWeek is the minutes of a week, Monday 00:00 being 0.
const minutesPerWeek = 7 * 24 * 60

// span is [from, to) in minutes of the week.
type span struct{ from, to int }

// spans are the week's open stretches in minutes of the week, in order,
// those that touch joined (one across Sunday midnight ends past
// minutesPerWeek). ok is false when a day's times cannot be read.
func spans(w []Day) []span {
	if len(w) != 7 {
		return nil
	}
	var out []span
	for i, d := range w {
		if d.Closed {
			continue
		}
		from, ok1 := clock(d.Open)
		to, ok2 := clock(d.Close)
		if !ok1 || !ok2 || to <= from {
			continue
		}
		if to == 23*60+59 {
			to = 24 * 60 // closing at 23:59 is closing at midnight
		}
		s := span{i*24*60 + from, i*24*60 + to}
		if n := len(out); n > 0 && out[n-1].to >= s.from {
			out[n-1].to = max(out[n-1].to, s.to)
			continue
		}
		out = append(out, s)
	}
	// Open through Sunday midnight into Monday: one stretch.
	if n := len(out); n > 1 && out[n-1].to == minutesPerWeek && out[0].from == 0 {
		out[n-1].to += out[0].to
		out = out[1:]
	}
	return out
}

// clock reads "HH:MM" as minutes of the day.
func clock(s string) (int, bool) {
	h, m, ok := strings.Cut(s, ":")
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || len(h) != 2 || len(m) != 2 || hh < 0 || hh > 23 || mm < 0 || mm > 59 {
		return 0, false
	}
	return hh*60 + mm, true
}

// MinuteOfWeek is t's minute of its week, Monday 00:00 being 0, read on
// t's own clock (give it t.In(the business's zone)).
func MinuteOfWeek(t time.Time) int {
	day := (int(t.Weekday()) + 6) % 7 // Monday 0
	return day*24*60 + t.Hour()*60 + t.Minute()
}

// Status is whether a business with hours w in zone loc is open at now,
// and what changes next. Each day's times are its wall clock in loc on
// that date, so 09:00 is 09:00 on both sides of a change of daylight
// saving. A time that does not exist that day (02:30 as the clocks go
// forward from 02:00 to 03:00) is the moment the clocks jump (03:00), the
// first whose clock reads it or later, as for Weekly; a time that happens
// twice (01:30 as they go back) is the next time the clock shows it.
// Open or not is read on the clock, as Weekly reads it, so hours that
// close inside the repeated hour (a Sunday 01:00–01:30 as the clocks go
// back) close at its first pass and open again for its second, and hours
// wholly inside the skipped hour never open that day.
func Status(w []Day, loc *time.Location, now time.Time) State {
	if len(w) != 7 {
		return State{}
	}
	return status(spans(w), loc, now)
}

// status is Status of a week's stretches.
func status(ss []span, loc *time.Location, now time.Time) State {
	if loc == nil {
		return State{}
	}
	if len(ss) == 0 {
		return State{Known: true, Label: "Closed"}
	}
	if len(ss) == 1 && ss[0].to-ss[0].from >= minutesPerWeek {
		return State{Known: true, Open: true, Label: "Open 24 hours"}
	}
	local := now.In(loc)
	open, t := next(ss, local)
	// The clocks change before then: the clock may go back into a
	// stretch, or jump over one. Read it again as they change.
	if _, change := local.ZoneBounds(); !change.IsZero() && !change.After(t) {
		if isOpen(ss, MinuteOfWeek(change.In(loc))) != open {
			t = change
		} else {
			_, t = next(ss, change.In(loc))
		}
	}
	if open {
		return State{Known: true, Open: true, Change: t, Label: "Open until " + when(t, local, true)}
	}
	return State{Known: true, Change: t, Label: "Opens " + when(t, local, false)}
}

// isOpen reports whether stretches ss hold minute m of the week.
func isOpen(ss []span, m int) bool {
	for _, s := range ss {
		if (m >= s.from && m < s.to) || (s.to > minutesPerWeek && m < s.to-minutesPerWeek) {
			return true
		}
	}
	return false
}

// next is whether stretches ss are open at local (a moment in the
// business's zone), read on its clock as Weekly does, and the moment
// the clock next reads a minute that ends the stretch (open) or starts
// one (closed), supposing the clocks do not change before then.
func next(ss []span, local time.Time) (bool, time.Time) {
	nowMin := MinuteOfWeek(local)
	open, change := false, -1
	for _, s := range ss {
		switch {
		case nowMin >= s.from && nowMin < s.to:
			open, change = true, s.to
		case s.to > minutesPerWeek && nowMin < s.to-minutesPerWeek:
			open, change = true, s.to-minutesPerWeek
		}
	}
	if !open {
		change = ss[0].from + minutesPerWeek
		for _, s := range ss {
			if s.from > nowMin {
				change = s.from
				break
			}
		}
	}
	// Monday 00:00 of local's week, as a date: days are added by the
	// calendar, not by 24 hours, so each keeps its wall clock.
	y, mo, d := local.Date()
	monday := d - (int(local.Weekday())+6)%7
	h, m := change%(24*60)/60, change%60
	t := time.Date(y, mo, monday+change/(24*60), h, m, 0, 0, local.Location())
	if t.Hour() != h || t.Minute() != m {
		// A time the clocks skip: time.Date reads it on the clock before
		// the change (02:30 is 01:30 CST); the first moment the clock
		// shows it or later is when they jump (03:00 CDT).
		_, t = t.ZoneBounds()
	}
	if !t.After(local) {
		// A time the clocks show twice, and local is in the second pass:
		// time.Date gave the first; the second is later by the hour
		// they went back.
		_, before := t.Zone()
		_, end := t.ZoneBounds()
		_, after := end.Zone()
		t = t.Add(time.Duration(before-after) * time.Second)
	}
	return open, t
}

// when says moment t as seen at now (both in the business's zone): "6
// pm" today, "6 pm tomorrow" or "tomorrow at 6 pm", "6 pm Monday" or
// "Monday at 6 pm"; midnight is "midnight".
func when(t, now time.Time, until bool) string {
	clock := hour(t)
	y, m, d := now.Date()
	days := int(time.Date(t.Year(), t.Month(), t.Day(), 12, 0, 0, 0, time.UTC).Sub(time.Date(y, m, d, 12, 0, 0, 0, time.UTC)).Hours() / 24)
	if until && clock == "midnight" && days > 0 {
		// Midnight ends the day before: "until midnight" tonight.
		days--
		if days == 0 {
			return "midnight"
		}
		t = t.AddDate(0, 0, -1)
	}
	day := ""
	switch {
	case days == 0:
		if until {
			return clock
		}
		return "at " + clock
	case days == 1:
		day = "tomorrow"
	default:
		day = t.Weekday().String()
	}
	if until {
		return clock + " " + day
	}
	return day + " at " + clock
}

// hour is t's time on a 12-hour clock: "9 am", "5:30 pm", "noon",
// "midnight".
func hour(t time.Time) string {
	h, m := t.Hour(), t.Minute()
	switch {
	case h == 0 && m == 0:
		return "midnight"
	case h == 12 && m == 0:
		return "noon"
	}
	suffix := " am"
	if h >= 12 {
		suffix = " pm"
	}
	h12 := h % 12
	if h12 == 0 {
		h12 = 12
	}
	s := strconv.Itoa(h12)
	if m != 0 {
		s += ":" + strconv.Itoa(m/10) + strconv.Itoa(m%10)
	}
	return s + suffix
}
