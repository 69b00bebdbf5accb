// Package content is the editable copy of the site: the records the public
// pages display (plans, features, jobs, posts, releases, services,
// incidents, changelog, roadmap, FAQ). Editors change the site's facts here,
// without touching handlers or templates.
package content

// Card is a titled block of text with an icon name from views/icons.go.
type Card struct {
	Icon  string
	Title string
	Text  string
}

// QA is one question of a FAQ.
type QA struct {
	Question string
	Answer   string
}

// Stat is a headline figure.
type Stat struct {
	Value string
	Label string
}
