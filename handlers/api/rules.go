package api

// Rules are the pages' own checks and saves, which the API applies as they
// are: package handlers provides them (handlers/api_rules.go), so a form
// and the API never disagree on what is valid or what a change does.
type Rules struct {
	// CheckLeadStatus, CheckLeadNote and CheckReviewReply are the pages'
	// messages for a lead's status, a note and a reply ("" when valid).
	CheckLeadStatus  func(status string) string
	CheckLeadNote    func(note string) string
	CheckReviewReply func(reply string) string
}
