package catalog

// The limits of the administrators' reasons, which the owner is emailed.
const (
	HoldReasonMax         = 500 // characters of why a held listing is rejected
	ImageRemovalReasonMax = 500 // characters of why a listing's image is removed
)
