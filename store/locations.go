package store

// Where listings are (issue 38): coordinates found offline in the
// gazetteer (package geo) whenever a listing is written, as its city's key
// is; the owner's pin when the owner placed one.

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/geo"
	"bizprofile/opening"
	"bizprofile/search"
)

// How a listing's coordinates were found (Business.GeoSource).
const (
	GeoZIP  = "zip"  // its ZIP code's
	GeoCity = "city" // its city's, its ZIP code unknown
	GeoPin  = "pin"  // where its owner put the pin
	GeoNone = "none" // the gazetteer knows neither
)

// Place is where the listing is, and whether it has coordinates.
func (b Business) Place() (geo.Point, bool) {
	if !b.Lat.Valid || !b.Lng.Valid {
		return geo.Point{}, false
	}
	return geo.Point{Lat: b.Lat.Float64, Lng: b.Lng.Float64}, true
}

// Zone is the time zone of the listing's hours: its state's, or where in
// a state that has two, its coordinates'.
func (b Business) Zone() *time.Location {
	p, _ := b.Place()
	return geo.Zone(b.State, p)
}

// OpenState is whether the listing is open at now, and the words for it
// ("Open until 6 pm"); unknown when it shows no hours.
func (b Business) OpenState(now time.Time) opening.State {
	if len(b.Hours) == 0 { // a directory card: the engine's compact week
		return b.Week.Status(b.Zone(), now)
	}
	if !b.ShowHours {
		return opening.State{}
	}
	return opening.Status(b.Hours.Days(), b.Zone(), now)
}

// Days are the week's hours as package opening reads them.
func (w Week) Days() []opening.Day {
	out := make([]opening.Day, len(w))
	for i, d := range w {
		out[i] = opening.Day{Open: d.Open, Close: d.Close, Closed: d.Closed}
	}
	return out
}

// located is b with its coordinates: kept when its owner put the pin,
// else its ZIP code's, else its city's.
func located(b Business) Business {
	if b.GeoSource == GeoPin && b.Lat.Valid && b.Lng.Valid {
		return b
	}
	p, how, ok := geo.Locate(b.ZipCode, b.City, b.State)
	if !ok {
		b.Lat, b.Lng, b.GeoSource = sql.NullFloat64{}, sql.NullFloat64{}, GeoNone
		return b
	}
	b.Lat, b.Lng = sql.NullFloat64{Float64: p.Lat, Valid: true}, sql.NullFloat64{Float64: p.Lng, Valid: true}
	b.GeoSource = string(how)
	return b
}

// locateListings finds the coordinates of the listings written before
// they had any (geo_source ”), at start-up: once, in batches.
func (s *Store) locateListings(ctx context.Context) error {
	for {
		var rows []struct {
			ID    int64  `db:"id"`
			Zip   string `db:"zip_code"`
			City  string `db:"city"`
			State string `db:"state"`
		}
		if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`SELECT id, zip_code, city, state FROM businesses WHERE geo_source = '' ORDER BY id LIMIT ?`), 5000); err != nil {
			return fmt.Errorf("store: listings to locate: %w", err)
		}
		if len(rows) == 0 {
			return nil
		}
		err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
			for _, r := range rows {
				b := located(Business{ZipCode: r.Zip, City: r.City, State: r.State})
				if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET lat = ?, lng = ?, geo_source = ? WHERE id = ?`),
					b.Lat, b.Lng, b.GeoSource, r.ID); err != nil {
					return fmt.Errorf("store: locate listing %d: %w", r.ID, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
}

// indexPlace gives l, a listing the search engine will hold, its place and
// its hours (those its owner shows) from the columns as read.
func indexPlace(l *search.Listing, lat, lng sql.NullFloat64, hours string, showHours bool) {
	if lat.Valid && lng.Valid {
		l.Located, l.At = true, geo.Point{Lat: lat.Float64, Lng: lng.Float64}
	}
	var w Week
	if !showHours || hours == "" || w.Scan(hours) != nil || len(w) == 0 {
		return
	}
	l.Week = opening.Compact(w.Days())
	if zone := geo.Zone(l.State, l.At); zone != nil {
		l.Zone = zone.String()
	}
}
