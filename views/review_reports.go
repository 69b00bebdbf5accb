package views

import "bizprofile/catalog"

// reportReasonHints say what each reason covers, under it in the form.
var reportReasonHints = map[string]string{
	"spam":      "Advertising, links, or the same text posted again and again.",
	"offensive": "Insults, hate, threats, or someone's private details.",
	"conflict":  "Written by the owner, an employee, a relative or a competitor.",
	"not_real":  "The author was never a customer, or it is about another business.",
}

// ReportState is where a report of a review stands for the viewer.
type ReportState int

// The report form shows the form (ReportOpen) or what stands in its way.
const (
	ReportOpen      ReportState = iota
	ReportAlready               // the viewer reported it before
	ReportOwnReview             // the viewer wrote it
	ReportSent                  // just sent (in the dialog, with htmx)
)

// ReportForm is the report of one review: the review it is about, and
// what the reader chose and wrote.
type ReportForm struct {
	ReviewID       int64
	Business, Slug string
	Author, Title  string
	Rating         int
	State          ReportState
	Reason, Detail string
	Errors         catalog.FieldErrors
	Problem        string // a failure of ours, above the form
}

// action is where the form posts.
func (f ReportForm) action() string { return "/reviews/" + int64s(f.ReviewID) + "/report" }

// reasonID is the id of the radio button of reason (or of the reasons'
// error), unique on a page that holds several reviews' forms.
func (f ReportForm) reasonID(reason string) string {
	return "report-reason-" + int64s(f.ReviewID) + "-" + reason
}

// reasonDescribedBy ties a reason's radio button to what it covers and,
// after a failed send, to the message about the reasons.
func (f ReportForm) reasonDescribedBy(reason string) string {
	ids := f.reasonID(reason) + "-hint"
	if f.Errors.Has("reason") {
		ids += " " + f.reasonID("error")
	}
	return ids
}

// ReviewAnchor is the fragment of a listing's page that shows the review
// with id (the element's id there).
func ReviewAnchor(id int64) string { return "review-" + int64s(id) }
