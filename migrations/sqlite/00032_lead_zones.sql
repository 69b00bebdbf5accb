-- +goose Up
-- Exclusive lead zones (issue 37, Partner+): a category in a city that a
-- partner asks for and an administrator grants to one partner at a time.
-- A quote request in a granted zone goes only to the holder's client
-- listings that match it; when none does, to the open pool as before.
-- status: requested | granted | declined | revoked | withdrawn; reason is
-- the administrator's, for a decline or a revocation.
CREATE TABLE lead_zones (
    id            INTEGER PRIMARY KEY,
    partner_id    INTEGER NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
    category      TEXT NOT NULL,
    city          TEXT NOT NULL,
    state         TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'requested',
    reason        TEXT NOT NULL DEFAULT '',
    requested_at  TIMESTAMP NOT NULL,
    decided_at    TIMESTAMP,
    decided_by    INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX lead_zones_partner_idx ON lead_zones (partner_id, id);
-- One holder at a time: at most one granted zone per category and place.
CREATE UNIQUE INDEX lead_zones_granted_idx ON lead_zones (category, lower(city), state) WHERE status = 'granted';

-- The zone whose holder a request was routed to (NULL: the open pool).
ALTER TABLE quote_requests ADD COLUMN zone_id INTEGER REFERENCES lead_zones (id) ON DELETE SET NULL;
CREATE INDEX quote_requests_zone_idx ON quote_requests (zone_id) WHERE zone_id IS NOT NULL;

-- +goose Down
DROP INDEX quote_requests_zone_idx;
ALTER TABLE quote_requests DROP COLUMN zone_id;
DROP TABLE lead_zones;
