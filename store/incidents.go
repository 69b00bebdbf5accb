package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Incidents an administrator opens on /admin/status, and their timeline:
// every change is an update, with who wrote it and when.

// Incident statuses, in the order an incident usually goes through them.
const (
	IncidentInvestigating = "investigating"
	IncidentIdentified    = "identified"
	IncidentMonitoring    = "monitoring"
	IncidentResolved      = "resolved"
)

// IncidentStatuses are the statuses an update may give, in order.
var IncidentStatuses = []string{IncidentInvestigating, IncidentIdentified, IncidentMonitoring, IncidentResolved}

// Incident impacts: how much of the service an incident affects, or a
// planned maintenance.
const (
	ImpactMinor       = "minor"
	ImpactMajor       = "major"
	ImpactCritical    = "critical"
	ImpactMaintenance = "maintenance"
)

// IncidentImpacts are the impacts, from least to most.
var IncidentImpacts = []string{ImpactMaintenance, ImpactMinor, ImpactMajor, ImpactCritical}

// ErrIncidentResolved is returned when an update is posted to an incident
// that is already resolved.
var ErrIncidentResolved = errors.New("store: incident already resolved")

// Incident is an incident with its timeline, oldest update first.
type Incident struct {
	ID         int64         `db:"id"`
	Title      string        `db:"title"`
	Impact     string        `db:"impact"`
	Components string        `db:"components"` // comma-separated keys; see Parts
	Status     string        `db:"status"`     // the latest update's
	CreatedBy  sql.NullInt64 `db:"created_by"`
	CreatedAt  time.Time     `db:"created_at"`
	UpdatedAt  time.Time     `db:"updated_at"`
	ResolvedAt sql.NullTime  `db:"resolved_at"`
	Updates    []IncidentUpdate
}

// Parts are the keys of the components the incident affects.
func (i Incident) Parts() []string {
	if i.Components == "" {
		return nil
	}
	return strings.Split(i.Components, ",")
}

// IncidentUpdate is one entry of an incident's timeline.
type IncidentUpdate struct {
	ID         int64         `db:"id"`
	IncidentID int64         `db:"incident_id"`
	Status     string        `db:"status"`
	Message    string        `db:"message"`
	CreatedBy  sql.NullInt64 `db:"created_by"`
	Author     string        `db:"author"` // the writer's email; "" once their account is gone
	CreatedAt  time.Time     `db:"created_at"`
}

// NewIncident is an incident being opened, with its first update.
type NewIncident struct {
	Title      string
	Impact     string
	Components []string
	Status     string
	Message    string
	By         int64 // the administrator opening it
}

const incidentColumns = `id, title, impact, components, status, created_by, created_at, updated_at, resolved_at`

// OpenIncident stores an incident and its first update (resolved at once
// when its status is resolved, as for a maintenance written up after it).
func (s *Store) OpenIncident(ctx context.Context, n NewIncident) (Incident, error) {
	now := time.Now().UTC()
	var resolved sql.NullTime
	if n.Status == IncidentResolved {
		resolved = sql.NullTime{Time: now, Valid: true}
	}
	var inc Incident
	err := s.InTx(ctx, func(tx *Store) error {
		err := tx.db.GetContext(ctx, &inc, tx.db.Rebind(`INSERT INTO incidents (title, impact, components, status, created_by, created_at, updated_at, resolved_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+incidentColumns),
			n.Title, n.Impact, strings.Join(n.Components, ","), n.Status, incidentBy(n.By), now, now, resolved)
		if err != nil {
			return fmt.Errorf("store: open incident: %w", err)
		}
		u, err := tx.addIncidentUpdate(ctx, inc.ID, n.Status, n.Message, n.By, now)
		inc.Updates = []IncidentUpdate{u}
		return err
	})
	if err != nil {
		return Incident{}, err
	}
	return inc, nil
}

// UpdateIncident adds an update to incident id and gives the incident its
// status; resolved sets its resolved time. ErrNotFound when there is no
// such incident, ErrIncidentResolved when it is resolved already.
func (s *Store) UpdateIncident(ctx context.Context, id int64, status, message string, by int64) (Incident, error) {
	now := time.Now().UTC()
	var resolved sql.NullTime
	if status == IncidentResolved {
		resolved = sql.NullTime{Time: now, Valid: true}
	}
	err := s.InTx(ctx, func(tx *Store) error {
		res, err := tx.db.ExecContext(ctx, tx.db.Rebind(`UPDATE incidents SET status = ?, updated_at = ?, resolved_at = ?
			WHERE id = ? AND resolved_at IS NULL`), status, now, resolved, id)
		if err := affectedOne(res, err, "update incident"); errors.Is(err, ErrNotFound) {
			if _, err := tx.IncidentByID(ctx, id); err != nil {
				return err
			}
			return ErrIncidentResolved
		} else if err != nil {
			return err
		}
		_, err = tx.addIncidentUpdate(ctx, id, status, message, by, now)
		return err
	})
	if err != nil {
		return Incident{}, err
	}
	return s.IncidentByID(ctx, id)
}

func (s *Store) addIncidentUpdate(ctx context.Context, incident int64, status, message string, by int64, at time.Time) (IncidentUpdate, error) {
	u := IncidentUpdate{IncidentID: incident, Status: status, Message: message, CreatedBy: incidentBy(by), CreatedAt: at}
	err := s.db.GetContext(ctx, &u.ID, s.db.Rebind(`INSERT INTO incident_updates (incident_id, status, message, created_by, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), incident, status, message, u.CreatedBy, at)
	if err != nil {
		return IncidentUpdate{}, fmt.Errorf("store: add incident update: %w", err)
	}
	return u, nil
}

// IncidentByID returns one incident with its timeline.
func (s *Store) IncidentByID(ctx context.Context, id int64) (Incident, error) {
	var inc Incident
	if err := s.db.GetContext(ctx, &inc, s.db.Rebind(`SELECT `+incidentColumns+` FROM incidents WHERE id = ?`), id); err != nil {
		return Incident{}, notFound(err, "incident")
	}
	list := []Incident{inc}
	if err := s.withUpdates(ctx, list); err != nil {
		return Incident{}, err
	}
	return list[0], nil
}

// OpenIncidents are the incidents not yet resolved, newest first, with
// their timelines.
func (s *Store) OpenIncidents(ctx context.Context) ([]Incident, error) {
	var list []Incident
	if err := s.db.SelectContext(ctx, &list, `SELECT `+incidentColumns+` FROM incidents WHERE resolved_at IS NULL ORDER BY created_at DESC, id DESC`); err != nil {
		return nil, fmt.Errorf("store: open incidents: %w", err)
	}
	return list, s.withUpdates(ctx, list)
}

// ResolvedIncidents are the incidents resolved since since, most recently
// resolved first, at most limit, with their timelines.
func (s *Store) ResolvedIncidents(ctx context.Context, since time.Time, limit int) ([]Incident, error) {
	var list []Incident
	err := s.db.SelectContext(ctx, &list, s.db.Rebind(`SELECT `+incidentColumns+` FROM incidents
		WHERE resolved_at >= ? ORDER BY resolved_at DESC, id DESC LIMIT ?`), since.UTC(), limit)
	if err != nil {
		return nil, fmt.Errorf("store: resolved incidents: %w", err)
	}
	return list, s.withUpdates(ctx, list)
}

// withUpdates reads the timelines of list's incidents into them.
func (s *Store) withUpdates(ctx context.Context, list []Incident) error {
	if len(list) == 0 {
		return nil
	}
	ids := make([]int64, len(list))
	at := make(map[int64]int, len(list))
	for i, inc := range list {
		ids[i], at[inc.ID] = inc.ID, i
	}
	var updates []IncidentUpdate
	err := s.selectIn(ctx, &updates, `SELECT iu.id, iu.incident_id, iu.status, iu.message, iu.created_by, COALESCE(u.email, '') AS author, iu.created_at
		FROM incident_updates iu LEFT JOIN users u ON u.id = iu.created_by
		WHERE iu.incident_id IN (?) ORDER BY iu.created_at, iu.id`, ids)
	if err != nil {
		return fmt.Errorf("store: incident updates: %w", err)
	}
	for _, u := range updates {
		i := at[u.IncidentID]
		list[i].Updates = append(list[i].Updates, u)
	}
	return nil
}

// incidentBy is a user's id for a column that may be NULL; 0 is none.
func incidentBy(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }
