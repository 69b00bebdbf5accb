package catalog

import "strconv"

// Rules of the order value form (the owner's average order value, which
// the return on investment multiplies won leads by), which the server
// checks and the form states.
const (
	OrderValueField = "order_value"
	OrderValueMax   = 1_000_000 // US dollars
)

// OrderValueInvalid is the form's message for what is not an amount it
// takes.
var OrderValueInvalid = "Enter an amount in US dollars greater than 0 and at most $" + thousands(OrderValueMax) + ", like 250 or 99.50."

// thousands writes n with its thousands grouped: 1,000,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
