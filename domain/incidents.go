package domain

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/status"
	"bizprofile/store"
)

// Incidents are what administrators post on the status page: each is
// opened with its first update, updated until resolved, and every change
// is emailed to the confirmed status subscribers in its transaction.
type Incidents struct{ *env }

// IncidentInput is a new incident as an administrator writes it.
type IncidentInput struct {
	Title, Impact, Status, Message string
	Components                     []string // the keys of the parts it affects
}

// Check answers the fields' errors; components are the parts the app
// checks, among which the incident's must be.
func (in IncidentInput) Check(components []status.Component) catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "title", in.Title, "Give the incident a title.")
	CheckLength(e, "title", in.Title, catalog.IncidentTitleMax)
	CheckOption(e, "impact", in.Impact, catalog.IncidentImpacts, "Choose the impact.")
	for _, k := range in.Components {
		if !slices.ContainsFunc(components, func(c status.Component) bool { return c.Key == k }) {
			e["components"] = "Choose among the systems listed."
		}
	}
	IncidentUpdate{Status: in.Status, Message: in.Message}.check(e, "Write what is happening.")
	return e
}

// IncidentUpdate is an update to an open incident; the status resolved
// resolves it.
type IncidentUpdate struct{ Status, Message string }

// Check answers the fields' errors.
func (in IncidentUpdate) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	in.check(e, "Write what changed.")
	return e
}

// check adds in's errors to e; noMessage asks for the message.
func (in IncidentUpdate) check(e catalog.FieldErrors, noMessage string) {
	CheckOption(e, "status", in.Status, catalog.IncidentStatuses, "Choose a status.")
	Required(e, "message", in.Message, noMessage)
	CheckLength(e, "message", in.Message, catalog.IncidentMessageMax)
}

// Open opens an incident with its first update, by the administrator by,
// and emails the status subscribers, in one transaction.
func (is *Incidents) Open(ctx context.Context, in IncidentInput, by int64) (inc store.Incident, err error) {
	err = is.store.InTx(ctx, func(tx *store.Store) error {
		inc, err = tx.OpenIncident(ctx, store.NewIncident{
			Title: in.Title, Impact: in.Impact, Components: in.Components, Status: in.Status, Message: in.Message, By: by,
		})
		if err != nil {
			return err
		}
		return is.announce(ctx, tx, inc, by)
	})
	return inc, err
}

// Update posts an update to open incident id, by the administrator by,
// and emails the status subscribers, in one transaction; a resolved
// incident takes none (store.ErrIncidentResolved).
func (is *Incidents) Update(ctx context.Context, id int64, in IncidentUpdate, by int64) (inc store.Incident, err error) {
	err = is.store.InTx(ctx, func(tx *store.Store) error {
		if inc, err = tx.UpdateIncident(ctx, id, in.Status, in.Message, by); err != nil {
			return err
		}
		return is.announce(ctx, tx, inc, by)
	})
	return inc, err
}

// announce emails the confirmed status subscribers inc's latest update,
// through a broadcast stored in tx (the incident's transaction).
func (is *Incidents) announce(ctx context.Context, tx *store.Store, inc store.Incident, by int64) error {
	if len(inc.Updates) == 0 {
		return fmt.Errorf("incident %d has no update to announce", inc.ID)
	}
	u := inc.Updates[len(inc.Updates)-1]
	subject := "Incident: " + inc.Title
	switch {
	case u.Status == store.IncidentResolved:
		subject = "Resolved: " + inc.Title
	case len(inc.Updates) > 1:
		subject = "Update: " + inc.Title + " (" + catalog.IncidentStatusLabel(u.Status) + ")"
	case inc.Impact == store.ImpactMaintenance:
		subject = "Maintenance: " + inc.Title
	}
	var body strings.Builder
	fmt.Fprintf(&body, "**%s** · %s\n\n", catalog.IncidentStatusLabel(u.Status), u.CreatedAt.UTC().Format("Jan 2, 2006 15:04 UTC"))
	body.WriteString(u.Message + "\n\n")
	details := catalog.ImpactLabel(inc.Impact)
	if parts := inc.Parts(); len(parts) > 0 {
		names := make([]string, len(parts))
		for i, k := range parts {
			names[i] = status.ComponentName(k)
		}
		details += ". Affects " + strings.Join(names, ", ")
	}
	body.WriteString(details + ".\n\n")
	fmt.Fprintf(&body, "[Follow this incident on the status page](%s/status#incident-%d)\n", is.site.BaseURL, inc.ID)
	_, err := is.broadcast(ctx, tx, store.ListStatus, subject, body.String(), by)
	return err
}

// IncidentsShown is how many past incidents the pages list at most.
const IncidentsShown = 50

// Listed are the open incidents and those resolved in the last
// store.StatusDays days before now (IncidentsShown at most), as the
// status pages list them.
func (is *Incidents) Listed(ctx context.Context, now time.Time) (open, past []store.Incident, err error) {
	if open, err = is.store.OpenIncidents(ctx); err != nil {
		return nil, nil, err
	}
	past, err = is.store.ResolvedIncidents(ctx, now.AddDate(0, 0, -store.StatusDays), IncidentsShown)
	return open, past, err
}
