-- +goose Up
-- Look-alike names and places (issue 34). A listing is compared with the
-- published listings of its city by the city's canonical form
-- (lookalike.CityKey: "Роrtland" with Cyrillic letters is Portland), which
-- the store writes with every insert and update of a listing. Rows from
-- before are given theirs by the store when it opens (store.backfillCityKeys):
-- the key is Go's to compute, not SQL's.
ALTER TABLE businesses ADD COLUMN city_key TEXT NOT NULL DEFAULT '';
CREATE INDEX businesses_city_key_idx ON businesses (city_key);

-- Why a listing was held: for resembling a published listing (resembles),
-- for a name that mixes alphabets (scripts names them, "Latin and
-- Cyrillic"), or both. Holds from before were all for resembling one.
ALTER TABLE listing_holds ADD COLUMN resembles BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE listing_holds ADD COLUMN scripts TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE listing_holds DROP COLUMN scripts;
ALTER TABLE listing_holds DROP COLUMN resembles;
DROP INDEX businesses_city_key_idx;
ALTER TABLE businesses DROP COLUMN city_key;
