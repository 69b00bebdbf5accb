package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"bizprofile/catalog"
)

// Exclusive lead zones (issue 37, Partner+): a category in a city that a
// partner asks for and an administrator grants to one partner at a time
// (the partial unique index lead_zones_granted_idx). A quote request in a
// granted zone goes only to the holder's client listings that match it
// (see matchRequest).

// A zone's statuses.
const (
	ZoneRequested = "requested"
	ZoneGranted   = "granted"
	ZoneDeclined  = "declined"
	ZoneRevoked   = "revoked"
	ZoneWithdrawn = "withdrawn"
)

// ErrZoneTaken: another partner holds the zone (the same category, city
// and state) already.
var ErrZoneTaken = errors.New("store: the zone is held by another partner")

// LeadZone is a partner's zone, with its figures when read with them.
type LeadZone struct {
	ID          int64         `db:"id"`
	PartnerID   int64         `db:"partner_id"`
	Category    string        `db:"category"`
	City        string        `db:"city"`
	State       string        `db:"state"`
	Status      string        `db:"status"`
	Reason      string        `db:"reason"`
	RequestedAt time.Time     `db:"requested_at"`
	DecidedAt   sql.NullTime  `db:"decided_at"`
	DecidedBy   sql.NullInt64 `db:"decided_by"`
	// The partner's, joined.
	Company string `db:"company"`
	Email   string `db:"email"`
	ZoneFigures
}

// ZoneFigures are what a zone brought its holder: the quote requests
// routed to its client listings, the leads they made and those won, all
// time and since a date (Recent*).
type ZoneFigures struct {
	Requests       int `db:"requests"`
	Leads          int `db:"leads"`
	Won            int `db:"won"`
	RecentRequests int `db:"recent_requests"`
	RecentLeads    int `db:"recent_leads"`
	RecentWon      int `db:"recent_won"`
}

// Open reports whether the zone is asked for or held.
func (z LeadZone) Open() bool { return z.Status == ZoneRequested || z.Status == ZoneGranted }

const leadZoneColumns = `z.id, z.partner_id, z.category, z.city, z.state, z.status, z.reason, z.requested_at, z.decided_at, z.decided_by,
	p.company, u.email`

const leadZoneFrom = ` FROM lead_zones z JOIN partners p ON p.user_id = z.partner_id JOIN users u ON u.id = z.partner_id`

// CreateLeadZone stores partner z.PartnerID's request for a zone.
func (s *Store) CreateLeadZone(ctx context.Context, z LeadZone) (LeadZone, error) {
	z.Status, z.RequestedAt = ZoneRequested, z.RequestedAt.UTC()
	err := s.db.QueryRowxContext(ctx, s.db.Rebind(`
		INSERT INTO lead_zones (partner_id, category, city, state, status, requested_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
		z.PartnerID, z.Category, z.City, z.State, z.Status, z.RequestedAt).Scan(&z.ID)
	if err != nil {
		return LeadZone{}, fmt.Errorf("store: create lead zone: %w", err)
	}
	return z, nil
}

// LeadZone is zone id; ErrNotFound when there is none.
func (s *Store) LeadZone(ctx context.Context, id int64) (LeadZone, error) {
	var z LeadZone
	err := s.db.GetContext(ctx, &z, s.db.Rebind(`SELECT `+leadZoneColumns+leadZoneFrom+` WHERE z.id = ?`), id)
	if err != nil {
		return LeadZone{}, notFound(err, "lead zone")
	}
	return z, nil
}

// placeWhere matches a zone's place: the category, the city whatever its
// case, the state.
const placeWhere = `z.category = ? AND lower(z.city) = lower(?) AND z.state = ?`

// OpenLeadZone is partner partnerID's zone for the place that is asked for
// or held; ErrNotFound when none is.
func (s *Store) OpenLeadZone(ctx context.Context, partnerID int64, category, city, state string) (LeadZone, error) {
	var z LeadZone
	err := s.db.GetContext(ctx, &z, s.db.Rebind(`SELECT `+leadZoneColumns+leadZoneFrom+`
		WHERE z.partner_id = ? AND `+placeWhere+` AND z.status IN ('requested', 'granted') ORDER BY z.id LIMIT 1`),
		partnerID, category, city, state)
	if err != nil {
		return LeadZone{}, notFound(err, "lead zone")
	}
	return z, nil
}

// ZoneFor is the granted zone of a place (category, city whatever its
// case, state); ErrNotFound when nobody holds it.
func (s *Store) ZoneFor(ctx context.Context, category, city, state string) (LeadZone, error) {
	var z LeadZone
	err := s.db.GetContext(ctx, &z, s.db.Rebind(`SELECT `+leadZoneColumns+leadZoneFrom+`
		WHERE `+placeWhere+` AND z.status = 'granted'`), category, city, state)
	if err != nil {
		return LeadZone{}, notFound(err, "lead zone")
	}
	return z, nil
}

// DecideLeadZone sets zone id's status (granted, declined, revoked or
// withdrawn) with the administrator's reason; by is 0 for the partner's
// own withdrawal. Granting a zone another partner holds is ErrZoneTaken,
// checked in the transaction and by the unique index.
func (s *Store) DecideLeadZone(ctx context.Context, id int64, status, reason string, by int64, at time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		z, err := tx.LeadZone(ctx, id)
		if err != nil {
			return err
		}
		if status == ZoneGranted {
			holder, err := tx.ZoneFor(ctx, z.Category, z.City, z.State)
			if err == nil && holder.ID != z.ID {
				return ErrZoneTaken
			}
			if err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		_, err = tx.db.ExecContext(ctx, tx.db.Rebind(`
			UPDATE lead_zones SET status = ?, reason = ?, decided_at = ?, decided_by = ? WHERE id = ?`),
			status, reason, at.UTC(), sql.NullInt64{Int64: by, Valid: by != 0}, id)
		if isUniqueViolation(err) {
			return ErrZoneTaken
		}
		if err != nil {
			return fmt.Errorf("store: decide lead zone: %w", err)
		}
		return nil
	})
}

// zoneFigures counts each zone's routed requests, their leads and those
// won, all time and since since.
const zoneFigures = `,
	(SELECT COUNT(*) FROM quote_requests q WHERE q.zone_id = z.id) AS requests,
	(SELECT COUNT(*) FROM leads l JOIN quote_requests q ON q.id = l.request_id WHERE q.zone_id = z.id) AS leads,
	(SELECT COUNT(*) FROM leads l JOIN quote_requests q ON q.id = l.request_id WHERE q.zone_id = z.id AND l.status = ?) AS won,
	(SELECT COUNT(*) FROM quote_requests q WHERE q.zone_id = z.id AND q.confirmed_at >= ?) AS recent_requests,
	(SELECT COUNT(*) FROM leads l JOIN quote_requests q ON q.id = l.request_id WHERE q.zone_id = z.id AND q.confirmed_at >= ?) AS recent_leads,
	(SELECT COUNT(*) FROM leads l JOIN quote_requests q ON q.id = l.request_id WHERE q.zone_id = z.id AND q.confirmed_at >= ? AND l.status = ?) AS recent_won`

func zoneFigureArgs(since time.Time) []any {
	since = since.UTC()
	return []any{catalog.LeadWon, since, since, since, catalog.LeadWon}
}

// LeadZonesOf are partner partnerID's zones, newest first, with their
// figures (Recent*: since since).
func (s *Store) LeadZonesOf(ctx context.Context, partnerID int64, since time.Time) ([]LeadZone, error) {
	var zs []LeadZone
	err := s.db.SelectContext(ctx, &zs, s.db.Rebind(`SELECT `+leadZoneColumns+zoneFigures+leadZoneFrom+`
		WHERE z.partner_id = ? ORDER BY z.id DESC`), append(zoneFigureArgs(since), partnerID)...)
	if err != nil {
		return nil, fmt.Errorf("store: lead zones of partner: %w", err)
	}
	return zs, nil
}

// AdminLeadZones are every zone, the requested first, then the granted,
// then the rest; newest first within each (at most limit).
func (s *Store) AdminLeadZones(ctx context.Context, since time.Time, limit int) ([]LeadZone, error) {
	var zs []LeadZone
	err := s.db.SelectContext(ctx, &zs, s.db.Rebind(`SELECT `+leadZoneColumns+zoneFigures+leadZoneFrom+`
		ORDER BY CASE z.status WHEN 'requested' THEN 0 WHEN 'granted' THEN 1 ELSE 2 END, z.id DESC LIMIT ?`),
		append(zoneFigureArgs(since), limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: lead zones: %w", err)
	}
	return zs, nil
}
