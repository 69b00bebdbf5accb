package catalog

// MaxQueryLen is the most characters the free-text search controls take
// (the directory's search and location, the admin search, the help
// search): longer input is cut, not refused.
const MaxQueryLen = 100

// MaxDirectoryPage is the last results page the directory serves; a
// search with more results asks for a narrower query.
const MaxDirectoryPage = 10000

// BusinessTypes are the ways a business serves its customers.
var BusinessTypes = []Option{
	{"storefront", "Storefront"},
	{"service_area", "Service area"},
	{"online", "Online"},
}

// SortOptions are the directory's sorts (spec §5).
var SortOptions = []Option{
	{"relevance", "Relevance"},
	{"rating", "Rating"},
	{"reviews", "Reviews"},
	{"name", "Name"},
	{"distance", "Distance"}, // nearest first, with a place (Near); else as relevance
}

// RadiusOptions are the distances, in miles, a search near a place may
// reach; DefaultRadius is the one it reaches unless told.
var RadiusOptions = []Option{
	{"5", "5 miles"}, {"10", "10 miles"}, {"25", "25 miles"}, {"50", "50 miles"}, {"100", "100 miles"},
}

// DefaultRadius is the miles a search near a place reaches unless told
// (search.DefaultRadius); MaxRadius the most it may.
const (
	DefaultRadius = 25
	MaxRadius     = 100
)

// RatingOptions are the choices of the minimum-rating filter.
var RatingOptions = []Option{
	{"4.5", "4.5 stars & up"},
	{"4", "4 stars & up"},
	{"3.5", "3.5 stars & up"},
	{"3", "3 stars & up"},
}
