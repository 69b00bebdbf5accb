package handlers

import (
	"bizprofile/catalog"
	"bizprofile/handlers/api"
)

// The pages' rules that the public API applies as they are (api.Rules):
// the listing form's checks and save, the publish button, the lead page's
// status and note checks and the review page's reply check. One copy of
// each rule serves the form and the API.

// apiRules are the rules handed to the API.
func (h *Handlers) apiRules() api.Rules {
	return api.Rules{
		CheckReviewReply: reviewReplyError,
	}
}

// reviewReplyError is the reviews page's message for a reply ("" when it
// may be posted).
func reviewReplyError(reply string) string {
	e := catalog.FieldErrors{}
	required(e, "reply", reply, "Write a reply.")
	checkLength(e, "reply", reply, catalog.ReplyMax)
	return e["reply"]
}
