-- +goose Up
-- Owner analytics (issue 19): what visitors did with each listing, counted
-- per listing per UTC day. No personal data: the counts only, plus, for
-- the day in progress, the salted hashes that tell a returning visitor
-- from a new one. Leads and reviews are counted from their own tables.

-- A listing's day: profile page views, unique visitors (each visitor
-- counted once a day), appearances in directory and landing-page results
-- (impressions), and clicks on its website, phone and email links and on
-- 'Contact'. day is a UTC date.
CREATE TABLE listing_stats (
    business_id    BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day            DATE NOT NULL,
    views          BIGINT NOT NULL DEFAULT 0,
    visitors       INTEGER NOT NULL DEFAULT 0,
    impressions    BIGINT NOT NULL DEFAULT 0,
    website_clicks INTEGER NOT NULL DEFAULT 0,
    phone_clicks   INTEGER NOT NULL DEFAULT 0,
    email_clicks   INTEGER NOT NULL DEFAULT 0,
    contact_clicks INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (business_id, day)
);

-- The day's salt, shared by every instance so a visitor hashes alike on
-- each; deleted with the day's hashes once the day is over.
CREATE TABLE visitor_salts (
    day  DATE PRIMARY KEY,
    salt BYTEA NOT NULL
);

-- The visitors of a listing seen today, as salted hashes of their
-- address and browser: only to count each one once.
CREATE TABLE visitor_hashes (
    day         DATE NOT NULL,
    business_id BIGINT NOT NULL,
    hash        BYTEA NOT NULL,
    PRIMARY KEY (day, business_id, hash)
);

-- The owner's side: the monthly summary email (on unless they opt out on
-- /profile) and the last month it covered; the average order value
-- (cents) that turns won leads into an estimate of revenue.
ALTER TABLE users ADD COLUMN analytics_summary BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ADD COLUMN analytics_summary_month TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN order_value_cents INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN order_value_cents;
ALTER TABLE users DROP COLUMN analytics_summary_month;
ALTER TABLE users DROP COLUMN analytics_summary;
DROP TABLE visitor_hashes;
DROP TABLE visitor_salts;
DROP TABLE listing_stats;
