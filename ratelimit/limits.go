package ratelimit

import "time"

// Rate is a limit of Limit events per Window.
type Rate struct {
	Limit  int
	Window time.Duration
}

// Limits are the app's limits (on the account endpoints, the forms, the
// API, uploads); zero values take the Defaults.
type Limits struct {
	SignInPerIP Rate // every sign-in attempt from an address
	// SignInPerEmailAndIP is the strict limit: failed sign-ins for one
	// email from one address, after which that address is refused for
	// that email (a right password from it clears them).
	SignInPerEmailAndIP Rate
	// SignInPerEmail is the loose one: past this many failed sign-ins
	// for one email from any addresses, an address that has failed for
	// it waits before each try, longer with every failure; an address
	// that has not failed is never held back (see lockout.go).
	SignInPerEmail Rate
	SignUpPerIP    Rate
	ResetPerIP     Rate
	ResendPerIP    Rate
	LeadPerIP      Rate
	InsightsUser   Rate
	FormPerIP      Rate // the site's own forms: contact, suggestions, subscriptions, partners
	ReviewPerUser  Rate // reviews written or edited by one account
	ReviewPerIP    Rate // reviews written or edited from one address
	APIPerKey      Rate // requests to the public API with one key (the API's package)
	// UploadPerAccount bounds the images one account (its owner and
	// members together) sends to be resized and kept: each costs about a
	// second of a core.
	UploadPerAccount Rate
}

// Defaults stop password guessing and mail bombing while leaving
// room for a family behind one address.
var Defaults = Limits{
	SignInPerIP:         Rate{30, 15 * time.Minute},
	SignInPerEmailAndIP: Rate{10, 15 * time.Minute},
	SignInPerEmail:      Rate{20, 15 * time.Minute},
	SignUpPerIP:         Rate{10, time.Hour},
	ResetPerIP:          Rate{5, time.Hour},
	ResendPerIP:         Rate{5, time.Hour},
	LeadPerIP:           Rate{10, time.Hour},
	InsightsUser:        Rate{5, time.Hour},
	FormPerIP:           Rate{10, time.Hour},
	ReviewPerUser:       Rate{10, 24 * time.Hour},
	ReviewPerIP:         Rate{20, 24 * time.Hour},
	APIPerKey:           Rate{300, time.Minute},
	UploadPerAccount:    Rate{100, time.Hour},
}

// Times multiplies every limit by n (for load tests and browser tests that
// sign in many times from one address).
func (rl Limits) Times(n int) Limits {
	m := func(l Rate) Rate { return Rate{l.Limit * n, l.Window} }
	return Limits{m(rl.SignInPerIP), m(rl.SignInPerEmailAndIP), m(rl.SignInPerEmail), m(rl.SignUpPerIP), m(rl.ResetPerIP), m(rl.ResendPerIP), m(rl.LeadPerIP), m(rl.InsightsUser), m(rl.FormPerIP),
		m(rl.ReviewPerUser), m(rl.ReviewPerIP), m(rl.APIPerKey), m(rl.UploadPerAccount)}
}
