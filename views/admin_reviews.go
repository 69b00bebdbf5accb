package views

import (
	"strconv"
	"strings"
	"time"
)

// AdminReviews is the queue of reported reviews (/admin/reviews).
type AdminReviews struct {
	Rows  []AdminReviewRow
	Pager AdminPager
	// Failed is a decision sent back for its reason (422): the form it
	// came from shows the message and what was typed.
	Failed ReviewDecisionError
}

// AdminReviewRow is a reported review with its open reports.
type AdminReviewRow struct {
	ID, BusinessID             int64
	BusinessName, BusinessSlug string
	Author, AuthorEmail        string // AuthorEmail empty: no account (seed data)
	Rating                     int
	Title, Body, VisitedOn     string
	CreatedAt                  time.Time
	Reports                    []AdminReportRow
}

// AdminReportRow is one open report of a review.
type AdminReportRow struct {
	Reason   string // label
	Detail   string
	Reporter string // empty: the account was deleted since
	At       time.Time
}

// ReviewDecisionError is a decision on a review refused for its reason.
type ReviewDecisionError struct {
	ReviewID      int64
	Action        string // "hide" or "delete"
	Reason, Error string
}

// decisionReason is what the form of action on review r shows in its
// reason field, and the message by it.
func (v AdminReviews) decisionReason(r AdminReviewRow, action string) (value, errMsg string) {
	if v.Failed.ReviewID == r.ID && v.Failed.Action == action {
		return v.Failed.Reason, v.Failed.Error
	}
	return "", ""
}

// adminStars draws a rating as five stars, filled up to it.
func adminStars(n int) string {
	n = min(max(n, 0), 5)
	return strings.Repeat("★", n) + strings.Repeat("☆", 5-n)
}

// adminCount is n with its noun: "1 report", "3 reports".
func adminCount(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

// byline names a review and its listing for screen readers, after
// a button's visible word.
func (r AdminReviewRow) byline() string {
	return " the review by " + r.Author + " of " + r.BusinessName
}

// ReviewDecisionToast says what a decision on a reported review did
// (decision is "keep", "hide" or "delete") to the review of business,
// and who is told: its author, at authorEmail ("": no account to tell),
// of a review hidden or deleted; reportsClosed are the open reports the
// decision closed.
func ReviewDecisionToast(decision, business, authorEmail string, reportsClosed int) Toast {
	told := ""
	if authorEmail != "" && decision != "keep" {
		told = " " + authorEmail + " will be told by email."
	}
	switch decision {
	case "hide":
		return Toast{Title: "Review hidden", Description: "It no longer shows on " + business + " nor counts in its rating." + told}
	case "delete":
		return Toast{Title: "Review deleted", Description: "It no longer shows on " + business + " nor counts in its rating." + told}
	}
	closed := "Its report is closed."
	if reportsClosed != 1 {
		closed = "Its " + strconv.Itoa(reportsClosed) + " reports are closed."
	}
	return Toast{Title: "Review kept", Description: closed}
}
