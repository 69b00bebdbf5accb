-- +goose Up
-- Where a listing is (issue 38): its coordinates (WGS-84 degrees), found
-- from its ZIP code, else its city and state, in the gazetteer (package
-- geo), or where its owner put the pin. geo_source says which: 'zip',
-- 'city', 'pin'; 'none' when the gazetteer knows neither; '' not looked
-- up yet (older listings, filled at start-up by store.locateListings).
ALTER TABLE businesses ADD COLUMN lat DOUBLE PRECISION;
ALTER TABLE businesses ADD COLUMN lng DOUBLE PRECISION;
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
ALTER TABLE quote_requests ADD COLUMN lat DOUBLE PRECISION;
ALTER TABLE quote_requests ADD COLUMN lng DOUBLE PRECISION;

-- Directory cards and searches now read where a listing is and its hours
-- ("open now"): a change to them is a change the index follows.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v   BIGINT;
    ids BIGINT[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(id) INTO ids FROM old_rows;
    ELSE
        SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.published, o.slug, o.name, o.tagline, o.description, o.tags, o.sub_category, o.category, o.city, o.state,
               o.business_type, o.rating, o.review_count, o.featured, o.verified, o.claimed, o.phone, o.show_phone, o.logo,
               o.hours, o.show_hours, o.lat, o.lng)
           IS DISTINCT FROM
              (n.published, n.slug, n.name, n.tagline, n.description, n.tags, n.sub_category, n.category, n.city, n.state,
               n.business_type, n.rating, n.review_count, n.featured, n.verified, n.claimed, n.phone, n.show_phone, n.logo,
               n.hours, n.show_hours, n.lat, n.lng);
    END IF;
    IF ids IS NOT NULL THEN
        UPDATE directory_state SET version = version + 1 RETURNING version INTO v;
        INSERT INTO directory_changes (version, business_id) SELECT v, unnest(ids);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v   BIGINT;
    ids BIGINT[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(id) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(id) INTO ids FROM old_rows;
    ELSE
        SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.published, o.slug, o.name, o.tagline, o.description, o.tags, o.sub_category, o.category, o.city, o.state,
               o.business_type, o.rating, o.review_count, o.featured, o.verified, o.claimed, o.phone, o.show_phone, o.logo)
           IS DISTINCT FROM
              (n.published, n.slug, n.name, n.tagline, n.description, n.tags, n.sub_category, n.category, n.city, n.state,
               n.business_type, n.rating, n.review_count, n.featured, n.verified, n.claimed, n.phone, n.show_phone, n.logo);
    END IF;
    IF ids IS NOT NULL THEN
        UPDATE directory_state SET version = version + 1 RETURNING version INTO v;
        INSERT INTO directory_changes (version, business_id) SELECT v, unnest(ids);
    END IF;
    RETURN NULL;
END
$$;
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
