package catalog

// The limits of the administrators' reasons, which the owner is emailed.
const (
	HoldReasonMax         = 500 // characters of why a held listing is rejected
	ImageRemovalReasonMax = 500 // characters of why a listing's image is removed
	// ReviewModerationReasonMax is the longest reason for hiding or
	// deleting a review (its author is emailed it).
	ReviewModerationReasonMax = 500
)
