-- +goose Up
-- Sessions of alexedwards/scs; expiry is a Unix time in seconds so that both
-- engines compare it the same way.
CREATE TABLE sessions (
    token  TEXT PRIMARY KEY,
    data   BYTEA NOT NULL,
    expiry BIGINT NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

-- +goose Down
DROP TABLE sessions;
