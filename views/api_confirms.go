package views

// The API page's confirmations: what each action that cannot be undone
// asks before it is done.

// RevokeKeyConfirm asks to confirm the revocation of key id, named name,
// whose secret starts with prefix.
func RevokeKeyConfirm(id int64, name, prefix string) APIConfirm {
	return APIConfirm{
		Title: "Revoke the key “" + name + "”?",
		Text: []string{
			"Requests made with it are refused from the moment you confirm: whatever uses it (" + prefix + "…) stops working until you give it a new key.",
			"It cannot be undone.",
		},
		Action: APIKeyPath(id) + "/revoke", Button: "Yes, revoke this key", Back: APIDashboardPath + "#api-keys",
	}
}

// DeleteEndpointConfirm asks to confirm the deletion of endpoint id, at
// url.
func DeleteEndpointConfirm(id int64, url string) APIConfirm {
	return APIConfirm{
		Title:  "Delete the endpoint " + url + "?",
		Text:   []string{"No event is sent to it any more, deliveries waiting for a retry are dropped, and its delivery log is erased. It cannot be undone."},
		Action: WebhookEndpointPath(id) + "/delete", Button: "Yes, delete this endpoint", Back: WebhookEndpointPath(id),
	}
}

// RotateSecretConfirm asks to confirm a new signing secret for endpoint
// id, at url.
func RotateSecretConfirm(id int64, url string) APIConfirm {
	return APIConfirm{
		Title: "Give " + url + " a new signing secret?",
		Text: []string{
			"Every delivery from now on, retries included, is signed with the new secret; signatures made with the current one stop matching.",
			"Put the new secret in your receiver as soon as it shows on the endpoint's page.",
		},
		Action: WebhookEndpointPath(id) + "/rotate", Button: "Yes, rotate the secret", Back: WebhookEndpointPath(id),
	}
}
