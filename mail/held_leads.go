package mail

import "strconv"

// HeldLeads tells the owner of a listing whose claim was just approved
// that n enquiries sent to it while nobody managed it were waiting for
// them, with the link to them in their inbox.
func HeldLeads(s Site, to, business string, n int, inboxLink string) Message {
	what, were := EnquiriesWere(n)
	return build(to, what+" "+were+" waiting for you at "+business, email{
		Site:   s,
		Intro:  []string{"Before your claim of " + business + " was approved, visitors wrote to it through " + s.Name + ". " + what + " " + were + " kept for you: they are now in your lead inbox, where you can read and answer them."},
		Button: linkTo("Read the enquiries", inboxLink),
		Outro:  []paragraph{{Text: "The sooner you answer, the likelier they still need you."}},
		Why:    "You receive this because your claim of " + business + " on " + s.Name + " was approved.",
	})
}

// EnquiriesWere counts n enquiries with the verb that agrees: "1 enquiry",
// "was"; "3 enquiries", "were".
func EnquiriesWere(n int) (enquiries, were string) {
	if n == 1 {
		return "1 enquiry", "was"
	}
	return strconv.Itoa(n) + " enquiries", "were"
}
