-- +goose Up
-- Background work (emails, later notifications and webhooks), enqueued in
-- the same transaction as the record that causes it, so a crash between
-- the commit and the send loses nothing. Workers on any number of app
-- instances claim due jobs with FOR UPDATE SKIP LOCKED and hold a lease
-- (locked_until): a job whose worker died is claimed again once it lapses.
CREATE TABLE jobs (
    id           BIGSERIAL PRIMARY KEY,
    kind         TEXT NOT NULL,
    payload      TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'queued'
                 CHECK (status IN ('queued', 'running', 'done', 'failed', 'discarded')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at       TIMESTAMPTZ NOT NULL,
    locked_by    TEXT,
    locked_until TIMESTAMPTZ,
    last_error   TEXT,
    created_at   TIMESTAMPTZ NOT NULL,
    finished_at  TIMESTAMPTZ
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_status_idx ON jobs (status, id);

-- Rate limits shared by every app instance: one row per event, counted in
-- a sliding window.
CREATE TABLE rate_events (
    scope TEXT NOT NULL,
    key   TEXT NOT NULL,
    at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_events_key_idx ON rate_events (scope, key, at);
CREATE INDEX rate_events_at_idx ON rate_events (at);

-- +goose Down
DROP TABLE rate_events;
DROP TABLE jobs;
