package views

import (
	"slices"

	"bizprofile/catalog"
)

// Limits of the incident forms, checked by the server (the catalogue's).
const (
	IncidentTitleMax   = catalog.IncidentTitleMax
	IncidentMessageMax = catalog.IncidentMessageMax
)

// AdminStatus is /admin/status: the form to open an incident, the open
// incidents with a form to post an update to each, and the past ones.
type AdminStatus struct {
	Components []catalog.Option // the parts the app checks: key and name
	Open       []StatusIncident
	Past       []StatusIncident
	New        IncidentForm
	// Update is the update form that came back with problems, for the
	// incident UpdateFor; the others are empty.
	Update    IncidentUpdateForm
	UpdateFor int64
	Backups   BackupsView
}

// BackupsView is what /admin/status shows of the backups.
type BackupsView struct {
	Configured bool   // scheduled (BACKUP_INTERVAL is not off)
	Where      string // the folder or bucket prefix
	Every      string // "1 day"
	Next       string // when the next is due
	Keep       int
	Count      int
	Last       *BackupFacts // nil: none yet
	// Stale: the last backup (or, with none, the app's start) is older
	// than two intervals.
	Stale   bool
	Problem string // the archive could not be read
}

// BackupFacts describe the newest backup.
type BackupFacts struct {
	Name, At, Age, Size, Took string
	SchemaVersion             int64
}

// IncidentForm is the form that opens an incident.
type IncidentForm struct {
	Title      string
	Impact     string
	Components []string
	Status     string
	Message    string
	Errors     catalog.FieldErrors
	Problem    string
}

// Affects reports whether the form names the part key.
func (f IncidentForm) Affects(key string) bool { return slices.Contains(f.Components, key) }

// IncidentUpdateForm is the form that posts an update to an incident.
type IncidentUpdateForm struct {
	Status  string
	Message string
	Errors  catalog.FieldErrors
	Problem string
}

// updateForm is the update form of incident id as the page shows it.
func (v AdminStatus) updateForm(id int64) IncidentUpdateForm {
	if v.UpdateFor == id {
		return v.Update
	}
	return IncidentUpdateForm{}
}
