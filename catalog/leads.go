package catalog

// The limits of a lead and of its owner's inbox, which the server checks
// and the forms state.
const (
	LeadNameMax    = 100  // characters of a lead's sender's name
	LeadMessageMax = 2000 // characters of a lead's message
	LeadReplyMax   = 5000 // characters of a reply emailed to a lead's sender
	LeadNoteMax    = 2000 // characters of a private note
)

// Sorts of the inbox.
const (
	LeadSortNewest = "newest"
	LeadSortScore  = "score"
)

// LeadSorts are the choices of the inbox's Sort select (by score only
// with lead scoring).
var LeadSorts = []Option{{LeadSortNewest, "Newest first"}, {LeadSortScore, "Highest score first"}}

// Statuses of a lead in its owner's inbox.
const (
	LeadNew       = "new"
	LeadContacted = "contacted"
	LeadWon       = "won"
	LeadLost      = "lost"
)

// LeadStatusOptions are the statuses a lead can have, in the inbox's
// order, with the words the owner reads.
var LeadStatusOptions = []Option{{LeadNew, "New"}, {LeadContacted, "Contacted"}, {LeadWon, "Won"}, {LeadLost, "Lost"}}

// LeadStatusLabel is a status in words.
func LeadStatusLabel(s string) string { return OptionLabel(LeadStatusOptions, s) }

// The rules of the lead page's changes, as the API's document states them
// (apispec): the lead page's own messages (domain.LeadUpdate checks them).
var (
	LeadStatusRule = FieldRule{Options: LeadStatusOptions, Invalid: "Choose one of the statuses: New, Contacted, Won or Lost."}
	LeadNoteRule   = FieldRule{Required: "Write the note.", MaxLength: LeadNoteMax}
)
