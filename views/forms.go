package views

import "bizprofile/catalog"

// AuthForm is the shared sign-in / sign-up screen.
type AuthForm struct {
	Mode     AuthMode
	FullName string
	Email    string
	Next     string // local path to return to after signing in
	Why      string // why the visitor was sent here (SignInReason's key)
	Errors   catalog.FieldErrors
	// Unverified is set when the right password was given for an address
	// that is not verified yet: the page offers to resend the link.
	Unverified string
	// Pending is the address a verification link was just sent to.
	Pending string
	// Problem is a message shown above the form (rate limit, mail failure).
	Problem string
}

// BusinessSignupForm is the 'Join as Business' form.
type BusinessSignupForm struct {
	BusinessName, OwnerName, Email, Phone, Category, Location, Website, Description string
	Errors                                                                          catalog.FieldErrors
	Problem                                                                         string
}

// IndividualSignupForm is the 'Join as Individual' form.
type IndividualSignupForm struct {
	FirstName, LastName, Email, Phone, Location, Interests, Bio string
	Errors                                                      catalog.FieldErrors
	Problem                                                     string
}

// ResetForm is the page an emailed reset link opens.
type ResetForm struct {
	Token   string
	Invalid bool // the link is unknown, used or expired
	Errors  catalog.FieldErrors
}

// selectAutocomplete is the part of a saved address a select of that name
// takes (selectField): the browser fills a listing's or a request's state.
var selectAutocomplete = map[string]string{"state": "address-level1"}
