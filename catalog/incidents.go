package catalog

// The status page's incidents: the choices of the administrators' forms,
// their limits, and the names the page and the status emails give them.

// Limits of the incident forms.
const (
	IncidentTitleMax   = 120
	IncidentMessageMax = 2000
)

// IncidentStatuses and IncidentImpacts are the choices of the incident
// forms, in order.
var (
	IncidentStatuses = []Option{
		{Value: "investigating", Label: "Investigating"},
		{Value: "identified", Label: "Identified"},
		{Value: "monitoring", Label: "Monitoring"},
		{Value: "resolved", Label: "Resolved"},
	}
	IncidentImpacts = []Option{
		{Value: "minor", Label: "Minor: a part is slow or some requests fail"},
		{Value: "major", Label: "Major: a part does not work for many people"},
		{Value: "critical", Label: "Critical: the service is down"},
		{Value: "maintenance", Label: "Maintenance: planned work"},
	}
)

// IncidentStatusLabel names an incident's status.
func IncidentStatusLabel(s string) string { return OptionLabel(IncidentStatuses, s) }

// ImpactLabel names an impact in a badge.
func ImpactLabel(impact string) string {
	switch impact {
	case "minor":
		return "Minor impact"
	case "major":
		return "Major impact"
	case "critical":
		return "Critical impact"
	case "maintenance":
		return "Maintenance"
	}
	return impact
}
