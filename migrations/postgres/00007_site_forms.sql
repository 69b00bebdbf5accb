-- +goose Up
-- What visitors send through the site's own forms (decision D8). Nothing
-- here belongs to an account: each row is what one form sent, kept for the
-- team to read and answer.
CREATE TABLE contact_messages (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name  TEXT NOT NULL,
    email      TEXT NOT NULL,
    company    TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE feature_suggestions (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

-- One row per address and list: subscribing twice changes nothing.
CREATE TABLE subscribers (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email      TEXT NOT NULL,
    list       TEXT NOT NULL CHECK (list IN ('newsletter', 'status')),
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (email, list)
);

CREATE TABLE partner_applications (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    company    TEXT NOT NULL,
    website    TEXT NOT NULL DEFAULT '',
    tier       TEXT NOT NULL CHECK (tier IN ('referral', 'integration', 'strategic')),
    message    TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE partner_applications;
DROP TABLE subscribers;
DROP TABLE feature_suggestions;
DROP TABLE contact_messages;
