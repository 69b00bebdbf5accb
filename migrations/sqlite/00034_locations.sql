-- +goose Up
-- Where a listing is (issue 38): its coordinates (WGS-84 degrees), found
-- from its ZIP code, else its city and state, in the gazetteer (package
-- geo), or where its owner put the pin. geo_source says which: 'zip',
-- 'city', 'pin'; 'none' when the gazetteer knows neither; '' not looked
-- up yet (older listings, filled at start-up by store.locateListings).
ALTER TABLE businesses ADD COLUMN lat REAL;
ALTER TABLE businesses ADD COLUMN lng REAL;
ALTER TABLE businesses ADD COLUMN geo_source TEXT NOT NULL DEFAULT '';

-- A service-area business serves customers within service_radius miles
-- of its location (1-100); 0 when it has not said.
ALTER TABLE businesses ADD COLUMN service_radius INTEGER NOT NULL DEFAULT 0;

-- Quote matching looks for service-area businesses near a requester by
-- a box of coordinates.
CREATE INDEX businesses_lat_idx ON businesses (lat) WHERE lat IS NOT NULL;
-- The listings start-up has yet to locate (none, once it has).
CREATE INDEX businesses_unlocated_idx ON businesses (id) WHERE geo_source = '';

-- The place a quote request asked about, as the gazetteer placed its
-- ZIP code or its city (NULL: not found), for matching by distance.
ALTER TABLE quote_requests ADD COLUMN zip_code TEXT NOT NULL DEFAULT '';
ALTER TABLE quote_requests ADD COLUMN lat REAL;
ALTER TABLE quote_requests ADD COLUMN lng REAL;

-- Directory cards and searches now read where a listing is and its hours
-- ("open now"): a change to them is a change the index follows.
DROP TRIGGER directory_listing_changed;
-- +goose StatementBegin
CREATE TRIGGER directory_listing_changed AFTER UPDATE OF
    published, slug, name, tagline, description, tags, sub_category, category, city, state,
    business_type, rating, review_count, featured, verified, claimed, phone, show_phone, logo,
    hours, show_hours, lat, lng ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, new.id FROM directory_state;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER directory_listing_changed;
-- +goose StatementBegin
CREATE TRIGGER directory_listing_changed AFTER UPDATE OF
    published, slug, name, tagline, description, tags, sub_category, category, city, state,
    business_type, rating, review_count, featured, verified, claimed, phone, show_phone, logo ON businesses BEGIN
    UPDATE directory_state SET version = version + 1;
    INSERT INTO directory_changes (version, business_id) SELECT version, new.id FROM directory_state;
END;
-- +goose StatementEnd
ALTER TABLE quote_requests DROP COLUMN lng;
ALTER TABLE quote_requests DROP COLUMN lat;
ALTER TABLE quote_requests DROP COLUMN zip_code;
DROP INDEX businesses_unlocated_idx;
DROP INDEX businesses_lat_idx;
ALTER TABLE businesses DROP COLUMN service_radius;
ALTER TABLE businesses DROP COLUMN geo_source;
ALTER TABLE businesses DROP COLUMN lng;
ALTER TABLE businesses DROP COLUMN lat;
