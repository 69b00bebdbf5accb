-- +goose Up
-- Background work (emails, later notifications and webhooks), enqueued in
-- the same transaction as the record that causes it, so a crash between
-- the commit and the send loses nothing. SQLite has one writer at a time,
-- so a claim (one UPDATE) never hands a job to two workers; a lease
-- (locked_until) lets a job whose worker died be claimed again.
CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT NOT NULL,
    payload      TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'queued'
                 CHECK (status IN ('queued', 'running', 'done', 'failed', 'discarded')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at       TIMESTAMP NOT NULL,
    locked_by    TEXT,
    locked_until TIMESTAMP,
    last_error   TEXT,
    created_at   TIMESTAMP NOT NULL,
    finished_at  TIMESTAMP
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_status_idx ON jobs (status, id);

-- +goose Down
DROP TABLE jobs;
