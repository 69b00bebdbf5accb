-- +goose Up
-- A business listing. Tags and services are lists kept one per line; hours
-- is JSON (one entry per weekday). Visibility flags say what the public page
-- may show; everything is public by default.
CREATE TABLE businesses (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    slug          TEXT NOT NULL UNIQUE,
    owner_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    name          TEXT NOT NULL,
    tagline       TEXT NOT NULL DEFAULT '',
    description   TEXT NOT NULL DEFAULT '',
    category      TEXT NOT NULL DEFAULT 'other',
    sub_category  TEXT NOT NULL DEFAULT '',
    tags          TEXT NOT NULL DEFAULT '',
    address       TEXT NOT NULL DEFAULT '',
    city          TEXT NOT NULL DEFAULT '',
    state         TEXT NOT NULL DEFAULT '',
    zip_code      TEXT NOT NULL DEFAULT '',
    phone         TEXT NOT NULL DEFAULT '',
    website       TEXT NOT NULL DEFAULT '',
    email         TEXT NOT NULL DEFAULT '',
    hours         TEXT NOT NULL DEFAULT '',
    services      TEXT NOT NULL DEFAULT '',
    business_type TEXT NOT NULL DEFAULT 'storefront' CHECK (business_type IN ('storefront', 'service_area', 'online')),
    rating        REAL NOT NULL DEFAULT 0,
    review_count  INTEGER NOT NULL DEFAULT 0,
    verified      BOOLEAN NOT NULL DEFAULT FALSE,
    claimed       BOOLEAN NOT NULL DEFAULT FALSE,
    featured      BOOLEAN NOT NULL DEFAULT FALSE,
    published     BOOLEAN NOT NULL DEFAULT TRUE,
    show_email    BOOLEAN NOT NULL DEFAULT TRUE,
    show_phone    BOOLEAN NOT NULL DEFAULT TRUE,
    show_address  BOOLEAN NOT NULL DEFAULT TRUE,
    show_pricing  BOOLEAN NOT NULL DEFAULT TRUE,
    show_hours    BOOLEAN NOT NULL DEFAULT TRUE,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX businesses_owner_idx ON businesses (owner_id);

-- An enquiry sent to a business from its public page.
CREATE TABLE leads (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    phone       TEXT NOT NULL DEFAULT '',
    message     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX leads_business_created_idx ON leads (business_id, created_at);

-- +goose Down
DROP TABLE leads;
DROP TABLE businesses;
