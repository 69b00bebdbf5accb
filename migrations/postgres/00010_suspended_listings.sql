-- +goose Up
-- A listing an administrator unpublished stays hidden until an
-- administrator publishes it again: its owner cannot undo the decision.
ALTER TABLE businesses ADD COLUMN suspended BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE businesses DROP COLUMN suspended;
