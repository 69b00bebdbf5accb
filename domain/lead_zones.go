package domain

import (
	"context"
	"errors"
	"strings"
	"time"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/plans"
	"bizprofile/store"
)

// Exclusive lead zones (issue 37, Partner+): a partner asks for a
// category in a city; an administrator grants each zone to one partner at
// a time. A quote request in a granted zone goes only to the holder's
// client listings that match it (store.MatchListings), and to the open
// pool when none does.

// ErrZoneTaken: another partner holds the zone; revoke it first.
var ErrZoneTaken = store.ErrZoneTaken

// ErrNoLeadZones: the partner's plan has no lead zones (Partner+ has).
var ErrNoLeadZones = errors.New("domain: lead zones come with Partner+")

// ZoneFiguresSince is how far back a zone's recent figures go.
const ZoneFiguresSince = 30 * 24 * time.Hour

// LeadZonesPlan is the partner plan that has lead zones.
func LeadZonesPlan() plans.PartnerPlan {
	for _, p := range plans.PartnerPlans {
		if p.LeadZones {
			return p
		}
	}
	return plans.TopPartnerPlan()
}

// ZoneInput is a zone a partner asks for, as the form sends it.
type ZoneInput struct {
	Category, City, State string
}

// Cleaned is in as it is checked and stored, by the quote requests' rules
// for the city and the state.
func (in ZoneInput) Cleaned() ZoneInput {
	in.Category, in.State = strings.TrimSpace(in.Category), strings.TrimSpace(in.State)
	in.City = places.CleanCity(in.City)
	if code, ok := places.StateCode(in.State); ok {
		in.State = code
	}
	return in
}

// Check is what breaks the rules in in (cleaned first), by the form's
// field names.
func (in ZoneInput) Check() catalog.FieldErrors {
	in = in.Cleaned()
	e := catalog.FieldErrors{}
	CheckRule(e, "category", in.Category, catalog.RequestRules["category"])
	CheckRule(e, "city", in.City, catalog.RequestRules["city"])
	CheckRule(e, "state", in.State, catalog.RequestRules["state"])
	return e
}

// ZoneName is a zone in words: "Construction in Austin, TX".
func ZoneName(z store.LeadZone) string {
	return catalog.CategoryLabel(z.Category) + " in " + z.City + ", " + z.State
}

// RequestZone stores agency p's request for a zone, for an administrator
// to decide. ErrNoLeadZones when p's plan has none; Invalid says what
// breaks the rules, an open request or a held zone of p's for the same
// place among them.
func (a *Agencies) RequestZone(ctx context.Context, p store.Partner, in ZoneInput) (store.LeadZone, error) {
	if !PlanOf(p).LeadZones {
		return store.LeadZone{}, ErrNoLeadZones
	}
	if errs := in.Check(); len(errs) > 0 {
		return store.LeadZone{}, Invalid(errs)
	}
	in = in.Cleaned()
	open, err := a.store.OpenLeadZone(ctx, p.UserID, in.Category, in.City, in.State)
	switch {
	case err == nil && open.Status == store.ZoneGranted:
		return store.LeadZone{}, Invalid{"city": "You hold this zone already."}
	case err == nil:
		return store.LeadZone{}, Invalid{"city": "You asked for this zone already: our team will answer by email."}
	case !errors.Is(err, store.ErrNotFound):
		return store.LeadZone{}, err
	}
	z, err := a.store.CreateLeadZone(ctx, store.LeadZone{PartnerID: p.UserID, Category: in.Category, City: in.City, State: in.State, RequestedAt: a.now()})
	if err != nil {
		return store.LeadZone{}, err
	}
	a.log.Info("lead zone requested", "zone_id", z.ID, "partner_id", p.UserID)
	return z, nil
}

// Zone is zone id when it is partner partnerID's; store.ErrNotFound
// otherwise, as if it did not exist.
func (a *Agencies) Zone(ctx context.Context, partnerID, id int64) (store.LeadZone, error) {
	z, err := a.store.LeadZone(ctx, id)
	if err == nil && z.PartnerID != partnerID {
		a.log.Warn("access to another partner's lead zone", "zone_id", id, "partner_id", partnerID)
		return store.LeadZone{}, store.ErrNotFound
	}
	return z, err
}

// WithdrawZone ends partner partnerID's request for zone id, or gives up
// the zone it holds. store.ErrNotFound when the zone is not its own or
// not open.
func (a *Agencies) WithdrawZone(ctx context.Context, partnerID, id int64) error {
	z, err := a.Zone(ctx, partnerID, id)
	if err != nil {
		return err
	}
	if !z.Open() {
		return store.ErrNotFound
	}
	a.log.Info("lead zone withdrawn", "zone_id", id, "partner_id", partnerID)
	return a.store.DecideLeadZone(ctx, id, store.ZoneWithdrawn, "", 0, a.now())
}

// Zones are partner partnerID's zones, newest first, with what each
// brought (its recent figures: the last ZoneFiguresSince).
func (a *Agencies) Zones(ctx context.Context, partnerID int64) ([]store.LeadZone, error) {
	return a.store.LeadZonesOf(ctx, partnerID, a.now().Add(-ZoneFiguresSince))
}

// AllZones are every partner's zones for the administrators, the requested
// first.
func (a *Agencies) AllZones(ctx context.Context) ([]store.LeadZone, error) {
	return a.store.AdminLeadZones(ctx, a.now().Add(-ZoneFiguresSince), 500)
}

// DecideZone grants zone id (a requested one), or declines it (requested)
// or revokes it (granted) with a reason the partner reads, and emails the
// partner. ErrZoneTaken when another partner holds the place;
// store.ErrNotFound when there is no such zone or it cannot take the
// decision (a grant of a granted zone, a decline of a withdrawn one);
// Invalid when a reason is missing.
func (a *Agencies) DecideZone(ctx context.Context, admin store.User, id int64, grant bool, reason string) error {
	reason = strings.TrimSpace(reason)
	e := catalog.FieldErrors{}
	if !grant {
		Required(e, "reason", reason, "Say why: the partner reads it.")
	}
	CheckLength(e, "reason", reason, 2000)
	if len(e) > 0 {
		return Invalid(e)
	}
	z, err := a.store.LeadZone(ctx, id)
	if err != nil {
		return err
	}
	status := store.ZoneGranted
	switch {
	case grant && z.Status != store.ZoneRequested:
		return store.ErrNotFound
	case !grant && z.Status == store.ZoneRequested:
		status = store.ZoneDeclined
	case !grant && z.Status == store.ZoneGranted:
		status = store.ZoneRevoked
	case !grant:
		return store.ErrNotFound
	}
	pa, err := a.store.PartnerByUser(ctx, z.PartnerID)
	if err != nil {
		return err
	}
	return a.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.DecideLeadZone(ctx, id, status, reason, admin.ID, a.now()); err != nil {
			return err
		}
		a.log.Info("lead zone decided", "zone_id", id, "partner_id", z.PartnerID, "status", status, "admin_id", admin.ID)
		return queueMail(ctx, tx, bizmail.LeadZoneDecided(a.site, pa.Email, pa.Name, ZoneName(z), grant, status == store.ZoneRevoked, reason,
			a.link("/partners/zones")))
	})
}
