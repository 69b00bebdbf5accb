package opening

import "time"

// Weekly is a week's hours as the directory's search engine keeps them for
// every listing: up to maxSpans open stretches, in minutes of the week
// (Monday 00:00 is 0). A comparable value of 34 bytes (4·maxSpans+2), without
// pointers, so that listings with the same hours share one and an index
// writes them out as they are in memory. The zero Weekly is hours not
// given (never open).
type Weekly struct {
	n     uint8
	given bool                // hours were given (a week closed every day has none open)
	spans [maxSpans][2]uint16 // [from, to); a stretch past Sunday midnight wraps
}

// maxSpans is the most stretches a Weekly holds: one a day, and one more
// for a day split by Sunday midnight.
const maxSpans = 8

// Compact is w as a Weekly.
func Compact(w []Day) Weekly {
	out := Weekly{given: len(w) == 7}
	for _, s := range spans(w) {
		if int(out.n) == maxSpans {
			break
		}
		out.spans[out.n] = [2]uint16{uint16(s.from), uint16(s.to)}
		out.n++
	}
	return out
}

// Known reports whether hours were given with a day open.
func (w Weekly) Known() bool { return w.n > 0 }

// Status is Status of the week this Weekly was made from: what the
// directory's cards say, without keeping the week's text.
func (w Weekly) Status(loc *time.Location, now time.Time) State {
	if !w.given {
		return State{}
	}
	ss := make([]span, w.n)
	for i := range ss {
		ss[i] = span{int(w.spans[i][0]), int(w.spans[i][1])}
	}
	return status(ss, loc, now)
}

// OpenAt reports whether the week is open at minute m of the week
// (MinuteOfWeek of the moment in the business's zone).
func (w Weekly) OpenAt(m int) bool {
	for i := range w.n {
		s := w.spans[i]
		from, to := int(s[0]), int(s[1])
		if (m >= from && m < to) || (to > minutesPerWeek && m < to-minutesPerWeek) {
			return true
		}
	}
	return false
}
