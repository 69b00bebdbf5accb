-- +goose Up
-- Accounts replace the hosted auth service. Emails are stored lower-cased, so
-- the unique index makes them unique regardless of case.
CREATE TABLE users (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE,
    password_hash     TEXT NOT NULL,
    kind              TEXT NOT NULL CHECK (kind IN ('business', 'individual', 'partner')),
    email_verified_at TIMESTAMPTZ,
    -- Bumped when the password changes: sessions signed in under an older
    -- version are no longer accepted, which ends every other session.
    session_version   INTEGER NOT NULL DEFAULT 1,
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);

CREATE TABLE profiles (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    full_name  TEXT NOT NULL DEFAULT '',
    first_name TEXT NOT NULL DEFAULT '',
    last_name  TEXT NOT NULL DEFAULT '',
    phone      TEXT NOT NULL DEFAULT '',
    location   TEXT NOT NULL DEFAULT '',
    profession TEXT NOT NULL DEFAULT '',
    interests  TEXT NOT NULL DEFAULT '',
    bio        TEXT NOT NULL DEFAULT ''
);

-- Single-use links sent by email. Only a SHA-256 of the token is kept, so a
-- copy of the database cannot be used to take over accounts.
CREATE TABLE account_tokens (
    hash       TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'email_change')),
    email      TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

-- +goose Down
DROP TABLE account_tokens;
DROP TABLE profiles;
DROP TABLE users;
