package views

import (
	"strconv"
	"time"

	"bizprofile/catalog"
)

// The status page (/status) and the administrators' incidents
// (/admin/status): what the app's own checks found, the uptime recorded
// from them, and the incidents administrators write.

// Part states, as the checks report them; a banner may also be under
// maintenance.
const (
	StateOperational = "operational"
	StateDegraded    = "degraded"
	StateOutage      = "outage"
	StateMaintenance = "maintenance"
)

// StatusBoard is the status page.
type StatusBoard struct {
	Components []StatusComponent
	Open       []StatusIncident // incidents not yet resolved, newest first
	Past       []StatusIncident // resolved in the last 90 days, most recent first
	// IncidentsUnavailable: the incidents could not be read (the database
	// is down); the page says so instead of "no incidents".
	IncidentsUnavailable bool
	// UptimeDays is the period uptime covers (90).
	UptimeDays int
	Subscribe  SubscribeForm
}

// StatusComponent is one part of the app as last checked.
type StatusComponent struct {
	Key, Name, Description string
	State                  string // operational, degraded or outage
	Detail                 string
	CheckedAt              time.Time
	// Uptime is the share of checks that passed ("99.95%"), Days the
	// days it covers; "" until checks have been recorded, or when they
	// cannot be read.
	Uptime string
	Days   int
	// History is the part's days of the last 90, oldest first, for the
	// uptime bar; nil until checks have been recorded.
	History []UptimeDay
	// Incidents are the open incidents that name this part.
	Incidents []StatusIncidentRef
}

// StatusIncidentRef points at an incident from a part it affects.
type StatusIncidentRef struct {
	ID    int64
	Title string
}

// StatusIncident is an incident and its timeline, oldest update first.
type StatusIncident struct {
	ID         int64
	Title      string
	Impact     string   // minor, major, critical, maintenance
	Status     string   // investigating, identified, monitoring, resolved
	Components []string // the names of the parts it affects
	StartedAt  time.Time
	ResolvedAt time.Time // zero while open
	Updates    []StatusUpdate
}

// StatusUpdate is one entry of a timeline.
type StatusUpdate struct {
	Status  string
	Message string
	At      time.Time
	Author  string // the administrator's email; shown on /admin/status only
}

// Banner is what the top of the status page says.
type Banner struct {
	Level  string // operational, degraded, outage or maintenance
	Title  string
	Detail string
}

// Banner sums up the board: the worst of the parts' states and of the
// open incidents' impacts (a critical incident is an outage, a minor or
// major one degrades the service); an open maintenance alone says so.
func (b StatusBoard) Banner() Banner {
	worst, maintenance := 0, false
	var affected string
	for _, c := range b.Components {
		if sev := stateSeverity(c.State); sev > 0 {
			if affected != "" {
				affected += ", "
			}
			affected += c.Name + " (" + StateLabel(c.State) + ")"
			worst = max(worst, sev)
		}
	}
	for _, inc := range b.Open {
		switch inc.Impact {
		case "maintenance":
			maintenance = true
		case "critical":
			worst = max(worst, stateSeverity(StateOutage))
		default:
			worst = max(worst, stateSeverity(StateDegraded))
		}
	}
	detail := ""
	if affected != "" {
		detail = "Affected: " + affected + "."
	}
	switch {
	case worst >= stateSeverity(StateOutage):
		return Banner{StateOutage, "Outage: some systems are down", detail}
	case worst > 0:
		return Banner{StateDegraded, "Some systems are degraded", detail}
	case maintenance:
		return Banner{StateMaintenance, "Maintenance in progress", detail}
	}
	return Banner{StateOperational, "All systems operational", detail}
}

func stateSeverity(s string) int {
	switch s {
	case StateOperational:
		return 0
	case StateDegraded:
		return 1
	}
	return 2
}

// StateLabel is the words shown with a state's colour.
func StateLabel(s string) string {
	switch s {
	case StateOperational:
		return "Operational"
	case StateDegraded:
		return "Degraded"
	case StateOutage:
		return "Outage"
	case StateMaintenance:
		return "Maintenance"
	}
	return "Unknown"
}

// The incidents' vocabulary is the catalogue's; the templates name it so.
var (
	IncidentStatuses    = catalog.IncidentStatuses
	IncidentImpacts     = catalog.IncidentImpacts
	IncidentStatusLabel = catalog.IncidentStatusLabel
	ImpactLabel         = catalog.ImpactLabel
)

// UptimePercent writes a share of passed checks as the page shows it:
// "100%" only when nothing failed; otherwise two decimals, rounded down,
// so that one failure never reads as 100%.
func UptimePercent(ratio float64, failures int) string {
	if failures == 0 {
		return "100%"
	}
	hundredths := int(ratio * 10000)
	return strconv.Itoa(hundredths/100) + "." + twoDigits(hundredths%100) + "%"
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// uptimeSpan says what an uptime covers: "over the last 12 days", or
// "today" while every check recorded is of today (checks are kept as day
// totals, so "the last day" would claim a whole day of them).
func uptimeSpan(days int) string {
	if days <= 1 {
		return "today"
	}
	return "over the last " + strconv.Itoa(days) + " days"
}

// incidentAnchor is the id of an incident on the status page.
func incidentAnchor(id int64) string { return "incident-" + strconv.FormatInt(id, 10) }
