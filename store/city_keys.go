package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"bizprofile/lookalike"
)

// backfillCityKeys gives the listings stored before businesses.city_key
// (migration 00023) their city's key, once: the key is Go's to compute
// (lookalike.CityKey), and every insert and update writes it since. It
// goes city by city, as there are far fewer cities than listings.
func (s *Store) backfillCityKeys(ctx context.Context) error {
	var cities []string
	if err := s.db.SelectContext(ctx, &cities, `SELECT DISTINCT city FROM businesses WHERE city_key = '' AND city <> ''`); err != nil {
		return fmt.Errorf("store: cities without a key: %w", err)
	}
	if len(cities) == 0 {
		return nil
	}
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		for _, city := range cities {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET city_key = ? WHERE city = ? AND city_key = ''`), lookalike.CityKey(city), city); err != nil {
				return fmt.Errorf("store: key of the city %q: %w", city, err)
			}
		}
		return nil
	})
}
