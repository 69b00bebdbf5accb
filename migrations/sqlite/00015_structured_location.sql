-- +goose Up
-- Listings' location (issue 16): a city and a state apart, the state as
-- its upper-case two-letter code (places.States), as every form writes
-- them from now on. Today's places are brought to that shape: city and
-- state trimmed, each run of spaces made one, a state given by its name or
-- a code in lower case replaced by its code ("Texas", " tx " → "TX").
-- A state that is none of places.States (a typo, a province) is kept as
-- it is, cleaned: its owner is asked to choose one from the list at the
-- listing's next edit.
-- The places of held listings (listing_holds, compared with their
-- listing's place) and of sign-ups' drafts (listing_drafts, JSON of
-- store.Business) are brought to the same shape.

-- The states by code and name, as places.States lists them.
CREATE TEMP TABLE us_state_names (code TEXT PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO us_state_names (code, name) VALUES
    ('AL', 'Alabama'), ('AK', 'Alaska'), ('AS', 'American Samoa'), ('AZ', 'Arizona'),
    ('AR', 'Arkansas'), ('CA', 'California'), ('CO', 'Colorado'), ('CT', 'Connecticut'),
    ('DE', 'Delaware'), ('DC', 'District of Columbia'), ('FL', 'Florida'), ('GA', 'Georgia'),
    ('GU', 'Guam'), ('HI', 'Hawaii'), ('ID', 'Idaho'), ('IL', 'Illinois'),
    ('IN', 'Indiana'), ('IA', 'Iowa'), ('KS', 'Kansas'), ('KY', 'Kentucky'),
    ('LA', 'Louisiana'), ('ME', 'Maine'), ('MD', 'Maryland'), ('MA', 'Massachusetts'),
    ('MI', 'Michigan'), ('MN', 'Minnesota'), ('MS', 'Mississippi'), ('MO', 'Missouri'),
    ('MT', 'Montana'), ('NE', 'Nebraska'), ('NV', 'Nevada'), ('NH', 'New Hampshire'),
    ('NJ', 'New Jersey'), ('NM', 'New Mexico'), ('NY', 'New York'), ('NC', 'North Carolina'),
    ('ND', 'North Dakota'), ('MP', 'Northern Mariana Islands'), ('OH', 'Ohio'), ('OK', 'Oklahoma'),
    ('OR', 'Oregon'), ('PA', 'Pennsylvania'), ('PR', 'Puerto Rico'), ('RI', 'Rhode Island'),
    ('SC', 'South Carolina'), ('SD', 'South Dakota'), ('TN', 'Tennessee'), ('TX', 'Texas'),
    ('VI', 'U.S. Virgin Islands'), ('UT', 'Utah'), ('VT', 'Vermont'), ('VA', 'Virginia'),
    ('WA', 'Washington'), ('WV', 'West Virginia'), ('WI', 'Wisconsin'), ('WY', 'Wyoming');

-- Every place to mend, from the three tables, is mended once here.
CREATE TEMP TABLE location_fix (
    kind  TEXT NOT NULL, -- listing, hold or draft
    id    INTEGER NOT NULL,
    city  TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);
INSERT INTO location_fix SELECT 'listing', id, city, state FROM businesses;
INSERT INTO location_fix SELECT 'hold', id, city, state FROM listing_holds;
INSERT INTO location_fix
SELECT 'draft', id, coalesce(json_extract(listing, '$.City'), ''), coalesce(json_extract(listing, '$.State'), '') FROM listing_drafts;

-- Tabs and line breaks become spaces, and each run of spaces one space:
-- every space gets a char(1) after it, then a char(1) followed by a space
-- goes, then the other char(1)s (no form lets a control character in).
UPDATE location_fix SET
    city = replace(replace(replace(replace(replace(replace(
        city, char(9), ' '), char(10), ' '), char(13), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''),
    state = replace(replace(replace(replace(replace(replace(
        state, char(9), ' '), char(10), ' '), char(13), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '');
UPDATE location_fix SET city = trim(city), state = trim(state);

-- A state's code or name, in any case, becomes its code; anything else
-- stays.
UPDATE location_fix
SET state = (SELECT s.code FROM us_state_names s WHERE lower(location_fix.state) IN (lower(s.code), lower(s.name)))
WHERE EXISTS (SELECT 1 FROM us_state_names s WHERE lower(location_fix.state) IN (lower(s.code), lower(s.name)));

-- Written back where they changed.
UPDATE businesses SET city = f.city, state = f.state
FROM location_fix f
WHERE f.kind = 'listing' AND f.id = businesses.id AND (businesses.city <> f.city OR businesses.state <> f.state);
UPDATE listing_holds SET city = f.city, state = f.state
FROM location_fix f
WHERE f.kind = 'hold' AND f.id = listing_holds.id AND (listing_holds.city <> f.city OR listing_holds.state <> f.state);
UPDATE listing_drafts SET listing = json_set(listing, '$.City', f.city, '$.State', f.state)
FROM location_fix f
WHERE f.kind = 'draft' AND f.id = listing_drafts.id
  AND (json_extract(listing, '$.City') IS NOT f.city OR json_extract(listing, '$.State') IS NOT f.state);

DROP TABLE location_fix;
DROP TABLE us_state_names;

-- +goose Down
-- Nothing to undo: the code before this migration reads cleaned places and
-- state codes as well.
