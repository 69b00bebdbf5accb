package content

// APIEndpoint is one endpoint of the planned v1 REST API. The API is in
// early access, so these describe what early-access keys will reach; the
// /api page labels them as such.
type APIEndpoint struct {
	Method string
	Path   string
	Auth   string // who may call it
	Text   string
}

// APIEndpoints are the planned v1 endpoints, relative to the API base URL.
var APIEndpoints = []APIEndpoint{
	{"GET", "/v1/businesses", "API key", "Search published businesses with the same q, category, location and sort parameters as the directory."},
	{"GET", "/v1/businesses/{slug}", "API key", "One business profile, with only the details its owner made public."},
	{"GET", "/v1/me/businesses", "Read key", "Your account's listings, including unpublished drafts."},
	{"PATCH", "/v1/me/businesses/{slug}", "Write key", "Update a listing's description, contact details, hours and visibility."},
	{"GET", "/v1/me/leads", "Read key", "Leads received by your listings, newest first, with filters."},
	{"GET", "/v1/me/reviews", "Read key", "Reviews of your listings, to read and reply to."},
}

// APIResources are the developer resources of the /api page.
var APIResources = []Card{
	{"book", "Reference", "Every endpoint with its parameters, response fields and error codes, shared with early-access developers."},
	{"code", "Examples", "Requests in curl, JavaScript, Python and Go for search, listings and leads."},
	{"shield", "Authentication guide", "Read and write keys, what each may reach, and how to keep keys out of browsers."},
	{"message", "Developer support", "Questions go straight to the engineers building the API."},
}

// APIQuickStartRequest is the example request of the quick start; %s is
// the API base URL.
const APIQuickStartRequest = `curl -H "Authorization: Bearer $API_KEY" \
  "%s/v1/businesses?q=bakery&location=Austin&sort=rating"`

// APIQuickStartResponse is the shortened reply to APIQuickStartRequest.
const APIQuickStartResponse = `{
  "data": [
    {
      "slug": "sunrise-bakery-austin",
      "name": "Sunrise Bakery",
      "category": "Food & Beverage",
      "location": "Austin, TX",
      "rating": 4.8,
      "reviews": 212,
      "verified": true
    }
  ],
  "page": 1,
  "total": 1
}`
