-- +goose Up
-- The sessions table now holds a SHA-256 hash of each token instead of the
-- token. A session stored before cannot be found by its hash, so they all
-- end here, cleanly: everyone signed in is asked to sign in again.
DELETE FROM sessions;

-- +goose Down
-- Hashed tokens mean nothing to the code before this migration.
DELETE FROM sessions;
