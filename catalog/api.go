package catalog

// The limits of the API page's forms: its keys and webhook endpoints.
const (
	APIKeyNameMax         = 60
	WebhookURLMax         = 2000
	WebhookDescriptionMax = 200
)

// APIKeyScopes are what a key may do, valued as store's scopes.
var APIKeyScopes = []Option{
	{Value: "read", Label: "Read only"},
	{Value: "read write", Label: "Read and write"},
}

// WebhookEvents are the event types an endpoint may ask for, in the forms'
// order (store.WebhookEvents), with the words the forms use.
var WebhookEvents = []Option{
	{Value: "lead.created", Label: "New lead"},
	{Value: "lead.updated", Label: "Lead updated"},
	{Value: "review.created", Label: "New review"},
	{Value: "listing.updated", Label: "Listing updated"},
}
