package catalog

// The rules of a review, which the server checks and the form states.
const (
	ReviewTitleMax = 120
	ReviewBodyMin  = 20
	ReviewBodyMax  = 5000
	ReviewNameMax  = 60
	// ReviewVisitFrom is the earliest date of visit a review may give.
	ReviewVisitFrom = "2000-01-01"
)

// The rules of the owner's side of reviews.
const (
	ReplyMax       = 2000 // characters of an owner's reply
	RequestNoteMax = 500  // characters of a review request's personal note
)

// ReplyRule is an owner's reply, as the API's document states it
// (apispec), with the reviews page's messages (domain.Reviews.Reply checks
// it).
var ReplyRule = FieldRule{Required: "Write a reply.", MaxLength: ReplyMax}

// ReviewSorts are the orders of a listing's reviews page.
var ReviewSorts = []Option{
	{"newest", "Newest"},
	{"highest", "Highest rated"},
	{"lowest", "Lowest rated"},
	{"helpful", "Most helpful"},
}

// ReportReasons are why a review may be reported (store.ReportSpam ...),
// in the order the form offers them.
var ReportReasons = []Option{
	{Value: "spam", Label: "Spam"},
	{Value: "offensive", Label: "Offensive"},
	{Value: "conflict", Label: "Conflict of interest"},
	{Value: "not_real", Label: "Not a real experience"},
}

// ReportDetailMax is the longest a report's details may be.
const ReportDetailMax = 500
