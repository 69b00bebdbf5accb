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
    id    BIGINT NOT NULL,
    city  TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);
INSERT INTO location_fix SELECT 'listing', id, city, state FROM businesses;
INSERT INTO location_fix SELECT 'hold', id, city, state FROM listing_holds;
INSERT INTO location_fix
SELECT 'draft', id, coalesce(listing::jsonb ->> 'City', ''), coalesce(listing::jsonb ->> 'State', '') FROM listing_drafts;

-- Each run of white space becomes one space; then trim.
UPDATE location_fix SET
    city = btrim(regexp_replace(city, '\s+', ' ', 'g')),
    state = btrim(regexp_replace(state, '\s+', ' ', 'g'));

-- A state's code or name, in any case, becomes its code; anything else
-- stays.
UPDATE location_fix f SET state = s.code
FROM us_state_names s
WHERE lower(f.state) IN (lower(s.code), lower(s.name));

-- Written back where they changed.
UPDATE businesses b SET city = f.city, state = f.state
FROM location_fix f
WHERE f.kind = 'listing' AND f.id = b.id AND (b.city, b.state) IS DISTINCT FROM (f.city, f.state);
UPDATE listing_holds h SET city = f.city, state = f.state
FROM location_fix f
WHERE f.kind = 'hold' AND f.id = h.id AND (h.city, h.state) IS DISTINCT FROM (f.city, f.state);
UPDATE listing_drafts d SET listing = jsonb_set(jsonb_set(d.listing::jsonb, '{City}', to_jsonb(f.city)), '{State}', to_jsonb(f.state))::text
FROM location_fix f
WHERE f.kind = 'draft' AND f.id = d.id
  AND (d.listing::jsonb ->> 'City', d.listing::jsonb ->> 'State') IS DISTINCT FROM (f.city, f.state);

DROP TABLE location_fix;
DROP TABLE us_state_names;

-- +goose Down
-- Nothing to undo: the code before this migration reads cleaned places and
-- state codes as well.
