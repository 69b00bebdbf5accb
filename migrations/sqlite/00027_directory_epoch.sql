-- +goose Up
-- Each database's directory has an identity of its own (issue 35): an app
-- process writes its search index to a snapshot file, with the directory
-- version it reflects, and reads it back at its next start instead of
-- building the index from every listing. The epoch, set once to a random
-- value by the first process that needs it, tells a snapshot of this
-- database from one of another database that happens to have reached the
-- same version (a copy, a database created again).
ALTER TABLE directory_state ADD COLUMN epoch TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE directory_state DROP COLUMN epoch;
