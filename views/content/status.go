package content

import (
	"strings"
	"time"
)

// Service statuses. Anything else is shown as "Unknown".
const (
	StatusOperational = "operational"
	StatusMaintenance = "maintenance"
	StatusDegraded    = "degraded"
	StatusOutage      = "outage"
)

// Incident statuses.
const (
	IncidentOngoing  = "ongoing"
	IncidentResolved = "resolved"
)

// Service is one component on /status. Uptime covers the last 90 days.
type Service struct {
	Name        string
	Description string
	Status      string
	Uptime      string
}

// Services are the components listed on /status; edit Status when one is
// affected and the banner follows.
var Services = []Service{
	{"Website and Directory", "Public pages, directory search and business profiles", StatusOperational, "99.9%"},
	{"Accounts and Sign-in", "Sign-up, sign-in, password reset and sessions", StatusOperational, "99.9%"},
	{"Lead Matching", "Matching enquiries to businesses and lead notifications", StatusOperational, "99.8%"},
	{"AI Insights", "Profile recommendations and generated business insights", StatusOperational, "99.7%"},
	{"Payments and Billing", "Plan checkout, renewals and receipts", StatusOperational, "99.9%"},
}

// IncidentUpdate is one timestamped message of an incident.
type IncidentUpdate struct {
	At   string // as shown, e.g. "14:05 PST"
	Text string
}

// Incident is a past or current problem on /status. Impact is Minor or Major.
type Incident struct {
	Title       string
	Status      string
	Impact      string
	Date        time.Time
	Description string
	Updates     []IncidentUpdate
}

// Incidents are the recent incidents on /status, newest first.
var Incidents = []Incident{
	{
		Title:       "Delayed lead notification emails",
		Status:      IncidentResolved,
		Impact:      "Minor",
		Date:        companyDate("2026-11-12"),
		Description: "Email notifications for new leads arrived up to 40 minutes late. Leads were matched on time and visible in the dashboard throughout.",
		Updates: []IncidentUpdate{
			{"08:12 PST", "We are investigating reports that new-lead emails are arriving late."},
			{"08:35 PST", "Identified: our email provider is throttling one of our sending domains. Messages are queued, not lost."},
			{"09:04 PST", "Resolved: the queue has drained and notifications are being delivered within seconds again."},
		},
	},
	{
		Title:       "AI insight generation failing for some businesses",
		Status:      IncidentResolved,
		Impact:      "Major",
		Date:        companyDate("2026-10-27"),
		Description: "For about 90 minutes, Generate New Insights returned an error for most requests. Previously generated insights remained available.",
		Updates: []IncidentUpdate{
			{"13:20 PST", "Generating new AI insights is failing for most businesses. We are investigating."},
			{"13:48 PST", "Identified: requests to our AI provider were rejected after a key rotation. We are rolling back."},
			{"14:52 PST", "Resolved: insight generation is working again. No stored insights were affected."},
		},
	},
	{
		Title:       "Scheduled database maintenance",
		Status:      IncidentResolved,
		Impact:      "Minor",
		Date:        companyDate("2026-10-05"),
		Description: "Planned upgrade of the primary database. Profiles stayed readable; editing profiles and checkout were paused for 12 minutes.",
		Updates: []IncidentUpdate{
			{"02:00 PST", "Maintenance has started. Editing and checkout are paused."},
			{"02:12 PST", "Completed: all services are operating normally."},
		},
	},
}

// StatusLabel is the words shown next to a service's status colour.
func StatusLabel(status string) string {
	switch status {
	case StatusOperational:
		return "Operational"
	case StatusMaintenance:
		return "Under Maintenance"
	case StatusDegraded:
		return "Degraded Performance"
	case StatusOutage:
		return "Outage"
	default:
		return "Unknown"
	}
}

// statusSeverity orders statuses for the banner; an unknown status ranks
// above operational, since we cannot claim that service is fine.
func statusSeverity(status string) int {
	switch status {
	case StatusOperational:
		return 0
	case StatusMaintenance:
		return 2
	case StatusDegraded:
		return 3
	case StatusOutage:
		return 4
	default:
		return 1
	}
}

// StatusSummary is what the banner on /status says.
type StatusSummary struct {
	// Level is the status whose colour the banner takes: operational,
	// maintenance, degraded or outage. Unknown services alone give
	// maintenance (caution).
	Level    string
	Title    string
	Affected []Service
}

// Summarize computes the banner: "All Systems Operational" only when every
// service is operational; otherwise the worst status present and the
// services that are not operational.
func Summarize(services []Service) StatusSummary {
	s := StatusSummary{Level: StatusOperational, Title: "All Systems Operational"}
	worst := 0
	for _, svc := range services {
		if svc.Status == StatusOperational {
			continue
		}
		s.Affected = append(s.Affected, svc)
		if sev := statusSeverity(svc.Status); sev > worst {
			worst = sev
		}
	}
	switch worst {
	case 0:
		return s
	case 1:
		s.Level, s.Title = StatusMaintenance, "Status unknown for some systems"
	case 2:
		s.Level, s.Title = StatusMaintenance, "Maintenance in progress"
	case 3:
		s.Level, s.Title = StatusDegraded, "Some systems are degraded"
	default:
		s.Level, s.Title = StatusOutage, "Some systems are down"
	}
	return s
}

// AffectedText lists the affected services with their status, for the
// banner: "Lead Matching (Degraded Performance), Payments and Billing (Outage)".
func (s StatusSummary) AffectedText() string {
	parts := make([]string, len(s.Affected))
	for i, svc := range s.Affected {
		parts[i] = svc.Name + " (" + StatusLabel(svc.Status) + ")"
	}
	return strings.Join(parts, ", ")
}
