package handlers

import (
	"slices"

	"bizprofile/catalog"
	"bizprofile/handlers/api"
	"bizprofile/store"
)

// The pages' rules that the public API applies as they are (api.Rules):
// the listing form's checks and save, the publish button, the lead page's
// status and note checks and the review page's reply check. One copy of
// each rule serves the form and the API.

// leadStatusMessage is what the lead page says of a status that is none
// of the inbox's.
const leadStatusMessage = "Choose one of the statuses: New, Contacted, Won or Lost."

// apiRules are the rules handed to the API.
func (h *Handlers) apiRules() api.Rules {
	return api.Rules{
		CheckLeadStatus:  leadStatusError,
		CheckLeadNote:    leadNoteError,
		CheckReviewReply: reviewReplyError,
	}
}

// leadStatusError is the lead page's message for a status that is none of
// the inbox's ("" for a valid one).
func leadStatusError(status string) string {
	if slices.Contains(store.LeadStatuses, status) {
		return ""
	}
	return leadStatusMessage
}

// leadNoteError is the lead page's message for a note ("" when it may be
// saved).
func leadNoteError(note string) string {
	e := catalog.FieldErrors{}
	required(e, "note", note, "Write the note.")
	checkLength(e, "note", note, catalog.LeadNoteMax)
	return e["note"]
}

// reviewReplyError is the reviews page's message for a reply ("" when it
// may be posted).
func reviewReplyError(reply string) string {
	e := catalog.FieldErrors{}
	required(e, "reply", reply, "Write a reply.")
	checkLength(e, "reply", reply, catalog.ReplyMax)
	return e["reply"]
}
