package content

// APIEndpoint is one endpoint of the v1 REST API, relative to the API's
// base URL. A test holds this list to the OpenAPI document, both ways.
type APIEndpoint struct {
	Method string
	Path   string
	Auth   string // who may call it
	Text   string
}

// APIEndpoints are the v1 endpoints the /api page lists.
var APIEndpoints = []APIEndpoint{
	{"GET", "/v1/directory", "Any key", "Search published listings with the directory's q, category, location, state, city, type, min_rating, verified and sort parameters, in cursor pages."},
	{"GET", "/v1/listings/{slug}", "Any key", "One published listing, with only the details its owner made public."},
	{"GET", "/v1/account/listings", "Any key", "Your account's listings in every state: published, unpublished, held or suspended."},
	{"GET", "/v1/account/listings/{id}", "Any key", "One of your listings, with every field the listing wizard edits."},
	{"PATCH", "/v1/account/listings/{id}", "Write key", "Update a listing's fields with the same rules and messages as its edit page."},
	{"POST", "/v1/account/listings/{id}/publish", "Write key", "Publish a listing, as the dashboard does."},
	{"POST", "/v1/account/listings/{id}/unpublish", "Write key", "Take a listing out of the directory."},
	{"GET", "/v1/leads", "Any key", "Leads received by your listings, newest first, with the inbox's filters."},
	{"GET", "/v1/leads/{id}", "Any key", "One lead with its history."},
	{"PATCH", "/v1/leads/{id}", "Write key", "Change a lead's status or add a note."},
	{"GET", "/v1/reviews", "Any key", "Reviews of your listings, with filters."},
	{"POST", "/v1/reviews/{id}/reply", "Write key", "Reply to a review."},
	{"GET", "/v1/me", "Any key", "The key you are using and your account's plan: a first call to check a key."},
	{"GET", "/v1/openapi.json", "No key", "The OpenAPI 3.1 document describing all of the above."},
}

// APIResources are the developer resources of the /api page.
var APIResources = []Card{
	{"book", "Reference", "Every endpoint with its parameters, responses and error codes, and a curl example each, at /api/docs."},
	{"code", "OpenAPI 3.1", "The machine-readable description at /api/v1/openapi.json, for code generators and API clients."},
	{"shield", "Authentication guide", "Read and write keys, what each may reach, rate limits, and how to keep keys out of browsers."},
	{"message", "Webhooks", "Signed JSON deliveries of new leads, lead changes, reviews and listing changes, with verification code in Node.js, Go and Python."},
}

// APIQuickStartRequest is the example request of the quick start; %s is
// the API base URL.
const APIQuickStartRequest = `curl -H "Authorization: Bearer $API_KEY" \
  "%s/v1/directory?q=bakery&location=Austin&sort=rating"`

// APIQuickStartResponse is the shortened reply to APIQuickStartRequest.
const APIQuickStartResponse = `{
  "data": [
    {
      "object": "listing_summary",
      "slug": "sunrise-bakery-austin",
      "name": "Sunrise Bakery",
      "tagline": "Sourdough and pastries since 2009",
      "description": "A neighbourhood bakery on South Congress.",
      "category": "food",
      "category_label": "Food & Beverage",
      "sub_category": "Bakery",
      "tags": ["sourdough", "pastries"],
      "business_type": "storefront",
      "city": "Austin",
      "state": "TX",
      "phone": "(512) 555-0142",
      "rating": 4.8,
      "review_count": 212,
      "verified": true,
      "claimed": true,
      "featured": false,
      "url": "https://bizprofile.example/directory/sunrise-bakery-austin"
    }
  ],
  "total": 1,
  "has_more": false,
  "next_cursor": null,
  "corrected": ""
}`
