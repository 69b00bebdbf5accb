package views

// FieldErrors maps a form field's name to the message shown beside it.
type FieldErrors map[string]string

// Has reports whether the field has an error.
func (e FieldErrors) Has(field string) bool { _, ok := e[field]; return ok }

// Option is one choice of a select.
type Option struct {
	Value, Label string
}

// Professions are the choices of the individual sign-up form (spec §3).
var Professions = []Option{
	{"entrepreneur", "Entrepreneur"},
	{"freelancer", "Freelancer"},
	{"consultant", "Consultant"},
	{"investor", "Investor"},
	{"marketing", "Marketing"},
	{"sales", "Sales"},
	{"student", "Student"},
	{"other", "Other"},
}

// ValidOption reports whether value is one of opts.
func ValidOption(opts []Option, value string) bool {
	for _, o := range opts {
		if o.Value == value {
			return true
		}
	}
	return false
}

// OptionLabel is the label of value among opts, or value itself.
func OptionLabel(opts []Option, value string) string {
	for _, o := range opts {
		if o.Value == value {
			return o.Label
		}
	}
	return value
}

// AuthForm is the shared sign-in / sign-up screen.
type AuthForm struct {
	Mode     AuthMode
	FullName string
	Email    string
	Next     string // local path to return to after signing in
	Errors   FieldErrors
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
	Errors                                                                          FieldErrors
	Problem                                                                         string
}

// IndividualSignupForm is the 'Join as Individual' form.
type IndividualSignupForm struct {
	FirstName, LastName, Email, Phone, Location, Profession, Interests, Bio string
	Errors                                                                  FieldErrors
	Problem                                                                 string
}

// ResetForm is the page an emailed reset link opens.
type ResetForm struct {
	Token   string
	Invalid bool // the link is unknown, used or expired
	Errors  FieldErrors
}
