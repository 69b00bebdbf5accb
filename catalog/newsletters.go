package catalog

// Newsletter limits, checked by the server and set on the form's fields.
const (
	NewsletterSubjectMax = 150
	NewsletterBodyMax    = 50000
)
