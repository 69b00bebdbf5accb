package api

// Rules are the pages' own checks and saves, which the API applies as they
// are: package handlers provides them (handlers/api_rules.go), so a form
// and the API never disagree on what is valid or what a change does.
type Rules struct {
	// CheckReviewReply is the reviews page's message for a reply ("" when
	// valid).
	CheckReviewReply func(reply string) string
}
