package mail

// Exclusive lead zones (issue 37, Partner+): an administrator's answer to
// a partner's zone.

// LeadZoneDecided tells a partner that its zone (a category in a city) is
// granted, declined or revoked; reason is the administrator's (a grant's
// may be empty).
func LeadZoneDecided(s Site, to, name, zone string, granted, revoked bool, reason, zonesLink string) Message {
	subject, intro := "Your lead zone is granted: "+zone,
		[]string{"Quote requests for " + zone + " now go only to your client listings that match them (up to five), and to the open pool when none does."}
	switch {
	case revoked:
		subject, intro = "Your lead zone was revoked: "+zone,
			[]string{"Quote requests for " + zone + " go to every matching listing again. The reason:", "“" + reason + "”"}
	case !granted:
		subject, intro = "Your lead zone was declined: "+zone,
			[]string{"We could not grant you " + zone + ". The reason:", "“" + reason + "”"}
	case reason != "":
		intro = append(intro, "A note from our team: “"+reason+"”")
	}
	return build(to, subject, email{
		Site:     s,
		Greeting: greeting(name),
		Intro:    intro,
		Button:   linkTo("See your zones", zonesLink),
		Why:      "You receive this because you asked for a lead zone as a partner of " + s.Name + ".",
	})
}
