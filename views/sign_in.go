package views

import "net/url"

// Reasons the sign-in page gives for sending a visitor there, by the value
// of its `why` parameter. The page shows only these: a key it does not know
// shows nothing, so no text of the address ever reaches the page.
const (
	SignInToSave = "save"
)

var signInReasons = map[string]string{
	SignInToSave: "Sign in to save businesses",
}

// SignInReason is the sentence the sign-in page shows for why, or "" for a
// why that is not one of the reasons above.
func SignInReason(why string) string { return signInReasons[why] }

// SignInPath is the sign-in page that returns to next (a local path) and,
// when why is one of the reasons, says why it was asked.
func SignInPath(next, why string) string {
	q := url.Values{"next": {next}}
	if SignInReason(why) != "" {
		q.Set("why", why)
	}
	return "/login?" + q.Encode()
}
