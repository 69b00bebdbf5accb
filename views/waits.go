package views

import (
	"strconv"
	"time"
)

// RetryText says a wait before trying again in words: "3 hours", "a
// minute".
func RetryText(d time.Duration) string {
	if d >= 90*time.Minute {
		return strconv.Itoa(int(d.Round(time.Hour)/time.Hour)) + " hours"
	}
	if m := int(d.Round(time.Minute) / time.Minute); m > 1 {
		return strconv.Itoa(m) + " minutes"
	}
	return "a minute"
}

// TooManyMessage tells a visitor past a rate limit how long to wait.
func TooManyMessage(retry time.Duration) string {
	mins := int(retry.Round(time.Minute) / time.Minute)
	if mins <= 1 {
		return "Too many attempts. Please wait a minute and try again."
	}
	return "Too many attempts. Please wait " + strconv.Itoa(mins) + " minutes and try again."
}
