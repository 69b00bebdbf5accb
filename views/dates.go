package views

import "time"

// How pages write days and moments, and the machine-readable forms that
// go in <time datetime>: one way each, so that pages (and the emails that
// name the same moments) agree.

// LongDate writes a day as pages show it: "March 5, 2025".
func LongDate(t time.Time) string { return t.Format("January 2, 2006") }

// isoDate is a day as <time datetime> and schema.org want it: "2025-03-05".
func isoDate(t time.Time) string { return t.Format(time.DateOnly) }

// MinuteUTC writes a moment to the minute, in UTC: "Mar 5, 2025 14:05 UTC".
func MinuteUTC(t time.Time) string { return t.UTC().Format("Jan 2, 2006 15:04") + " UTC" }

// datetimeUTC is a moment as <time datetime> wants it, in UTC (RFC 3339).
func datetimeUTC(t time.Time) string { return t.UTC().Format(time.RFC3339) }
